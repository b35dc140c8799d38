import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Server
import TestSupport
import Testing

@testable import FoodGraph
@testable import FoodGraphCLI

/// The whole server on a real socket over a fresh, migrated database of its own: requests go
/// through HTTP parsing, the handler, the engine and PostgreSQL exactly as in production.
struct HTTPTestAPI: Sendable {
    let client: any TestClientProtocol
    let database: TestDatabase

    static func with(
        demoData: Bool = false, policy: AccountPolicy = AccountPolicy(), configuration: ServerConfiguration = ServerConfiguration(),
        sessionCacheTimeToLive: Duration? = nil, _ body: @Sendable (HTTPTestAPI) async throws -> Void
    ) async throws {
        // scrypt at full cost takes ~0.3 s per hash; tests check behaviour, not cost.
        setenv("FOODGRAPH_SCRYPT_COST", "1024", 0)
        let database = try await MigratedTemplate.database()
        defer { Task { await database.drop() } }
        if demoData { try await DemoData.loadIfEmpty(into: database.database) }
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        let application = try FoodGraphApplication(pool: database.pool, policy: policy, sessionCacheTimeToLive: sessionCacheTimeToLive)
        let server = FoodGraphServer(application: HTTPApplication(application: application), configuration: configuration, logger: logger)
        try await server.makeApplication().test(.live) { client in
            try await body(HTTPTestAPI(client: client, database: database))
        }
    }

    /// POSTs a document as the holder of `token` and returns the status and the response JSON. An
    /// error in the response fails the test unless its code is one of `expecting`.
    func run(
        _ query: String, token: String? = nil, headers: HTTPFields = [:], expecting: Set<String> = [],
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws -> APIResponse {
        var headers = headers
        headers[.contentType] = "application/json"
        if let token { headers[.authorization] = "Bearer \(token)" }
        let body = try JSONSerialization.data(withJSONObject: ["query": query])
        let response = try await client.execute(uri: "/graphql", method: .post, headers: headers, body: ByteBuffer(bytes: body))
        let json = (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))) as? [String: Any] ?? [:]
        JSONTree.expectOnly(expecting, in: json, sourceLocation: sourceLocation)
        return APIResponse(status: Int(response.status.code), json: json)
    }

    func get(_ path: String) async throws -> (status: Int, contentType: String?, bytes: [UInt8]) {
        let response = try await client.execute(uri: path, method: .get)
        return (Int(response.status.code), response.headers[.contentType], Array(response.body.readableBytesView))
    }

    /// Registers and signs in; returns the session token.
    func signUp(_ email: String, password: String = "Secret-pass1") async throws -> String {
        _ = try await run(#"mutation { register(input: {email: "\#(email)", password: "\#(password)"}) { userErrors { code } } }"#)
        let login = try await run(
            #"mutation { login(input: {email: "\#(email)", password: "\#(password)"}) { token userErrors { code } } }"#)
        return try #require(login["data.login.token"] as? String)
    }
}

struct APIResponse: @unchecked Sendable {
    // @unchecked: a JSONSerialization tree, read-only after construction.
    let status: Int
    let json: [String: Any]

    subscript(path: String) -> Any? { JSONTree.value(json, at: path) }

    var errorCodes: [String] { JSONTree.errorCodes(json) }
}
