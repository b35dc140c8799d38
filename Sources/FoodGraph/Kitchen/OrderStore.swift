import Foundation
import GraphQLEngine
import Postgres

/// A grocery order (schema type `Order`); a draft is the cart.
struct OrderRecord: IdentifiedRecord, ObjectValue {
    static let graphQLTypeName = "Order"

    var id: Int64
    var number: String?
    var userID: Int64?
    var chainID: Int64
    /// Nil for a draft.
    var status: OrderStatus?
    var currency: String
    var subtotal: String?
    var deliveryFee: String?
    var total: String?
    var quickDelivery: Bool
    var deliveryAddress: Address?
    var deliveryInstructions: String?
    var deliveryTime: Date?
    var mealDate: LocalDate?
    var paymentMethod: PaymentMethod?
    var recurring: Bool
    var createdAt: Date
    var submittedAt: Date?

    var globalID: GlobalID { GlobalID(typeName: Self.graphQLTypeName, key: id) }
    var isDraft: Bool { status == nil }

    static let columns = """
        o.id, o.number, o.user_id, o.chain_id, o.status, o.currency, o.subtotal::text, o.delivery_fee::text, o.total::text,
        o.quick_delivery, o.delivery_address::text, o.delivery_instructions, o.delivery_time, o.meal_date::text, o.payment_method,
        o.recurring, o.created_at, o.submitted_at
        """

    init(_ row: PostgresRow) throws {
        id = try row.decode(Int64.self, at: 0)
        number = try row.decode(String?.self, at: 1)
        userID = try row.decode(Int64?.self, at: 2)
        chainID = try row.decode(Int64.self, at: 3)
        status = OrderStatus(databaseName: try row.decode(String.self, at: 4))
        currency = try row.decode(String.self, at: 5).trimmingCharacters(in: .whitespaces)
        subtotal = try row.decode(String?.self, at: 6)
        deliveryFee = try row.decode(String?.self, at: 7)
        total = try row.decode(String?.self, at: 8)
        quickDelivery = try row.decode(Bool.self, at: 9)
        deliveryAddress = try row.decode(String?.self, at: 10).flatMap { try? JSONDecoder().decode(Address.self, from: Data($0.utf8)) }
        deliveryInstructions = try row.decode(String?.self, at: 11)
        deliveryTime = try row.decode(Date?.self, at: 12)
        mealDate = try row.decode(String?.self, at: 13).flatMap { LocalDate(iso8601: $0) }
        paymentMethod = try row.decode(String?.self, at: 14).flatMap { PaymentMethod(databaseName: $0) }
        recurring = try row.decode(Bool.self, at: 15)
        createdAt = try row.decode(Date.self, at: 16)
        submittedAt = try row.decode(Date?.self, at: 17)
    }

    /// Who sees an order (`Order` on every path, `node(id:)` included): its owner; order handlers
    /// once it is submitted; administrators.
    func isVisible(to viewer: Viewer?) -> Bool {
        guard let viewer else { return false }
        if viewer.userID == userID || viewer.isAdministrator { return true }
        return !isDraft && viewer.holds(.orderHandler)
    }

    /// The owner and administrators see payment references and payments.
    func showsPayments(to viewer: Viewer?) -> Bool {
        guard let viewer else { return false }
        return viewer.userID == userID || viewer.isAdministrator
    }
}

/// A product in an order (schema type `OrderItem`).
struct OrderItemRecord: ObjectValue {
    static let graphQLTypeName = "OrderItem"
    var orderID: Int64
    var productID: Int64
    var quantity: Int
    /// Fixed at submission; nil in a draft.
    var unitPrice: String?
}

/// Schema type `OrderStatusChange`.
struct OrderStatusChangeRecord: ObjectValue {
    static let graphQLTypeName = "OrderStatusChange"
    var status: OrderStatus
    var previousStatus: OrderStatus?
    var changedBy: OrderActor
    var changedAt: Date
}

/// Schema type `OrderPayment`.
struct OrderPaymentRecord: ObjectValue {
    static let graphQLTypeName = "OrderPayment"
    var kind: PaymentKind
    var method: PaymentMethod
    var reference: String?
    var amount: Money
    var createdAt: Date
}

/// The SQL of orders. Reads for a viewer filter by the owner (or by role, in the mutations that
/// check it); writes run in the mutation's transaction. Stock is the chain's offer stock, reserved
/// and released through the catalog's Swift API (`OfferStore.reserve`, `release`).
enum OrderStore {
    /// The quick-delivery fee, in the order's currency.
    static let quickDeliveryFee = "9.99"

    static func load(_ ids: [Int64], from database: some PostgresQuerying) async throws -> [Int64: OrderRecord] {
        try await OrderRecord.load("SELECT \(OrderRecord.columns) FROM orders o WHERE o.id = ANY($1)", ids: ids, from: database)
    }

