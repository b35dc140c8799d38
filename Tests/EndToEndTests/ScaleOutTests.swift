import Foundation
import Postgres
import Server
import TestSupport
import Testing

/// Two `foodgraph serve` processes (the built binary) on one database behind HAProxy, round-robin
/// (issue #32, scale-out): whatever instance a request reaches, sessions, persisted queries, the
/// sign-in throttle and jobs are the same, because they live in PostgreSQL.
@Suite(.serialized) struct ScaleOutTests {
    static var binary: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("foodgraph").path
    }

    @Test func twoInstancesBehindHAProxyShareSessionsPersistedQueriesThrottlesAndJobs() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let folder = try Scratch.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("FOODGRAPH_") || $0.key == "FOODGRAPH_SCRYPT_COST" }
        environment["DATABASE_URL"] = database.url
        environment["FOODGRAPH_MAIL_LOG"] = "true"
        var servers: [ScratchProcess] = []
        defer { for server in servers { server.stop() } }
        var ports: [Int] = []
        // One after the other: the first applies the migrations.
        for index in 0..<2 {
            let server = try ScratchProcess(
                [Self.binary, "serve", "--port", "0", "--no-demo-data", "--log-level", "info", "--trust-forwarded-for"],
                output: folder.appendingPathComponent("server\(index).log").path, environment: environment)
            servers.append(server)
            let output = try await server.waitForOutput("/graphql\n")
            let match = try #require(output.firstMatch(of: /127\.0\.0\.1:([0-9]+)\/graphql/))
            ports.append(try #require(Int(match.1)))
        }
        let proxy = try ScratchHAProxy.start(in: folder, servers: ports)
        defer { proxy.stop() }
        let client = ProxyClient(port: proxy.port)

        // A session made through one instance is valid through the other; the requests alternate.
        let registered = try await client.post(#"mutation { register(input: {email: "ada@example.com", password: "Secret-pass1"}) { userErrors { code } } }"#)
        #expect(registered.errorCodes.isEmpty)
        let login = try await client.post(#"mutation { login(input: {email: "ada@example.com", password: "Secret-pass1"}) { token } }"#)
        let token = try #require(JSONTree.value(login.json, at: "data.login.token") as? String)
        var servedBy: [String] = [login.servedBy]
        for _ in 0..<4 {
            let me = try await client.post("{ me { email } }", token: token)
            #expect(JSONTree.value(me.json, at: "data.me.email") as? String == "ada@example.com")
            servedBy.append(me.servedBy)
        }
        #expect(Set(servedBy) == ["s0", "s1"], "requests should alternate between the instances: \(servedBy)")

        // A persisted query registered through one instance is found through the other.
        let document = "{ me { id } }"
        let hash = PersistedQueryHash.sha256Hex(document)
        let registration = try await client.post(document, token: token, persistedHash: hash)
        #expect(registration.errorCodes.isEmpty)
        for _ in 0..<2 {
            let byHash = try await client.post(nil, token: token, persistedHash: hash)
            #expect(byHash.errorCodes.isEmpty, "served by \(byHash.servedBy)")
            #expect(JSONTree.value(byHash.json, at: "data.me.id") != nil)
        }

        // The sign-in throttle counts across both: five failures (three on one, two on the other) lock the account.
        for _ in 0..<5 {
            let failed = try await client.post(
                #"mutation { login(input: {email: "ada@example.com", password: "wrong-password"}) { token userErrors { code } } }"#)
            #expect(!failed.errorCodes.contains("RATE_LIMITED"))
        }
        for _ in 0..<2 {
            let refused = try await client.post(
                #"mutation { login(input: {email: "ada@example.com", password: "Secret-pass1"}) { token userErrors { code } } }"#)
            #expect(refused.errorCodes.contains("RATE_LIMITED"), "served by \(refused.servedBy): \(refused.json)")
        }

        // A job is run once: the confirmation email of the registration is delivered by one instance only.
        let deadline = ContinuousClock.now + .seconds(60)
        func deliveries() -> Int {
            servers.map { $0.output.components(separatedBy: "email (development: written to the log").count - 1 }.reduce(0, +)
        }
        while deliveries() == 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(200)) }
        // Long enough for the other instance's runner to have run the job again, were it able to.
        try await Task.sleep(for: .seconds(3))
        #expect(deliveries() == 1)
    }
}

/// One HTTP request per connection (through the proxy, so each is balanced on its own).
struct ProxyClient {
    let port: Int

    struct Response {
        var json: [String: Any]
        var servedBy: String
        var errorCodes: [String] {
            var codes = JSONTree.errorCodes(json)
            if let data = json["data"] as? [String: Any] {
                for case let payload as [String: Any] in data.values {
                    for case let error as [String: Any] in (payload["userErrors"] as? [Any]) ?? [] {
                        if let code = error["code"] as? String { codes.append(code) }
                    }
                }
            }
            return codes
        }
    }

    func post(_ query: String?, token: String? = nil, persistedHash: String? = nil) async throws -> Response {
        var body: [String: Any] = [:]
        if let query { body["query"] = query }
        if let persistedHash { body["extensions"] = ["persistedQuery": ["version": 1, "sha256Hash": persistedHash]] }
        let bytes = try JSONSerialization.data(withJSONObject: body)
        var head = "POST /graphql HTTP/1.1\r\nHost: api\r\nContent-Type: application/json\r\nConnection: close\r\n"
        head += "Content-Length: \(bytes.count)\r\n"
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        let connection = try RawConnection(port: port)
        defer { connection.close() }
        _ = connection.send(Array((head + "\r\n").utf8) + Array(bytes))
        let (text, _) = await connection.receive(for: .seconds(30))
        let parts = text.components(separatedBy: "\r\n\r\n")
        let headers = parts.first ?? ""
        var payload = parts.dropFirst().joined(separator: "\r\n\r\n")
        if headers.lowercased().contains("transfer-encoding: chunked") { payload = Self.unchunk(payload) }
        let servedBy = headers.split(separator: "\r\n").first { $0.lowercased().hasPrefix("x-served-by:") }
            .map { $0.dropFirst("x-served-by:".count).trimmingCharacters(in: .whitespaces) } ?? "?"
        let json = (try? JSONSerialization.jsonObject(with: Data(payload.utf8))) as? [String: Any] ?? [:]
        return Response(json: json, servedBy: servedBy)
    }

    static func unchunk(_ text: String) -> String {
        var rest = Substring(text)
        var result = ""
        while let lineEnd = rest.range(of: "\r\n"), let size = Int(rest[..<lineEnd.lowerBound], radix: 16), size > 0 {
            let start = lineEnd.upperBound
            let bytes = Array(rest[start...].utf8)
            result += String(decoding: bytes.prefix(size), as: UTF8.self)
            rest = Substring(String(decoding: bytes.dropFirst(size + 2), as: UTF8.self))
        }
        return result
    }
}
