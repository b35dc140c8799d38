import Foundation
import GraphQLEngine
import Postgres

struct RetailChainRecord: IdentifiedRecord, GraphQLTypeNamed {
    var id: Int64
    var name: String
    var description: String?
    var website: String?
    var contactEmail: String?
    var contactPhone: String?

    var graphQLTypeName: String { "RetailChain" }

    static let columns = "c.id, c.name, c.description, c.website, c.contact_email, c.contact_phone"

    init(_ row: PostgresRow) throws {
        id = try row.decode(Int64.self, at: 0)
        name = try row.decode(String.self, at: 1)
        description = try row.decode(String?.self, at: 2)
        website = try row.decode(String?.self, at: 3)
        contactEmail = try row.decode(String?.self, at: 4)
        contactPhone = try row.decode(String?.self, at: 5)
    }

    static func load(_ ids: [Int64], from database: some PostgresQuerying) async throws -> [Int64: RetailChainRecord] {
        try await load("SELECT \(columns) FROM retail_chains c WHERE c.id = ANY($1)", ids: ids, from: database)
    }
}

struct StoreRecord: IdentifiedRecord, GraphQLTypeNamed {
    var id: Int64
    var chainID: Int64
    var name: String
    var addressLine: String
    var city: String
    var region: String
    var postalCode: String
    var country: String
    var latitude: Double
    var longitude: Double

    var graphQLTypeName: String { "Store" }

    static let columns = "s.id, s.chain_id, s.name, s.address_line, s.city, s.region, s.postal_code, s.country, s.latitude, s.longitude"

    init(_ row: PostgresRow) throws {
        id = try row.decode(Int64.self, at: 0)
        chainID = try row.decode(Int64.self, at: 1)
        name = try row.decode(String.self, at: 2)
        addressLine = try row.decode(String.self, at: 3)
        city = try row.decode(String.self, at: 4)
        region = try row.decode(String.self, at: 5)
        postalCode = try row.decode(String.self, at: 6)
        country = try row.decode(String.self, at: 7)
        latitude = try row.decode(Double.self, at: 8)
        longitude = try row.decode(Double.self, at: 9)
    }

    static func load(_ ids: [Int64], from database: some PostgresQuerying) async throws -> [Int64: StoreRecord] {
        try await load("SELECT \(columns) FROM stores s WHERE s.id = ANY($1)", ids: ids, from: database)
    }

    /// Great-circle distance in km from a point given as two SQL parameters, by the haversine formula.
    static func distanceSQL(latitude: String, longitude: String, alias: String = "s") -> String {
        """
        (12742 * asin(sqrt(power(sin(radians(\(alias).latitude - \(latitude)) / 2), 2)
          + cos(radians(\(latitude))) * cos(radians(\(alias).latitude)) * power(sin(radians(\(alias).longitude - \(longitude)) / 2), 2))))
        """
    }
}

/// One price seen for a product at a store.
struct PriceRecord: Sendable, GraphQLTypeNamed {
    var id: Int64
    var productID: Int64
    var storeID: Int64
    var price: String
    var currency: String
    var observedAt: Date
    var source: String
    var discounted: Bool
    var distanceKm: Double?

    var graphQLTypeName: String { "PriceObservation" }

    static let columns = "o.id, o.product_id, o.store_id, o.price::text, o.currency, o.observed_at, o.source, o.is_discount"

    init(_ row: PostgresRow) throws {
        id = try row.decode(Int64.self, at: 0)
        productID = try row.decode(Int64.self, at: 1)
        storeID = try row.decode(Int64.self, at: 2)
        price = try row.decode(String.self, at: 3)
        currency = try row.decode(String.self, at: 4)
        observedAt = try row.decode(Date.self, at: 5)
        source = try row.decode(String.self, at: 6)
        discounted = try row.decode(Bool.self, at: 7)
    }
}

/// `Money { amount currency }`.
func money(_ amount: String?, _ currency: String) -> Money? {
    Money(amount, currency)
}
