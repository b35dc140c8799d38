import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import Postgres

/// Where orders reach the retailer's own order-processing system (Kitchen Keeper §4.4.2): every
/// status change (the submission included) is written to `order_webhook_outbox` in the change's
/// transaction, and the job runner POSTs it as JSON to the configured URL, signed:
///
///     X-FoodGraph-Delivery:  <outbox id, the same on every retry: deduplicate on it>
///     X-FoodGraph-Timestamp: <Unix seconds of this attempt>
///     X-FoodGraph-Signature: sha256=<hex HMAC-SHA256(secret, timestamp + "." + body)>
///
/// A 2xx answer is delivery; anything else (or no answer within 10 s) is tried again with
/// exponential back-off (10 s doubling, at most an hour), and kept as failed after `maxAttempts`.
public struct OrderWebhookConfiguration: Sendable, Equatable {
    public var scheme: String
    public var host: String
    public var port: Int
    public var path: String
    public var secret: String
    public var maxAttempts = 10
    public var interval: Duration = .seconds(2)

    /// `url`: `http://` or `https://` host, optional port and path. `secret`: at least 16 characters.
    public init(url: String, secret: String) throws {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = components.host, !host.isEmpty
        else { throw DomainError(.badUserInput, "The order webhook URL must be an http:// or https:// URL, not \"\(url)\".") }
        guard secret.utf8.count >= 16 else { throw DomainError(.badUserInput, "The order webhook secret must have at least 16 characters.") }
        self.scheme = scheme
        self.host = host
        self.port = components.port ?? (scheme == "https" ? 443 : 80)
        self.path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        self.secret = secret
    }

    /// The signature header's value for a body sent at `timestamp`.
    public func signature(timestamp: Int, body: String) -> String {
        "sha256=" + OrderWebhook.hmacSHA256(key: Array(secret.utf8), message: Array("\(timestamp).\(body)".utf8)).map { String(format: "%02x", $0) }.joined()
    }
}

/// The outbox of order events and its delivery.
public enum OrderWebhook {
    /// Writes the order's event to the outbox in the caller's transaction.
    static func enqueue(_ orderID: Int64, previous: OrderStatus?, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query(
            """
            INSERT INTO order_webhook_outbox (order_id, body)
            SELECT o.id, jsonb_build_object(
              'event', 'order.status_changed', 'orderNumber', o.number, 'orderId', $2::text, 'status', upper(o.status),
              'previousStatus', upper($3), 'changedAt', now(), 'chainId', o.chain_id, 'currency', o.currency, 'subtotal', o.subtotal,
              'deliveryFee', o.delivery_fee, 'total', o.total, 'quickDelivery', o.quick_delivery, 'deliveryAddress', o.delivery_address,
              'deliveryTime', o.delivery_time, 'deliveryInstructions', o.delivery_instructions, 'mealDate', o.meal_date,
              'paymentMethod', upper(o.payment_method),
              'items', (SELECT coalesce(jsonb_agg(jsonb_build_object('productId', i.product_id, 'name', p.name, 'barcode', p.barcode,
                  'quantity', i.quantity, 'unitPrice', i.unit_price) ORDER BY i.product_id), '[]')
                FROM order_items i JOIN products p ON p.id = i.product_id WHERE i.order_id = o.id))::text
            FROM orders o WHERE o.id = $1
            """, [orderID, GlobalID(typeName: "Order", key: orderID).description, previous?.databaseName])
    }

    /// The delivery job, as `foodgraph serve` registers it with the runner when a URL is configured.
    public static func job(_ configuration: OrderWebhookConfiguration) -> PeriodicJob {
        PeriodicJob("kitchen.orderWebhook", every: configuration.interval) { database, logger in
            _ = try await deliverDue(configuration, in: database, logger: logger)
        }
    }

