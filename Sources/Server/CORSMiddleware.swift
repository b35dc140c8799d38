import Foundation
import HTTPTypes
import Hummingbird

/// CORS for browser clients, after the Fetch standard: requests from a configured origin get
/// `Access-Control-Allow-Origin`; preflights (`OPTIONS` with `Origin` and
/// `Access-Control-Request-Method`) from such an origin are answered here, with the methods and
/// request headers the API takes and how long the browser may cache the answer. Any other
/// origin gets no CORS header at all, so the browser keeps the response from the page.
///
/// No credentials mode: the API authenticates with `Authorization: Bearer`, never cookies, so
/// `*` is a valid setting and `Access-Control-Allow-Credentials` is never sent.
struct CORSMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Origins as browsers serialise them (`https://app.example.com`, no path, no trailing slash).
    let allowedOrigins: Set<String>
    let allowsAnyOrigin: Bool

    init(allowedOrigins: [String]) {
        allowsAnyOrigin = allowedOrigins.contains("*")
        self.allowedOrigins = Set(allowedOrigins.filter { $0 != "*" }.map(Self.normalized))
    }

    /// `HTTPS://App.example.com/` and `https://app.example.com` name the same origin.
    static func normalized(_ origin: String) -> String {
        var text = origin.trimmingCharacters(in: .whitespaces)
        while text.hasSuffix("/") { text.removeLast() }
        guard let schemeEnd = text.range(of: "://") else { return text }
        return text[..<schemeEnd.upperBound].lowercased() + text[schemeEnd.upperBound...].lowercased()
    }

    /// The `Access-Control-Allow-Origin` value for `origin`, nil for an origin not allowed.
    func allowOrigin(for origin: String) -> String? {
        if allowsAnyOrigin { return "*" }
        return allowedOrigins.contains(Self.normalized(origin)) ? origin : nil
    }

    var isEnabled: Bool { allowsAnyOrigin || !allowedOrigins.isEmpty }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard isEnabled else { return try await next(request, context) }
        let origin = request.headers[.origin]
        let allowed = origin.flatMap(allowOrigin)
        if request.method == .options, origin != nil, request.headers[.accessControlRequestMethod] != nil {
            // A preflight: answered here whatever the route, without CORS headers when refused.
            var headers: HTTPFields = [.allow: CORSPolicy.allowedMethods]
            if let allowed {
                headers[.accessControlAllowOrigin] = allowed
                headers[.accessControlAllowMethods] = CORSPolicy.allowedMethods
                headers[.accessControlAllowHeaders] = CORSPolicy.allowedHeaders
                headers[.accessControlMaxAge] = String(CORSPolicy.maxAgeSeconds)
            }
            addVary(to: &headers)
            return Response(status: .noContent, headers: headers)
        }
        var response = try await next(request, context)
        if let allowed {
            response.headers[.accessControlAllowOrigin] = allowed
            response.headers[.accessControlExposeHeaders] = "X-Request-Id"
        }
        addVary(to: &response.headers)
        return response
    }

    /// With a list of origins the answer depends on the request's `Origin`, allowed or not: a
    /// shared cache must not hand one origin's answer to another.
    private func addVary(to headers: inout HTTPFields) {
        guard !allowsAnyOrigin else { return }
        let present = headers[values: .vary].flatMap { $0.split(separator: ",") }.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        if !present.contains("origin") && !present.contains("*") { headers.append(HTTPField(name: .vary, value: "Origin")) }
    }
}

/// What CORS answers allow, the same for every allowed origin.
enum CORSPolicy {
    static let allowedMethods = "GET, POST, OPTIONS"
    /// What clients send besides the CORS-safelisted headers: the bearer token, JSON bodies, the
    /// request id, and the headers Apollo clients add (client awareness, CSRF prevention, the
    /// operation name of persisted queries).
    static let allowedHeaders =
        "Authorization, Content-Type, Accept, X-Request-Id, Apollo-Require-Preflight, X-Apollo-Operation-Name, "
        + "Apollographql-Client-Name, Apollographql-Client-Version"
    /// Seconds a browser may reuse a preflight's answer (Chromium caps it at 7200).
    static let maxAgeSeconds = 7200

    /// `OPTIONS /graphql` that is not an allowed preflight: the methods the endpoint takes.
    static func optionsResponse() -> Response {
        Response(status: .noContent, headers: [.allow: allowedMethods])
    }
}
