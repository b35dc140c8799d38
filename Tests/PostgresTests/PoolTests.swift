import Foundation
import Postgres
import Synchronization
import Testing
import TestSupport

@Suite struct PoolTests {
    @Test func waitersTimeOutWhenThePoolIsExhausted() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let pool = PostgresPool(configuration: .init(conninfo: database.url, size: 1, acquireTimeout: .milliseconds(200)))
        defer { Task { await pool.close() } }
        try await open(pool)
        let holder = hold(pool)
        try await until { await pool.statistics.inUse == 1 }
        let error = await #expect(throws: PostgresError.self) {
            try await pool.withConnection { _ in }
        }
        #expect(error?.kind == .poolTimeout)
        #expect((await pool.statistics).inUse == 1)
        holder.cancel()
        _ = await holder.result
        // Once returned, the connection serves the next caller.
        try await pool.withConnection { _ in }
    }

    @Test func queuedStatementsTimeOutOrCanBeCancelled() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        // Long enough that the queued statement below is cancelled before it would time out, however
        // slowly a loaded machine schedules the test.
        let pool = PostgresPool(configuration: .init(conninfo: database.url, size: 1, acquireTimeout: .seconds(1)))
        defer { Task { await pool.close() } }
        let db = PostgresDatabase(pool: pool)
        try await open(pool)
        let holder = hold(pool)
        try await until { await pool.statistics.inUse == 1 }
        let timedOut = await #expect(throws: PostgresError.self) { _ = try await db.query("SELECT 1") }
        #expect(timedOut?.kind == .poolTimeout)

        let queued = Task { try await db.query("SELECT 1") }
        try await until { await pool.statistics.waiting == 1 }
        queued.cancel()
        await #expect(throws: CancellationError.self) { _ = try await queued.value }
        #expect((await pool.statistics).waiting == 0)
        holder.cancel()
        _ = await holder.result
        #expect(try await db.query("SELECT 2::int4")[0].decode(Int32.self, at: 0) == 2)
    }

    @Test func statementsSharingARoundTripKeepTheirOwnResultsAndErrors() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let pool = PostgresPool(configuration: .init(conninfo: database.url, size: 2, acquireTimeout: .seconds(30)))
        defer { Task { await pool.close() } }
        let db = PostgresDatabase(pool: pool)
        // Many more statements than connections, so queued ones share round trips; every seventh
        // divides by zero.
        let outcomes = await withTaskGroup(of: (Int64, Result<Int64, any Error>).self) { group in
            for value in Int64(1)...400 {
                group.addTask {
                    do {
                        let rows = try await db.query("SELECT 700 / ($1::int8 % 7)", [value])
                        return (value, .success(try rows[0].decode(Int64.self, at: 0)))
                    } catch {
                        return (value, .failure(error))
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.count == 400)
        for (value, outcome) in outcomes {
            switch outcome {
            case .success(let quotient): #expect(value % 7 != 0 && quotient == 700 / (value % 7))
            case .failure(let error): #expect(value % 7 == 0 && (error as? PostgresError)?.sqlState == "22012")
            }
        }
        #expect((await pool.statistics).sharedRoundTripStatements > 0)
        #expect(try await pool.withConnection { await $0.isInTransaction } == false)
    }

    @Test func aStatementSharingARoundTripIsAnsweredAtOnceWhenCancelled() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let pool = PostgresPool(configuration: .init(conninfo: database.url, size: 1, acquireTimeout: .seconds(30)))
        defer { Task { await pool.close() } }
        let db = PostgresDatabase(pool: pool)
        try await open(pool)
        let first = Task { try await db.query("SELECT pg_sleep(60)") }
        try await until { await pool.statistics.inUse == 1 }
        // Queued behind it; when it ends, the three go out in one round trip.
        let slow = Task { try await db.query("SELECT 1::int4 FROM pg_sleep(3)")[0].decode(Int32.self, at: 0) }
        try await until { await pool.statistics.waiting == 1 }
        let cancelled = Task { try await db.query("SELECT 2::int4")[0].decode(Int32.self, at: 0) }
        try await until { await pool.statistics.waiting == 2 }
        let last = Task { try await db.query("SELECT 3::int4")[0].decode(Int32.self, at: 0) }
        try await until { await pool.statistics.waiting == 3 }
        first.cancel()
        _ = await first.result
        try await until { await pool.statistics.sharedRoundTripStatements == 3 }
        let start = ContinuousClock.now
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { _ = try await cancelled.value }
        // Well before the batch's 3 s sleep ends, with room for a loaded machine to schedule the
        // task (500 ms was once exceeded with the other suites running beside it).
        #expect(ContinuousClock.now - start < .milliseconds(1500))
        #expect(try await slow.value == 1)
        #expect(try await last.value == 3)
    }

    @Test func aStatementCannotLeaveATransactionOpen() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let pool = PostgresPool(configuration: .init(conninfo: database.url, size: 1, acquireTimeout: .seconds(30)))
        defer { Task { await pool.close() } }
        _ = try await PostgresDatabase(pool: pool).query("BEGIN")
        #expect(try await pool.withConnection { await $0.isInTransaction } == false)
    }

    @Test func aStatementMarkedToPlanEachExecutionIsNotPrepared() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        // One connection, so that every statement below meets the same prepared statements.
        let pool = PostgresPool(configuration: .init(conninfo: database.url, size: 1, acquireTimeout: .seconds(30)))
        defer { Task { await pool.close() } }
        let db = PostgresDatabase(pool: pool)
        for value in Int64(1)...7 {
            let planned = try await db.query(PostgresConnection.planEachExecution + "SELECT $1::int8 AS planned", [value])
            #expect(try planned[0].decode(Int64.self, at: 0) == value)
            _ = try await db.query("SELECT $1::int8 AS prepared", [value])
        }
        let prepared = try await db.query("SELECT statement FROM pg_prepared_statements").map { try $0.decode(String.self, at: 0) }
        #expect(prepared.contains { $0.contains("AS prepared") })
        #expect(!prepared.contains { $0.contains("AS planned") }, "\(prepared)")
    }

    /// Prepared statements are found by a key that hashes a text's length and ends only
    /// (`PreparedStatementKey`): texts alike there must still be prepared and answered apart.
    @Test func statementsAlikeAtBothEndsArePreparedApart() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let pool = PostgresPool(configuration: .init(conninfo: database.url, size: 1, acquireTimeout: .seconds(30)))
        defer { Task { await pool.close() } }
        let db = PostgresDatabase(pool: pool)
        let ends = String(repeating: " ", count: 100)
        for _ in 0..<3 {
            for letter in ["a", "b", "c"] {
                let rows = try await db.query("SELECT\(ends)'\(letter)'::text,\(ends)$1::int8", [Int64(7)])
                #expect(try rows[0].decode(String.self, at: 0) == letter)
            }
        }
        let prepared = try await db.query("SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE $1", ["SELECT\(ends)%"])
        #expect(try prepared[0].decode(Int64.self, at: 0) == 3)
    }

    @Test func manyConcurrentQueriesShareABoundedPool() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let pool = PostgresPool(configuration: .init(conninfo: database.url, size: 3, acquireTimeout: .seconds(30)))
        defer { Task { await pool.close() } }
        let db = PostgresDatabase(pool: pool)
        let sum = try await withThrowingTaskGroup(of: Int64.self) { group in
            for value in 1...200 {
                group.addTask { try await db.query("SELECT $1::int8", [Int64(value)])[0].decode(Int64.self, at: 0) }
            }
            return try await group.reduce(0, +)
        }
        #expect(sum == 200 * 201 / 2)
        #expect((await pool.statistics).open <= 3)
    }

    @Test func brokenConnectionsAreReplaced() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let pool = PostgresPool(configuration: .init(conninfo: database.url, size: 2, acquireTimeout: .seconds(30)))
        defer { Task { await pool.close() } }
        let db = PostgresDatabase(pool: pool)
        let pids = try await withThrowingTaskGroup(of: Int32.self) { group in
            for _ in 0..<2 {
                group.addTask { try await pool.withConnection { connection in
                    _ = try await connection.query("SELECT pg_sleep(0.05)")
                    return connection.backendPID
                } }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        // Kill both backends, as a server restart would.
        let admin = try await PostgresConnection.connect(try TestDatabase.serverURL())
        for pid in pids { _ = try await admin.query("SELECT pg_terminate_backend($1)", [pid]) }
        await admin.close()
        try await Task.sleep(for: .milliseconds(100))
        for _ in 0..<5 {
            #expect(try await db.query("SELECT 1::int4")[0].decode(Int32.self, at: 0) == 1)
        }
    }

    @Test func statisticsCountStatements() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let statistics = QueryStatistics()
        let db = PostgresDatabase(pool: database.pool, statistics: statistics)
        _ = try await db.query("SELECT 1")
        try await db.withTransaction { transaction in
            _ = try await transaction.query("SELECT 2")
            _ = try await transaction.query("SELECT 3")
        }
        #expect(statistics.snapshot.statementCount == 3)
        #expect(statistics.snapshot.totalDuration > .zero)
    }

    /// What a slow request's log line shows of its transactions' wait for a connection: a statement
    /// outside a transaction waits inside its own duration, a transaction before its first one.
    @Test func statisticsCountHowLongTransactionsWaitedForAConnection() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let pool = PostgresPool(configuration: .init(conninfo: database.url, size: 1, acquireTimeout: .seconds(10)))
        defer { Task { await pool.close() } }
        try await open(pool)
        let statistics = QueryStatistics()
        let db = PostgresDatabase(pool: pool, statistics: statistics)
        try await db.withTransaction { _ = try await $0.query("SELECT 1") }
        #expect(statistics.snapshot.connectionWait < .milliseconds(100))

        let held = Duration.milliseconds(300)
        let holder = hold(pool, untilWaiting: 1, thenFor: held)
        try await until { await pool.statistics.inUse == 1 }
        let before = statistics.snapshot.connectionWait
        try await db.withTransaction { _ = try await $0.query("SELECT 2") }
        try await holder.value
        let waited = statistics.snapshot.connectionWait - before
        #expect(waited >= held && waited < .seconds(10), "waited \(waited)")
        #expect(statistics.snapshot.statementCount == 2)
    }

    @Test func howLongEachRequestWaitedForAConnectionIsObserved() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let waits = Mutex<[Duration]>([])
        var configuration = PostgresPool.Configuration(conninfo: database.url, size: 1, acquireTimeout: .seconds(10))
        configuration.waitObserver = { waited in waits.withLock { $0.append(waited) } }
        let pool = PostgresPool(configuration: configuration)
        defer { Task { await pool.close() } }
        let db = PostgresDatabase(pool: pool)
        try await open(pool)
        waits.withLock { $0.removeAll() }

        // A free connection: no wait.
        _ = try await db.query("SELECT 1")
        #expect(waits.withLock { $0 } == [.zero])
        // A transaction holds the only connection until a statement and another transaction queue
        // behind it, and then a while longer.
        let held = Duration.milliseconds(200)
        let holder = hold(pool, untilWaiting: 2, thenFor: held)
        try await until { await pool.statistics.inUse == 1 }
        let statement = Task { try await db.query("SELECT 2") }
        let lease = Task { try await pool.withConnection { _ in } }
        try await holder.value
        _ = try await statement.value
        try await lease.value
        let observed = waits.withLock { $0 }
        #expect(observed.count == 4)
        #expect(observed.filter { $0 == .zero }.count == 2, "waits: \(observed)")
        #expect(observed.filter { $0 >= held && $0 < .seconds(10) }.count == 2, "waits: \(observed)")
    }

    /// Holds the pool's connection until cancelled (cancelling its statement).
    private func hold(_ pool: PostgresPool) -> Task<Void, any Error> {
        Task {
            try await pool.withConnection { connection in
                _ = try await connection.query("SELECT pg_sleep(60)")
            }
        }
    }

    /// Holds the pool's connection until `count` requests wait for it, and `duration` longer.
    private func hold(_ pool: PostgresPool, untilWaiting count: Int, thenFor duration: Duration) -> Task<Void, any Error> {
        Task {
            try await pool.withConnection { _ in
                try await until { await pool.statistics.waiting == count }
                try await Task.sleep(for: duration)
            }
        }
    }

    /// Opens the pool's connection before a test times anything: waiting includes opening one, and
    /// on a loaded machine that alone can exceed a short acquire timeout. The connection opened for
    /// a request that timed out stays in the pool, so a retry finds it.
    private func open(_ pool: PostgresPool) async throws {
        for _ in 0..<50 {
            if (try? await pool.withConnection({ _ in })) != nil { return }
        }
        try await pool.withConnection { _ in }
    }
}
