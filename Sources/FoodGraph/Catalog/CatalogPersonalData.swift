import Foundation
import GraphQLEngine
import Postgres

/// What the catalog holds about a user, for personal-data export and account deletion (PIPEDA):
/// the products they submitted (and changes to products they proposed as a chain's
/// representative), the products they reviewed as a moderator, the prices they recorded, the
/// chain offers they last changed, and the product images they uploaded.
///
/// Every catalog column holding a user id is in `columns`; `anonymise` clears each one, so after
/// it (and the account's deletion) none of them names the user. What is kept, without the user:
/// community price observations; products in the catalog (or withdrawn from it) and chains' own
/// products and their pending changes, whoever submitted them; moderators' decisions and notes;
/// offers; images of products that stay. What goes: the user's own submissions that never reached
/// the catalog (pending or rejected products of no chain), with their images.
enum CatalogPersonalData {
    /// Every catalog column that holds a user id: table and column.
    static let columns: [(table: String, column: String)] = [
        ("products", "submitted_by"), ("products", "reviewed_by"), ("price_observations", "reported_by"),
        ("chain_offers", "updated_by"), ("product_images", "uploaded_by"),
    ]

    /// Every catalog row tied to the user, as JSON values: `submittedProducts`, `reviewedProducts`,
    /// `priceObservations`, `chainOffers` (those they last changed) and `productImages`, each a list
    /// of objects (IDs are the API's global IDs; times RFC 3339; amounts decimal strings).
    static func export(userID: Int64, in database: some PostgresQuerying) async throws -> [String: GraphQLValue] {
        func time(_ date: Date?) -> GraphQLValue { date.map { .string(RFC3339.format($0)) } ?? .null }
        func text(_ value: String?) -> GraphQLValue { value.map { .string($0) } ?? .null }
        func id(_ type: String, _ key: Int64?) -> GraphQLValue { key.map { .string(GlobalID(typeName: type, key: $0).description) } ?? .null }
        func object(_ fields: [(String, GraphQLValue)]) -> GraphQLValue { .object(GraphQLObject(fields.map { (name: $0.0, value: $0.1) })) }

        let submitted = try await database.query(
            """
            SELECT p.id, p.name, p.brand, p.barcode, c.slug, p.status, ch.name, p.revision_of, p.created_at, p.reviewed_at, p.review_note
            FROM products p JOIN categories c ON c.id = p.category_id LEFT JOIN retail_chains ch ON ch.id = p.chain_id
            WHERE p.submitted_by = $1 ORDER BY p.id
            """, [userID]
        ).map { row in
            object([
                ("id", id("Product", try row.decode(Int64.self, at: 0))), ("name", text(try row.decode(String.self, at: 1))),
                ("brand", text(try row.decode(String?.self, at: 2))), ("barcode", text(try row.decode(String?.self, at: 3))),
                ("category", text(try row.decode(String.self, at: 4))),
                ("status", text((try row.decode(String.self, at: 5)).uppercased())), ("chain", text(try row.decode(String?.self, at: 6))),
                ("revisionOf", id("Product", try row.decode(Int64?.self, at: 7))), ("submittedAt", time(try row.decode(Date.self, at: 8))),
                ("reviewedAt", time(try row.decode(Date?.self, at: 9))), ("reviewNote", text(try row.decode(String?.self, at: 10))),
            ])
        }
        let reviewed = try await database.query(
            "SELECT id, name, status, reviewed_at, review_note FROM products WHERE reviewed_by = $1 ORDER BY id", [userID]
        ).map { row in
            object([
                ("id", id("Product", try row.decode(Int64.self, at: 0))), ("name", text(try row.decode(String.self, at: 1))),
                ("status", text((try row.decode(String.self, at: 2)).uppercased())), ("reviewedAt", time(try row.decode(Date?.self, at: 3))),
                ("note", text(try row.decode(String?.self, at: 4))),
            ])
        }
        let prices = try await database.query(
            """
            SELECT o.id, o.product_id, p.name, o.store_id, s.name, o.price::text, o.currency, o.observed_at, o.source, o.is_discount
            FROM price_observations o JOIN products p ON p.id = o.product_id JOIN stores s ON s.id = o.store_id
            WHERE o.reported_by = $1 ORDER BY o.id
            """, [userID]
        ).map { row in
            object([
                ("id", id("PriceObservation", try row.decode(Int64.self, at: 0))), ("product", id("Product", try row.decode(Int64.self, at: 1))),
                ("productName", text(try row.decode(String.self, at: 2))), ("store", id("Store", try row.decode(Int64.self, at: 3))),
                ("storeName", text(try row.decode(String.self, at: 4))), ("price", text(try row.decode(String.self, at: 5))),
                ("currency", text((try row.decode(String.self, at: 6)).trimmingCharacters(in: .whitespaces))),
                ("observedAt", time(try row.decode(Date.self, at: 7))), ("source", text((try row.decode(String.self, at: 8)).uppercased())),
                ("discounted", .boolean(try row.decode(Bool.self, at: 9))),
            ])
        }
        let offers = try await database.query(
            """
            SELECT o.product_id, o.chain_id, c.name, o.price::text, o.sale_price::text, o.stock, o.updated_at
            FROM chain_offers o JOIN retail_chains c ON c.id = o.chain_id WHERE o.updated_by = $1 ORDER BY o.product_id, o.chain_id
            """, [userID]
        ).map { row in
            object([
                ("product", id("Product", try row.decode(Int64.self, at: 0))), ("chain", id("RetailChain", try row.decode(Int64.self, at: 1))),
                ("chainName", text(try row.decode(String.self, at: 2))), ("price", text(try row.decode(String.self, at: 3))),
                ("salePrice", text(try row.decode(String?.self, at: 4))), ("stock", .int(try row.decode(Int.self, at: 5))),
                ("updatedAt", time(try row.decode(Date.self, at: 6))),
            ])
        }
        let images = try await database.query(
            """
            SELECT token, product_id, content_type, width, height, octet_length(bytes), created_at
            FROM product_images WHERE uploaded_by = $1 ORDER BY created_at, token
            """, [userID]
        ).map { row in
            object([
                ("url", text(ProductImages.url(token: try row.decode(String.self, at: 0)))),
                ("product", id("Product", try row.decode(Int64.self, at: 1))), ("contentType", text(try row.decode(String.self, at: 2))),
                ("width", .int(try row.decode(Int.self, at: 3))), ("height", .int(try row.decode(Int.self, at: 4))),
                ("bytes", .int(try row.decode(Int.self, at: 5))), ("uploadedAt", time(try row.decode(Date.self, at: 6))),
            ])
        }
        return [
            "submittedProducts": .list(submitted), "reviewedProducts": .list(reviewed), "priceObservations": .list(prices),
            "chainOffers": .list(offers), "productImages": .list(images),
        ]
    }

