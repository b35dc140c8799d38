import Foundation
import Logging
import Postgres

/// The database a command works on: an external PostgreSQL, or the embedded cluster, which the
/// command starts if needed and stops again when it started it.
struct DatabaseConnection {
    let pool: PostgresPool
    let cluster: EmbeddedCluster?
    let startedCluster: Bool

    var isEmbedded: Bool { cluster != nil }

    static func open(_ options: DatabaseOptions, logger: Logger) async throws -> DatabaseConnection {
        let size = try options.resolvedPoolSize()
        if let url = options.resolvedDatabaseURL {
            let pool = PostgresPool(configuration: .init(conninfo: url, size: size, applicationName: "foodgraph"))
            do {
                _ = try await PostgresDatabase(pool: pool).query("SELECT 1")
            } catch {
                await pool.close()
                let reason = String(describing: error).split(separator: "\n").first.map(String.init) ?? "unknown error"
                throw StartupError("PostgreSQL at DATABASE_URL cannot be reached (\(reason)); check the URL and that the server runs.")
            }
            return DatabaseConnection(pool: pool, cluster: nil, startedCluster: false)
        }
        let cluster: EmbeddedCluster
        let started: Bool
        do {
            cluster = try EmbeddedCluster(root: options.resolvedDataDirectory.appendingPathComponent("postgres"))
            started = try cluster.start()
            try await cluster.createDatabaseIfMissing()
        } catch let error as EmbeddedClusterError {
            throw StartupError(error.message)
        }
        logger.info("embedded PostgreSQL", metadata: ["folder": "\(cluster.root.path)", "started": "\(started)"])
        let pool = PostgresPool(configuration: .init(conninfo: cluster.url, size: size, applicationName: "foodgraph"))
        return DatabaseConnection(pool: pool, cluster: cluster, startedCluster: started)
    }

    func close() async {
        await pool.close()
        if startedCluster { try? cluster?.stop() }
    }
}
