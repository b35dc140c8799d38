import GraphQLEngine
import NIOSSL

public struct ServerConfiguration: Sendable {
    public var host: String
    public var port: Int
    /// Largest request body accepted (413 above, answered from the declared length before any of
    /// the body is read): room for a 2 MB image in base64.
    public var maxBodyBytes: Int
    /// Longest URL query string accepted for GET (414 above).
    public var maxQueryStringBytes: Int
    /// Time a request may take, from its body read to its response, before its work (execution
    /// and SQL) is cancelled and it is answered `TIMEOUT`.
    public var requestTimeout: Duration
    /// Time a request's head may take to arrive, from its first byte (408 after).
    public var headerTimeout: Duration
    /// Longest pause between two pieces of a request body (408 after).
    public var bodyTimeout: Duration
    /// Time a connection may stay open without a request (closed after).
    public var idleTimeout: Duration
    /// On SIGTERM or SIGINT, time given to requests in flight before they are cancelled.
    public var drainTimeout: Duration
    public var parseOptions: ParseOptions
    public var limits: QueryLimits
    public var documentCacheSize: Int
    /// Only persisted documents (registered at start-up) may run: the production lock-down.
    public var onlyPersistedQueries: Bool
    /// Documents known at start-up, by the SHA-256 (hex) of their text.
    public var persistedQueries: [String: String] = [:]
    /// Origins allowed by CORS; empty means CORS headers are not sent, `*` allows any.
    public var corsAllowedOrigins: [String]
    /// Behind a reverse proxy: take the client address from the last `X-Forwarded-For` entry.
    public var trustForwardedFor: Bool
    /// HTTPS with this certificate and key (`ServerTLS.configuration`); nil serves plain HTTP, as
    /// behind a TLS-terminating proxy.
    public var tls: TLSConfiguration?
    /// `POST /graphql` answered from the connection's pipeline (`DirectGraphQLHandler`) rather
    /// than through Hummingbird's connection loop and router; the same answer either way.
    public var answersGraphQLDirectly = true

    public init(
        host: String = "127.0.0.1", port: Int = 8080, maxBodyBytes: Int = 4 << 20, maxQueryStringBytes: Int = 16 << 10,
        requestTimeout: Duration = .seconds(30), headerTimeout: Duration = .seconds(10),
        bodyTimeout: Duration = .seconds(10), idleTimeout: Duration = .seconds(60), drainTimeout: Duration = .seconds(30),
        parseOptions: ParseOptions = ParseOptions(maxTokens: 15_000, maxDepth: 64),
        limits: QueryLimits = QueryLimits(), documentCacheSize: Int = 1000, onlyPersistedQueries: Bool = false,
        corsAllowedOrigins: [String] = [], trustForwardedFor: Bool = false
    ) {
        self.host = host
        self.port = port
        self.maxBodyBytes = maxBodyBytes
        self.maxQueryStringBytes = maxQueryStringBytes
        self.requestTimeout = requestTimeout
        self.headerTimeout = headerTimeout
        self.bodyTimeout = bodyTimeout
        self.idleTimeout = idleTimeout
        self.drainTimeout = drainTimeout
        self.parseOptions = parseOptions
        self.limits = limits
        self.documentCacheSize = documentCacheSize
        self.onlyPersistedQueries = onlyPersistedQueries
        self.corsAllowedOrigins = corsAllowedOrigins
        self.trustForwardedFor = trustForwardedFor
    }
}
