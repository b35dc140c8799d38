import Foundation
import Postgres
import Testing
import TestSupport

/// Statements sent without blocking, their answers read by the socket reactor: the same answers,
/// errors, cancellation and recovery as on a connection's own thread. A statement takes that way
/// once it is prepared on its connection, so each test runs its statement once first.
@Suite struct SocketReactorTests {
    @Test func preparedStatementsAreSentWithoutBlockingAndAnsweredAlike() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        for sendsWithoutBlocking in [true, false] {
            var configuration = PostgresPool.Configuration(conninfo: database.url, size: 3, acquireTimeout: .seconds(30))
            configuration.sendsWithoutBlocking = sendsWithoutBlocking
            let pool = PostgresPool(configuration: configuration)
            let db = PostgresDatabase(pool: pool)
            // As many callers as connections, so that none waits: a statement that waits shares a
            // round trip with others on the connection's thread. Every seventh divides by zero:
            // errors come back through the reactor too.
            let outcomes = await withTaskGroup(of: [(Int64, Result<Int64, any Error>)].self) { group in
                for caller in Int64(0)..<3 {
                    group.addTask {
                        var outcomes: [(Int64, Result<Int64, any Error>)] = []
                        for value in stride(from: caller * 100 + 1, through: caller * 100 + 100, by: 1) {
                            do {
                                let rows = try await db.query("SELECT 700 / ($1::int8 % 7)", [value])
                                outcomes.append((value, .success(try rows[0].decode(Int64.self, at: 0))))
                            } catch {
                                outcomes.append((value, .failure(error)))
                            }
                        }
                        return outcomes
                    }
                }
                return await group.reduce(into: []) { $0 += $1 }
            }
            #expect(outcomes.count == 300)
            for (value, outcome) in outcomes {
                switch outcome {
                case .success(let quotient): #expect(value % 7 != 0 && quotient == 700 / (value % 7))
                case .failure(let error): #expect(value % 7 == 0 && (error as? PostgresError)?.sqlState == "22012")
                }
            }
            let sent = await pool.statistics.statementsSentWithoutBlocking
            if sendsWithoutBlocking { #expect(sent >= 290, "\(sent)") } else { #expect(sent == 0) }
            #expect(try await pool.withConnection { await $0.isInTransaction } == false)
            await pool.close()
        }
    }

