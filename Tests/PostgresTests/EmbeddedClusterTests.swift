import Foundation
import TestSupport
import Testing

@testable import Postgres

@Suite(.serialized) struct EmbeddedClusterTests {
    /// Starts a cluster of its own in a temporary folder, restarts it mid-use (the pool recovers),
    /// and stops it.
    @Test func startsReusesAndSurvivesARestart() async throws {
        let root = URL(fileURLWithPath: "/tmp/fg-embedded-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let cluster = try EmbeddedCluster(root: root)
        #expect(try await OwnThread.run { try cluster.start() })
        defer { try? cluster.stop() }
        try await cluster.createDatabaseIfMissing()
        // A second start finds it running and leaves it to its owner.
        #expect(try await OwnThread.run { try cluster.start() } == false)

        // A restarted cluster's first connection can take more than the default 5 s to open when
        // the whole suite runs in parallel on two cores; this test is about recovery, not speed.
        let pool = PostgresPool(configuration: .init(conninfo: cluster.url, size: 2, acquireTimeout: .seconds(60)))
        defer { Task { await pool.close() } }
        let db = PostgresDatabase(pool: pool)
        #expect(try await db.query("SELECT current_database()")[0].decode(String.self, at: 0) == "foodgraph")

        try cluster.stop()
        #expect(try cluster.isRunning() == false)
        #expect(try await OwnThread.run { try cluster.start() })
        // The pooled connection died with the old server; the pool replaces it.
        #expect(try await db.query("SELECT 41 + 1")[0].decode(Int.self, at: 0) == 42)
    }

    /// A server killed hard (SIGKILL) cannot stop its cluster; the kernel still drops its lock.
    /// The next start finds the cluster running with nobody holding it, takes it over, and so
    /// stops it at its own end instead of leaving it running for good.
    @Test func aClusterLeftRunningByAKilledServerIsTakenOver() async throws {
        let root = URL(fileURLWithPath: "/tmp/fg-orphan-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let cluster = try EmbeddedCluster(root: root)
        #expect(try await OwnThread.run { try cluster.start() })
        defer { try? cluster.stop() }
        // What the end of the owning process does to its lock, however it ends.
        ClusterOwnership.release(root)
        #expect(try cluster.isRunning())
        #expect(try await OwnThread.run { try cluster.start() })
        #expect(ClusterOwnership.holds(root))
        try await cluster.createDatabaseIfMissing()
        try cluster.stop()
        #expect(try cluster.isRunning() == false)
        #expect(!ClusterOwnership.holds(root))
    }

    @Test func aFolderOwnedBySomeoneElseIsRefusedInOneSentence() throws {
        let root = URL(fileURLWithPath: "/tmp/fg-foreign-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        // Owned by nobody (uid 65534): neither us nor the postgres user.
        chown(root.path, 65534, 65534)
        let error = #expect(throws: EmbeddedClusterError.self) { try EmbeddedCluster(root: root).start() }
        #expect(error?.message.contains("belongs to") == true)
    }
}