    /// Each user's draft.
    static func drafts(of userIDs: [Int64], from database: some PostgresQuerying) async throws -> [Int64: OrderRecord] {
        let rows = try await database.query(
            "SELECT \(OrderRecord.columns) FROM orders o WHERE o.user_id = ANY($1) AND o.status = 'draft' AND NOT o.recurring", [PostgresArray(userIDs)])
        var drafts: [Int64: OrderRecord] = [:]
        for row in rows {
            let order = try OrderRecord(row)
            if let userID = order.userID { drafts[userID] = order }
        }
        return drafts
    }

    static func items(of orderIDs: [Int64], from database: some PostgresQuerying) async throws -> [Int64: [OrderItemRecord]] {
        let rows = try await database.query(
            """
            SELECT order_id, product_id, quantity, unit_price::text FROM order_items WHERE order_id = ANY($1)
            ORDER BY order_id, added_at, product_id
            """, [PostgresArray(orderIDs)])
        var items: [Int64: [OrderItemRecord]] = Dictionary(uniqueKeysWithValues: orderIDs.map { ($0, []) })
        for row in rows {
            let item = OrderItemRecord(
                orderID: try row.decode(Int64.self, at: 0), productID: try row.decode(Int64.self, at: 1), quantity: try row.decode(Int.self, at: 2),
                unitPrice: try row.decode(String?.self, at: 3))
            items[item.orderID, default: []].append(item)
        }
        return items
    }

    static func history(of orderIDs: [Int64], from database: some PostgresQuerying) async throws -> [Int64: [OrderStatusChangeRecord]] {
        let rows = try await database.query(
            """
            SELECT order_id, to_status, from_status, changed_by_role, changed_at FROM order_status_changes
            WHERE order_id = ANY($1) ORDER BY order_id, id
            """, [PostgresArray(orderIDs)])
        var history: [Int64: [OrderStatusChangeRecord]] = Dictionary(uniqueKeysWithValues: orderIDs.map { ($0, []) })
        for row in rows {
            guard let status = OrderStatus(databaseName: try row.decode(String.self, at: 1)) else { continue }
            history[try row.decode(Int64.self, at: 0), default: []].append(
                OrderStatusChangeRecord(
                    status: status, previousStatus: try row.decode(String?.self, at: 2).flatMap { OrderStatus(databaseName: $0) },
                    changedBy: OrderActor(databaseName: try row.decode(String.self, at: 3)) ?? .system, changedAt: try row.decode(Date.self, at: 4)))
        }
        return history
    }

    static func payments(of orderIDs: [Int64], from database: some PostgresQuerying) async throws -> [Int64: [OrderPaymentRecord]] {
        let rows = try await database.query(
            """
            SELECT order_id, id, kind, method, reference, reference_key, amount::text, currency, created_at FROM order_payments
            WHERE order_id = ANY($1) ORDER BY order_id, id
            """, [PostgresArray(orderIDs)])
        var payments: [Int64: [OrderPaymentRecord]] = Dictionary(uniqueKeysWithValues: orderIDs.map { ($0, []) })
        for row in rows {
            let orderID = try row.decode(Int64.self, at: 0)
            let sealed = try row.decode([UInt8]?.self, at: 4)
            let reference = try sealed.map {
                String(decoding: try DataEncryption.open($0, keyID: try row.decode(String?.self, at: 5), context: "order-payment:\(orderID)"), as: UTF8.self)
            }
            payments[orderID, default: []].append(
                OrderPaymentRecord(
                    kind: PaymentKind(databaseName: try row.decode(String.self, at: 2)) ?? .payment,
                    method: PaymentMethod(databaseName: try row.decode(String.self, at: 3)) ?? .cash, reference: reference,
                    amount: Money(amount: DecimalText(try row.decode(String.self, at: 6)), currency: try row.decode(String.self, at: 7)),
                    createdAt: try row.decode(Date.self, at: 8)))
        }
        return payments
    }

    /// The user's submitted orders, newest first.
    static func page(of userID: Int64, status: OrderStatus?, _ page: Page, in database: some PostgresQuerying) async throws -> Connection<OrderRecord> {
        try await page.fetch(
            select: OrderRecord.columns,
            from: "SELECT * FROM orders WHERE user_id = $1 AND status <> 'draft' AND ($2::text IS NULL OR status = $2)", as: "o",
            keys: [Page.Key(expression: "o.id", type: "int8")], descending: true, parameters: [userID, status?.databaseName], count: .none,
            in: database, decode: OrderRecord.init)
    }

