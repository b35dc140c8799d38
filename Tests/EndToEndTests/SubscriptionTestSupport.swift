import Foundation
import GraphQLEngine
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import Logging
import NIOCore
import Postgres
import Server
import Synchronization
import TestSupport
import Testing

@testable import FoodGraph
@testable import FoodGraphCLI

/// One FoodGraph server on a real port, for WebSocket clients (`port`) and HTTP requests (`http`).
struct SubscriptionInstance: Sendable {
    let port: Int
    let http: HTTPTestAPI
    let application: FoodGraphApplication
}

/// Servers over one fresh database, each with its own pool (and so its own LISTEN connection), as
/// separate server processes would be.
enum SubscriptionServers {
    static func with(
        instances count: Int = 1, demoData: Bool = false, subscriptions: SubscriptionConfiguration = SubscriptionConfiguration(),
        configuration: ServerConfiguration = ServerConfiguration(port: 0), _ body: @Sendable ([SubscriptionInstance]) async throws -> Void
    ) async throws {
        setenv("FOODGRAPH_SCRYPT_COST", "1024", 0)
        let database = try await MigratedTemplate.database()
        defer { Task { await database.drop() } }
        if demoData { try await DemoData.loadIfEmpty(into: database.database) }
        var pools = [database.pool]
        for _ in 1..<max(1, count) { pools.append(PostgresPool(configuration: .init(conninfo: database.pool.configuration.conninfo, size: 4))) }
        try await start(
            Array(pools.prefix(count)), database: database, subscriptions: subscriptions, configuration: configuration, started: [], body)
        for pool in pools.dropFirst() { await pool.close() }
    }

    private static func start(
        _ pools: [PostgresPool], database: TestDatabase, subscriptions: SubscriptionConfiguration, configuration: ServerConfiguration,
        started: [SubscriptionInstance],
        _ body: @Sendable ([SubscriptionInstance]) async throws -> Void
    ) async throws {
        guard let pool = pools.first else { return try await body(started) }
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        let application = try FoodGraphApplication(pool: pool)
        var server = FoodGraphServer(
            application: HTTPApplication(application: application), configuration: configuration, logger: logger)
        server.subscriptions = subscriptions
        try await server.makeApplication().test(.live) { client in
            let instance = SubscriptionInstance(
                port: try #require(client.port), http: HTTPTestAPI(client: client, database: database), application: application)
            try await start(
                Array(pools.dropFirst()), database: database, subscriptions: subscriptions, configuration: configuration,
                started: started + [instance], body)
        }
    }
}

/// A `graphql-transport-ws` client over HummingbirdWSClient: what the server sends is collected as
/// it arrives, and read with `next`.
final class SocketSession: Sendable {
    private let outbound: WebSocketOutboundWriter
    private let inbox = Mutex<[String]>([])
    private let ended = Mutex(false)
    private let paused = Mutex(false)

    init(outbound: WebSocketOutboundWriter) {
        self.outbound = outbound
    }

