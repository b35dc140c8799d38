import Foundation
import GraphQLEngine
import Postgres

/// One chain's offer of a product (schema type `ChainOffer`): its regular price, its sale price
/// while on sale, its stock for delivery orders.
struct ChainOfferRecord: ObjectValue {
    static let graphQLTypeName = "ChainOffer"

    var productID: Int64
    var chainID: Int64
    var price: Money
    var salePrice: Money?
    var stock: Int
    var updatedAt: Date

    /// The columns `init(_:)` reads, in order, from a row of `chain_offers` named `o`.
    static let columns = "o.product_id, o.chain_id, o.price::text, o.sale_price::text, o.currency, o.stock, o.updated_at"

    init(_ row: PostgresRow) throws {
        productID = try row.decode(Int64.self, at: 0)
        chainID = try row.decode(Int64.self, at: 1)
        let currency = try row.decode(String.self, at: 4)
        price = Money(amount: DecimalText(try row.decode(String.self, at: 2)), currency: currency)
        salePrice = Money(try row.decode(String?.self, at: 3), currency)
        stock = try row.decode(Int.self, at: 5)
        updatedAt = try row.decode(Date.self, at: 6)
    }
}

/// The SQL of chains' offers. Each write keeps the product's summary (`products.catalog_price`,
/// `sale_price`, `stock`) in step in the same transaction, with the product's row locked first, so
/// two chains changing their offers of one product at once leave the summary of both.
///
/// The summary, which `Product.catalogPrice`, `salePrice`, `onSale`, `stock` and `inStock` show
/// and `products(filter:, orderBy:)` filter and sort on: the best offer is the lowest price paid
/// (the sale price while on sale, else the regular price) among the chains that have the product in
/// stock, or among all chains when none has; ties go to the older chain. `catalogPrice` and
/// `salePrice` are that offer's; `stock` is the units of all chains together.
enum OfferStore {
    /// Every chain's offer of each product, lowest price paid first.
    static func offers(of productIDs: [Int64], in database: some PostgresQuerying) async throws -> [Int64: [ChainOfferRecord]] {
        let rows = try await database.query(
            """
            SELECT \(ChainOfferRecord.columns) FROM chain_offers o WHERE o.product_id = ANY($1)
            ORDER BY o.product_id, coalesce(o.sale_price, o.price), o.chain_id
            """, [PostgresArray(productIDs)])
        var offers: [Int64: [ChainOfferRecord]] = Dictionary(uniqueKeysWithValues: productIDs.map { ($0, []) })
        for row in rows {
            let offer = try ChainOfferRecord(row)
            offers[offer.productID, default: []].append(offer)
        }
        return offers
    }

    /// One chain's offer, read in the transaction that changes it.
    static func offer(of productID: Int64, by chainID: Int64, in transaction: PostgresTransaction) async throws -> ChainOfferRecord? {
        try await transaction.query(
            "SELECT \(ChainOfferRecord.columns) FROM chain_offers o WHERE o.product_id = $1 AND o.chain_id = $2", [productID, chainID]
        ).first.map(ChainOfferRecord.init)
    }

    /// Sets a chain's offer (a new one, or all of an existing one).
    static func set(
        productID: Int64, chainID: Int64, price: DecimalText, salePrice: DecimalText?, stock: Int, by userID: Int64,
        in transaction: PostgresTransaction
    ) async throws {
        _ = try await transaction.query(
            """
            INSERT INTO chain_offers (product_id, chain_id, price, sale_price, stock, updated_by, updated_at)
            VALUES ($1, $2, $3::numeric, $4::numeric, $5, $6, now())
            ON CONFLICT (product_id, chain_id) DO UPDATE SET price = excluded.price, sale_price = excluded.sale_price,
              stock = excluded.stock, updated_by = excluded.updated_by, updated_at = excluded.updated_at
            """, [productID, chainID, price.text, salePrice?.text, stock, userID])
        try await refreshSummary(of: productID, in: transaction)
    }

    /// Withdraws a chain's offer.
    static func remove(productID: Int64, chainID: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query("DELETE FROM chain_offers WHERE product_id = $1 AND chain_id = $2", [productID, chainID])
        try await refreshSummary(of: productID, in: transaction)
    }

    /// Writes the product's summary of its offers (see the type's description).
    static func refreshSummary(of productID: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query(
            """
            UPDATE products p SET catalog_price = best.price, sale_price = best.sale_price,
              currency = coalesce(best.currency, p.currency), stock = total.stock, updated_at = now()
            FROM (SELECT least(coalesce(sum(o.stock), 0), 2147483647)::int AS stock FROM chain_offers o WHERE o.product_id = $1) AS total
            LEFT JOIN LATERAL (
              SELECT o.price, o.sale_price, o.currency FROM chain_offers o WHERE o.product_id = $1
              ORDER BY (o.stock > 0) DESC, coalesce(o.sale_price, o.price), o.chain_id LIMIT 1
            ) AS best ON true
            WHERE p.id = $1
            """, [productID])
    }
}

extension OfferStore {
    /// Reserves stock for an order in the caller's transaction: locks the chain's offers of the
    /// products (`SELECT … FOR UPDATE`, in product order, so that concurrent orders never deadlock),
    /// and takes the quantities only when every product is in stock, so the stock never goes below
    /// zero however many orders race. Returns the locked offers (for the prices paid), or the
    /// products short of stock (nothing taken then).
    static func reserve(_ quantities: [Int64: Int], chainID: Int64, in transaction: PostgresTransaction) async throws
        -> (offers: [Int64: ChainOfferRecord], short: [Int64])
    {
        let productIDs = quantities.keys.sorted()
        let rows = try await transaction.query(
            """
            SELECT \(ChainOfferRecord.columns) FROM chain_offers o
            WHERE o.chain_id = $1 AND o.product_id = ANY($2) ORDER BY o.product_id FOR UPDATE
            """, [chainID, PostgresArray(productIDs)])
        var offers: [Int64: ChainOfferRecord] = [:]
        for row in rows {
            let offer = try ChainOfferRecord(row)
            offers[offer.productID] = offer
        }
        let short = productIDs.filter { (offers[$0]?.stock ?? 0) < quantities[$0]! }
        guard short.isEmpty else { return (offers, short) }
        _ = try await transaction.query(
            """
            UPDATE chain_offers o SET stock = o.stock - q.quantity, updated_at = now()
            FROM unnest($2::int8[], $3::int[]) AS q(product_id, quantity)
            WHERE o.chain_id = $1 AND o.product_id = q.product_id
            """, [chainID, PostgresArray(productIDs), PostgresArray(productIDs.map { quantities[$0]! })])
        for productID in productIDs { try await refreshSummary(of: productID, in: transaction) }
        return (offers, [])
    }

    /// Gives reserved stock back (a cancelled or changed order), in the caller's transaction.
    static func release(_ quantities: [Int64: Int], chainID: Int64, in transaction: PostgresTransaction) async throws {
        let productIDs = quantities.keys.sorted()
        guard !productIDs.isEmpty else { return }
        _ = try await transaction.query(
            """
            UPDATE chain_offers o SET stock = least(o.stock::int8 + q.quantity, 2147483647)::int, updated_at = now()
            FROM unnest($2::int8[], $3::int[]) AS q(product_id, quantity)
            WHERE o.chain_id = $1 AND o.product_id = q.product_id
            """, [chainID, PostgresArray(productIDs), PostgresArray(productIDs.map { quantities[$0]! })])
        for productID in productIDs { try await refreshSummary(of: productID, in: transaction) }
    }
}
