import Foundation
import Postgres
import Testing
import TestSupport

@Suite struct ErrorTests {
    @Test func constraintViolationsCarryTheirSQLState() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let db = database.database
        _ = try await db.query("CREATE TABLE parent (id int PRIMARY KEY)")
        _ = try await db.query("CREATE TABLE child (parent_id int REFERENCES parent (id))")
        _ = try await db.query("INSERT INTO parent VALUES ($1)", [1])

        let unique = await #expect(throws: PostgresError.self) {
            _ = try await db.query("INSERT INTO parent VALUES ($1)", [1])
        }
        #expect(unique?.isUniqueViolation == true)
        #expect(unique?.constraint == "parent_pkey")

        let foreignKey = await #expect(throws: PostgresError.self) {
            _ = try await db.query("INSERT INTO child VALUES ($1)", [2])
        }
        #expect(foreignKey?.isForeignKeyViolation == true)
    }

    @Test func statementTimeoutIsAQueryCanceledError() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let pool = PostgresPool(configuration: .init(conninfo: database.url, size: 1, statementTimeout: .milliseconds(100)))
        defer { Task { await pool.close() } }
        let error = await #expect(throws: PostgresError.self) {
            _ = try await PostgresDatabase(pool: pool).query("SELECT pg_sleep(5)")
        }
        #expect(error?.isQueryCanceled == true)
    }

    @Test func cancellingTheTaskCancelsTheStatementOnTheServer() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let db = database.database
        let start = ContinuousClock.now
        let task = Task { try await db.query("SELECT pg_sleep(10)") }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        let result = await task.result
        #expect(ContinuousClock.now - start < .seconds(5))
        switch result {
        case .success: Issue.record("The sleep should have been cancelled")
        case .failure(let error):
            #expect((error as? PostgresError)?.isQueryCanceled == true || error is CancellationError)
        }
        // The connection is usable afterwards.
        #expect(try await db.query("SELECT 1::int4")[0].decode(Int32.self, at: 0) == 1)
    }

    @Test func aBadURLIsAConnectionErrorNotACrash() async throws {
        let error = await #expect(throws: PostgresError.self) {
            _ = try await PostgresConnection.connect("postgresql:///nope?host=/nonexistent-socket-dir")
        }
        #expect(error?.kind == .connection)
    }
}
