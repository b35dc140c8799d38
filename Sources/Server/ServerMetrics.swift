import CoreMetrics
import Logging
import Prometheus
import Synchronization

/// The request metrics, recorded through swift-metrics into the Prometheus registry that `/metrics`
/// exposes. Metric names are a contract with dashboards (and the admin console's system page):
/// add new ones, never rename.
final class ServerMetrics: Sendable {
    static let latencyBuckets: [Double] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
    static let statementBuckets: [Double] = [0, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89]

    let observability: Observability
    /// The factory of this registry, for the application's gauges read at scrape time.
    let factory: PrometheusMetricsFactory
    private let operationNames: OperationNameLimiter
    private let latency: CoreMetrics.Timer
    private let statementsPerRequest: CoreMetrics.Recorder
    private let statements: CoreMetrics.Counter
    private let loaderBatches: CoreMetrics.Counter
    /// Handles by their label values, so that a request costs no registry look-up once its labels
    /// have been seen.
    private let requestCounters = Mutex<[String: CoreMetrics.Counter]>([:])
    private let errorCounters = Mutex<[String: CoreMetrics.Counter]>([:])
    private let operationTimers = Mutex<[String: CoreMetrics.Timer]>([:])

    init(observability: Observability) {
        self.observability = observability
        var factory = PrometheusMetricsFactory(registry: observability.registry)
        let durations = Self.latencyBuckets.map { Duration.nanoseconds(Int64($0 * 1e9)) }
        factory.durationHistogramBuckets = [
            "foodgraph_request_duration_seconds": durations, "foodgraph_operation_duration_seconds": durations,
        ]
        factory.valueHistogramBuckets = ["foodgraph_sql_statements_per_request": Self.statementBuckets]
        self.factory = factory
        operationNames = OperationNameLimiter(limit: observability.operationNameLimit)
        latency = CoreMetrics.Timer(label: "foodgraph_request_duration_seconds", factory: factory)
        statementsPerRequest = CoreMetrics.Recorder(label: "foodgraph_sql_statements_per_request", factory: factory)
        statements = CoreMetrics.Counter(label: "foodgraph_sql_statements_total", factory: factory)
        loaderBatches = CoreMetrics.Counter(label: "foodgraph_dataloader_batches_total", factory: factory)
    }

    /// Records a finished request; logs it as slow when it took longer than the threshold.
    func record(
        operationType: String, operationName: String?, outcome: String, seconds: Double, errorCodes: [String],
        sqlStatements: Int, loaderBatches batches: Int, logger: Logger, requestID: String
    ) {
        let nanoseconds = Int64(seconds * 1e9)
        Self.handle(in: requestCounters, key: operationType + "\u{0}" + outcome) {
            CoreMetrics.Counter(
                label: "foodgraph_requests_total", dimensions: [("operation_type", operationType), ("outcome", outcome)],
                factory: factory)
        }.increment()
        for code in errorCodes {
            let code = ErrorCodeLabel.label(for: code)
            Self.handle(in: errorCounters, key: code) {
                CoreMetrics.Counter(label: "foodgraph_errors_total", dimensions: [("code", code)], factory: factory)
            }.increment()
        }
        latency.recordNanoseconds(nanoseconds)
        // The name the chosen operation has in its document: the `operationName` parameter is
        // often absent, and is the client's word for a request refused before parsing.
        let observation = RequestObservation.current
        let name = operationNames.label(for: observation?.operationName, known: observation?.hasSelected == true)
        Self.handle(in: operationTimers, key: name) {
            CoreMetrics.Timer(label: "foodgraph_operation_duration_seconds", dimensions: [("operation_name", name)], factory: factory)
        }.recordNanoseconds(nanoseconds)
        statementsPerRequest.record(sqlStatements)
        statements.increment(by: sqlStatements)
        loaderBatches.increment(by: batches)
        if let threshold = observability.slowRequestThreshold, Duration.nanoseconds(nanoseconds) >= threshold {
            SlowRequestLog.write(
                operationType: operationType, operationName: operationName, seconds: seconds, requestID: requestID,
                observation: observation, logger: logger)
        }
    }

    /// The registry in Prometheus text format, with the application's own metrics (pool, jobs,
    /// loaders) when they share the registry.
    func exposition() -> [UInt8] {
        observability.registry.emitToBuffer()
    }

    private static func handle<Handle: Sendable>(
        in cache: borrowing Mutex<[String: Handle]>, key: String, make: () -> Handle
    ) -> Handle {
        cache.withLock { cache in
            if let handle = cache[key] { return handle }
            let handle = make()
            cache[key] = handle
            return handle
        }
    }
}

/// Error codes as labels: the API's codes are upper-case words, anything else (a code from a
/// future area, a typo) counts as `OTHER` so that no client can mint label values.
enum ErrorCodeLabel {
    static func label(for code: String) -> String {
        (1...64).contains(code.utf8.count) && code.utf8.allSatisfy({ (0x41...0x5A).contains($0) || $0 == 0x5F || (0x30...0x39).contains($0) })
            ? code : "OTHER"
    }
}
