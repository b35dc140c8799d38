import FoodGraph
import GraphQLEngine
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
                let duration = snapshot.totalDuration.components
                return (snapshot.statementCount, Double(duration.seconds) * 1000 + Double(duration.attoseconds) / 1e15)
            })
    }

    func readiness() async -> Readiness {
        let (isReady, detail) = await application.readiness()
        return Readiness(isReady: isReady, detail: detail)
    }

    func image(id: String) async -> (contentType: String, bytes: [UInt8])? {
        try? await application.image(id: id)
    }

    func metricsExposition() async -> String {
        let pool = await application.database.pool.statistics
        return """
            # HELP foodgraph_pool_connections Database connections by state.
            # TYPE foodgraph_pool_connections gauge
            foodgraph_pool_connections{state="open"} \(pool.open)
            foodgraph_pool_connections{state="in_use"} \(pool.inUse)
            # HELP foodgraph_pool_waiting Requests waiting for a connection.
            # TYPE foodgraph_pool_waiting gauge
            foodgraph_pool_waiting \(pool.waiting)

            """ + replicaExposition()
    }

    /// Per read replica: whether reads go to it, and its lag (docs/scaling.md).
    private func replicaExposition() -> String {
        guard let replicas = application.replicas?.replicas, !replicas.isEmpty else { return "" }
        var lines = [
            "# HELP foodgraph_replica_usable Whether reads go to the read replica (1) or it is left out (0).",
            "# TYPE foodgraph_replica_usable gauge",
        ]
        for (index, replica) in replicas.enumerated() { lines.append("foodgraph_replica_usable{replica=\"\(index)\"} \(replica.status.isUsable ? 1 : 0)") }
        lines += ["# HELP foodgraph_replica_lag_seconds The read replica's lag at its last check.", "# TYPE foodgraph_replica_lag_seconds gauge"]
        for (index, replica) in replicas.enumerated() {
            if let lag = replica.status.lagSeconds { lines.append("foodgraph_replica_lag_seconds{replica=\"\(index)\"} \(lag)") }
        }
        return lines.joined(separator: "\n") + "\n"
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