    @Test func anAnswerLargerThanTheSocketsBufferArrivesWhole() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let pool = PostgresPool(configuration: .init(conninfo: database.url, size: 1, acquireTimeout: .seconds(30)))
        defer { Task { await pool.close() } }
        let db = PostgresDatabase(pool: pool)
        let sql = "SELECT n, repeat('x', 100) FROM generate_series(1, $1::int4) AS n"
        _ = try await db.query(sql, [Int32(1)])
        // About 11 MB: the reactor is woken many times before the answer is whole.
        let rows = try await db.query(sql, [Int32(100_000)])
        #expect(rows.count == 100_000)
        #expect(try rows[99_999].decode(Int32.self, at: 0) == 100_000)
        #expect(await pool.statistics.statementsSentWithoutBlocking == 1)
    }

    /// The reactor keeps a socket registered between statements. A transaction reads the same
    /// socket on the connection's own thread, and the reactor sees those answers arrive with
    /// nobody waiting: the statements sent without blocking afterwards must still be answered.
    @Test func aSocketAlsoReadOnItsConnectionsThreadIsStillAnswered() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let pool = PostgresPool(configuration: .init(conninfo: database.url, size: 1, acquireTimeout: .seconds(30)))
        defer { Task { await pool.close() } }
        let db = PostgresDatabase(pool: pool)
        let sql = "SELECT $1::int8 * 2"
        for value in Int64(1)...200 {
            let doubled = try await answered { try await db.query(sql, [value])[0].decode(Int64.self, at: 0) }
            #expect(doubled == value * 2)
            // One statement, or several (each answer a separate arrival on the socket).
            let count = Int(value % 3) + 1
            let sum = try await answered {
                try await db.withTransaction { transaction in
                    var sum: Int64 = 0
                    for index in 0..<count {
                        sum += try await transaction.query("SELECT $1::int8 + 1", [value + Int64(index)])[0].decode(Int64.self, at: 0)
                    }
                    return sum
                }
            }
            #expect(sum == (0..<Int64(count)).reduce(0) { $0 + value + $1 + 1 })
        }
        #expect(await pool.statistics.statementsSentWithoutBlocking >= 199)
    }

    @Test func aStatementTheReactorWaitsForIsCancelledOnTheServer() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let pool = PostgresPool(configuration: .init(conninfo: database.url, size: 1, acquireTimeout: .seconds(30)))
        defer { Task { await pool.close() } }
        let db = PostgresDatabase(pool: pool)
        _ = try await db.query("SELECT pg_sleep($1::float8)", [0.0])
        let sleeper = Task { try await db.query("SELECT pg_sleep($1::float8)", [60.0]) }
        try await until { await pool.statistics.statementsSentWithoutBlocking == 1 }
        try await Task.sleep(for: .milliseconds(100))
        let start = ContinuousClock.now
        sleeper.cancel()
        let result = await sleeper.result
        #expect(ContinuousClock.now - start < .seconds(10))
        switch result {
        case .success: Issue.record("The sleep should have been cancelled.")
        case .failure(let error):
            #expect(error is CancellationError || (error as? PostgresError)?.sqlState == "57014", "\(error)")
        }
        #expect(try await db.query("SELECT 2::int4")[0].decode(Int32.self, at: 0) == 2)
    }

    @Test func aConnectionLostWhileTheReactorWaitsIsReplaced() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let pool = PostgresPool(configuration: .init(conninfo: database.url, size: 1, acquireTimeout: .seconds(30)))
        defer { Task { await pool.close() } }
        let sql = "SELECT pg_sleep($1::float8), pg_backend_pid()"
        let pid = try await pool.query(sql, [0.0])[0].decode(Int32.self, at: 1)
        let sleeper = Task { try await pool.query(sql, [60.0]) }
        try await until { await pool.statistics.statementsSentWithoutBlocking == 1 }
        try await terminate(backend: pid)
        let error = await #expect(throws: PostgresError.self) { _ = try await sleeper.value }
        #expect(error?.kind == .connection)
        let next = try await pool.query(sql, [0.0])[0].decode(Int32.self, at: 1)
        #expect(next != pid)
    }

    @Test func aStatementWhosePlanWentStaleIsPreparedAgain() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let pool = PostgresPool(configuration: .init(conninfo: database.url, size: 1, acquireTimeout: .seconds(30)))
        defer { Task { await pool.close() } }
        _ = try await pool.query("CREATE TABLE shelf (id int4)")
        _ = try await pool.query("INSERT INTO shelf VALUES (1)")
        let sql = "SELECT * FROM shelf WHERE id = $1::int4"
        #expect(try await pool.query(sql, [Int32(1)]).columnNames == ["id"])
        _ = try await pool.query("ALTER TABLE shelf ADD COLUMN name text")
        // The prepared plan's result type changed: PostgreSQL refuses it, and it is prepared again.
        #expect(try await pool.query(sql, [Int32(1)]).columnNames == ["id", "name"])
    }

    @Test func aConnectionLostWhileTheReactorReadsABatchFailsItsStatementsAndIsReplaced() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let pool = PostgresPool(configuration: .init(conninfo: database.url, size: 1, acquireTimeout: .seconds(30)))
        defer { Task { await pool.close() } }
        let sql = "SELECT pg_sleep($1::float8), pg_backend_pid()"
        let pid = try await pool.query(sql, [0.0])[0].decode(Int32.self, at: 1)
        let sentBefore = await pool.statistics.statementsSentWithoutBlocking
        let first = Task { try await pool.query(sql, [60.0]) }
        try await until { await pool.statistics.inUse == 1 }
        let quick = Task { try await pool.query(sql, [0.0])[0].decode(Int32.self, at: 1) }
        try await until { await pool.statistics.waiting == 1 }
        let long = Task { try await pool.query(sql, [60.0]) }
        try await until { await pool.statistics.waiting == 2 }
        // The first ends; the two queued behind it go out together, and the second sleeps.
        first.cancel()
        _ = await first.result
        try await until { await pool.statistics.statementsSentWithoutBlocking == sentBefore + 3 }
        try await terminate(backend: pid)
        let error = await #expect(throws: PostgresError.self) { _ = try await long.value }
        #expect(error?.kind == .connection)
        // Its answer came before the loss; whether it was read before it depends on the timing.
        switch await quick.result {
        case .success(let backend): #expect(backend == pid)
        case .failure(let error): #expect((error as? PostgresError)?.kind == .connection, "\(error)")
        }
        let next = try await pool.query(sql, [0.0])[0].decode(Int32.self, at: 1)
        #expect(next != pid)
    }

    @Test func queuedStatementsGoOutInOneRoundTripWithoutBlockingAndKeepTheirOwnAnswers() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let pool = PostgresPool(configuration: .init(conninfo: database.url, size: 1, acquireTimeout: .seconds(30)))
        defer { Task { await pool.close() } }
        let db = PostgresDatabase(pool: pool)
        _ = try await pool.query("CREATE TABLE shelf (id int4)")
        _ = try await pool.query("INSERT INTO shelf VALUES (1)")
        let divide = "SELECT 700 / ($1::int8 % 7)"
        let shelf = "SELECT * FROM shelf WHERE id = $1::int4"
        let next = "SELECT $1::int4 + 1"
        // Each prepared on the connection once, and the shelf's plan made stale.
        _ = try await db.query(divide, [Int64(1)])
        _ = try await db.query(shelf, [Int32(1)])
        _ = try await db.query(next, [Int32(1)])
        _ = try await pool.query("ALTER TABLE shelf ADD COLUMN name text")
        let sentBefore = await pool.statistics.statementsSentWithoutBlocking

        let first = Task { try await db.query("SELECT pg_sleep(60)") }
        try await until { await pool.statistics.inUse == 1 }
        let quotient = Task { try await db.query(divide, [Int64(3)])[0].decode(Int64.self, at: 0) }
        try await until { await pool.statistics.waiting == 1 }
        let byZero = Task { try await db.query(divide, [Int64(7)]) }
        try await until { await pool.statistics.waiting == 2 }
        let stale = Task { try await db.query(shelf, [Int32(1)]).columnNames }
        try await until { await pool.statistics.waiting == 3 }
        let successor = Task { try await db.query(next, [Int32(41)])[0].decode(Int32.self, at: 0) }
        try await until { await pool.statistics.waiting == 4 }
        // When the first ends, the four queued behind it go out together.
        first.cancel()
        _ = await first.result

        #expect(try await quotient.value == 233)
        let error = await #expect(throws: PostgresError.self) { _ = try await byZero.value }
        #expect(error?.sqlState == "22012")
        // PostgreSQL refused the stale plan; it was prepared again, on the connection's thread.
        #expect(try await stale.value == ["id", "name"])
        #expect(try await successor.value == 42)
        let statistics = await pool.statistics
        #expect(statistics.sharedRoundTripStatements == 4)
        #expect(statistics.statementsSentWithoutBlocking - sentBefore == 4)
        #expect(try await pool.withConnection { await $0.isInTransaction } == false)
    }

    /// Ends a connection's server process, as an administrator or a restart would.
    private func terminate(backend pid: Int32) async throws {
        let admin = try await PostgresConnection.connect(try TestDatabase.serverURL())
        _ = try await admin.query("SELECT pg_terminate_backend($1)", [pid])
        await admin.close()
    }
}
