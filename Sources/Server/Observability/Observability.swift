import Prometheus
import Synchronization

/// What an operator of several instances sees of this one: the metrics registry `/metrics`
/// exposes, the slow-request log's threshold, and whether requests are traced.
public struct Observability: Sendable {
    /// The registry `/metrics` exposes. The application records its own metrics (pool, loaders,
    /// jobs) into the same registry, through swift-metrics.
    public var registry: PrometheusCollectorRegistry
    /// Requests that take at least this long are logged with their cost and SQL timings; nil
    /// turns the log off.
    public var slowRequestThreshold: Duration?
    /// Distinct operation names the latency histogram keeps apart; later names count as `other`,
    /// so that clients cannot grow the registry without bound.
    public var operationNameLimit: Int

    public init(
        registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry(),
        slowRequestThreshold: Duration? = .milliseconds(500), operationNameLimit: Int = 100
    ) {
        self.registry = registry
        self.slowRequestThreshold = slowRequestThreshold
        self.operationNameLimit = max(0, operationNameLimit)
    }

    /// Whether a tracer has been bootstrapped. Checked before any span is made, so that a server
    /// without tracing pays one atomic load per request and nothing else.
    public static var isTracing: Bool { tracing.load(ordering: .relaxed) }

    /// Call once the process-wide tracer (`InstrumentationSystem.bootstrap`) is in place.
    public static func enableTracing() { tracing.store(true, ordering: .relaxed) }

    /// Stops making spans (the tracer stays bootstrapped): for a test that turned tracing on, so
    /// the tests after it do not fill the exporter's queue.
    public static func disableTracing() { tracing.store(false, ordering: .relaxed) }

    private static let tracing = Atomic<Bool>(false)
}
