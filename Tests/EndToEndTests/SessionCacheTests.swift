import Foundation
import Testing

@testable import FoodGraph

/// A signed-in client's queries reuse a session checked moments ago (no SQL round trip for it),
/// while signing out, revoking and disabling still take effect at once (docs/performance.md).
struct SessionCacheTests {
    /// Longer than any stall of a loaded test host: an entry that expired between two queries
    /// (once, under the whole suite's load, after 30 s) would read as a cache that does not work.
    private static let longTimeToLive = Duration.seconds(600)

    /// SQL statements the server has run so far, from its metrics.
    private func statements(_ api: HTTPTestAPI) async throws -> Int {
        let text = String(decoding: try await api.get("/metrics").bytes, as: UTF8.self)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("foodgraph_sql_statements_total ") })
        return try #require(Int(line.split(separator: " ")[1]))
    }

    /// Statements one request ran.
    private func statements(of query: String, token: String, _ api: HTTPTestAPI, expecting: Set<String> = []) async throws -> Int {
        let before = try await statements(api)
        _ = try await api.run(query, token: token, expecting: expecting)
        return try await statements(api) - before
    }

    @Test func aSignedInClientsRepeatedQueriesSkipTheSessionCheck() async throws {
        try await HTTPTestAPI.with(sessionCacheTimeToLive: Self.longTimeToLive) { api in
            let token = try await api.signUp("cached@example.com")
            // The first query reads the session and the user; the next ones only the user.
            #expect(try await statements(of: "{ me { email } }", token: token, api) == 2)
            #expect(try await statements(of: "{ me { email } }", token: token, api) == 1)
            #expect(try await statements(of: "{ me { email } }", token: token, api) == 1)
        }
    }

    @Test func signingOutEndsACachedSessionAtOnce() async throws {
        try await HTTPTestAPI.with(sessionCacheTimeToLive: Self.longTimeToLive) { api in
            let phone = try await api.signUp("twice@example.com")
            let login = try await api.run(
                #"mutation { login(input: {email: "twice@example.com", password: "Secret-pass1"}) { token } }"#)
            let laptop = try #require(login["data.login.token"] as? String)
            _ = try await api.run("{ me { email } }", token: phone)
            _ = try await api.run("{ me { email } }", token: laptop)
            _ = try await api.run("{ me { email } }", token: laptop)
            // Revoking every other session from the phone ends the laptop's, cached or not.
            _ = try await api.run("mutation { revokeSessions(input: {allOthers: true}) { userErrors { code } } }", token: phone)
            #expect(try await api.run("{ me { email } }", token: laptop, expecting: ["UNAUTHENTICATED"]).status == 401)
            _ = try await api.run("{ me { email } }", token: phone)
            _ = try await api.run("mutation { logout { success } }", token: phone)
            #expect(try await api.run("{ me { email } }", token: phone, expecting: ["UNAUTHENTICATED"]).status == 401)
        }
    }

    @Test func afterAMutationQueriesUseTheCacheAgain() async throws {
        try await HTTPTestAPI.with(sessionCacheTimeToLive: Self.longTimeToLive) { api in
            let token = try await api.signUp("again@example.com")
            _ = try await api.run("{ me { email } }", token: token)
            _ = try await api.run(#"mutation { updateProfile(input: {displayName: "Again"}) { userErrors { code } } }"#, token: token)
            // The mutation emptied the cache: one read of the session, then none.
            #expect(try await statements(of: "{ me { email } }", token: token, api) == 2)
            #expect(try await statements(of: "{ me { email } }", token: token, api) == 1)
        }
    }

    @Test func aSessionEndedByAnotherInstanceIsRefusedOnceTheTimeToLiveHasPassed() async throws {
        try await HTTPTestAPI.with(sessionCacheTimeToLive: .milliseconds(300)) { api in
            let token = try await api.signUp("elsewhere@example.com")
            _ = try await api.run("{ me { email } }", token: token)
            // Another server (or a job) revokes it: this one learns within the time to live.
            _ = try await api.database.database.query("UPDATE sessions SET revoked_at = now()")
            try await Task.sleep(for: .milliseconds(400))
            #expect(try await api.run("{ me { email } }", token: token, expecting: ["UNAUTHENTICATED"]).status == 401)
        }
    }
}
