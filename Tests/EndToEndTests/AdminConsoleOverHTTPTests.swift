import ArgumentParser
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TestSupport
import Testing

@testable import FoodGraphCLI

/// The admin console (issue #31) is just another client: its operations are persisted documents
/// that `foodgraph validate` passes against schema.graphql, the server registers them at start-up,
/// and what a role may do through them is what the API lets that role do: the console's page for
/// another role, or a crafted request, gets the API's `FORBIDDEN`. The console in a real browser is
/// tools/test-admin's part.
struct AdminConsoleOverHTTPTests {
    static let consoleFolder = ValidateCommandTests.repository.appendingPathComponent("Sources/Server/Admin")

    static var operationFiles: [URL] {
        ((try? FileManager.default.contentsOfDirectory(atPath: consoleFolder.path)) ?? []).filter { $0.hasSuffix(".graphql") }.sorted()
            .map { consoleFolder.appendingPathComponent($0) }
    }

    /// The console's operations by name: its operations.json, as the page reads it.
    static func operations(_ api: HTTPTestAPI) async throws -> [String: [String: String]] {
        let file = try await api.get("/admin/operations.json")
        #expect(file.status == 200)
        return try #require(try JSONSerialization.jsonObject(with: Data(file.bytes)) as? [String: [String: String]])
    }

