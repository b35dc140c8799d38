import ArgumentParser
import Foundation

/// Where the database is: an external PostgreSQL (`--database-url`, `DATABASE_URL`), or the embedded
/// cluster in the data folder (`--data-dir`, `FOODGRAPH_DATA_DIR`, default `./.foodgraph`).
struct DatabaseOptions: ParsableArguments {
    @Option(name: .customLong("database-url"), help: "PostgreSQL URL (env DATABASE_URL). Without it, an embedded cluster is used.")
    var databaseURL: String?

    @Option(name: .customLong("data-dir"), help: "Folder of the embedded cluster (env FOODGRAPH_DATA_DIR, default ./.foodgraph).")
    var dataDirectory: String?

    @Option(name: .customLong("pool-size"), help: "Connections in the pool (env DATABASE_POOL_SIZE, default 10).")
    var poolSize: Int?

    var resolvedDatabaseURL: String? { databaseURL ?? Environment.string("DATABASE_URL") }

    var resolvedDataDirectory: URL {
        let path = dataDirectory ?? Environment.string("FOODGRAPH_DATA_DIR") ?? ".foodgraph"
        return URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
    }

    func resolvedPoolSize() throws -> Int {
        let size = try poolSize ?? Environment.integer("DATABASE_POOL_SIZE") ?? 10
        guard (1...500).contains(size) else { throw StartupError("The pool size must be between 1 and 500, not \(size).") }
        return size
    }
}