    /// Delivers what is due (up to 100 events); returns how many were delivered.
    @discardableResult
    public static func deliverDue(_ configuration: OrderWebhookConfiguration, in database: PostgresDatabase, logger: Logger) async throws -> Int {
        // Claimed for a lease (the next attempt pushed out), rows other servers hold skipped.
        let rows = try await database.query(
            """
            UPDATE order_webhook_outbox SET next_attempt_at = now() + interval '5 minutes'
            WHERE id IN (SELECT id FROM order_webhook_outbox WHERE delivered_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
              ORDER BY next_attempt_at, id LIMIT 100 FOR UPDATE SKIP LOCKED)
            RETURNING id, body, attempts
            """)
        var delivered = 0
        for row in try rows.map({ try ($0.decode(Int64.self, at: 0), $0.decode(String.self, at: 1), $0.decode(Int.self, at: 2)) })
            .sorted(by: { $0.0 < $1.0 })
        {
            let (id, body, attempts) = row
            let timestamp = Int(Date().timeIntervalSince1970)
            var failure: String?
            do {
                let status = try await post(
                    configuration, body: body,
                    headers: [
                        ("X-FoodGraph-Delivery", "\(id)"), ("X-FoodGraph-Timestamp", "\(timestamp)"),
                        ("X-FoodGraph-Signature", configuration.signature(timestamp: timestamp, body: body)),
                    ])
                if !(200..<300).contains(status) { failure = "HTTP \(status)" }
            } catch {
                failure = "\(error)"
            }
            if let error = failure {
                let attempt = attempts + 1
                let delay = min(10 * pow(2, Double(attempt - 1)), 3600)
                _ = try await database.query(
                    """
                    UPDATE order_webhook_outbox SET attempts = attempts + 1, last_error = left($2, 500),
                      next_attempt_at = now() + make_interval(secs => $3), failed_at = CASE WHEN attempts + 1 >= $4 THEN now() END
                    WHERE id = $1
                    """, [id, error, delay, configuration.maxAttempts])
                logger.warning(
                    "order webhook not delivered", metadata: ["outbox_id": "\(id)", "attempt": "\(attempt)", "error": "\(error)"])
            } else {
                _ = try await database.query(
                    "UPDATE order_webhook_outbox SET attempts = attempts + 1, delivered_at = now(), last_error = NULL WHERE id = $1", [id])
                delivered += 1
            }
        }
        return delivered
    }

    // MARK: HTTP

    /// POSTs `body` as JSON and returns the response's status code (HTTP/1.1, `Connection: close`).
    static func post(_ configuration: OrderWebhookConfiguration, body: String, headers: [(String, String)]) async throws -> Int {
        let tls = configuration.scheme == "https" ? try NIOSSLContext(configuration: .makeClientConfiguration()) : nil
        let serverName = SMTPClient.isIPAddress(configuration.host) ? nil : configuration.host
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(10))
            .connect(host: configuration.host, port: configuration.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls { try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: tls, serverHostname: serverName)) }
                    try channel.pipeline.syncOperations.addHandlers(IdleStateHandler(readTimeout: .seconds(10)), WebhookTimeoutHandler())
                    return try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        let hostHeader = configuration.port == (configuration.scheme == "https" ? 443 : 80) ? configuration.host : "\(configuration.host):\(configuration.port)"
        var request = "POST \(configuration.path) HTTP/1.1\r\nHost: \(hostHeader)\r\nContent-Type: application/json\r\n"
        request += "Content-Length: \(body.utf8.count)\r\nConnection: close\r\nUser-Agent: FoodGraph-OrderWebhook/1\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        request += "\r\n" + body
        return try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(string: request))
            var received: [UInt8] = []
            for try await buffer in inbound {
                received += buffer.readableBytesView
                if let status = statusCode(received) { return status }
            }
            throw WebhookError("the connection closed before a status line (or no answer within 10 s)")
        }
    }

    /// The status code of a response's first line, once it is complete.
    static func statusCode(_ bytes: [UInt8]) -> Int? {
        guard let end = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let line = String(decoding: bytes[..<end], as: UTF8.self)
        let parts = line.split(separator: " ")
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), let code = Int(parts[1]) else { return -1 }
        return code
    }

    struct WebhookError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// HMAC-SHA256 (RFC 2104) over OpenSSL's SHA-256.
    static func hmacSHA256(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var key = key.count > 64 ? Crypto.sha256(key) : key
        key += [UInt8](repeating: 0, count: 64 - key.count)
        let inner = Crypto.sha256(key.map { $0 ^ 0x36 } + message)
        return Crypto.sha256(key.map { $0 ^ 0x5c } + inner)
    }
}

/// Closes the connection when the receiver says nothing for the read timeout.
private final class WebhookTimeoutHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }
}
