import HTTPTypes
import Hummingbird

/// Answers a known path asked with a method it does not serve with 405 and `Allow` (RFC 9110,
/// 15.5.6), where the router would answer 404 as if the path did not exist. `OPTIONS` gets 204
/// with `Allow` (CORS preflights are answered before, by `CORSMiddleware`).
struct MethodNotAllowedMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The methods of each path; a path ending in `/` stands for every path under it.
    let allowedMethods: [String: [HTTPRequest.Method]]
    /// The 405 response for a path, given its `Allow` value.
    let refusal: @Sendable (_ path: String, _ allow: String) -> Response

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        guard let allowed = methods(of: path), !allowed.contains(request.method) else {
            return try await next(request, context)
        }
        let allow = allowed.map(\.rawValue).joined(separator: ", ")
        if request.method == .options {
            return Response(status: .noContent, headers: [.allow: allow])
        }
        var response = refusal(path, allow)
        response.headers[.allow] = allow
        return response
    }

    private func methods(of path: String) -> [HTTPRequest.Method]? {
        if let methods = allowedMethods[path] { return methods }
        for (prefix, methods) in allowedMethods where prefix.hasSuffix("/") && path.hasPrefix(prefix) && path.count > prefix.count {
            return methods
        }
        return nil
    }
}
