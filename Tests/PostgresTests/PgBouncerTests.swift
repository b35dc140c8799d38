import Foundation
import Postgres
import Testing
import TestSupport

/// Through a real PgBouncer (Debian's 1.18) in transaction pooling mode, which does not carry
/// named prepared statements from one transaction to the next (issue #32, scale-out).
@Suite(.serialized) struct PgBouncerTests {
    @Test func statementsAndTransactionsWorkThroughATransactionPoolingPgBouncer() async throws {
        let folder = try Scratch.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let primary = try await ScratchCluster.primary(in: folder, port: 5432)
        defer { primary.stop() }
        let direct = PostgresPool(configuration: .init(conninfo: primary.url(), size: 1))
        defer { Task { await direct.close() } }
        try await primary.setDecoderSettingsAsDefaults()
        let bouncer = try await ScratchPgBouncer.start(in: folder, in: primary, serverConnections: 2)
        defer { bouncer.stop() }
        _ = try await PostgresDatabase(pool: direct).query("CREATE TABLE counts (id int PRIMARY KEY, n int NOT NULL)")
        _ = try await PostgresDatabase(pool: direct).query("INSERT INTO counts SELECT g, 0 FROM generate_series(1, 8) g")

        // Without the mode, the named statements of 8 connections meet on 2 server sessions and fail.
        var plain = PostgresPool.Configuration(conninfo: bouncer.url, size: 8)
        plain.statementTimeout = nil
        let plainPool = PostgresPool(configuration: plain)
        let plainFailures = await hammer(PostgresDatabase(pool: plainPool))
        await plainPool.close()
        #expect(plainFailures > 0, "named prepared statements should not survive transaction pooling")

        var configuration = PostgresPool.Configuration(conninfo: bouncer.url, size: 8)
        configuration.pooler = .pgbouncerTransaction
        configuration.statementTimeout = nil
        let pool = PostgresPool(configuration: configuration)
        defer { Task { await pool.close() } }
        let database = PostgresDatabase(pool: pool)
        _ = try await PostgresDatabase(pool: direct).query("UPDATE counts SET n = 0")
        #expect(await hammer(database) == 0)
        let total = try await database.query("SELECT sum(n)::int FROM counts")[0].decode(Int.self, at: 0)
        #expect(total == 8 * 50)
        // The decoders' settings come from the database's defaults.
        let timestamp = try await database.query("SELECT timestamptz '2026-01-02 03:04:05+02'")[0].decode(Date.self, at: 0)
        #expect(timestamp == Date(timeIntervalSince1970: 1_767_315_845))
    }

    /// A LISTEN through a transaction pooler would hear nothing (its session is lent to whoever
    /// comes next): listeners connect to the primary directly, or not at all.
    @Test func listenersNeverConnectThroughATransactionPooler() {
        var configuration = PostgresPool.Configuration(conninfo: "host=pgbouncer")
        #expect(configuration.listeningConninfo == "host=pgbouncer")
        configuration.pooler = .pgbouncerTransaction
        #expect(configuration.listeningConninfo == nil)
        configuration.listenConninfo = "host=primary"
        #expect(configuration.listeningConninfo == "host=primary")
    }

    @Test func aServerWithoutTheDecodersSettingsIsRefusedWithTheFix() async throws {
        let folder = try Scratch.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let primary = try await ScratchCluster.primary(in: folder, port: 5432)
        defer { primary.stop() }
        let bouncer = try await ScratchPgBouncer.start(in: folder, in: primary, serverConnections: 2)
        defer { bouncer.stop() }
        var configuration = PostgresPool.Configuration(conninfo: bouncer.url, size: 1)
        configuration.pooler = .pgbouncerTransaction
        let pool = PostgresPool(configuration: configuration)
        defer { Task { await pool.close() } }
        let error = await #expect(throws: PostgresError.self) { try await PostgresDatabase(pool: pool).query("SELECT 1") }
        #expect(error?.message.contains("ALTER ROLE") == true)
    }

    /// 400 transactions and statements from 8 connections at once; returns how many failed.
    private func hammer(_ database: PostgresDatabase) async -> Int {
        await withTaskGroup(of: Int.self) { group in
            for worker in 1...8 {
                group.addTask {
                    var failures = 0
                    for _ in 0..<50 {
                        do {
                            try await database.withTransaction { transaction in
                                _ = try await transaction.query("UPDATE counts SET n = n + 1 WHERE id = $1", [worker])
                                _ = try await transaction.query("SELECT n FROM counts WHERE id = $1", [worker])
                            }
                            _ = try await database.query("SELECT n, $2::text FROM counts WHERE id = $1", [worker, "x"])
                        } catch {
                            failures += 1
                        }
                    }
                    return failures
                }
            }
            return await group.reduce(0, +)
        }
    }
}
