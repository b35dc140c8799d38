import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Server
import TestSupport
import Testing

@testable import FoodGraph
@testable import foodgraph

/// Account flows through the real server, socket and database.
struct AccountsOverHTTPTests {
    static func withServer(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        setenv("FOODGRAPH_SCRYPT_COST", "1024", 0)
        let database = try await MigratedTemplate.database()
        defer { Task { await database.drop() } }
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        let application = try FoodGraphApplication(pool: database.pool)
        let server = FoodGraphServer(
            application: HTTPApplication(application: application), configuration: ServerConfiguration(), logger: logger)
        try await Application(router: server.router(), logger: logger).test(.live) { client in try await body(client) }
    }

    static func graphQL(
        _ client: any TestClientProtocol, _ query: String, token: String? = nil
    ) async throws -> (status: Int, json: [String: Any]) {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let token { headers[.authorization] = "Bearer \(token)" }
        let body = try JSONSerialization.data(withJSONObject: ["query": query])
        let response = try await client.execute(uri: "/graphql", method: .post, headers: headers, body: ByteBuffer(bytes: body))
        let json = (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))) as? [String: Any] ?? [:]
        return (Int(response.status.code), json)
    }

    static func value(_ json: [String: Any], _ path: String) -> Any? {
        var current: Any? = json
        for part in path.split(separator: ".") {
            if let index = Int(part), let list = current as? [Any] { current = index < list.count ? list[index] : nil } else {
                current = (current as? [String: Any])?[String(part)]
            }
        }
        return current
    }

    @Test func registerSignInReadYourselfAndNobodyElse() async throws {
        try await Self.withServer { client in
            for email in ["ana@example.com", "bo@example.com"] {
                let registered = try await Self.graphQL(
                    client, #"mutation { register(input: {email: "\#(email)", password: "Secret-pass1"}) { user { email } userErrors { code } } }"#)
                #expect(Self.value(registered.json, "data.register.user.email") as? String == email)
            }
            var tokens: [String] = []
            for email in ["ana@example.com", "bo@example.com"] {
                let login = try await Self.graphQL(
                    client, #"mutation { login(input: {email: "\#(email)", password: "Secret-pass1"}) { token } }"#)
                tokens.append(try #require(Self.value(login.json, "data.login.token") as? String))
            }
            let me = try await Self.graphQL(client, "{ me { id email profile { timeZone } } }", token: tokens[0])
            #expect(me.status == 200)
            #expect(Self.value(me.json, "data.me.email") as? String == "ana@example.com")
            let anaID = try #require(Self.value(me.json, "data.me.id") as? String)
            // Bo can neither read Ana through node(id:) nor change her profile or sessions.
            let peek = try await Self.graphQL(client, #"{ node(id: "\#(anaID)") { ... on User { email } } }"#, token: tokens[1])
            #expect(Self.value(peek.json, "data.node") is NSNull)
            let sessions = try await Self.graphQL(
                client, #"mutation { revokeSessions(input: {sessionId: "U2Vzc2lvbjox"}) { revokedCount userErrors { code } } }"#, token: tokens[1])
            #expect(Self.value(sessions.json, "data.revokeSessions.userErrors.0.code") as? String == "NOT_FOUND")
            let stillIn = try await Self.graphQL(client, "{ me { email } }", token: tokens[0])
            #expect(Self.value(stillIn.json, "data.me.email") as? String == "ana@example.com")
            // A bad token is refused for the whole request.
            let bad = try await Self.graphQL(client, "{ me { email } }", token: "nonsense")
            #expect(bad.status == 401)
            let logout = try await Self.graphQL(client, "mutation { logout { success } }", token: tokens[0])
            #expect(Self.value(logout.json, "data.logout.success") as? Bool == true)
            #expect(try await Self.graphQL(client, "{ me { email } }", token: tokens[0]).status == 401)
        }
    }
}
