import Foundation
import GraphQLEngine
import Postgres

/// The SQL of price observations: by id, the latest price of products at each store, price
/// statistics, and `recordPrice`'s insert.
enum PriceStore {
    static func load(_ ids: [Int64], from database: some PostgresQuerying) async throws -> [Int64: PriceRecord] {
        try await PriceRecord.load(
            "SELECT \(PriceRecord.columns) FROM price_observations o WHERE o.id = ANY($1)", ids: ids, from: database)
    }

    /// The latest price of each product at each store (within the radius when given), nearest
    /// then cheapest first; one statement for all the products of a level, reading `columns`.
    /// It reads `latest_prices` (migration 0032), one row a product and store, so its cost does
    /// not grow with the price history; without a radius, a product's page is read from the
    /// index on its prices (migration 0033), so neither does it grow with the stores that sell
    /// the product.
    static func latest(
        of productIDs: [Int64], near: GeoRadius?, page: Page, columns: PriceColumns = .all, in database: some PostgresQuerying
    ) async throws -> [Int64: Connection<PriceRecord>] {
        var parameters: [any PostgresEncodable] = []
        var distance = "NULL::float8"
        var stores = ""
        if let near {
            parameters = [near.latitude, near.longitude, near.radiusKm]
            distance = StoreDirectory.distanceSQL(latitude: "$2", longitude: "$3")
            stores = "JOIN stores s ON s.id = o.store_id AND \(distance) <= $4"
        }
        let source = """
            SELECT o.*, o.product_id AS page_parent, \(distance) AS distance_km, coalesce(\(distance), 0) AS distance_key
            FROM latest_prices o \(stores)
            """
        let distancePosition = columns.count
        return try await page.fetchForParents(
            productIDs, select: columns.select + ", o.distance_km", from: source, as: "o",
            keys: [
                .init(expression: "o.distance_key", type: "float8"), .init(expression: "o.price", type: "numeric", column: "price"),
                .init(expression: "o.id", type: "bigint", column: "id"),
            ], parameters: parameters, in: database
        ) { row in
            var price = try PriceRecord(row, columns: columns)
            price.distanceKm = try row.decode(Double?.self, at: distancePosition).map(StoreDirectory.roundedKilometres)
            return price
        }
    }

    /// Minimum, median and maximum price of each product over the last `days` days; products
    /// without observations are left out.
    static func statistics(
        of productIDs: [Int64], days: Int, in database: some PostgresQuerying
    ) async throws -> [Int64: PriceStatistics] {
        let rows = try await database.query(
            """
            SELECT product_id, count(*)::int, min(price)::text,
              (percentile_cont(0.5) WITHIN GROUP (ORDER BY price))::numeric(10, 2)::text, max(price)::text, min(currency)
            FROM price_observations WHERE product_id = ANY($1) AND observed_at > now() - make_interval(days => $2)
            GROUP BY product_id
            """, [PostgresArray(productIDs), days])
        var statistics: [Int64: PriceStatistics] = [:]
        for row in rows {
            let currency = try row.decode(String.self, at: 5)
            func money(at index: Int) throws -> Money { Money(amount: DecimalText(try row.decode(String.self, at: index)), currency: currency) }
            statistics[try row.decode(Int64.self, at: 0)] = PriceStatistics(
                days: days, observations: try row.decode(Int.self, at: 1), minimum: try money(at: 2), median: try money(at: 3),
                maximum: try money(at: 4))
        }
        return statistics
    }

