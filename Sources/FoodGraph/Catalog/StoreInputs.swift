import Foundation
import GraphQLEngine

// The inputs of the store and price mutations, decoded with their rules (CatalogInputRules.swift).

/// `RecordPriceInput`.
struct RecordPriceInput: Decodable, Sendable {
    var productId: NodeID<ProductRecord>
    var storeId: NodeID<StoreRecord>
    var price: DecimalText
    /// Now when left out.
    var observedAt: Date?
    var discounted: Bool

    private enum Keys: String, CodingKey { case productId, storeId, price, observedAt, discounted }

    init(from decoder: any Decoder) throws {
        let input = try CatalogInput(decoder, keyedBy: Keys.self)
        productId = try input.decode(NodeID<ProductRecord>.self, .productId)
        storeId = try input.decode(NodeID<StoreRecord>.self, .storeId)
        price = try input.requiredAmount(.price)
        observedAt = try input.observedAt(.observedAt)
        discounted = try input.decodeIfPresent(Bool.self, .discounted) ?? false
    }
}

/// `CreateStoreInput`.
struct CreateStoreInput: Decodable, Sendable {
    var chainId: NodeID<RetailChainRecord>
    var name: String
    var address: StoreAddressInput
    var location: StoreLocationInput

    private enum Keys: String, CodingKey { case chainId, name, address, location }

    init(from decoder: any Decoder) throws {
        let input = try CatalogInput(decoder, keyedBy: Keys.self)
        chainId = try input.decode(NodeID<RetailChainRecord>.self, .chainId)
        name = try input.requiredText(.name, .storeName)
        address = try input.decode(StoreAddressInput.self, .address)
        location = try input.decode(StoreLocationInput.self, .location)
    }
}

/// `UpdateStoreInput`: fields left out stay; a store's name, address and location cannot be
/// cleared, so null is refused.
struct UpdateStoreInput: Decodable, Sendable {
    var storeId: NodeID<StoreRecord>
    var name: String?
    var address: StoreAddressInput?
    var location: StoreLocationInput?

    private enum Keys: String, CodingKey { case storeId, name, address, location }

    init(from decoder: any Decoder) throws {
        let input = try CatalogInput(decoder, keyedBy: Keys.self)
        storeId = try input.decode(NodeID<StoreRecord>.self, .storeId)
        name = try input.patch(.name) { try input.text(.name, .storeName) }.map { name in
            if name == nil { try input.refuse(.name, "A store needs a name.", code: .required) }
            return name ?? ""
        }
        address = try input.patch(.address) { try input.decodeIfPresent(StoreAddressInput.self, .address) }.map { address in
            if address == nil { try input.refuse(.address, "A store needs an address.", code: .required) }
            return address ?? .sample
        }
        location = try input.patch(.location) { try input.decodeIfPresent(StoreLocationInput.self, .location) }.map { location in
            if location == nil { try input.refuse(.location, "A store needs a location.", code: .required) }
            return location ?? StoreLocationInput(latitude: 0, longitude: 0)
        }
    }
}

/// A store's `AddressInput` (the input type of the Accounts SDL), with the catalog's bounds:
/// recipient 1–100 characters, lines 1–200, city and region 1–100, postal code 1–20, phone 1–30,
/// country two letters (ISO 3166-1 alpha-2). Stores keep no recipient or phone.
struct StoreAddressInput: Decodable, Sendable {
    var recipient: String?
    var line1: String
    var line2: String?
    var city: String
    var region: String
    var postalCode: String
    var country: String
    var phone: String?

    static let sample = StoreAddressInput(line1: "", city: "", region: "", postalCode: "", country: "CA")

    /// The store's single address line.
    var addressLine: String { [line1, line2].compactMap { $0 }.joined(separator: ", ") }

    private enum Keys: String, CodingKey { case recipient, line1, line2, city, region, postalCode, country, phone }

    init(
        recipient: String? = nil, line1: String, line2: String? = nil, city: String, region: String, postalCode: String, country: String,
        phone: String? = nil
    ) {
        self.recipient = recipient
        self.line1 = line1
        self.line2 = line2
        self.city = city
        self.region = region
        self.postalCode = postalCode
        self.country = country
        self.phone = phone
    }

    init(from decoder: any Decoder) throws {
        let input = try CatalogInput(decoder, keyedBy: Keys.self)
        recipient = try input.text(.recipient, .addressRecipient)
        line1 = try input.requiredText(.line1, .addressLine)
        line2 = try input.text(.line2, .addressLine)
        city = try input.requiredText(.city, .city)
        region = try input.requiredText(.region, .region)
        postalCode = try input.requiredText(.postalCode, .postalCode)
        country = try input.requiredText(.country, .country).uppercased()
        if !country.utf8.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) || country.utf8.count != 2 {
            try input.refuse(.country, "Give the country as two letters (ISO 3166-1 alpha-2), e.g. CA.", code: .invalidFormat)
        }
        phone = try input.text(.phone, .phone)
    }
}

/// A store's `GeoPointInput`: latitude −90 to 90, longitude −180 to 180.
struct StoreLocationInput: Decodable, Sendable {
    var latitude: Double
    var longitude: Double

    private enum Keys: String, CodingKey { case latitude, longitude }

    init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    init(from decoder: any Decoder) throws {
        let input = try CatalogInput(decoder, keyedBy: Keys.self)
        latitude = try input.requiredDouble(.latitude, NumberRule.latitude)
        longitude = try input.requiredDouble(.longitude, NumberRule.longitude)
    }
}
