import Foundation
import Postgres
import Testing
import TestSupport

@Suite struct MigrationRunnerTests {
    private func folder(_ files: [String: String]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("migrations-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, text) in files {
            try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return directory
    }

    @Test func appliesInVersionOrderOnceAndRecordsChecksums() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        // 0010 sorts after 0002 numerically though not as text of different widths.
        let directory = try folder([
            "0010_add_column.sql": "ALTER TABLE things ADD COLUMN label text;",
            "0002_create.sql": "CREATE TABLE things (id int); INSERT INTO things VALUES (1);",
            "README.md": "not a migration",
        ])
        let runner = MigrationRunner(migrations: try Migration.load(from: directory), pool: database.pool)
        let applied = try await runner.migrate()
        #expect(applied.map(\.version) == [2, 10])
        #expect(try await runner.migrate().isEmpty)
        let status = try await runner.status()
        #expect(status.isCurrent)
        #expect(status.applied.map(\.name) == ["create", "add_column"])
        #expect(status.applied.allSatisfy { $0.checksum.count == 64 })
    }

    @Test func refusesAnEditedAppliedFileNamingIt() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let directory = try folder(["0001_init.sql": "CREATE TABLE a (id int);"])
        try await MigrationRunner(migrations: try Migration.load(from: directory), pool: database.pool).migrate()
        try "CREATE TABLE a (id bigint);".write(
            to: directory.appendingPathComponent("0001_init.sql"), atomically: true, encoding: .utf8)
        let edited = MigrationRunner(migrations: try Migration.load(from: directory), pool: database.pool)
        let error = await #expect(throws: MigrationError.self) { try await edited.migrate() }
        #expect(error?.message.contains("0001_init.sql was edited after it was applied") == true)
        #expect(try await edited.status().isCurrent == false)
    }

    @Test func aFailingMigrationIsRolledBackAndNamed() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let directory = try folder([
            "0001_ok.sql": "CREATE TABLE ok (id int);",
            "0002_broken.sql": "CREATE TABLE half (id int); SELECT * FROM no_such_table;",
        ])
        let runner = MigrationRunner(migrations: try Migration.load(from: directory), pool: database.pool)
        let error = await #expect(throws: MigrationError.self) { try await runner.migrate() }
        #expect(error?.message.contains("0002_broken.sql failed") == true)
        let tables = try await database.database.query(
            "SELECT to_regclass('ok') IS NOT NULL, to_regclass('half') IS NOT NULL")
        #expect(try tables[0].decode((Bool, Bool).self) == (true, false))
        #expect(try await runner.status().pending.map(\.version) == [2])
    }

    @Test func concurrentRunnersApplyEachMigrationOnce() async throws {
        let database = try await TestDatabase.create(poolSize: 4)
        defer { Task { await database.drop() } }
        let directory = try folder([
            "0001_slow.sql": "SELECT pg_sleep(0.3); CREATE TABLE once (id int);",
            "0002_more.sql": "INSERT INTO once VALUES (1);",
        ])
        let migrations = try Migration.load(from: directory)
        let results = try await withThrowingTaskGroup(of: [Migration].self) { group in
            for _ in 0..<3 {
                group.addTask {
                    // Each runner has its own pool, as separate server processes would.
                    let pool = PostgresPool(configuration: .init(conninfo: database.url, size: 1, acquireTimeout: .seconds(30)))
                    defer { Task { await pool.close() } }
                    return try await MigrationRunner(migrations: migrations, pool: pool).migrate()
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.map(\.count).sorted() == [0, 0, 2])
        #expect(try await database.database.query("SELECT count(*) FROM once")[0].decode(Int.self, at: 0) == 1)
    }

    @Test func badFileNamesAndDuplicateVersionsAreRefused() throws {
        let badName = try folder(["create_things.sql": ""])
        #expect(throws: MigrationError.self) { try Migration.load(from: badName) }
        let duplicate = try folder(["0001_a.sql": "", "001_b.sql": ""])
        let error = #expect(throws: MigrationError.self) { try Migration.load(from: duplicate) }
        #expect(error?.message.contains("have the same version number") == true)
    }

    @Test func theRepositoryMigrationsApplyCleanly() async throws {
        let database = try await MigratedTemplate.database()
        defer { Task { await database.drop() } }
        let tables = try await database.database.query(
            "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public' AND table_name IN ('users', 'products', 'diary_entries')")
        #expect(try tables[0].decode(Int.self, at: 0) == 3)
    }
}
