import Foundation
import GraphQLEngine
import Postgres
import TestSupport
import Testing

@testable import FoodGraph

/// The demo data with staff tokens, a product with a FreshMart offer of known stock, and a way to
/// make many signed-in customers at once (for the race).
struct KitchenFixture {
    let api: TestAPI
    let handler: String
    let admin: String
    let chainID: Int64
    let productID: Int64

    var product: String { GlobalID(typeName: "Product", key: productID).description }

    static func make(stock: Int = 50) async throws -> KitchenFixture {
        let api = try await CatalogTests.seeded()
        let database = api.database.database
        let row = try await database.query(
            """
            SELECT o.product_id, o.chain_id FROM chain_offers o JOIN retail_chains c ON c.id = o.chain_id
            WHERE c.name = 'FreshMart' ORDER BY o.product_id LIMIT 1
            """)[0]
        let productID = try row.decode(Int64.self, at: 0)
        let chainID = try row.decode(Int64.self, at: 1)
        _ = try await database.query("UPDATE chain_offers SET stock = $3 WHERE product_id = $1 AND chain_id = $2", [productID, chainID, stock])
        return KitchenFixture(
            api: api, handler: try await CatalogTypedTests.login(api, "orders"), admin: try await CatalogTypedTests.login(api, "admin"),
            chainID: chainID, productID: productID)
    }

    /// `count` customers with a shipping address, signed in (made directly, as registration would).
    func customers(_ count: Int) async throws -> [(id: Int64, token: String)] {
        try await api.database.database.withTransaction { transaction in
            var made: [(Int64, String)] = []
            for _ in 0..<count {
                let email = try #require(EmailAddress("cook-\(UUID().uuidString.prefix(12))@example.com"))
                let id = try await UserStore.insert(email, passwordHash: "not-a-hash", in: transaction)
                try await ProfileStore.insert(userID: id, displayName: "Cook", in: transaction)
                _ = try await transaction.query(
                    """
                    UPDATE profiles SET shipping_address = '{"line1": "1 King St W", "city": "Hamilton", "region": "ON", "postalCode": "L8P 1A2", "country": "CA", "phone": "905-555-0100"}'
                    WHERE user_id = $1
                    """, [id])
                let session = try await Sessions.create(for: id, userAgent: nil, policy: AccountPolicy(), in: transaction)
                made.append((id, session.token))
            }
            return made
        }
    }

    func stock() async throws -> Int {
        try await api.database.database.query(
            "SELECT stock FROM chain_offers WHERE product_id = $1 AND chain_id = $2", [productID, chainID])[0].decode(Int.self, at: 0)
    }

    /// Puts `quantity` of the product in the customer's cart.
    func fillCart(_ token: String, quantity: Int = 1) async throws {
        let added = try await api.run(
            "mutation($p: ID!, $q: Int!) { addToDraftOrder(input: {productId: $p, quantity: $q}) { order { id } userErrors { code message } } }",
            token: token, variables: GraphQLObject([("p", .string(product)), ("q", .int(quantity))]))
        #expect((added["data.addToDraftOrder.userErrors"] as? [Any])?.isEmpty == true, "\(added.json)")
    }

    static let submit = """
        mutation { submitOrder(input: {confirmed: true, paymentMethod: CASH}) {
          order { id number status total { amount } } userErrors { field code message } } }
        """

    /// Submits the cart; returns the order's ID.
    func submitted(_ token: String, quantity: Int = 1) async throws -> String {
        try await fillCart(token, quantity: quantity)
        let response = try await api.run(Self.submit, token: token)
        return try #require(response["data.submitOrder.order.id"] as? String, "\(response.json)")
    }

    func setStatus(_ order: String, _ status: String, token: String?, expecting: Set<String> = []) async throws -> Response {
        try await api.run(
            "mutation($o: ID!) { setOrderStatus(input: {orderId: $o, status: \(status)}) { order { status } userErrors { field code } } }",
            token: token, variables: GraphQLObject([("o", .string(order))]), expecting: expecting)
    }
}
