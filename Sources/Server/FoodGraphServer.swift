import GraphQLEngine
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// The HTTP server: `/graphql` (GraphiQL for browsers), `/healthz`, `/readyz`, `/metrics`, with CORS and graceful shutdown
/// (Hummingbird drains in-flight requests on SIGINT/SIGTERM).
public struct FoodGraphServer: Sendable {
    public let application: any GraphQLApplication
    public let configuration: ServerConfiguration
    public let logger: Logger
    /// GraphiQL for browsers at `GET /graphql` (from `FOODGRAPH_GRAPHIQL` and `FOODGRAPH_GRAPHIQL_ASSETS`).
    public var graphiQL = GraphiQLConfiguration.fromEnvironment()
    let handler: GraphQLHTTPHandler

    public init(application: any GraphQLApplication, configuration: ServerConfiguration, logger: Logger) {
        self.application = application
        self.configuration = configuration
        self.logger = logger
        self.handler = GraphQLHTTPHandler(
            application: application, configuration: configuration,
            documents: DocumentCache(capacity: configuration.documentCacheSize),
            persistedQueries: PersistedQueryStore(preloaded: configuration.persistedQueries),
            metrics: ServerMetrics(), logger: logger)
    }

    public func router() -> Router<ServerRequestContext> {
        let router = Router(context: ServerRequestContext.self)
        let handler = self.handler
        let application = self.application
        let cors = CORSMiddleware<ServerRequestContext>(allowedOrigins: configuration.corsAllowedOrigins)
        router.add(middleware: cors)
        if let problem = graphiQL.problem { logger.warning("\(problem)") }
        let ide = graphiQL.isEnabled ? GraphiQLAssets(configuration: graphiQL) : nil
        if let missing = ide?.missing { logger.warning("\(missing)") }
        router.get("/graphql") { request, context in
            if let ide, GraphiQLAssets.wantsPage(accept: request.headers[.accept]) { return ide.page() }
            return await handler.respond(to: request, context: context)
        }
        if let ide {
            router.get("/graphiql/:file") { request, context in
                ide.file(named: context.parameters.get("file") ?? "", ifNoneMatch: request.headers[.ifNoneMatch])
            }
        }
        router.on("/graphql", method: .options) { _, _ in CORSPolicy.optionsResponse() }
        router.post("/graphql") { request, context in await handler.respond(to: request, context: context) }
        router.on("/graphql", method: .put) { request, context in await handler.respond(to: request, context: context) }
        router.on("/graphql", method: .delete) { request, context in await handler.respond(to: request, context: context) }
        router.on("/graphql", method: .patch) { request, context in await handler.respond(to: request, context: context) }
        router.get("/healthz") { _, _ in Self.text("ok\n", status: .ok) }
        router.get("/readyz") { _, _ in
            let readiness = await application.readiness()
            return Self.text(readiness.detail + "\n", status: readiness.isReady ? .ok : .serviceUnavailable)
        }
        router.get("/images/:id") { _, context in
            guard let id = context.parameters.get("id"), let image = await application.image(id: id) else {
                return Self.text("not found\n", status: .notFound)
            }
            return Response(
                status: .ok,
                headers: [.contentType: image.contentType, .xContentTypeOptions: "nosniff", .cacheControl: "private, max-age=31536000, immutable"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: image.bytes)))
        }
        router.get("/metrics") { _, _ in
            let body = await handler.metrics.exposition() + application.metricsExposition()
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
        }
        return router
    }

    /// Serves until SIGINT or SIGTERM, then drains in-flight requests and returns.
    public func run(onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let app = Application(
            router: router(),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "FoodGraph"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
            logger: logger)
        try await app.runService()
    }

    static func text(_ body: String, status: HTTPResponse.Status) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
}
