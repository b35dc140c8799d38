import FoodGraph
import GraphQLEngine
import Metrics
import Postgres
import Server

/// Presents the FoodGraph application to the HTTP server.
struct HTTPApplication: GraphQLApplication {
    let application: FoodGraphApplication

    var executable: ExecutableSchema { application.executable }

    func makeContext(for request: RequestInfo) async throws -> PreparedContext {
        let context = try await application.makeContext(
            bearerToken: request.bearerToken, client: ClientInfo(address: request.clientAddress, userAgent: request.userAgent),
            operation: request.operationType)
        let statistics = context.statistics
        return PreparedContext(
            context: context, scheduler: context.scheduler,
            sqlStatistics: {
                let snapshot = statistics.snapshot
                return (snapshot.statementCount, Self.milliseconds(snapshot.totalDuration))
            },
            sqlReport: {
                SQLReport(
                    statements: statistics.timings.map {
                        StatementTiming(statement: $0.sql, milliseconds: Self.milliseconds($0.duration))
                    },
                    connectionWaitMilliseconds: Self.milliseconds(statistics.snapshot.connectionWait))
            })
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    func readiness() async -> Readiness {
        let (isReady, detail) = await application.readiness()
        return Readiness(isReady: isReady, detail: detail)
    }

    func image(id: String) async -> (contentType: String, bytes: [UInt8])? {
        try? await application.image(id: id)
    }

    func recordMetrics(into factory: any MetricsFactory) async {
        await Self.record(application.database.pool, labelled: Telemetry.primaryPool, into: factory)
        // A scrape while the database is down still shows the rest; the depth is then absent.
        if let depth = try? await JobQueueDepth.read(in: application.database) {
            Gauge(label: "foodgraph_job_queue_depth", dimensions: [("state", "due")], factory: factory).record(depth.due)
            Gauge(label: "foodgraph_job_queue_depth", dimensions: [("state", "running")], factory: factory).record(depth.running)
            Gauge(label: "foodgraph_job_queue_depth", dimensions: [("state", "failed")], factory: factory).record(depth.failed)
        }
        await recordReplicaMetrics(into: factory)
        if let kept = application.keptStores {
            Gauge(label: "foodgraph_store_cache_listening", factory: factory).record(kept.isListening ? 1 : 0)
            Gauge(label: "foodgraph_store_cache_entries", factory: factory).record(kept.kept)
        }
        if let kept = application.keptProducts {
            Gauge(label: "foodgraph_product_cache_listening", factory: factory).record(kept.isListening ? 1 : 0)
            Gauge(label: "foodgraph_product_cache_entries", factory: factory).record(kept.kept)
            Gauge(label: "foodgraph_product_cache_counts", factory: factory).record(kept.counts)
            // Taken since the last scrape, so each lookup is added once however often this runs.
            for lookups in application.takeKeptProductLookups() ?? [] {
                Counter(label: "foodgraph_product_cache_lookups_total", dimensions: [("kind", lookups.kind), ("result", lookups.result)], factory: factory)
                    .increment(by: lookups.count)
            }
        }
    }

    private static func record(_ pool: PostgresPool, labelled labels: [(String, String)], into factory: any MetricsFactory) async {
        let statistics = await pool.statistics
        Gauge(label: "foodgraph_pool_connections", dimensions: labels + [("state", "open")], factory: factory).record(statistics.open)
        Gauge(label: "foodgraph_pool_connections", dimensions: labels + [("state", "in_use")], factory: factory).record(statistics.inUse)
        Gauge(label: "foodgraph_pool_size", dimensions: labels, factory: factory).record(statistics.size)
        Gauge(label: "foodgraph_pool_waiting", dimensions: labels, factory: factory).record(statistics.waiting)
    }

    /// Per read replica: whether reads go to it, its lag at its last check (docs/scaling.md), and
    /// its pool.
    private func recordReplicaMetrics(into factory: any MetricsFactory) async {
        guard let replicas = application.replicas?.replicas, !replicas.isEmpty else { return }
        for (index, replica) in replicas.enumerated() {
            let dimensions = [("replica", "\(index)")]
            Gauge(label: "foodgraph_replica_usable", dimensions: dimensions, factory: factory).record(replica.status.isUsable ? 1 : 0)
            if let lag = replica.status.lagSeconds {
                Gauge(label: "foodgraph_replica_lag_seconds", dimensions: dimensions, factory: factory).record(lag)
            }
            await Self.record(replica.pool, labelled: Telemetry.replicaPool(index), into: factory)
        }
    }
}

extension HTTPApplication {
    func persistedDocument(forHash hash: String) async -> String? {
        await application.persistedDocument(forHash: hash)
    }

    func registerPersistedDocument(_ document: String, hash: String) async {
        await application.registerPersistedDocument(document, hash: hash)
    }
}
