import Foundation
@testable import Postgres
import Testing
import TestSupport

/// Reads on a real streaming replica (issue #32, scale-out): a primary of the test's own and a
/// replica of it made with `pg_basebackup -R`. Reads go to the replica; a writer's reads go to the
/// primary until the replica has replayed their write (by WAL position); a down replica costs
/// nothing but the offloading.
@Suite(.serialized) struct ReplicaRoutingTests {
    @Test func readsGoToAReplicaThatHasReplayedTheReadersOwnWrites() async throws {
        let folder = try Scratch.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let primary = try await ScratchCluster.primary(in: folder, port: 5432)
        defer { primary.stop() }
        let primaryPool = PostgresPool(configuration: .init(conninfo: primary.url(), size: 2))
        defer { Task { await primaryPool.close() } }
        _ = try await PostgresDatabase(pool: primaryPool).query("CREATE TABLE notes (id int PRIMARY KEY, body text)")
        let replica = try await ScratchCluster.replica(of: primary, in: folder, port: 5432)
        defer { replica.stop() }
        let replicaPool = PostgresPool(configuration: .init(conninfo: replica.url(), size: 2, acquireTimeout: .seconds(2)))
        let replicas = PostgresReplicaSet(
            pools: [replicaPool], configuration: .init(checkInterval: .milliseconds(50), maximumLag: .seconds(300)))
        await replicas.start()
        defer { Task { await replicas.close() } }
        let positions = PostgresWritePositions()
        // As FoodGraphApplication makes a query's database: commits noted for the user, reads routed.
        func database(for user: Int64) -> PostgresDatabase {
            var database = PostgresDatabase(pool: primaryPool)
            database.onCommit = { positions.record($0, for: user) }
            database.readRoute = PostgresReadRoute(replicas: replicas, minimumLSN: positions.minimumLSN(for: user))
            return database
        }
        func isReplica(_ database: PostgresDatabase) async throws -> Bool {
            try await database.query("SELECT pg_is_in_recovery()")[0].decode(Bool.self, at: 0)
        }
        func notes(_ database: PostgresDatabase) async throws -> Int {
            try await database.query("SELECT count(*) FROM notes")[0].decode(Int.self, at: 0)
        }

        // Plain reads go to the replica; a transaction, even one that only reads, to the primary.
        try await until(within: .seconds(30)) { replicas.replicas[0].replayedLSN != nil }
        #expect(try await isReplica(database(for: 1)))
        let inTransaction = try await database(for: 1).withTransaction {
            try await $0.query("SELECT pg_is_in_recovery()")[0].decode(Bool.self, at: 0)
        }
        #expect(inTransaction == false)

        // The replica stops replaying; user 1 writes.
        let replicaDirect = PostgresDatabase(pool: replicaPool)
        _ = try await replicaDirect.query("SELECT pg_wal_replay_pause()")
        try await until(within: .seconds(30)) { try await replicaDirect.query("SELECT pg_get_wal_replay_pause_state()")[0].decode(String.self, at: 0) == "paused" }
        try await database(for: 1).withTransaction { _ = try await $0.query("INSERT INTO notes VALUES (1, 'mine')") }
        #expect(positions.minimumLSN(for: 1) != nil)
        // User 1 reads their write (from the primary); user 2, who wrote nothing, still reads the replica.
        #expect(try await notes(database(for: 1)) == 1)
        #expect(try await !isReplica(database(for: 1)))
        #expect(try await isReplica(database(for: 2)))
        #expect(try await notes(database(for: 2)) == 0)

        // Once the replica has replayed the write, user 1 reads from it again, and sees the write there.
        _ = try await replicaDirect.query("SELECT pg_wal_replay_resume()")
        try await until(within: .seconds(30)) { replicas.replica(replayedAtLeast: positions.minimumLSN(for: 1)) != nil }
        let caughtUp = try await database(for: 1).query("SELECT pg_is_in_recovery(), (SELECT count(*) FROM notes)")[0]
        #expect(try caughtUp.decode(Bool.self, at: 0))
        #expect(try caughtUp.decode(Int.self, at: 1) == 1)

        // The replica goes down: reads still succeed, on the primary, and the replica is left out.
        replica.stop()
        #expect(try await !isReplica(database(for: 2)))
        try await until(within: .seconds(30)) { replicas.replicas[0].replayedLSN == nil }
        #expect(try await notes(database(for: 2)) == 1)
    }

    @Test func walPositionsAndPlainReadsAreRecognised() {
        #expect(PostgresLSN("16/B374D848")?.value == 0x16_B374_D848)
        #expect(PostgresLSN("16/B374D848")?.description == "16/B374D848")
        #expect(PostgresLSN("0/FFFFFFFF")! < PostgresLSN("1/0")!)
        #expect(PostgresLSN("16B374D848") == nil)
        #expect(PostgresLSN("x/1") == nil)
        #expect(PostgresReadRoute.isPlainRead("  select id FROM products WHERE id = $1"))
        #expect(!PostgresReadRoute.isPlainRead("SELECT id FROM jobs FOR UPDATE SKIP LOCKED"))
        #expect(!PostgresReadRoute.isPlainRead("WITH x AS (DELETE FROM t RETURNING 1) SELECT * FROM x"))
        #expect(!PostgresReadRoute.isPlainRead("INSERT INTO t VALUES (1)"))
        #expect(!PostgresReadRoute.isPlainRead("SELECTED"))
    }
}
