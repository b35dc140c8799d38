import ArgumentParser
import Foundation
import Postgres

/// Where the database is: an external PostgreSQL (`--database-url`, `DATABASE_URL`), or the embedded
/// cluster in the data folder (`--data-dir`, `FOODGRAPH_DATA_DIR`, default `./.foodgraph`).
struct DatabaseOptions: ParsableArguments {
    @Option(name: .customLong("database-url"), help: "PostgreSQL URL (env DATABASE_URL). Without it, an embedded cluster is used.")
    var databaseURL: String?

    @Option(name: .customLong("data-dir"), help: "Folder of the embedded cluster (env FOODGRAPH_DATA_DIR, default ./.foodgraph).")
    var dataDirectory: String?

    @Option(
        name: .customLong("pool-size"),
        help: "Connections in the pool (env DATABASE_POOL_SIZE; default 10, or twice the cores (at least 4) for the embedded cluster).")
    var poolSize: Int?

    var resolvedDatabaseURL: String? { databaseURL ?? Environment.string("DATABASE_URL") }

    /// Streaming replicas for read-only statements (FOODGRAPH_READ_DATABASE_URLS, comma-separated).
    var readDatabaseURLs: [String] {
        (Environment.string("FOODGRAPH_READ_DATABASE_URLS") ?? "").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The primary reached directly, for what needs a session of its own (LISTEN, the migrations'
    /// lock) when DATABASE_URL goes through a transaction pooler (FOODGRAPH_LISTEN_DATABASE_URL).
    var listenDatabaseURL: String? { Environment.string("FOODGRAPH_LISTEN_DATABASE_URL") }

    /// FOODGRAPH_DATABASE_POOLER: `none` (default) or `pgbouncer-transaction`.
    func resolvedPooler() throws -> PostgresPooler {
        guard let text = Environment.string("FOODGRAPH_DATABASE_POOLER") else { return .none }
        guard let pooler = PostgresPooler(rawValue: text.lowercased()) else {
            let names = PostgresPooler.allCases.map(\.rawValue).joined(separator: " or ")
            throw StartupError("FOODGRAPH_DATABASE_POOLER must be \(names), not \"\(text)\".")
        }
        return pooler
    }

    /// FOODGRAPH_REPLICA_MAX_LAG: how far behind a replica may be and still be read from (default 10s).
    func resolvedReplicaMaximumLag() throws -> Duration {
        try Environment.duration(nil, variable: "FOODGRAPH_REPLICA_MAX_LAG") ?? .seconds(10)
    }

    var resolvedDataDirectory: URL {
        let path = dataDirectory ?? Environment.string("FOODGRAPH_DATA_DIR") ?? ".foodgraph"
        return URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
    }

    /// FOODGRAPH_DATABASE_REACTOR: on (default) sends single statements without blocking and reads
    /// their answers on one thread watching every connection; off waits for each on its
    /// connection's own thread, as before it (to measure the difference).
    func resolvedReactor() throws -> Bool {
        try Environment.flag("FOODGRAPH_DATABASE_REACTOR") ?? true
    }

    /// The embedded cluster shares this machine's cores, so more connections than about twice
    /// their number only add backends to wake (docs/performance.md, "How many connections");
    /// an external server's cores are unknown here.
    func resolvedPoolSize(embedded: Bool) throws -> Int {
        let standard = embedded ? max(4, 2 * ProcessInfo.processInfo.activeProcessorCount) : 10
        let size = try poolSize ?? Environment.integer("DATABASE_POOL_SIZE") ?? standard
        guard (1...500).contains(size) else { throw StartupError("The pool size must be between 1 and 500, not \(size).") }
        return size
    }
}
