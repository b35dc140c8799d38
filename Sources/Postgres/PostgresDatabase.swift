import Foundation

/// The database as one unit of work sees it: a pool, and optionally statistics that count every
/// statement run through it (one `PostgresDatabase` per request gives per-request figures).
public struct PostgresDatabase: PostgresQuerying {
    public let pool: PostgresPool
    public let statistics: QueryStatistics?
    /// When set, plain reads outside a transaction may go to a replica (see `PostgresReadRoute`).
    public var readRoute: PostgresReadRoute?
    /// When set, told the primary's WAL position after each commit (read-your-writes).
    public var onCommit: (@Sendable (PostgresLSN) -> Void)?

    public init(pool: PostgresPool, statistics: QueryStatistics? = nil) {
        self.pool = pool
        self.statistics = statistics
    }

    /// The same database with every statement on the primary: for a read that must see every
    /// commit already announced, which a replica may not have replayed yet.
    public var primary: PostgresDatabase {
        var primary = self
        primary.readRoute = nil
        return primary
    }

    /// Runs one statement on a pooled connection. A statement that fails because its connection
    /// broke (e.g. the server restarted) is retried once on a fresh connection: outside a
    /// transaction, the failed attempt cannot have committed anything.
    public func query(_ sql: String, _ parameters: [any PostgresEncodable]) async throws -> PostgresRows {
        if let readRoute, PostgresReadRoute.isPlainRead(sql),
            let replica = readRoute.replicas.replica(replayedAtLeast: readRoute.minimumLSN)
        {
            do {
                return try await runOnce(sql, parameters, on: replica.pool)
            } catch let error as PostgresError where PostgresReadRoute.fallsBackToPrimary(error) {
                if PostgresReadRoute.meansReplicaIsDown(error) { replica.markDown() }
            }
        }
        do {
            return try await runOnce(sql, parameters)
        } catch let error as PostgresError where error.kind == .connection {
            return try await runOnce(sql, parameters)
        }
    }

    /// Runs `body` in a transaction that commits when it returns and rolls back when it throws.
    public func withTransaction<Result: Sendable>(
        isolation: PostgresIsolationLevel = .readCommitted,
        _ body: (PostgresTransaction) async throws -> Result
    ) async throws -> Result {
        let asked = ContinuousClock.now
        return try await pool.withConnection { connection in
            statistics?.recordConnectionWait(ContinuousClock.now - asked)
            try await connection.execute(simple: "BEGIN ISOLATION LEVEL \(isolation.sql)")
            let transaction = PostgresTransaction(connection: connection, statistics: statistics)
            let result: Result
            do {
                result = try await body(transaction)
            } catch {
                try? await connection.execute(simple: "ROLLBACK")
                throw error
            }
            try await connection.execute(simple: "COMMIT")
            if let onCommit {
                // The insert position, not the write position: with synchronous_commit off the
                // commit record may not be written yet, but it is always inserted.
                if let lsn = try? await PostgresLSN.current(in: PostgresTransaction(connection: connection, statistics: statistics)) {
                    onCommit(lsn)
                }
            }
            return result
        }
    }

    /// A SERIALIZABLE transaction, retried when PostgreSQL reports a serialization failure or a
    /// deadlock, up to `maximumAttempts` times in all. `body` must be safe to run again.
    public func withSerializableTransaction<Result: Sendable>(
        maximumAttempts: Int = 5,
        _ body: (PostgresTransaction) async throws -> Result
    ) async throws -> Result {
        var attempt = 1
        while true {
            do {
                return try await withTransaction(isolation: .serializable, body)
            } catch let error as PostgresError where error.isRetryableTransactionFailure && attempt < maximumAttempts {
                attempt += 1
                // Jittered backoff so the conflicting transactions do not collide again at once.
                try await Task.sleep(for: .milliseconds(Int.random(in: 1...(5 * attempt))))
            }
        }
    }

    private func runOnce(_ sql: String, _ parameters: [any PostgresEncodable], on target: PostgresPool? = nil) async throws -> PostgresRows {
        let start = ContinuousClock.now
        defer { statistics?.record(ContinuousClock.now - start, sql: sql) }
        return try await StatementTracing.traced(sql) { try await (target ?? pool).query(sql, parameters) }
    }
}

public enum PostgresIsolationLevel: Sendable {
    case readCommitted
    case repeatableRead
    case serializable

    var sql: String {
        switch self {
        case .readCommitted: "READ COMMITTED"
        case .repeatableRead: "REPEATABLE READ"
        case .serializable: "SERIALIZABLE"
        }
    }
}

/// An open transaction: every statement runs on its one connection.
public struct PostgresTransaction: PostgresQuerying {
    public let connection: PostgresConnection
    let statistics: QueryStatistics?

    public func query(_ sql: String, _ parameters: [any PostgresEncodable]) async throws -> PostgresRows {
        let start = ContinuousClock.now
        defer { statistics?.record(ContinuousClock.now - start, sql: sql) }
        return try await StatementTracing.traced(sql) { try await connection.query(sql, parameters) }
    }
}
