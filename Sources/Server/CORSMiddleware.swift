import HTTPTypes
import Hummingbird

/// CORS for browser clients: allowed origins are configured; preflight requests are answered here.
struct CORSMiddleware<Context: RequestContext>: RouterMiddleware {
    let allowedOrigins: [String]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard !allowedOrigins.isEmpty, let origin = request.headers[.origin] else {
            return try await next(request, context)
        }
        let allowed = allowedOrigins.contains("*") ? "*" : (allowedOrigins.contains(origin) ? origin : nil)
        guard let allowed else { return try await next(request, context) }
        if request.method == .options {
            return Response(
                status: .noContent,
                headers: [
                    .accessControlAllowOrigin: allowed, .accessControlAllowMethods: "GET, POST, OPTIONS",
                    .accessControlAllowHeaders: "Content-Type, Authorization, X-Request-Id", .accessControlMaxAge: "600",
                    .vary: "Origin",
                ])
        }
        var response = try await next(request, context)
        response.headers[.accessControlAllowOrigin] = allowed
        response.headers[.vary] = "Origin"
        return response
    }
}
