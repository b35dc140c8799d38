import CoreMetrics
import GraphQLEngine

/// What the HTTP layer needs from the application behind it. The server knows nothing of
/// the domain: it asks the application for a context per request and for its health.
public protocol GraphQLApplication: Sendable {
    var executable: ExecutableSchema { get }

    /// The per-request context: resolves the viewer from the bearer token and creates loaders.
    /// Throws a `ClientFacingError` (for example an invalid token) to refuse the request.
    func makeContext(for request: RequestInfo) async throws -> PreparedContext

    /// Database reachable and migrations current.
    func readiness() async -> Readiness

    /// Extra Prometheus lines, for metrics not recorded through swift-metrics.
    func metricsExposition() async -> String

    /// Brings the application's gauges (pool use, job queue depth) up to date in `factory`, the
    /// factory of the registry `/metrics` is about to expose.
    func recordMetrics(into factory: any MetricsFactory) async

    /// An uploaded image by its ID, served at `/images/<id>`; nil when there is none.
    func image(id: String) async -> (contentType: String, bytes: [UInt8])?

    /// A persisted query another server instance registered (Apollo's protocol); nil when unknown.
    func persistedDocument(forHash hash: String) async -> String?

    /// Shares a newly registered persisted query with the other server instances.
    func registerPersistedDocument(_ document: String, hash: String) async
}

extension GraphQLApplication {
    public func metricsExposition() async -> String { "" }
    public func recordMetrics(into factory: any MetricsFactory) async {}
    public func image(id: String) async -> (contentType: String, bytes: [UInt8])? { nil }
    public func persistedDocument(forHash hash: String) async -> String? { nil }
    public func registerPersistedDocument(_ document: String, hash: String) async {}
}

public struct RequestInfo: Sendable {
    public var requestID: String
    /// The token of an `Authorization: Bearer …` header.
    public var bearerToken: String?
    public var operationType: OperationType
    /// The client's IP address: the peer's, or the one a trusted proxy reports in `X-Forwarded-For`.
    public var clientAddress: String?
    public var userAgent: String?

    public init(
        requestID: String, bearerToken: String?, operationType: OperationType, clientAddress: String? = nil, userAgent: String? = nil
    ) {
        self.requestID = requestID
        self.bearerToken = bearerToken
        self.clientAddress = clientAddress
        self.userAgent = userAgent
        self.operationType = operationType
    }
}

public struct PreparedContext: Sendable {
    public var context: any Sendable
    public var scheduler: LoaderScheduler
    /// SQL statements and their total time so far in this request, for the log line and metrics.
    public var sqlStatistics: @Sendable () -> (statements: Int, milliseconds: Double)
    /// Each statement so far and its duration, and the time spent waiting for a connection, for
    /// the slow-request log.
    public var sqlReport: @Sendable () -> SQLReport

    public init(
        context: any Sendable, scheduler: LoaderScheduler,
        sqlStatistics: @escaping @Sendable () -> (statements: Int, milliseconds: Double) = { (0, 0) },
        sqlReport: @escaping @Sendable () -> SQLReport = { SQLReport() }
    ) {
        self.context = context
        self.scheduler = scheduler
        self.sqlStatistics = sqlStatistics
        self.sqlReport = sqlReport
    }
}

public struct Readiness: Sendable {
    public var isReady: Bool
    public var detail: String

    public init(isReady: Bool, detail: String) {
        self.isReady = isReady
        self.detail = detail
    }
}
