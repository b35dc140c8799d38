import Foundation
import Postgres

/// The SQL of receipts, their lines and the purchases confirmed lines make. Every statement is
/// filtered by the owner, so another user's receipt is simply not found.
enum ReceiptStore {
    static func load(_ ids: [Int64], from database: some PostgresQuerying) async throws -> [Int64: ReceiptRecord] {
        try await ReceiptRecord.load("SELECT \(ReceiptRecord.columns) FROM receipts r WHERE r.id = ANY($1)", ids: ids, from: database)
    }

    static func receipt(_ id: Int64, of userID: Int64, in database: some PostgresQuerying) async throws -> ReceiptRecord? {
        try await database.query("SELECT \(ReceiptRecord.columns) FROM receipts r WHERE r.id = $1 AND r.user_id = $2", [id, userID])
            .first.map(ReceiptRecord.init)
    }

    static func lines(_ ids: [Int64], from database: some PostgresQuerying) async throws -> [Int64: ReceiptLineRecord] {
        try await ReceiptLineRecord.load("SELECT \(ReceiptLineRecord.columns) FROM receipt_lines l WHERE l.id = ANY($1)", ids: ids, from: database)
    }

    /// Each receipt's lines, in order: one statement for every receipt of a level.
    static func lines(ofReceipts receiptIDs: [Int64], from database: some PostgresQuerying) async throws -> [Int64: [ReceiptLineRecord]] {
        var lines: [Int64: [ReceiptLineRecord]] = Dictionary(uniqueKeysWithValues: receiptIDs.map { ($0, []) })
        for row in try await database.query(
            "SELECT \(ReceiptLineRecord.columns) FROM receipt_lines l WHERE l.receipt_id = ANY($1) ORDER BY l.receipt_id, l.position",
            [PostgresArray(receiptIDs)])
        {
            let line = try ReceiptLineRecord(row)
            lines[line.receiptID, default: []].append(line)
        }
        return lines
    }

    /// A line of the user's, locked for a change.
    static func line(_ id: Int64, of userID: Int64, in transaction: PostgresTransaction) async throws -> ReceiptLineRecord? {
        try await transaction.query(
            "SELECT \(ReceiptLineRecord.columns) FROM receipt_lines l WHERE l.id = $1 AND l.user_id = $2 FOR UPDATE", [id, userID]
        ).first.map(ReceiptLineRecord.init)
    }

    /// Each user's receipts, the latest purchase first.
    static func receipts(of userIDs: [Int64], page: Page, in database: some PostgresQuerying) async throws -> [Int64: Connection<ReceiptRecord>] {
        try await page.fetchForParents(
            userIDs, select: ReceiptRecord.columns, from: "SELECT *, user_id AS page_parent FROM receipts", as: "r",
            keys: [.init(expression: "r.purchased_at", type: "timestamptz"), .init(expression: "r.id", type: "bigint")],
            descending: true, parameters: [], in: database, decode: ReceiptRecord.init)
    }

    /// A line's values, as entered or as changed.
    struct NewLine: Sendable {
        var text: String
        var matchText: String
        var quantity: Double
        var unit: PurchaseUnit
        var unitPrice: Decimal
        var discount: Decimal
        var lineTotal: Decimal
        var productID: Int64?
        var confidence: Double?
        var source: MappingSource?
        var confirmed: Bool
        var candidates: [Int64]
    }

    static func insert(
        userID: Int64, storeID: Int64, purchasedAt: Date, total: Decimal, currency: String, source: ReceiptSource, lines: [NewLine],
        in transaction: PostgresTransaction
    ) async throws -> Int64 {
        let receiptID = try await transaction.query(
            """
            INSERT INTO receipts (user_id, store_id, purchased_at, total, currency, source) VALUES ($1, $2, $3, $4::numeric, $5, $6) RETURNING id
            """, [userID, storeID, purchasedAt, Amount.text(total), currency, source.databaseName])[0].decode(Int64.self, at: 0)
        // One statement for every line (arrays unnested in order).
        _ = try await transaction.query(
            """
            INSERT INTO receipt_lines (receipt_id, user_id, position, text, match_text, quantity, unit, unit_price, discount, line_total,
              product_id, mapping_confidence, mapping_source, mapping_confirmed, candidate_ids)
            SELECT $1, $2, t.position, t.text, t.match_text, t.quantity, t.unit, t.unit_price, t.discount, t.line_total, t.product_id,
              t.confidence, t.source, t.confirmed, coalesce((SELECT array_agg(c::bigint) FROM unnest(string_to_array(t.candidates, ',')) c WHERE c <> ''), '{}')
            FROM unnest($3::int[], $4::text[], $5::text[], $6::numeric[], $7::text[], $8::numeric[], $9::numeric[], $10::numeric[],
              $11::bigint[], $12::float8[], $13::text[], $14::bool[], $15::text[])
              AS t(position, text, match_text, quantity, unit, unit_price, discount, line_total, product_id, confidence, source, confirmed, candidates)
            """,
            [receiptID, userID, PostgresArray(Array(0..<lines.count)), PostgresArray(lines.map(\.text)), PostgresArray(lines.map(\.matchText)),
             PostgresArray(lines.map { String($0.quantity) }), PostgresArray(lines.map(\.unit.databaseName)),
             PostgresArray(lines.map { Amount.text($0.unitPrice) }), PostgresArray(lines.map { Amount.text($0.discount) }),
             PostgresArray(lines.map { Amount.text($0.lineTotal) }), PostgresArray(lines.map(\.productID)),
             PostgresArray(lines.map(\.confidence)), PostgresArray(lines.map { $0.source?.databaseName }), PostgresArray(lines.map(\.confirmed)),
             PostgresArray(lines.map { $0.candidates.map(String.init).joined(separator: ",") })])
        return receiptID
    }

