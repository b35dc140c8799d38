import Foundation
import JWTKit

/// The person an ID token vouches for, once every check passed.
struct VerifiedIdentity: Sendable {
    var provider: IdentityProvider
    var subject: String
    var email: String?
    /// Whether the provider vouches that the person owns `email` (always false for Facebook).
    var emailVerified: Bool
    /// The nonce the token was issued for.
    var nonce: String
}

/// Why a token was refused; the message is the user error's (it reveals nothing secret).
struct IDTokenRejection: Error, Equatable {
    var message: String
    init(_ message: String) { self.message = message }
}

/// Checks an OpenID Connect ID token: an RS256 signature by one of the provider's published keys,
/// the issuer, the audience (this deployment's client id), the expiry and issue time (with a
/// small leeway for clocks), and the nonce the client says it gave the provider.
struct IDTokenVerifier: Sendable {
    var provider: IdentityProvider
    var configured: ConfiguredProvider
    var leewaySeconds: Int
    var now: @Sendable () -> Date = { Date() }

    func verify(_ token: String, nonce: String) async throws -> VerifiedIdentity {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerBytes = Base64URL.decode(String(parts[0])),
            let header = try? JSONSerialization.jsonObject(with: Data(headerBytes)) as? [String: Any]
        else { throw IDTokenRejection("The token is not a signed JWT.") }
        // Only RS256: `none`, HMAC with the public key as secret and other algorithm tricks never get this far.
        guard header["alg"] as? String == "RS256" else { throw IDTokenRejection("The token must be signed with RS256.") }
        guard let keyID = header["kid"] as? String, !keyID.isEmpty, keyID.utf8.count <= 200 else {
            throw IDTokenRejection("The token names no signing key (kid).")
        }
        let keys: JWTKeyCollection?
        do {
            keys = try await configured.keys.keys(for: keyID)
        } catch {
            throw DomainError(.serviceUnavailable, "\(provider.displayName)'s signing keys cannot be fetched right now; try again.")
        }
        guard let keys else { throw IDTokenRejection("The token is signed with a key \(provider.displayName) does not publish.") }
        let claims: IDTokenClaims
        do {
            claims = try await keys.verify(token, as: IDTokenClaims.self)
        } catch {
            throw IDTokenRejection("The token's signature is not valid.")
        }
        guard configured.issuers.contains(claims.issuer) else { throw IDTokenRejection("The token was not issued by \(provider.displayName).") }
        guard claims.audiences.contains(configured.clientID) else { throw IDTokenRejection("The token was issued for another app.") }
        let now = self.now().timeIntervalSince1970
        let leeway = Double(leewaySeconds)
        guard claims.expiresAt + leeway > now else { throw IDTokenRejection("The token has expired; sign in with \(provider.displayName) again.") }
        guard claims.issuedAt <= now + leeway else { throw IDTokenRejection("The token is issued in the future.") }
        guard let tokenNonce = claims.nonce, Crypto.constantTimeEquals(Array(tokenNonce.utf8), Array(nonce.utf8)) else {
            throw IDTokenRejection("The token was not issued for this nonce.")
        }
        guard !claims.subject.isEmpty, claims.subject.utf8.count <= 255 else { throw IDTokenRejection("The token names no person (sub).") }
        return VerifiedIdentity(
            provider: provider, subject: claims.subject, email: claims.email,
            emailVerified: provider.vouchesForEmail && claims.emailVerified, nonce: tokenNonce)
    }
}
