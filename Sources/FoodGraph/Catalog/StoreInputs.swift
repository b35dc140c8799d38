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

/// `UpdateRetailChainInput`: a patch of a chain's description and contact details; null clears a
/// field.
struct UpdateRetailChainInput: Decodable, Sendable {
    var chainId: NodeID<RetailChainRecord>
    var description: String??
    var website: String??
    var contactEmail: String??
    var contactPhone: String??

    private enum Keys: String, CodingKey { case chainId, description, website, contactEmail, contactPhone }

    init(from decoder: any Decoder) throws {
        let input = try CatalogInput(decoder, keyedBy: Keys.self)
        chainId = try input.decode(NodeID<RetailChainRecord>.self, .chainId)
        description = try input.patch(.description) { try input.text(.description, .chainDescription) }
        website = try input.patch(.website) { try input.text(.website, .website) }
        if let website = website ?? nil, !ContactRules.isWebAddress(website) {
            try input.refuse(.website, "Give an address starting with https:// or http://, e.g. https://example.com.", code: .invalidFormat)
        }
        contactEmail = try input.patch(.contactEmail) { try input.text(.contactEmail, .contactEmail) }
        if let email = contactEmail ?? nil, !ContactRules.isEmailAddress(email) {
            try input.refuse(.contactEmail, "Give an email address such as info@example.com.", code: .invalidFormat)
        }
        contactPhone = try input.patch(.contactPhone) { try input.text(.contactPhone, .contactPhone) }
        if let phone = contactPhone ?? nil, !ContactRules.isPhoneNumber(phone) {
            try input.refuse(
                .contactPhone, "Give a phone number of digits, spaces and + - ( ) ., with at least 7 digits.", code: .invalidFormat)
        }
    }
}

/// The shapes of a chain's contact details: pure rules.
enum ContactRules {
    /// `http://` or `https://`, a host with a dot or `localhost`, no white space.
    static func isWebAddress(_ text: String) -> Bool {
        let lower = text.lowercased()
        guard let scheme = ["https://", "http://"].first(where: { lower.hasPrefix($0) }) else { return false }
        let rest = lower.dropFirst(scheme.count)
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return !host.isEmpty && !text.contains(where: \.isWhitespace)
            && (host.contains(".") || host.hasPrefix("localhost")) && !host.hasPrefix(".") && !host.hasSuffix(".")
    }

    /// `x@x.x`: one `@`, something before it, a domain with a dot not at its ends, no white space.
    static func isEmailAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !text.contains(where: \.isWhitespace) else { return false }
        let domain = parts[1]
        return domain.contains(".") && !domain.hasPrefix(".") && !domain.hasSuffix(".")
    }

    /// Digits, spaces and `+ - ( ) .`; at least 7 digits.
    static func isPhoneNumber(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || " +-().".unicodeScalars.contains($0) }
            && text.unicodeScalars.filter { ("0"..."9").contains($0) }.count >= 7
    }
}