    /// Records a price; nil when the product does not exist.
    static func insert(
        productID: Int64, storeID: Int64, price: DecimalText, observedAt: Date?, source: PriceSource, discounted: Bool, reportedBy: Int64,
        in transaction: PostgresTransaction
    ) async throws -> PriceRecord? {
        do {
            let rows = try await transaction.query(
                """
                INSERT INTO price_observations AS o (product_id, store_id, price, observed_at, source, is_discount, reported_by)
                VALUES ($1, $2, $3::numeric, coalesce($4::timestamptz, now()), $5, $6, $7)
                RETURNING \(PriceRecord.columns)
                """, [productID, storeID, price.text, observedAt, source.databaseName, discounted, reportedBy])
            return try PriceRecord(rows[0])
        } catch let error as PostgresError where error.isForeignKeyViolation {
            return nil
        }
    }
}

/// Observed prices of a product over a period (schema type `PriceStatistics`).
struct PriceStatistics: ObjectValue {
    static let graphQLTypeName = "PriceStatistics"

    var days: Int
    var observations: Int
    var minimum: Money
    var median: Money
    var maximum: Money
}

// MARK: - Receipt prices (for the Spending area)

/// The lowest receipt price of a product at a store over a window (`PriceStore.cheapestFromReceipts`).
struct ReceiptPrice: Sendable {
    var productID: Int64
    var storeID: Int64
    var price: Money
    var observedAt: Date
    var distanceKm: Double
}

extension PriceStore {
    /// For each of `productIDs` and each store within `near` (not among `excludedStores`), the
    /// lowest price receipts of other users than `excludingReporter` showed there since `since`,
    /// below `below[product]` when given. One statement: the stores in the radius first (a box on
    /// `stores_latitude`, then the exact distance), then the receipt observations of the products
    /// in the window (`price_observations_receipts`).
    static func cheapestFromReceipts(
        of productIDs: [Int64], since: Date, near: GeoRadius, excludedStores: [Int64], excludingReporter: Int64?,
        in database: some PostgresQuerying
    ) async throws -> [ReceiptPrice] {
        guard !productIDs.isEmpty else { return [] }
        let latitudeSpan = near.radiusKm / 111.0
        let longitudeSpan = near.radiusKm / max(111.0 * cos(near.latitude * .pi / 180), 0.01)
        let distance = StoreDirectory.distanceSQL(latitude: "$2", longitude: "$3")
        let rows = try await database.query(
            """
            WITH near AS MATERIALIZED (
              SELECT s.id, \(distance) AS distance_km FROM stores s
              WHERE s.latitude BETWEEN $2 - $5 AND $2 + $5 AND s.longitude BETWEEN $3 - $6 AND $3 + $6
                AND NOT (s.id = ANY($7))
            )
            SELECT DISTINCT ON (o.product_id, o.store_id) o.product_id, o.store_id, o.price::text, o.currency, o.observed_at, n.distance_km
            FROM price_observations o JOIN near n ON n.id = o.store_id
            WHERE o.product_id = ANY($1) AND o.source = 'receipt' AND o.observed_at >= $8
              AND n.distance_km <= $4 AND o.reported_by IS DISTINCT FROM $9
            ORDER BY o.product_id, o.store_id, o.price, o.observed_at DESC
            """,
            [PostgresArray(productIDs), near.latitude, near.longitude, near.radiusKm, latitudeSpan, longitudeSpan,
             PostgresArray(excludedStores), since, excludingReporter])
        return try rows.map { row in
            ReceiptPrice(
                productID: try row.decode(Int64.self, at: 0), storeID: try row.decode(Int64.self, at: 1),
                price: Money(amount: DecimalText(try row.decode(String.self, at: 2)), currency: try row.decode(String.self, at: 3)),
                observedAt: try row.decode(Date.self, at: 4), distanceKm: StoreDirectory.roundedKilometres(try row.decode(Double.self, at: 5)))
        }
    }

    /// Deletes observations by id (a receipt line's, when the line changes or its receipt goes).
    static func delete(_ ids: [Int64], in transaction: PostgresTransaction) async throws {
        guard !ids.isEmpty else { return }
        _ = try await transaction.query("DELETE FROM price_observations WHERE id = ANY($1)", [PostgresArray(ids)])
    }
}