    /// Deletes or anonymises every catalog row tied to the user, in the caller's transaction (the
    /// account's deletion): see the type's description for what is kept and what goes.
    static func anonymise(userID: Int64, in transaction: PostgresTransaction) async throws {
        // Their own submissions that never reached the catalog: pending or rejected products of no
        // chain. A chain's products and changes to them are the chain's work, and stay.
        _ = try await transaction.query(
            "DELETE FROM products WHERE submitted_by = $1 AND status IN ('pending', 'rejected') AND chain_id IS NULL", [userID])
        for (table, column) in columns {
            _ = try await transaction.query("UPDATE \(table) SET \(column) = NULL WHERE \(column) = $1", [userID])
        }
    }
}

extension CatalogPersonalData: PersonalDataHolder {
    static let exportKey = "catalog"

    static var userColumns: [UserColumn] {
        let kept = [
            "products.submitted_by": "a product in the catalog stays; own submissions that never reached it are deleted",
            "products.reviewed_by": "a moderation decision stays",
            "price_observations.reported_by": "community price observations stay, without who reported them",
            "chain_offers.updated_by": "a chain's offer stays",
            "product_images.uploaded_by": "a product's image stays with the product",
        ]
        // Where each column's rows are listed in the export; staff columns (a moderator's decision,
        // a chain's offer and image) are exported too, and tested in CatalogPersonalDataTests.
        let sections = [
            "products.submitted_by": "catalog.submittedProducts", "price_observations.reported_by": "catalog.priceObservations",
        ]
        return columns.map { (table: String, column: String) in
            UserColumn(
                table: table, column: column, handling: .anonymised(kept: kept["\(table).\(column)"] ?? "kept without the user"),
                exportPath: sections["\(table).\(column)"] ?? "")
        }
    }

    static func export(_ userID: Int64, in database: some PostgresQuerying) async throws -> String {
        let sections = try await export(userID: userID, in: database)
        let json = GraphQLValue.object(GraphQLObject(sections.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }))
        let data = try JSONSerialization.data(withJSONObject: json.jsonObject, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    static func erase(_ userID: Int64, in transaction: PostgresTransaction) async throws {
        try await anonymise(userID: userID, in: transaction)
    }
}

extension GraphQLValue {
    /// The value as a `JSONSerialization` tree.
    fileprivate var jsonObject: Any {
        switch self {
        case .null: NSNull()
        case .boolean(let value): value
        case .int(let value): value
        case .float(let value): value
        case .string(let value), .enumValue(let value): value
        case .list(let items): items.map(\.jsonObject)
        case .object(let object): Dictionary(object.fields.map { ($0.name, $0.value.jsonObject) }, uniquingKeysWith: { first, _ in first })
        }
    }
}
