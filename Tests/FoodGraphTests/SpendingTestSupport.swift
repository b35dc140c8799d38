import Foundation
import GraphQLEngine
import Testing

@testable import FoodGraph

/// The demo catalog with stores placed for the radius tests and products for receipts:
/// `near` (about 1 km from the shoppers' home in Hamilton), `ignored` (about 2 km, ignored by the
/// viewer in the tests that say so), `far` (Toronto, about 60 km).
struct SpendingWorld {
    let api: TestAPI
    let admin: String
    let near: String
    let ignored: String
    let far: String
    /// Great Value Whole Milk, 2 L (milk-cream).
    let milk: String
    /// Store Brand Partly Skimmed Milk, 2 L (milk-cream): an equivalent of `milk`.
    let otherMilk: String
    /// Morning Roast Coffee, 900 g (pantry).
    let coffee: String

    static let home = (latitude: 43.2557, longitude: -79.8711)

    static func make() async throws -> SpendingWorld {
        let api = try await CatalogTests.seeded()
        let admin = try await CatalogTypedTests.login(api, "admin")
        let chains = try await api.run("{ retailChains(first: 1) { edges { node { id } } } }")
        let chain = try #require(chains["data.retailChains.edges.0.node.id"] as? String)
        func store(_ name: String, _ latitude: Double, _ longitude: Double) async throws -> String {
            let made = try await api.run(
                #"""
                mutation { createStore(input: {chainId: "\#(chain)", name: "\#(name)",
                  address: {line1: "1 Main St", city: "Hamilton", region: "ON", postalCode: "L8P 1A1", country: "CA"},
                  location: {latitude: \#(latitude), longitude: \#(longitude)}}) { store { id } userErrors { field code } } }
                """#, token: admin)
            return try #require(made["data.createStore.store.id"] as? String, "\(made.json)")
        }
        func product(_ name: String, _ brand: String, _ category: String, _ size: Int, _ unit: String) async throws -> String {
            let made = try await api.run(
                #"""
                mutation { createProduct(input: {name: "\#(name)", brand: "\#(brand)", category: "\#(category)",
                  packageSize: {value: \#(size), unit: \#(unit)},
                  nutrition: {energyKcal: 60, fatG: 3, carbohydratesG: 5, proteinG: 3}}) { product { id status } userErrors { field code } } }
                """#, token: admin)
            return try #require(made["data.createProduct.product.id"] as? String, "\(made.json)")
        }
        return SpendingWorld(
            api: api, admin: admin,
            near: try await store("Spending Near", 43.2600, -79.8800),
            ignored: try await store("Spending Ignored", 43.2700, -79.8900),
            far: try await store("Spending Far", 43.6532, -79.3832),
            milk: try await product("Whole Milk", "Great Value", "milk-cream", 2000, "MILLILITRE"),
            otherMilk: try await product("Partly Skimmed Milk", "Store Brand", "milk-cream", 2000, "MILLILITRE"),
            coffee: try await product("Morning Roast Coffee", "Hilltop", "pantry", 900, "GRAM"))
    }

    /// A new shopper living at `home` with a radius and time zone.
    func shopper(_ name: String, radiusKm: Double = 10, timeZone: String = "America/Toronto") async throws -> String {
        let token = try await api.signUp("\(name)-\(UUID().uuidString.prefix(6))@example.com")
        let updated = try await api.run(
            #"""
            mutation { updateProfile(input: {timeZone: "\#(timeZone)", location: {latitude: \#(Self.home.latitude), longitude: \#(Self.home.longitude)},
              accessibleRadiusKm: \#(radiusKm)}) { userErrors { field code } } }
            """#, token: token)
        #expect((updated["data.updateProfile.userErrors"] as? [Any])?.isEmpty == true, "\(updated.json)")
        return token
    }

    struct Line {
        var text: String
        var quantity: Double = 1
        var unitPrice: String
        var productID: String?
        var unit = "PIECE"
    }

    /// Enters a receipt; returns the response (the receipt at `data.createReceipt.receipt`).
    @discardableResult
    func receipt(
        _ token: String, store: String, at purchasedAt: String, total: String? = nil, _ lines: [Line], expecting: Set<String> = [],
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws -> Response {
        let lineInputs = lines.map { line in
            var fields = [#"text: "\#(line.text)""#, "quantity: \(line.quantity)", #"unitPrice: "\#(line.unitPrice)""#, "unit: \(line.unit)"]
            if let product = line.productID { fields.append(#"productId: "\#(product)""#) }
            return "{" + fields.joined(separator: ", ") + "}"
        }
        let sum = lines.reduce(Decimal(0)) { $0 + Decimal($1.quantity) * Decimal(string: $1.unitPrice)! }
        let response = try await api.run(
            #"""
            mutation { createReceipt(input: {storeId: "\#(store)", purchasedAt: "\#(purchasedAt)", total: "\#(total ?? Amount.text(sum))",
              lines: [\#(lineInputs.joined(separator: ", "))]}) {
              receipt { id total { amount currency } linesTotal { amount } totalsMatch difference { amount }
                lines { id text quantity unitPrice { amount } lineTotal { amount } product { id name } mappingConfidence mappingConfirmed
                  mappingSource candidates { id name } } }
              userErrors { field message code } } }
            """#, token: token, expecting: expecting, sourceLocation: sourceLocation)
        return response
    }

    /// Confirms (or corrects) a line's product.
    @discardableResult
    func confirm(_ token: String, line: String, product: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws -> Response {
        let response = try await api.run(
            #"""
            mutation { confirmReceiptLineMapping(input: {receiptLineId: "\#(line)", productId: "\#(product)"}) {
              line { id product { id } mappingConfirmed mappingSource } userErrors { field code } } }
            """#, token: token, sourceLocation: sourceLocation)
        #expect((response["data.confirmReceiptLineMapping.userErrors"] as? [Any])?.isEmpty == true, "\(response.json)", sourceLocation: sourceLocation)
        return response
    }

    func userID(_ token: String) async throws -> String {
        try #require(try await api.run("{ me { id } }", token: token)["data.me.id"] as? String)
    }

    /// An instant `days` days ago, as RFC 3339.
    static func daysAgo(_ days: Double) -> String { RFC3339.format(Date().addingTimeInterval(-days * 86_400)) }
}
