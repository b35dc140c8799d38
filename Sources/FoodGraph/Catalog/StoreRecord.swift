import Foundation
import GraphQLEngine
import Postgres

/// A retail chain (schema type `RetailChain`).
struct RetailChainRecord: IdentifiedRecord, ObjectValue {
    static let graphQLTypeName = "RetailChain"

    var id: Int64
    var name: String
    var description: String?
    var website: String?
    var contactEmail: String?
    var contactPhone: String?

    /// The columns `init(_:)` reads, in order, from a row of `retail_chains` named `c`.
    static let columns = "c.id, c.name, c.description, c.website, c.contact_email, c.contact_phone"

    /// How other areas read these (the SQL is in the area's store).
    static func load(_ ids: [Int64], from database: some PostgresQuerying) async throws -> [Int64: RetailChainRecord] {
        try await StoreDirectory.chains(ids, from: database)
    }
}

/// A store of a retail chain (schema type `Store`).
struct StoreRecord: IdentifiedRecord, ObjectValue {
    static let graphQLTypeName = "Store"

    var id: Int64
    var chainID: Int64
    var name: String
    var address: Address
    var location: GeoPoint
    /// Kilometres from the point searched near, when the store was found by distance.
    var distanceKm: Double?

    /// The columns `init(_:)` reads, in order, from a row of `stores` named `s`.
    static let columns = "s.id, s.chain_id, s.name, s.address_line, s.city, s.region, s.postal_code, s.country, s.latitude, s.longitude"
    /// Where the columns of a chain read with the store start (`StoreDirectory.storesWithChains`).
    static let columnCount = columns.split(separator: ",").count

    /// How other areas read these (the SQL is in the area's store).
    static func load(_ ids: [Int64], from database: some PostgresQuerying) async throws -> [Int64: StoreRecord] {
        try await StoreDirectory.stores(ids, from: database)
    }
}

/// One price seen for a product at a store (schema type `PriceObservation`).
struct PriceRecord: IdentifiedRecord, NamedConnectionNode {
    static let graphQLTypeName = "PriceObservation"
    /// Its connection is `StorePriceConnection` (the prices of a product across stores).
    static let connectionPrefix = "StorePrice"

    var id: Int64
    var productID: Int64
    var storeID: Int64
    var price: Money
    var observedAt: Date
    var source: PriceSource
    var discounted: Bool
    /// Kilometres from the point searched near, when prices were found near a point.
    var distanceKm: Double?

    /// The columns `init(_:)` reads, in order, from a row of `price_observations` named `o`.
    static let columns = "o.id, o.product_id, o.store_id, o.price::text, o.currency, o.observed_at, o.source, o.is_discount"
}

// Row decoding in extensions, which keep the memberwise initializers: every column is read
// before the record is made (see `ProductRecord.init(_:columns:)`).

extension RetailChainRecord {
    init(_ row: PostgresRow) throws {
        try self.init(row, from: 0)
    }

    /// The chain's `columns` starting at column `first` (after a store's, say).
    init(_ row: PostgresRow, from first: Int) throws {
        self.init(
            id: try row.decode(Int64.self, at: first), name: try row.decode(String.self, at: first + 1),
            description: try row.decode(String?.self, at: first + 2), website: try row.decode(String?.self, at: first + 3),
            contactEmail: try row.decode(String?.self, at: first + 4), contactPhone: try row.decode(String?.self, at: first + 5))
    }
}

extension StoreRecord {
    init(_ row: PostgresRow) throws {
        self.init(
            id: try row.decode(Int64.self, at: 0), chainID: try row.decode(Int64.self, at: 1),
            name: try row.decode(String.self, at: 2),
            address: Address(
                line1: try row.decode(String.self, at: 3), city: try row.decode(String.self, at: 4),
                region: try row.decode(String.self, at: 5), postalCode: try row.decode(String.self, at: 6),
                country: try row.decode(String.self, at: 7)),
            location: GeoPoint(latitude: try row.decode(Double.self, at: 8), longitude: try row.decode(Double.self, at: 9)))
    }
}

extension PriceRecord {
    init(_ row: PostgresRow) throws {
        try self.init(row, columns: .all)
    }

    /// `columns`' values; what a summary leaves out is given placeholder values no field shows
    /// (`PriceColumns.needed(by:along:)` asks for every column when one is selected).
    init(_ row: PostgresRow, columns: PriceColumns) throws {
        let id = try row.decode(Int64.self, at: 0)
        let productID = try row.decode(Int64.self, at: 1)
        let storeID = try row.decode(Int64.self, at: 2)
        let price = Money(amount: DecimalText(try row.decode(String.self, at: 3)), currency: try row.decode(String.self, at: 4))
        guard columns == .all else {
            self.init(id: id, productID: productID, storeID: storeID, price: price, observedAt: .distantPast, source: .user, discounted: false)
            return
        }
        self.init(
            id: id, productID: productID, storeID: storeID, price: price, observedAt: try row.decode(Date.self, at: 5),
            source: PriceSource(databaseName: try row.decode(String.self, at: 6)) ?? .user, discounted: try row.decode(Bool.self, at: 7))
    }
}

/// `Money { amount currency }`, nil without an amount. Accounts uses it for the weekly budget.
func money(_ amount: String?, _ currency: String) -> Money? {
    Money(amount, currency)
}