    /// The handlers' queue: oldest submission first; open orders when no status is given.
    static func queue(status: OrderStatus?, _ page: Page, in database: some PostgresQuerying) async throws -> Connection<OrderRecord> {
        let filter = status == nil ? "status IN ('in_process', 'accepted', 'pending_delivery')" : "status = $1"
        return try await page.fetch(
            select: OrderRecord.columns, from: "SELECT * FROM orders WHERE \(filter)", as: "o",
            keys: [Page.Key(expression: "o.submitted_at", type: "timestamptz"), Page.Key(expression: "o.id", type: "int8")],
            parameters: status == nil ? [] : [status!.databaseName], count: .none, in: database, decode: OrderRecord.init)
    }

    // MARK: Writes

    static func lockDraft(of userID: Int64, in transaction: PostgresTransaction) async throws -> OrderRecord? {
        try await transaction.query(
            "SELECT \(OrderRecord.columns) FROM orders o WHERE o.user_id = $1 AND o.status = 'draft' AND NOT o.recurring FOR UPDATE", [userID]
        ).first.map(OrderRecord.init)
    }

    static func lock(_ id: Int64, in transaction: PostgresTransaction) async throws -> OrderRecord? {
        try await transaction.query("SELECT \(OrderRecord.columns) FROM orders o WHERE o.id = $1 FOR UPDATE", [id]).first.map(OrderRecord.init)
    }

    static func createDraft(for userID: Int64, chainID: Int64, recurring: Bool = false, in transaction: PostgresTransaction) async throws -> OrderRecord {
        try OrderRecord(
            try await transaction.query(
                "INSERT INTO orders AS o (user_id, chain_id, status, recurring) VALUES ($1, $2, 'draft', $3) RETURNING \(OrderRecord.columns)",
                [userID, chainID, recurring])[0])
    }

    static func setItem(_ productID: Int64, quantity: Int, adding: Bool, in orderID: Int64, transaction: PostgresTransaction) async throws -> Int {
        try await transaction.query(
            """
            INSERT INTO order_items (order_id, product_id, quantity) VALUES ($1, $2, $3)
            ON CONFLICT (order_id, product_id) DO UPDATE SET quantity = CASE WHEN $4 THEN order_items.quantity + excluded.quantity
              ELSE excluded.quantity END
            RETURNING quantity
            """, [orderID, productID, quantity, adding])[0].decode(Int.self, at: 0)
    }

    static func removeItem(_ productID: Int64, from orderID: Int64, in transaction: PostgresTransaction) async throws -> Bool {
        try await transaction.query("DELETE FROM order_items WHERE order_id = $1 AND product_id = $2", [orderID, productID]).affectedRowCount == 1
    }

    static func replaceItems(of orderID: Int64, with quantities: [Int64: Int], in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query("DELETE FROM order_items WHERE order_id = $1", [orderID])
        let productIDs = quantities.keys.sorted()
        _ = try await transaction.query(
            "INSERT INTO order_items (order_id, product_id, quantity) SELECT $1, p, q FROM unnest($2::int8[], $3::int[]) AS u(p, q)",
            [orderID, PostgresArray(productIDs), PostgresArray(productIDs.map { quantities[$0]! })])
    }

    static func deleteDraft(_ orderID: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query("DELETE FROM orders WHERE id = $1 AND status = 'draft'", [orderID])
    }

    /// Fixes each item's price (the price paid at the chain now), the totals, and submits.
    static func submit(
        _ order: OrderRecord, prices: [Int64: String], currency: String, address: Address, submission: OrderSubmission,
        in transaction: PostgresTransaction
    ) async throws -> OrderRecord {
        let productIDs = prices.keys.sorted()
        _ = try await transaction.query(
            """
            UPDATE order_items i SET unit_price = p.price::numeric FROM unnest($2::int8[], $3::text[]) AS p(product_id, price)
            WHERE i.order_id = $1 AND i.product_id = p.product_id
            """, [order.id, PostgresArray(productIDs), PostgresArray(productIDs.map { prices[$0]! })])
        let address = String(decoding: try JSONEncoder().encode(address), as: UTF8.self)
        let rows = try await transaction.query(
            """
            UPDATE orders o SET status = 'in_process', number = 'KK-' || nextval('order_numbers'), currency = $2,
              subtotal = t.subtotal, delivery_fee = $3::numeric, total = t.subtotal + $3::numeric, quick_delivery = $4,
              delivery_address = $5::jsonb, delivery_instructions = $6, delivery_time = $7, meal_date = $8::date, payment_method = $9,
              submitted_at = now(), updated_at = now()
            FROM (SELECT coalesce(sum(unit_price * quantity), 0) AS subtotal FROM order_items WHERE order_id = $1) AS t
            WHERE o.id = $1
            RETURNING \(OrderRecord.columns)
            """,
            [
                order.id, currency, submission.quickDelivery ? quickDeliveryFee : "0.00", submission.quickDelivery, PostgresJSON(address),
                submission.deliveryInstructions, submission.deliveryTime, submission.mealDate?.description, submission.paymentMethod.databaseName,
            ])
        try await LiveEvents.publish(LiveEvent(.order, id: order.id), in: transaction)
        return try OrderRecord(rows[0])
    }