    /// Connects to `/graphql` on `port`, runs `body`, then closes (unless the server closed first).
    /// Returns the close frame the server sent.
    @discardableResult
    static func open(
        port: Int, subprotocol: String = "graphql-transport-ws", _ body: @escaping @Sendable (SocketSession) async throws -> Void
    ) async throws -> WebSocketCloseFrame? {
        var logger = Logger(label: "test.ws")
        logger.logLevel = .warning
        var headers = HTTPFields()
        headers[.secWebSocketProtocol] = subprotocol
        return try await WebSocketClient.connect(
            url: "ws://127.0.0.1:\(port)/graphql", configuration: .init(maxFrameSize: 1 << 22, additionalHeaders: headers), logger: logger
        ) { inbound, outbound, _ in
            let session = SocketSession(outbound: outbound)
            let running = Task { () -> (any Error)? in
                defer {
                    session.paused.withLock { $0 = false }
                    Task { try? await outbound.close(.normalClosure, reason: nil) }
                }
                do {
                    try await body(session)
                    return nil
                } catch {
                    return error
                }
            }
            do {
                for try await message in inbound.messages(maxSize: 1 << 24) {
                    if case .text(let text) = message { session.inbox.withLock { $0.append(text) } }
                    // Not reading: the socket's buffers fill and the server's writes wait.
                    while session.paused.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(20)) }
                }
            } catch {}
            session.ended.withLock { $0 = true }
            if let error = await running.value { throw error }
        }
    }

    /// Stops reading from the socket (after the message being read), as a stalled client would.
    func pauseReading() {
        paused.withLock { $0 = true }
    }

    func send(_ text: String) async throws {
        try await outbound.write(.text(text))
    }

    func send(_ message: [String: Any]) async throws {
        try await send(String(decoding: try JSONSerialization.data(withJSONObject: message), as: UTF8.self))
    }

    /// `connection_init` with the token, and its `connection_ack`.
    func initialise(token: String) async throws {
        try await send(["type": "connection_init", "payload": ["authorization": "Bearer \(token)"]])
        let ack = try await next()
        #expect(ack["type"] as? String == "connection_ack", "\(ack)")
    }

    func subscribe(_ id: String, _ query: String, variables: [String: Any] = [:]) async throws {
        try await send(["id": id, "type": "subscribe", "payload": ["query": query, "variables": variables]])
    }

    /// The next message from the server; fails after `timeout`.
    func next(within timeout: Duration = .seconds(10), sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws -> [String: Any] {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let text = inbox.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
                return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], sourceLocation: sourceLocation)
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        Issue.record("No message from the server within \(timeout).", sourceLocation: sourceLocation)
        throw CancellationError()
    }

    /// True when nothing arrives for `duration`.
    func receivesNothing(for duration: Duration) async throws -> Bool {
        try await Task.sleep(for: duration)
        return inbox.withLock { $0.isEmpty }
    }

    /// Waits until the server closed the connection; true when it did within `timeout`.
    func closedByServer(within timeout: Duration = .seconds(5)) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if ended.withLock({ $0 }) { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return false
    }
}

extension HTTPTestAPI {
    /// A customer with a shipping address whose cart holds one FreshMart product, submitted:
    /// the order's ID and the customer's token (needs the demo data).
    func submittedOrder(email: String) async throws -> (orderID: String, token: String) {
        let token = try await signUp(email)
        let me = try #require(try await run("{ me { id } }", token: token)["data.me.id"] as? String)
        let userID = try #require(GlobalID(parsing: me)?.key)
        _ = try await database.database.query(
            """
            UPDATE profiles SET shipping_address = '{"line1": "1 King St W", "city": "Hamilton", "region": "ON", "postalCode": "L8P 1A2", "country": "CA", "phone": "905-555-0100"}'
            WHERE user_id = $1
            """, [userID])
        let productID = try await database.database.query(
            """
            SELECT o.product_id FROM chain_offers o JOIN retail_chains c ON c.id = o.chain_id
            WHERE c.name = 'FreshMart' AND o.stock > 5 ORDER BY o.product_id LIMIT 1
            """)[0].decode(Int64.self, at: 0)
        let product = GlobalID(typeName: "Product", key: productID).description
        let added = try await run(
            #"mutation { addToDraftOrder(input: {productId: "\#(product)", quantity: 1}) { userErrors { code message } } }"#, token: token)
        #expect((added["data.addToDraftOrder.userErrors"] as? [Any])?.isEmpty == true, "\(added.json)")
        let submitted = try await run(
            "mutation { submitOrder(input: {confirmed: true, paymentMethod: CASH}) { order { id } userErrors { code message } } }", token: token)
        return (try #require(submitted["data.submitOrder.order.id"] as? String, "\(submitted.json)"), token)
    }

    /// A demo account's token (`orders`, `admin`…).
    func demoLogin(_ name: String) async throws -> String {
        try #require(
            try await run(#"mutation { login(input: {email: "\#(name)@demo.foodgraph.local", password: "Demo-pass1"}) { token } }"#)[
                "data.login.token"] as? String)
    }
}
