import GraphQLEngine

/// A postal address: the schema's `Address`, declared in the Accounts SDL and shared by profiles
/// (`shippingAddress`) and stores. Stores have no recipient or phone.
///
/// Accounts' typed conversion declares the same struct (area-accounts, `ProfileRecord.swift`):
/// when both land, keep one declaration and one `binder.object(Address.self)`.
struct Address: ObjectValue, Codable, Equatable {
    static let graphQLTypeName = "Address"
    var recipient: String?
    var line1: String
    var line2: String?
    var city: String
    var region: String
    var postalCode: String
    var country: String
    var phone: String?

    /// Transitional: `Profile.shippingAddress` (Accounts, still on the transitional bindings on
    /// this branch) returns a field-readable dictionary; it is read into an address here until it
    /// returns `Address`.
    static func source(from value: any Sendable) -> Address? {
        if let address = value as? Address { return address }
        guard let readable = value as? any GraphQLFieldReadable else { return nil }
        func text(_ name: String) -> String? { readable.graphQLField(name) as? String }
        return Address(
            recipient: text("recipient"), line1: text("line1") ?? "", line2: text("line2"), city: text("city") ?? "",
            region: text("region") ?? "", postalCode: text("postalCode") ?? "", country: text("country") ?? "", phone: text("phone"))
    }
}