    /// The delivery details of a submitted order (a patch).
    static func updateDelivery(
        _ orderID: Int64, address: Address?, deliveryTime: Date??, instructions: String??, mealDate: LocalDate??,
        in transaction: PostgresTransaction
    ) async throws {
        let addressJSON = try address.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        _ = try await transaction.query(
            """
            UPDATE orders SET delivery_address = coalesce($2::jsonb, delivery_address),
              delivery_time = CASE WHEN $3 THEN $4 ELSE delivery_time END,
              delivery_instructions = CASE WHEN $5 THEN $6 ELSE delivery_instructions END,
              meal_date = CASE WHEN $7 THEN $8::date ELSE meal_date END, updated_at = now()
            WHERE id = $1
            """,
            [
                orderID, addressJSON.map(PostgresJSON.init), deliveryTime != nil, deliveryTime ?? nil, instructions != nil, instructions ?? nil,
                mealDate != nil, (mealDate ?? nil)?.description,
            ])
    }

    /// Re-prices a submitted order after its items changed (at the chain's prices now).
    static func reprice(_ orderID: Int64, prices: [Int64: String], in transaction: PostgresTransaction) async throws {
        let productIDs = prices.keys.sorted()
        _ = try await transaction.query(
            """
            UPDATE order_items i SET unit_price = p.price::numeric FROM unnest($2::int8[], $3::text[]) AS p(product_id, price)
            WHERE i.order_id = $1 AND i.product_id = p.product_id
            """, [orderID, PostgresArray(productIDs), PostgresArray(productIDs.map { prices[$0]! })])
        _ = try await transaction.query(
            """
            UPDATE orders o SET subtotal = t.subtotal, total = t.subtotal + o.delivery_fee, updated_at = now()
            FROM (SELECT coalesce(sum(unit_price * quantity), 0) AS subtotal FROM order_items WHERE order_id = $1) AS t WHERE o.id = $1
            """, [orderID])
    }

    static func setStatus(
        _ order: OrderRecord, to status: OrderStatus, by userID: Int64?, as actor: OrderActor, in transaction: PostgresTransaction
    ) async throws -> OrderRecord {
        let rows = try await transaction.query(
            "UPDATE orders o SET status = $2, updated_at = now() WHERE o.id = $1 RETURNING \(OrderRecord.columns)",
            [order.id, status.databaseName])
        try await recordChange(order.id, from: order.status, to: status, by: userID, as: actor, in: transaction)
        try await LiveEvents.publish(LiveEvent(.order, id: order.id), in: transaction)
        return try OrderRecord(rows[0])
    }

    static func recordChange(
        _ orderID: Int64, from: OrderStatus?, to: OrderStatus, by userID: Int64?, as actor: OrderActor, in transaction: PostgresTransaction
    ) async throws {
        _ = try await transaction.query(
            "INSERT INTO order_status_changes (order_id, from_status, to_status, changed_by, changed_by_role) VALUES ($1, $2, $3, $4, $5)",
            [orderID, from?.databaseName, to.databaseName, userID, actor.databaseName])
    }

    static func recordPayment(
        _ order: OrderRecord, kind: PaymentKind, method: PaymentMethod, reference: String?, in transaction: PostgresTransaction
    ) async throws {
        let sealed = try reference.map { try DataEncryption.seal(Array($0.utf8), context: "order-payment:\(order.id)") }
        _ = try await transaction.query(
            """
            INSERT INTO order_payments (order_id, user_id, kind, method, reference, reference_key, amount, currency)
            SELECT id, user_id, $2, $3, $4, $5, total, currency FROM orders WHERE id = $1
            """, [order.id, kind.databaseName, method.databaseName, sealed?.bytes, sealed?.keyID])
    }

    /// The reference of the order's payment (the owner's and administrators' view).
    static func paymentReference(of orderIDs: [Int64], from database: some PostgresQuerying) async throws -> [Int64: String] {
        var references: [Int64: String] = [:]
        for (orderID, payments) in try await payments(of: orderIDs, from: database) {
            if let reference = payments.first(where: { $0.kind == .payment })?.reference { references[orderID] = reference }
        }
        return references
    }
}

/// What `submitOrder` (and a recurring order's run) submits with.
struct OrderSubmission: Sendable {
    var paymentMethod: PaymentMethod
    var paymentReference: String?
    var quickDelivery = false
    var mealDate: LocalDate?
    var deliveryInstructions: String?
    var deliveryTime: Date?
}
