import AsyncHTTPClient
import Foundation
import NIOCore

/// Where a provider's signing keys (a JWKS document) are fetched from.
enum ProviderKeySource: Sendable {
    /// The JWKS address itself.
    case keys(url: String)
    /// An OpenID provider's discovery document, whose `jwks_uri` names the JWKS.
    case discovery(issuer: String)

    /// A fetched key set: the JWKS document and how long the provider lets it be cached.
    struct Fetched: Sendable {
        var document: [UInt8]
        var maxAgeSeconds: Int?
    }

    /// Documents over this size are refused: a JWKS holds a handful of keys.
    static let maximumDocumentBytes = 256 * 1024
    static let timeout = TimeAmount.seconds(5)

    func fetch() async throws -> Fetched {
        switch self {
        case .keys(let url):
            return try await Self.get(url)
        case .discovery(let issuer):
            let base = issuer.hasSuffix("/") ? String(issuer.dropLast()) : issuer
            let discovery = try await Self.get(base + "/.well-known/openid-configuration")
            guard let object = try? JSONSerialization.jsonObject(with: Data(discovery.document)) as? [String: Any],
                let keysURL = object["jwks_uri"] as? String
            else { throw ProviderKeyError("the discovery document of \(base) names no jwks_uri") }
            return try await Self.get(keysURL)
        }
    }

    private static func get(_ url: String) async throws -> Fetched {
        guard url.hasPrefix("https://") || url.hasPrefix("http://") else { throw ProviderKeyError("\(url) is not an http(s) address") }
        let request = HTTPClientRequest(url: url)
        let response = try await HTTPClient.shared.execute(request, timeout: timeout)
        guard response.status == .ok else { throw ProviderKeyError("\(url) answered \(response.status.code)") }
        let body = try await response.body.collect(upTo: maximumDocumentBytes)
        return Fetched(document: Array(buffer: body), maxAgeSeconds: maxAge(response.headers["Cache-Control"]))
    }

    /// `max-age` of a Cache-Control header (`public, max-age=19845, must-revalidate`).
    static func maxAge(_ values: [String]) -> Int? {
        for directive in values.flatMap({ $0.split(separator: ",") }) {
            let parts = directive.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "max-age", let seconds = Int(parts[1]), seconds >= 0 { return seconds }
        }
        return nil
    }
}

struct ProviderKeyError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
