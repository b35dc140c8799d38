import Foundation
import GraphQLEngine
import Logging
import Postgres
import TestSupport
import Testing

@testable import FoodGraph

/// Kitchen Keeper §4.4.2: orders reach the retailer's order system. Each status change goes
/// through the outbox to the webhook, signed (HMAC-SHA256 over timestamp and body), retried, and
/// received here by a real HTTP server (tools/webhook-receiver.py).
struct KitchenWebhookTests {
    @Test func orderStatusChangesReachTheRetailersSystemSignedAndRetried() async throws {
        let fixture = try await KitchenFixture.make(stock: 20)
        let api = fixture.api
        defer { Task { await api.close() } }
        let root = ProcessInfo.processInfo.environment["FOODGRAPH_REPO_ROOT"] ?? FileManager.default.currentDirectoryPath
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("webhook-\(UUID().uuidString).jsonl").path
        let receiver = Process()
        receiver.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        receiver.arguments = ["python3", root + "/tools/webhook-receiver.py", log, "--fail-first", "1"]
        let output = Pipe()
        receiver.standardOutput = output
        receiver.standardError = FileHandle.nullDevice
        try receiver.run()
        // SIGKILL: the test runner's children may inherit SIGTERM blocked.
        defer { kill(receiver.processIdentifier, SIGKILL) }
        let portLine = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let port = try #require(Int(portLine), "receiver said \(portLine)")

        let customer = try await fixture.customers(1)[0]
        let order = try await fixture.submitted(customer.token, quantity: 2)
        _ = try await fixture.setStatus(order, "ACCEPTED", token: fixture.handler)
        let configuration = try OrderWebhookConfiguration(url: "http://127.0.0.1:\(port)/orders/events", secret: "a-shared-secret-of-the-retailer")
        let database = api.database.database
        let logger = Logger(label: "test")
        // The first attempt is answered 500: the first event waits for its back-off, the second goes.
        #expect(try await OrderWebhook.deliverDue(configuration, in: database, logger: logger) == 1)
        let pending = try await database.query(
            "SELECT attempts, last_error, next_attempt_at > now() FROM order_webhook_outbox WHERE delivered_at IS NULL")
        #expect(pending.count == 1)
        #expect(try pending[0].decode(Int.self, at: 0) == 1)
        #expect(try pending[0].decode(String?.self, at: 1) == "HTTP 500")
        #expect(try pending[0].decode(Bool.self, at: 2))
        // Its back-off over, it is delivered.
        _ = try await database.query("UPDATE order_webhook_outbox SET next_attempt_at = now() WHERE delivered_at IS NULL")
        #expect(try await OrderWebhook.deliverDue(configuration, in: database, logger: logger) == 1)
        #expect(try await OrderWebhook.deliverDue(configuration, in: database, logger: logger) == 0)

        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        let received = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(received.count == 3)
        let delivered = received.filter { $0["status"] as? Int == 200 }
        var statuses: [String] = []
        for request in delivered {
            let headers = try #require(request["headers"] as? [String: String])
            let body = try #require(request["body"] as? String)
            #expect(request["path"] as? String == "/orders/events")
            let timestamp = try #require(Int(headers["X-FoodGraph-Timestamp"] ?? ""))
            #expect(abs(timestamp - Int(Date().timeIntervalSince1970)) < 300)
            // The receiver checks the signature with the shared secret, as the retailer would.
            let expected = "sha256=" + OrderWebhook.hmacSHA256(key: Array("a-shared-secret-of-the-retailer".utf8), message: Array("\(timestamp).\(body)".utf8))
                .map { String(format: "%02x", $0) }.joined()
            #expect(headers["X-FoodGraph-Signature"] == expected)
            #expect(headers["X-FoodGraph-Delivery"] != nil)
            let event = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
            #expect(event["orderId"] as? String == order)
            #expect((event["orderNumber"] as? String)?.hasPrefix("KK-") == true)
            #expect(JSONTree.value(event, at: "items.0.quantity") as? Int == 2)
            #expect(JSONTree.value(event, at: "deliveryAddress.line1") as? String == "1 King St W")
            statuses.append(event["status"] as? String ?? "")
        }
        #expect(Set(statuses) == ["IN_PROCESS", "ACCEPTED"])
        // The retried event carries the same delivery id both times.
        let ids = received.compactMap { ($0["headers"] as? [String: String])?["X-FoodGraph-Delivery"] }
        #expect(Set(ids).count == 2)
        // A known HMAC-SHA256 vector (RFC 4231, case 2).
        #expect(
            OrderWebhook.hmacSHA256(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)).map { String(format: "%02x", $0) }.joined()
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }
}
