import Foundation
import Postgres
import TestSupport
import Testing

/// `foodgraph serve` configured as docs/scaling.md describes (issue #32, scale-out): DATABASE_URL
/// through a transaction-pooling PgBouncer, FOODGRAPH_LISTEN_DATABASE_URL to the primary directly
/// (migrations), FOODGRAPH_READ_DATABASE_URLS to a streaming replica made with `pg_basebackup -R`.
@Suite(.serialized) struct ScaleOutDatabaseTests {
    @Test func aServerBehindPgBouncerReadsFromAReplicaAndReadsItsUsersWrites() async throws {
        let folder = try Scratch.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let primary = try await ScratchCluster.primary(in: folder, port: 5432)
        defer { primary.stop() }
        let direct = PostgresPool(configuration: .init(conninfo: primary.url(), size: 1))
        defer { Task { await direct.close() } }
        try await primary.setDecoderSettingsAsDefaults()
        let replica = try await ScratchCluster.replica(of: primary, in: folder, port: 5432)
        defer { replica.stop() }
        let bouncer = try await ScratchPgBouncer.start(in: folder, in: primary, serverConnections: 4)
        defer { bouncer.stop() }

        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("FOODGRAPH_") || $0.key == "FOODGRAPH_SCRYPT_COST" }
        environment["DATABASE_URL"] = bouncer.url
        environment["FOODGRAPH_DATABASE_POOLER"] = "pgbouncer-transaction"
        environment["FOODGRAPH_LISTEN_DATABASE_URL"] = primary.url()
        environment["FOODGRAPH_READ_DATABASE_URLS"] = replica.url() + "&connect_timeout=2"
        let server = try ScratchProcess(
            [ScaleOutTests.binary, "serve", "--port", "0", "--no-demo-data", "--log-level", "warning"],
            output: folder.appendingPathComponent("server.log").path, environment: environment)
        defer { server.stop() }
        let output = try await server.waitForOutput("/graphql\n")
        let match = try #require(output.firstMatch(of: /127\.0\.0\.1:([0-9]+)\/graphql/))
        let client = ProxyClient(port: try #require(Int(match.1)))

        _ = try await client.post(#"mutation { register(input: {email: "ada@example.com", password: "Secret-pass1"}) { userErrors { code } } }"#)
        let login = try await client.post(#"mutation { login(input: {email: "ada@example.com", password: "Secret-pass1"}) { token } }"#)
        let token = try #require(JSONTree.value(login.json, at: "data.login.token") as? String)
        // The first read after signing in sees the account, wherever it reads from.
        let me = try await client.post("{ me { email } }", token: token)
        #expect(JSONTree.value(me.json, at: "data.me.email") as? String == "ada@example.com", "\(me.json)")

        // Anonymous queries read from the replica: with its replay paused, a row added on the
        // primary is not there, and it is once replay resumes.
        let replicaDirect = PostgresDatabase(pool: PostgresPool(configuration: .init(conninfo: replica.url(), size: 1)))
        defer { Task { await replicaDirect.pool.close() } }
        _ = try await replicaDirect.query("SELECT pg_wal_replay_pause()")
        _ = try await PostgresDatabase(pool: direct).query(
            "INSERT INTO categories (slug, name, path) VALUES ('replica-probe', 'Probe', 'replica-probe')")
        let probe = #"{ category(slug: "replica-probe") { name } }"#
        for _ in 0..<5 {
            let unseen = try await client.post(probe)
            #expect(unseen.errorCodes.isEmpty, "\(unseen.json)")
            #expect(JSONTree.value(unseen.json, at: "data.category.name") == nil, "read from the primary: \(unseen.json)")
        }
        _ = try await replicaDirect.query("SELECT pg_wal_replay_resume()")
        let deadline = ContinuousClock.now + .seconds(20)
        var seen: Any?
        while seen == nil, ContinuousClock.now < deadline {
            seen = JSONTree.value(try await client.post(probe).json, at: "data.category.name")
            if seen == nil { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(seen as? String == "Probe")

        // Operators see the replica in use, and its lag.
        let metrics = try RawConnection(port: client.port)
        defer { metrics.close() }
        _ = metrics.send("GET /metrics HTTP/1.1\r\nHost: api\r\nConnection: close\r\n\r\n")
        let exposition = await metrics.receive(for: .seconds(10)).text
        #expect(exposition.contains("foodgraph_replica_usable{replica=\"0\"} 1"), "\(exposition.suffix(600))")
        #expect(exposition.contains("foodgraph_replica_lag_seconds{replica=\"0\"}"))
        // The replica's pool has series of its own, beside the primary's.
        #expect(exposition.contains(#"foodgraph_pool_connections{pool="replica",replica="0",state="open"} "#))
        #expect(exposition.contains(#"foodgraph_pool_connections{pool="primary",state="open"} "#))
        let replicaWaits = exposition.split(separator: "\n")
            .first { $0.hasPrefix(#"foodgraph_pool_wait_seconds_count{pool="replica",replica="0"} "#) }
            .flatMap { Double($0.split(separator: " ").last ?? "") }
        #expect((replicaWaits ?? 0) >= 5, "the replica's reads are not in foodgraph_pool_wait_seconds")

        // With the replica's replay paused, the user's own write is still what they read (from the primary).
        _ = try await replicaDirect.query("SELECT pg_wal_replay_pause()")
        let renamed = try await client.post(
            #"mutation { updateProfile(input: {displayName: "Ada L."}) { userErrors { code } } }"#, token: token)
        #expect(renamed.errorCodes.isEmpty, "\(renamed.json)")
        let profile = try await client.post("{ me { profile { displayName } } }", token: token)
        #expect(JSONTree.value(profile.json, at: "data.me.profile.displayName") as? String == "Ada L.", "\(profile.json)")
        _ = try await replicaDirect.query("SELECT pg_wal_replay_resume()")

        // Live events: the instance LISTENs on the primary directly (FOODGRAPH_LISTEN_DATABASE_URL),
        // not through the pooler, which would hand the notifications to whichever client held the
        // server session; so a subscriber hears of a change.
        let submitted = try await client.post(
            #"mutation { submitSupportIssue(input: {subject: "Live through a pooler", description: "Checking events.", category: OTHER, severity: LOW}) { issue { id } userErrors { code } } }"#,
            token: token)
        let issueID = try #require(JSONTree.value(submitted.json, at: "data.submitSupportIssue.issue.id") as? String, "\(submitted.json)")
        try await SocketSession.open(port: client.port) { socket in
            try await socket.initialise(token: token)
            try await socket.subscribe(
                "issue", "subscription($id: ID!) { supportIssueUpdated(issueId: $id) { status } }", variables: ["id": issueID])
            // The instance starts listening with its first subscriber: change the issue until an event arrives.
            var heard: [String: Any]?
            for attempt in 0..<10 where heard == nil {
                let change = attempt % 2 == 0 ? "resolveSupportIssue" : "reopenSupportIssue"
                _ = try await client.post(#"mutation { \#(change)(input: {issueId: "\#(issueID)"}) { userErrors { code } } }"#, token: token)
                if try await !socket.receivesNothing(for: .seconds(1)) { heard = try await socket.next() }
            }
            #expect(heard?["type"] as? String == "next", "no event reached the subscriber: \(String(describing: heard))")
        }
    }
}
