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
            for name in ["AdminSignIn", "AdminViewer", "AdminUsers", "AdminPendingProducts", "AdminPendingRecipes", "AdminChainOffers"] {
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
