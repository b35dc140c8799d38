import Foundation
import Logging
import Metrics
import OTel
import Postgres
import Prometheus
import Server
import ServiceLifecycle
import Synchronization
import Tracing

/// The process-wide observability backends: swift-metrics into the Prometheus registry `/metrics`
/// exposes, and, when an OTLP endpoint is configured, swift-distributed-tracing into swift-otel's
/// OTLP/HTTP exporter. Both systems can be bootstrapped once per process; later calls (tests that
/// start several servers) reuse what the first set up.
enum Telemetry {
    /// Buckets of the value histograms recorded outside the server (loader batch sizes).
    static let batchSizeBuckets: [Double] = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000]
    /// Buckets of `foodgraph_pool_wait_seconds`, in seconds: from a wait behind a statement or two
    /// to the pool's acquire timeout. A request served at once is in the first.
    static let poolWaitBuckets: [Double] = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]

    /// Buckets of `foodgraph_password_hash_wait_seconds`, in seconds: none to several hashes
    /// queued ahead (a few hundred milliseconds each at the standard cost).
    static let hashWaitBuckets: [Double] = [0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    private static let metrics = Mutex<PrometheusCollectorRegistry?>(nil)
    private static let tracing = Mutex<(endpoint: String, service: any Service)?>(nil)

    /// The registry every metric of this process goes to.
    static func metricsRegistry() -> PrometheusCollectorRegistry {
        metrics.withLock { registry in
            if let registry { return registry }
            let made = PrometheusCollectorRegistry()
            var factory = PrometheusMetricsFactory(registry: made)
            factory.valueHistogramBuckets = ["foodgraph_dataloader_batch_size": batchSizeBuckets]
            factory.durationHistogramBuckets = [
                "foodgraph_pool_wait_seconds": poolWaitBuckets.map { Duration.nanoseconds(Int64($0 * 1e9)) },
                "foodgraph_password_hash_wait_seconds": hashWaitBuckets.map { Duration.nanoseconds(Int64($0 * 1e9)) },
            ]
            MetricsSystem.bootstrap(factory)
            registry = made
            return made
        }
    }

    /// The labels of a pool's series (`foodgraph_pool_*`): the primary's, or a read replica's by
    /// its place in FOODGRAPH_READ_DATABASE_URLS, as `foodgraph_replica_*` number them.
    static let primaryPool = [("pool", "primary")]
    static func replicaPool(_ index: Int) -> [(String, String)] { [("pool", "replica"), ("replica", "\(index)")] }

    /// Records a pool's waits for a connection (`PostgresPool.Configuration.waitObserver`) in
    /// `foodgraph_pool_wait_seconds`, labelled `pool` (`primaryPool`, `replicaPool(_:)`).
    static func poolWaitObserver(_ pool: [(String, String)]) -> @Sendable (Duration) -> Void {
        _ = metricsRegistry()
        let timer = Metrics.Timer(label: "foodgraph_pool_wait_seconds", dimensions: pool)
        return { waited in
            timer.recordNanoseconds(waited.components.seconds * 1_000_000_000 + waited.components.attoseconds / 1_000_000_000)
        }
    }

    /// The OTLP/HTTP traces endpoint: `FOODGRAPH_OTLP_ENDPOINT`, else the standard
    /// `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` (as is) or `OTEL_EXPORTER_OTLP_ENDPOINT` (a base URL,
    /// `/v1/traces` appended); nil when none is set, and then nothing is traced.
    static func tracesEndpoint(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String? {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        let endpoint: String
        if let base = value("FOODGRAPH_OTLP_ENDPOINT") ?? (value("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") == nil ? value("OTEL_EXPORTER_OTLP_ENDPOINT") : nil) {
            endpoint = base.hasSuffix("/v1/traces") ? base : (base.hasSuffix("/") ? base : base + "/") + "v1/traces"
        } else if let traces = value("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") {
            endpoint = traces
        } else {
            return nil
        }
        guard let url = URL(string: endpoint), url.scheme == "http" || url.scheme == "https", url.host != nil else {
            throw StartupError("The OTLP endpoint must be an http:// or https:// URL, not \"\(endpoint)\".")
        }
        return endpoint
    }

    /// Starts tracing to `endpoint` (OTLP/HTTP with protobuf) and returns the exporter's service,
    /// which must run beside the server: it sends spans in batches and the last ones at shutdown.
    static func startTracing(endpoint: String, serviceName: String = "foodgraph", scheduleDelay: Duration = .seconds(1), logger: Logger)
        throws -> any Service
    {
        try tracing.withLock { tracing in
            if let tracing {
                guard tracing.endpoint == endpoint else {
                    throw StartupError("Tracing already goes to \(tracing.endpoint) in this process.")
                }
                Observability.enableTracing()
                StatementTracing.enable()
                return tracing.service
            }
            var configuration = OTel.Configuration.default
            configuration.serviceName = serviceName
            configuration.diagnosticLogger = .custom(logger)
            configuration.metrics.enabled = false
            configuration.logs.enabled = false
            configuration.traces.exporter = .otlp
            configuration.traces.otlpExporter.protocol = .httpProtobuf
            configuration.traces.otlpExporter.endpoint = endpoint
            configuration.traces.batchSpanProcessor.scheduleDelay = scheduleDelay
            let backend = try OTel.makeTracingBackend(configuration: configuration)
            InstrumentationSystem.bootstrap(backend.factory)
            Observability.enableTracing()
            StatementTracing.enable()
            tracing = (endpoint, backend.service)
            return backend.service
        }
    }
}
