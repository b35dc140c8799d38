import Foundation
import Logging
import Postgres

/// The database a command works on: an external PostgreSQL, or the embedded cluster, which the
/// command starts if needed and stops again when it started it. With an external one, optionally
/// streaming replicas for reads and a transaction pooler in front of the primary (docs/scaling.md).
struct DatabaseConnection {
    let pool: PostgresPool
    let cluster: EmbeddedCluster?
    let startedCluster: Bool
    /// Read replicas (FOODGRAPH_READ_DATABASE_URLS), checked in the background once started.
    var replicas: PostgresReplicaSet?
    /// The primary directly, when `pool` goes through a transaction pooler.
    var directPool: PostgresPool?
    var pooler: PostgresPooler = .none

    var isEmbedded: Bool { cluster != nil }

    static func open(_ options: DatabaseOptions, logger: Logger) async throws -> DatabaseConnection {
        let externalURL = options.resolvedDatabaseURL
        let size = try options.resolvedPoolSize(embedded: externalURL == nil)
        let pooler = try options.resolvedPooler()
        if let url = externalURL {
            var configuration = PostgresPool.Configuration(conninfo: url, size: size, applicationName: "foodgraph")
            configuration.pooler = pooler
            configuration.sendsWithoutBlocking = try options.resolvedReactor()
            configuration.listenConninfo = options.listenDatabaseURL
            configuration.waitObserver = Telemetry.poolWaitObserver(Telemetry.primaryPool)
            let pool = PostgresPool(configuration: configuration)
            do {
                _ = try await PostgresDatabase(pool: pool).query("SELECT 1")
            } catch {
                await pool.close()
                let reason = String(describing: error).split(separator: "\n").first.map(String.init) ?? "unknown error"
                throw StartupError("PostgreSQL at DATABASE_URL cannot be reached (\(reason)); check the URL and that the server runs.")
            }
            var connection = DatabaseConnection(pool: pool, cluster: nil, startedCluster: false, pooler: pooler)
            if pooler != .none {
                if let direct = options.listenDatabaseURL {
                    connection.directPool = PostgresPool(configuration: .init(conninfo: direct, size: 2, applicationName: "foodgraph-session"))
                } else {
                    logger.warning(
                        "DATABASE_URL goes through a transaction pooler but FOODGRAPH_LISTEN_DATABASE_URL is not set: migrations and LISTEN need the primary directly")
                }
            }
            let readURLs = options.readDatabaseURLs
            if !readURLs.isEmpty {
                let pools = readURLs.enumerated().map { index, url in
                    var configuration = PostgresPool.Configuration(
                        conninfo: url, size: size, acquireTimeout: .seconds(1), applicationName: "foodgraph-read")
                    configuration.waitObserver = Telemetry.poolWaitObserver(Telemetry.replicaPool(index))
                    return PostgresPool(configuration: configuration)
                }
                let replicas = PostgresReplicaSet(
                    pools: pools, configuration: .init(maximumLag: try options.resolvedReplicaMaximumLag()), logger: logger)
                await replicas.start()
                let usable = replicas.replicas.filter { $0.replayedLSN != nil }.count
                logger.info("read replicas", metadata: ["configured": "\(pools.count)", "usable": "\(usable)"])
                connection.replicas = replicas
            }
            return connection
        }
        guard options.readDatabaseURLs.isEmpty, pooler == .none else {
            throw StartupError("FOODGRAPH_READ_DATABASE_URLS and FOODGRAPH_DATABASE_POOLER need an external primary: set DATABASE_URL.")
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
        var configuration = PostgresPool.Configuration(conninfo: cluster.url, size: size, applicationName: "foodgraph")
        configuration.sendsWithoutBlocking = try options.resolvedReactor()
        configuration.waitObserver = Telemetry.poolWaitObserver(Telemetry.primaryPool)
        let pool = PostgresPool(configuration: configuration)
        return DatabaseConnection(pool: pool, cluster: cluster, startedCluster: started)
    }

    /// The pool for work that needs one server session throughout (the migrations' advisory lock):
    /// the primary directly when `pool` goes through a transaction pooler.
    func sessionPool() throws -> PostgresPool {
        guard pooler != .none else { return pool }
        guard let directPool else {
            throw StartupError(
                "Migrations cannot run through a transaction pooler: set FOODGRAPH_LISTEN_DATABASE_URL to the primary directly, or start with --no-migrate.")
        }
        return directPool
    }

    func close() async {
        await replicas?.close()
        await directPool?.close()
        await pool.close()
        if startedCluster { try? cluster?.stop() }
    }
}
