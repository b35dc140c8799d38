import GraphQLEngine
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import ServiceLifecycle

/// The HTTP server: `/graphql` (GraphiQL for browsers), `/healthz`, `/readyz`, `/metrics`, with
/// CORS, time and size limits on every connection (`RequestGuard`) and graceful shutdown (on
/// SIGINT/SIGTERM, requests in flight get `drainTimeout`, then are cancelled).
public struct FoodGraphServer: Sendable {
    public let application: any GraphQLApplication
    public let configuration: ServerConfiguration
    public let logger: Logger
    /// The metrics registry, slow-request log and tracing (Observability/).
    public let observability: Observability
    /// GraphiQL for browsers at `GET /graphql` (from `FOODGRAPH_GRAPHIQL` and `FOODGRAPH_GRAPHIQL_ASSETS`).
    public var graphiQL = GraphiQLConfiguration.fromEnvironment()
    /// The admin console at `/admin` (from `FOODGRAPH_ADMIN_CONSOLE`; AdminConsole.swift).
    public var adminConsole = AdminConsoleConfiguration.fromEnvironment()
    /// GraphQL over WebSocket on `/graphql` (from `FOODGRAPH_WS_*`; WebSocket/).
    public var subscriptions = SubscriptionConfiguration.fromEnvironment()
    let handler: GraphQLHTTPHandler

    public init(
        application: any GraphQLApplication, configuration: ServerConfiguration, logger: Logger,
        observability: Observability = Observability()
    ) {
        self.application = application
        self.configuration = configuration
        self.logger = logger
        self.observability = observability
        self.handler = GraphQLHTTPHandler(
            application: application, configuration: configuration,
            documents: DocumentCache(
                capacity: configuration.documentCacheSize, parseOptions: configuration.parseOptions,
                limits: configuration.limits, schema: application.executable.schema),
            persistedQueries: PersistedQueryStore(preloaded: configuration.persistedQueries),
            metrics: ServerMetrics(observability: observability), logger: logger)
    }

    /// The routes and the methods each serves; any other method on them is answered 405.
    static let routes: [String: [HTTPRequest.Method]] = [
        "/graphql": [.get, .post], "/healthz": [.get], "/readyz": [.get], "/metrics": [.get], "/images/": [.get], "/graphiql/": [.get],
        "/admin": [.get], "/admin/": [.get],
    ]

    public func router() -> Router<ServerRequestContext> {
        let router = Router(context: ServerRequestContext.self)
        let handler = self.handler
        let application = self.application
        let observability = self.observability
        let cors = CORSMiddleware<ServerRequestContext>(allowedOrigins: configuration.corsAllowedOrigins)
        router.add(middleware: cors)
        router.add(
            middleware: MethodNotAllowedMiddleware<ServerRequestContext>(allowedMethods: Self.routes) { path, allow in
                guard path == "/graphql" else { return Self.text("method not allowed\n", status: .methodNotAllowed) }
                return GraphQLHTTPHandler.refusalResponse(
                    .init(status: .methodNotAllowed, message: "Use \(allow.replacingOccurrences(of: ", ", with: " or ")).", code: "METHOD_NOT_ALLOWED"),
                    mediaType: .json, requestID: GraphQLHTTPHandler.requestID(from: nil))
            })
        if let problem = graphiQL.problem { logger.warning("\(problem)") }
        let ide = graphiQL.isEnabled ? GraphiQLAssets(configuration: graphiQL) : nil
        if let missing = ide?.missing { logger.warning("\(missing)") }
        router.get("/graphql") { request, context in
            if let ide, GraphiQLAssets.wantsPage(accept: request.headers[.accept]) { return ide.page() }
            return await observability.observe(request) { await handler.respond(to: request, context: context) }
        }
        if let ide {
            router.get("/graphiql/:file") { request, context in
                ide.file(named: context.parameters.get("file") ?? "", ifNoneMatch: request.headers[.ifNoneMatch])
            }
        }
        mountAdminConsole(on: router)
        let answer = graphQLAnswer
        router.post("/graphql") { request, context in await answer(request, context) }
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
            // Gauges (pool, job queue) are read when scraped rather than kept up to date.
            await application.recordMetrics(into: handler.metrics.factory)
            var body = handler.metrics.exposition()
            body += Array(await application.metricsExposition().utf8)
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
        }
        return router
    }

    /// What `POST /graphql` answers, through the router or `DirectGraphQLHandler`.
    var graphQLAnswer: DirectGraphQLHandler.Answer {
        let handler = self.handler
        let observability = self.observability
        return { request, context in
            await observability.observe(request) {
                await handler.respond(
                    to: request, context: context, inTaskOfItsOwn: context.hasTaskOfItsOwn, receivedBody: context.receivedBody)
            }
        }
    }

    /// The Hummingbird application: the routes over HTTP/1.1 connections guarded by
    /// `RequestGuard`. Tests run it with HummingbirdTesting.
    public func makeApplication(
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        let limits = RequestGuard.Limits(
            idleTimeout: configuration.idleTimeout, headerTimeout: configuration.headerTimeout,
            bodyTimeout: configuration.bodyTimeout, maxBodyBytes: configuration.maxBodyBytes)
        let direct = configuration.answersGraphQLDirectly ? DirectGraphQL(answer: graphQLAnswer, logger: logger) : nil
        let http1 =
            subscriptions.isEnabled
            ? HTTPServerBuilder.guardedHTTP1WebSocket(
                limits: limits, direct: direct, maxFrameSize: subscriptions.maxMessageBytes, shouldUpgrade: webSocketUpgrade)
            : HTTPServerBuilder.guardedHTTP1(limits: limits, direct: direct)
        return Application(
            router: router(),
            server: try configuration.tls.map { try HTTPServerBuilder.tls(http1, tlsConfiguration: $0) } ?? http1,
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "FoodGraph"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
            logger: logger)
    }

    /// Serves until SIGINT or SIGTERM, then lets requests in flight finish for up to
    /// `drainTimeout`, cancels those still running (their execution and SQL stop), and returns.
    /// `services` run beside the server and shut down after it (the trace exporter, which sends
    /// the last spans then).
    public func run(
        services: [any Service] = [], onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        var group = ServiceGroupConfiguration(
            services: services + [try makeApplication(onServerRunning: onServerRunning)], gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger)
        group.maximumGracefulShutdownDuration = configuration.drainTimeout
        // Cancelled requests stop at their next check (the executor looks often); past this, the
        // process exits anyway.
        group.maximumCancellationDuration = .seconds(5)
        try await ServiceGroup(configuration: group).run()
    }

    static func text(_ body: String, status: HTTPResponse.Status) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
}
