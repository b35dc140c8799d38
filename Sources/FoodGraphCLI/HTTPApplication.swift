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

            """
    }
}