    /// Runs one of the console's operations as the page does: by its hash, never its text.
    static func run(
        _ api: HTTPTestAPI, _ operations: [String: [String: String]], _ name: String, variables: [String: Any] = [:],
        token: String?, expecting: Set<String> = [], sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws -> APIResponse {
        let hash = try #require(operations[name]?["sha256Hash"], "the console has no operation \(name)", sourceLocation: sourceLocation)
        let body = try JSONSerialization.data(withJSONObject: [
            "operationName": name, "variables": variables, "extensions": ["persistedQuery": ["version": 1, "sha256Hash": hash]],
        ])
        var headers: HTTPFields = [.contentType: "application/json"]
        if let token { headers[.authorization] = "Bearer \(token)" }
        let response = try await api.client.execute(uri: "/graphql", method: .post, headers: headers, body: ByteBuffer(bytes: body))
        let json = (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))) as? [String: Any] ?? [:]
        JSONTree.expectOnly(expecting, in: json, sourceLocation: sourceLocation)
        return APIResponse(status: Int(response.status.code), json: json)
    }

    static func signIn(_ api: HTTPTestAPI, _ operations: [String: [String: String]], _ name: String) async throws -> String {
        let login = try await run(
            api, operations, "AdminSignIn",
            variables: ["input": ["email": "\(name)@demo.foodgraph.local", "password": "Demo-pass1"]], token: nil)
        return try #require(login["data.login.token"] as? String)
    }

    @Test func theConsolesOperationsPassFoodgraphValidate() throws {
        let files = Self.operationFiles
        #expect(files.count >= 4)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(try ValidateCommandTests.validate(text), "\(file.lastPathComponent) does not pass foodgraph validate")
        }
    }

    @Test func theServerRunsTheConsolesOperationsByHashAlone() async throws {
        try await HTTPTestAPI.with(demoData: true) { api in
            let operations = try await Self.operations(api)
            for name in [
                "AdminSignIn", "AdminViewer", "AdminUsers", "AdminPendingProducts", "AdminPendingRecipes", "AdminChainOffers", "AdminOrderQueue",
                "AdminSetOrderStatus", "AdminJobs", "AdminProductMappings", "AdminReviewProductMapping",
            ] {
                #expect(operations[name] != nil, "operations.json lacks \(name)")
            }
            let token = try await Self.signIn(api, operations, "admin")
            let me = try await Self.run(api, operations, "AdminViewer", token: token)
            #expect((me["data.me.roles"] as? [String])?.contains("ADMINISTRATOR") == true)
            let users = try await Self.run(api, operations, "AdminUsers", variables: ["query": "demo.foodgraph.local", "first": 10], token: token)
            #expect(users["data.users.totalCount"] as? Int == 5)
            _ = try await Self.run(api, operations, "AdminSignOut", token: token)
            _ = try await Self.run(api, operations, "AdminViewer", token: token, expecting: ["UNAUTHENTICATED"])
        }
    }

    /// Each staff role signed in to the console: the pages of other roles get the API's refusal,
    /// and a crafted query gets no more than the console.
    @Test func aRoleCannotReachAnotherRolesDataThroughTheConsole() async throws {
        try await HTTPTestAPI.with(demoData: true) { api in
            let operations = try await Self.operations(api)
            let admin = try await Self.signIn(api, operations, "admin")
            let victim = try await Self.run(api, operations, "AdminUsers", variables: ["query": "user@demo", "first": 1], token: admin)
            let userID = try #require(victim["data.users.edges.0.node.id"] as? String)
            let chains = try await Self.run(api, operations, "AdminChains", token: admin)
            let chainNames = (chains["data.retailChains.edges"] as? [[String: Any]] ?? []).compactMap {
                ($0["node"] as? [String: Any]).map { ($0["name"] as? String ?? "", $0["id"] as? String ?? "") }
            }
            let otherChain = try #require(chainNames.first { $0.0 == "Harbour Grocers" }?.1)
            let products = try await Self.run(api, operations, "AdminChainOffers", variables: ["first": 1], token: admin)
            let productID = try #require(products["data.products.edges.0.node.id"] as? String)

            for role in ["orders", "support", "chain", "user"] {
                let token = try await Self.signIn(api, operations, role)
                // The users page, its mutations, and moderation: administrators only.
                let users = try await Self.run(api, operations, "AdminUsers", variables: ["first": 10], token: token, expecting: ["FORBIDDEN"])
                #expect(users.errorCodes == ["FORBIDDEN"], "\(role)")
                #expect(users["data"] == nil || users["data"] is NSNull, "\(role) got data: \(users.json)")
                let grant = try await Self.run(
                    api, operations, "AdminGrantRole", variables: ["input": ["userId": userID, "role": "ADMINISTRATOR"]], token: token,
                    expecting: ["FORBIDDEN"])
                #expect(grant.errorCodes == ["FORBIDDEN"], "\(role)")
                let disable = try await Self.run(
                    api, operations, "AdminSetAccountDisabled", variables: ["input": ["userId": userID, "disabled": true]], token: token,
                    expecting: ["FORBIDDEN"])
                #expect(disable.errorCodes == ["FORBIDDEN"], "\(role)")
                let pending = try await Self.run(api, operations, "AdminPendingProducts", variables: ["first": 5], token: token, expecting: ["FORBIDDEN"])
                #expect(pending.errorCodes == ["FORBIDDEN"], "\(role)")
                let recipes = try await Self.run(api, operations, "AdminPendingRecipes", variables: ["first": 5], token: token, expecting: ["FORBIDDEN"])
                #expect(recipes.errorCodes == ["FORBIDDEN"], "\(role)")
                // The catalog page's change to a chain's offer: not another chain's, and not without a chain role.
                let offer = try await Self.run(
                    api, operations, "AdminUpdateOffer", variables: ["input": ["productId": productID, "chainId": otherChain, "stock": 0]],
                    token: token, expecting: ["FORBIDDEN"])
                #expect(offer.errorCodes == ["FORBIDDEN"], "\(role)")
                // A crafted document, not one of the console's, reaching for the user through
                // `node(id:)`: null, as for any client that may not see a user (the user is the owner).
                if role == "user" { continue }
                let node = try await api.run(#"{ node(id: "\#(userID)") { ... on User { email } } }"#, token: token)
                #expect(node["data.node"] is NSNull, "\(role) reached a user: \(node.json)")
            }
            // Nothing changed: the user is still a plain, enabled account.
            let after = try await Self.run(api, operations, "AdminUsers", variables: ["query": "user@demo", "first": 1], token: admin)
            #expect(after["data.users.edges.0.node.roles"] as? [String] == ["USER"])
            #expect(after["data.users.edges.0.node.disabled"] as? Bool == false)
        }
    }

    /// Puts a product in stock at the demo chain and has the demo user order two of it (the
    /// customer's side, through the API as any client); returns the order's ID and number.
    static func submitDemoOrder(_ api: HTTPTestAPI) async throws -> (id: String, number: String, productID: String) {
        let chain = try await api.run("{ me { representedChain { id } } }", token: try await token(api, "chain"))
        let chainID = try #require(chain["data.me.representedChain.id"] as? String)
        let products = try await api.run("{ products(first: 1) { edges { node { id } } } }")
        let productID = try #require(products["data.products.edges.0.node.id"] as? String)
        let stocked = try await api.run(
            #"mutation { updateProductOffer(input: {productId: "\#(productID)", stock: 50, catalogPrice: "3.49"}) { userErrors { code } } }"#,
            token: try await token(api, "chain"))
        #expect((stocked["data.updateProductOffer.userErrors"] as? [Any])?.isEmpty == true)
        let user = try await token(api, "user")
        let added = try await api.run(
            #"mutation { addToDraftOrder(input: {productId: "\#(productID)", quantity: 2, chainId: "\#(chainID)"}) { userErrors { code } } }"#,
            token: user)
        #expect((added["data.addToDraftOrder.userErrors"] as? [Any])?.isEmpty == true)
        let submitted = try await api.run(
            #"""
            mutation { submitOrder(input: {confirmed: true, paymentMethod: CASH, deliveryAddress: {recipient: "Test Person",
              line1: "1 King St W", city: "Hamilton", region: "ON", postalCode: "L8P 1A1", country: "CA"}}) {
              order { id number status } userErrors { code } } }
            """#, token: user)
        return (
            try #require(submitted["data.submitOrder.order.id"] as? String), try #require(submitted["data.submitOrder.order.number"] as? String),
            productID
        )
    }

    static func token(_ api: HTTPTestAPI, _ name: String) async throws -> String {
        let login = try await api.run(
            #"mutation { login(input: {email: "\#(name)@demo.foodgraph.local", password: "Demo-pass1"}) { token } }"#)
        return try #require(login["data.login.token"] as? String)
    }

    /// Issue #31: an order handler finds a submitted order in the queue, with its items and
    /// delivery address, and moves it to ACCEPTED; the customer sees the change.
    @Test func anOrderHandlerMovesAnOrderToAcceptedThroughTheConsole() async throws {
        try await HTTPTestAPI.with(demoData: true) { api in
            let operations = try await Self.operations(api)
            let order = try await Self.submitDemoOrder(api)
            let handler = try await Self.signIn(api, operations, "orders")
            let queue = try await Self.run(api, operations, "AdminOrderQueue", variables: ["status": "IN_PROCESS", "first": 50], token: handler)
            let listed = (queue["data.orderQueue.edges"] as? [[String: Any]] ?? []).compactMap { $0["node"] as? [String: Any] }
            let row = try #require(listed.first { $0["id"] as? String == order.id })
            #expect(row["number"] as? String == order.number)
            #expect(JSONTree.value(row, at: "items.0.quantity") as? Int == 2)
            #expect(JSONTree.value(row, at: "items.0.product.id") as? String == order.productID)
            #expect(JSONTree.value(row, at: "deliveryAddress.line1") as? String == "1 King St W")
            let changed = try await Self.run(
                api, operations, "AdminSetOrderStatus", variables: ["input": ["orderId": order.id, "status": "ACCEPTED"]], token: handler)
            #expect((changed["data.setOrderStatus.userErrors"] as? [Any])?.isEmpty == true)
            #expect(changed["data.setOrderStatus.order.status"] as? String == "ACCEPTED")
            // The filter: now under ACCEPTED, no longer under IN_PROCESS.
            let accepted = try await Self.run(api, operations, "AdminOrderQueue", variables: ["status": "ACCEPTED", "first": 50], token: handler)
            #expect((accepted["data.orderQueue.edges"] as? [[String: Any]] ?? []).contains { JSONTree.value($0, at: "node.id") as? String == order.id })
            let waiting = try await Self.run(api, operations, "AdminOrderQueue", variables: ["status": "IN_PROCESS", "first": 50], token: handler)
            #expect(!(waiting["data.orderQueue.edges"] as? [[String: Any]] ?? []).contains { JSONTree.value($0, at: "node.id") as? String == order.id })
            // The customer sees it through the API.
            let seen = try await api.run(#"{ node(id: "\#(order.id)") { ... on Order { status } } }"#, token: try await Self.token(api, "user"))
            #expect(seen["data.node.status"] as? String == "ACCEPTED")
            // Other staff roles and users: the queue and the status change are the API's to refuse.
            for role in ["support", "chain", "user"] {
                let token = try await Self.signIn(api, operations, role)
                let refused = try await Self.run(api, operations, "AdminOrderQueue", variables: ["first": 5], token: token, expecting: ["FORBIDDEN"])
                #expect(refused.errorCodes == ["FORBIDDEN"], "\(role)")
                let change = try await Self.run(
                    api, operations, "AdminSetOrderStatus", variables: ["input": ["orderId": order.id, "status": "CANCELLED"]], token: token,
                    expecting: ["FORBIDDEN"])
                #expect(change.errorCodes == ["FORBIDDEN"], "\(role)")
            }
            #expect(try await api.run(#"{ node(id: "\#(order.id)") { ... on Order { status } } }"#, token: try await Self.token(api, "user"))["data.node.status"] as? String == "ACCEPTED")
        }
    }

    /// Issue #31: an administrator reads the jobs (status, attempts, last error); an order handler
    /// cannot.
    @Test func anAdministratorSeesTheJobsPage() async throws {
        try await HTTPTestAPI.with(demoData: true) { api in
            let operations = try await Self.operations(api)
            let admin = try await Self.signIn(api, operations, "admin")
            let jobs = try await Self.run(api, operations, "AdminJobs", variables: ["first": 100], token: admin)
            #expect(jobs["data.jobs.edges"] is [Any])
            let failed = try await Self.run(api, operations, "AdminJobs", variables: ["status": "FAILED", "first": 100], token: admin)
            #expect(failed["data.jobs.edges"] is [Any])
            for role in ["orders", "support", "chain", "user"] {
                let token = try await Self.signIn(api, operations, role)
                let refused = try await Self.run(api, operations, "AdminJobs", variables: ["first": 5], token: token, expecting: ["FORBIDDEN"])
                #expect(refused.errorCodes == ["FORBIDDEN"], "\(role)")
            }
        }
    }

    /// Issue #31: three users agree on a receipt text; an administrator revokes the community
    /// mapping with a reason, then approves it again. Other roles are refused.
    @Test func anAdministratorRevokesAndApprovesACommunityMapping() async throws {
        try await HTTPTestAPI.with(demoData: true) { api in
            let operations = try await Self.operations(api)
            let stores = try await api.run("{ stores(first: 1) { edges { node { id } } } }")
            let storeID = try #require(stores["data.stores.edges.0.node.id"] as? String)
            let products = try await api.run("{ products(first: 1) { edges { node { id } } } }")
            let productID = try #require(products["data.products.edges.0.node.id"] as? String)
            let purchasedAt = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-3600))
            for voter in ["user", "support", "orders"] {
                let receipt = try await api.run(
                    #"""
                    mutation { createReceipt(input: {storeId: "\#(storeID)", purchasedAt: "\#(purchasedAt)", total: "3.49",
                      lines: [{text: "CONSOLE OATS", quantity: 1, unitPrice: "3.49", productId: "\#(productID)"}]}) { userErrors { code } } }
                    """#, token: try await Self.token(api, voter))
                #expect((receipt["data.createReceipt.userErrors"] as? [Any])?.isEmpty == true, "\(voter)")
            }
            let admin = try await Self.signIn(api, operations, "admin")
            let active = try await Self.run(api, operations, "AdminProductMappings", variables: ["status": "ACTIVE", "first": 50], token: admin)
            let mapping = try #require(
                (active["data.productMappings.edges"] as? [[String: Any]] ?? []).compactMap { $0["node"] as? [String: Any] }
                    .first { $0["text"] as? String == "CONSOLE OATS" })
            #expect(mapping["agreeingUsers"] as? Int == 3)
            let mappingID = try #require(mapping["id"] as? String)
            for role in ["orders", "support", "chain", "user"] {
                let token = try await Self.signIn(api, operations, role)
                let list = try await Self.run(api, operations, "AdminProductMappings", variables: ["first": 5], token: token, expecting: ["FORBIDDEN"])
                #expect(list.errorCodes == ["FORBIDDEN"], "\(role)")
                let review = try await Self.run(
                    api, operations, "AdminReviewProductMapping", variables: ["input": ["mappingId": mappingID, "decision": "REVOKE", "note": "no"]],
                    token: token, expecting: ["FORBIDDEN"])
                #expect(review.errorCodes == ["FORBIDDEN"], "\(role)")
            }
            let revoked = try await Self.run(
                api, operations, "AdminReviewProductMapping",
                variables: ["input": ["mappingId": mappingID, "decision": "REVOKE", "note": "The wrong product."]], token: admin)
            #expect(revoked["data.reviewProductMapping.mapping.status"] as? String == "REVOKED")
            #expect(revoked["data.reviewProductMapping.mapping.reviewNote"] as? String == "The wrong product.")
            let approved = try await Self.run(
                api, operations, "AdminReviewProductMapping", variables: ["input": ["mappingId": mappingID, "decision": "APPROVE"]], token: admin)
            #expect(approved["data.reviewProductMapping.mapping.status"] as? String == "ACTIVE")
        }
    }

    @Test func theConsoleIsServedWithAStrictContentSecurityPolicy() async throws {
        try await HTTPTestAPI.with { api in
            let response = try await api.client.execute(uri: "/admin", method: .get)
            #expect(response.status == .ok)
            let policy = try #require(response.headers[.contentSecurityPolicy])
            #expect(policy.contains("script-src 'self'") && !policy.contains("unsafe-inline") && policy.contains("frame-ancestors 'none'"))
            let html = String(buffer: response.body)
            #expect(html.contains(#"<script src="/admin/page-users.js"></script>"#))
        }
    }
}