    static func update(_ lineID: Int64, _ change: NewLine, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query(
            """
            UPDATE receipt_lines SET text = $2, match_text = $3, quantity = $4::numeric, unit = $5, unit_price = $6::numeric,
              discount = $7::numeric, line_total = $8::numeric, product_id = $9, mapping_confidence = $10, mapping_source = $11,
              mapping_confirmed = $12, candidate_ids = $13::bigint[]
            WHERE id = $1
            """,
            [lineID, change.text, change.matchText, String(change.quantity), change.unit.databaseName, Amount.text(change.unitPrice),
             Amount.text(change.discount), Amount.text(change.lineTotal), change.productID, change.confidence, change.source?.databaseName,
             change.confirmed, PostgresArray(change.candidates)])
    }

    /// Deletes a receipt of the user's (its lines and purchases go with it), first removing the
    /// price observations its purchases made; false when the user has no such receipt.
    static func delete(_ receiptID: Int64, of userID: Int64, in transaction: PostgresTransaction) async throws -> Bool {
        let observations = try await transaction.query(
            """
            SELECT u.price_observation_id FROM purchases u JOIN receipt_lines l ON l.id = u.receipt_line_id
            WHERE l.receipt_id = $1 AND u.user_id = $2 AND u.price_observation_id IS NOT NULL
            """, [receiptID, userID]).map { try $0.decode(Int64.self, at: 0) }
        let deleted = try await transaction.query("DELETE FROM receipts WHERE id = $1 AND user_id = $2 RETURNING id", [receiptID, userID])
        guard !deleted.isEmpty else { return false }
        try await PriceStore.delete(observations, in: transaction)
        return true
    }

    // MARK: - Purchases of lines

    /// Makes the purchases of a receipt's lines match them: every confirmed line with a product is
    /// one purchase and (when it cost something) one receipt price observation for the catalog;
    /// purchases of lines no longer confirmed go, with their observations.
    static func syncPurchases(ofReceipt receiptID: Int64, in transaction: PostgresTransaction) async throws {
        guard let receipt = try await load([receiptID], from: transaction)[receiptID] else { return }
        let lines = try await lines(ofReceipts: [receiptID], from: transaction)[receiptID] ?? []
        let old = try await transaction.query(
            "SELECT u.price_observation_id FROM purchases u JOIN receipt_lines l ON l.id = u.receipt_line_id WHERE l.receipt_id = $1",
            [receiptID]).compactMap { try $0.decode(Int64?.self, at: 0) }
        _ = try await transaction.query(
            "DELETE FROM purchases WHERE receipt_line_id IN (SELECT id FROM receipt_lines WHERE receipt_id = $1)", [receiptID])
        try await PriceStore.delete(old, in: transaction)
        let confirmed = lines.filter { $0.mappingConfirmed && $0.productID != nil }
        guard !confirmed.isEmpty else { return }
        let products = try await ProductStore.load(confirmed.compactMap(\.productID), from: transaction)
        for line in confirmed {
            guard let productID = line.productID, let product = products[productID] else { continue }
            let paid = line.quantity > 0 ? line.lineTotal / Decimal(line.quantity) : line.unitPrice
            var observationID: Int64?
            if let storeID = receipt.storeID, paid >= Decimal(string: "0.01")!, paid <= Decimal(string: "99999.99")! {
                observationID = try await PriceStore.insert(
                    productID: productID, storeID: storeID, price: DecimalText(Amount.text(paid)), observedAt: receipt.purchasedAt,
                    source: .receipt, discounted: line.discount > 0, reportedBy: receipt.userID, in: transaction)?.id
            }
            _ = try await transaction.query(
                """
                INSERT INTO purchases (user_id, receipt_line_id, purchased_at, store_id, product_id, category_id, unit_price, quantity, unit,
                  amount, currency, price_observation_id)
                VALUES ($1, $2, $3, $4, $5, $6, $7::numeric, $8::numeric, $9, $10::numeric, $11, $12)
                """,
                [receipt.userID, line.id, receipt.purchasedAt, receipt.storeID, productID, product.categoryID, Amount.text(paid),
                 String(line.quantity), line.unit.databaseName, Amount.text(line.lineTotal), receipt.currency, observationID])
        }
    }
}
