import JWTKit

/// The claims of an OpenID Connect ID token this server reads. Checked by `IDTokenVerifier`
/// (not by JWTKit's `verify(using:)`), so that each failure has its own message.
struct IDTokenClaims: JWTPayload {
    var issuer: String
    /// `aud`: one client id, or several.
    var audiences: [String]
    var subject: String
    var expiresAt: Double
    var issuedAt: Double
    var nonce: String?
    var email: String?
    var emailVerified: Bool

    private enum CodingKeys: String, CodingKey {
        case issuer = "iss", audience = "aud", subject = "sub", expiresAt = "exp", issuedAt = "iat", nonce, email
        case emailVerified = "email_verified"
    }

    init(from decoder: any Decoder) throws {
        let claims = try decoder.container(keyedBy: CodingKeys.self)
        issuer = try claims.decode(String.self, forKey: .issuer)
        if let single = try? claims.decode(String.self, forKey: .audience) {
            audiences = [single]
        } else {
            audiences = try claims.decode([String].self, forKey: .audience)
        }
        subject = try claims.decode(String.self, forKey: .subject)
        expiresAt = try claims.decode(Double.self, forKey: .expiresAt)
        issuedAt = try claims.decode(Double.self, forKey: .issuedAt)
        nonce = try claims.decodeIfPresent(String.self, forKey: .nonce)
        email = try claims.decodeIfPresent(String.self, forKey: .email)
        // Some Google tokens have carried the flag as the string "true".
        if let flag = try? claims.decodeIfPresent(Bool.self, forKey: .emailVerified) {
            emailVerified = flag
        } else {
            emailVerified = (try? claims.decodeIfPresent(String.self, forKey: .emailVerified)) == "true"
        }
    }

    func encode(to encoder: any Encoder) throws {
        var claims = encoder.container(keyedBy: CodingKeys.self)
        try claims.encode(issuer, forKey: .issuer)
        try claims.encode(audiences, forKey: .audience)
        try claims.encode(subject, forKey: .subject)
        try claims.encode(expiresAt, forKey: .expiresAt)
        try claims.encode(issuedAt, forKey: .issuedAt)
        try claims.encodeIfPresent(nonce, forKey: .nonce)
        try claims.encodeIfPresent(email, forKey: .email)
        try claims.encode(emailVerified, forKey: .emailVerified)
    }

    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
