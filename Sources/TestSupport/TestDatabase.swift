import Foundation
import Postgres

/// A fresh database for one test, on the throwaway cluster that `tools/test` starts and names in
/// `FOODGRAPH_TEST_DATABASE_URL`. Every test gets its own database, so tests run in parallel and in
/// any order; `drop()` removes it (the whole cluster goes when `tools/test` ends, whatever happens).
public struct TestDatabase: Sendable {
    public let name: String
    public let url: String
    public let pool: PostgresPool

    public var database: PostgresDatabase { PostgresDatabase(pool: pool) }

    /// The cluster's maintenance URL; a clear failure when the tests run outside `tools/test`.
    public static func serverURL() throws -> String {
        guard let url = ProcessInfo.processInfo.environment["FOODGRAPH_TEST_DATABASE_URL"], !url.isEmpty else {
            throw TestDatabaseError(
                "FOODGRAPH_TEST_DATABASE_URL is not set: run the tests with tools/test, which starts a throwaway PostgreSQL.")
        }
        return url
    }

    /// Creates an empty database, or a copy of `template`.
    public static func create(template: String? = nil, poolSize: Int = 4) async throws -> TestDatabase {
        let serverURL = try serverURL()
        let name = "test_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(20))"
        let maintenance = try await PostgresConnection.connect(serverURL)
        defer { Task { await maintenance.close() } }
        var statement = "CREATE DATABASE \(name)"
        if let template { statement += " TEMPLATE \(template)" }
        // Concurrent copies of one template can briefly collide; a few retries settle it.
        for attempt in 1...20 {
            do {
                try await maintenance.execute(simple: statement)
                break
            } catch let error as PostgresError where error.sqlState == "55006" && attempt < 20 {
                try await Task.sleep(for: .milliseconds(50 * attempt))
            }
        }
        let url = replacingDatabase(in: serverURL, with: name)
        let pool = PostgresPool(configuration: .init(conninfo: url, size: poolSize, acquireTimeout: .seconds(30)))
        return TestDatabase(name: name, url: url, pool: pool)
    }

    /// This database's listening connections, and only this database's: other tests' run alongside.
    private static let listeningConnections =
        "FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid() AND datname = current_database()"

    /// Ends this database's listening connections (a lost connection, as a restart or a network
    /// cut would make it).
    public func endListeningConnections() async throws {
        _ = try await database.query("SELECT pg_terminate_backend(pid) \(Self.listeningConnections)")
    }

    /// The server processes of this database's listening connections.
    public func listeningProcesses() async throws -> [Int32] {
        try await database.query("SELECT pid \(Self.listeningConnections)").map { Int32(try $0.decode(Int.self, at: 0)) }
    }

    /// Closes the pool and drops the database.
    public func drop() async {
        await pool.close()
        guard let serverURL = try? Self.serverURL(),
            let maintenance = try? await PostgresConnection.connect(serverURL)
        else { return }
        try? await maintenance.execute(simple: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
        await maintenance.close()
    }

    /// `postgresql://…/OLD?query` → `postgresql://…/NEW?query`.
    public static func replacingDatabase(in url: String, with name: String) -> String {
        let parts = url.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let base = String(parts[0])
        let query = parts.count > 1 ? "?" + parts[1] : ""
        guard let schemeEnd = base.range(of: "://") else { return url }
        let afterScheme = base[schemeEnd.upperBound...]
        let authority = afterScheme.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)[0]
        return base[..<schemeEnd.upperBound] + authority + "/" + name + query
    }
}

public struct TestDatabaseError: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
