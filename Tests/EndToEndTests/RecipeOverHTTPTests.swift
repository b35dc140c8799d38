import Foundation
import Server
import Testing

@testable import FoodGraph

/// Recipes through the real server: a visitor's search with figures and the disclaimer, a user's
/// recipe with an image served at `/images/<id>`, private on every path until published and approved.
struct RecipeOverHTTPTests {
    static let png: String = {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        for value in [UInt32(400), 300] { bytes += withUnsafeBytes(of: value.bigEndian, Array.init) }
        bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0] + [UInt8](repeating: 0, count: 64)
        return Data(bytes).base64EncodedString()
    }()

    @Test func aVisitorSearchesTheCookbookByTextAndCriteria() async throws {
        try await HTTPTestAPI.with(demoData: true) { api in
            let found = try await api.run(
                """
                { recipes(query: "barly", first: 3, filter: {dishTypes: [SOUP], cookingTime: SLOW}, orderBy: TITLE) { healthDisclaimer
                    pageInfo { hasNextPage endCursor } edges { node { title totalMinutes dishType nutritionPerServing { energyKcal }
                    costPerServing { amount currency } } } } }
                """)
            #expect(found.status == 200)
            #expect(found.json["errors"] == nil)
            let nodes = ((found["data.recipes.edges"] as? [[String: Any]]) ?? []).compactMap { $0["node"] as? [String: Any] }
            #expect(!nodes.isEmpty)
            for node in nodes {
                #expect(node["dishType"] as? String == "SOUP")
                #expect((node["totalMinutes"] as? Int ?? 0) >= 120)
                #expect(node["nutritionPerServing"] is [String: Any])
            }
            #expect(found["data.recipes.healthDisclaimer"] is String)
            let cursor = try #require(found["data.recipes.pageInfo.endCursor"] as? String)
            let wrongList = try await api.run(#"{ recipes(orderBy: RANDOM, first: 3, after: "\#(cursor)") { edges { cursor } } }"#, expecting: ["BAD_USER_INPUT"])
            #expect(wrongList.errorCodes == ["BAD_USER_INPUT"])
        }
    }

    @Test func aUsersRecipeWithAnImageStaysTheirsUntilAnAdministratorApprovesIt() async throws {
        try await HTTPTestAPI.with(demoData: true) { api in
            let author = try await api.signUp("cook@example.com")
            let other = try await api.signUp("reader@example.com")
            let login = try await api.run(#"mutation { login(input: {email: "admin@demo.foodgraph.local", password: "Demo-pass1"}) { token } }"#)
            let admin = try #require(login["data.login.token"] as? String)
            let created = try await api.run(
                """
                mutation { createRecipe(input: {title: "Cook's Lentil Salad", servings: 4, dishType: SALAD, prepMinutes: 10, cookMinutes: 20,
                  steps: ["Cook the lentils.", "Dress them."], visibility: PUBLIC, image: "\(Self.png)",
                  ingredients: [{food: "green lentils", quantity: 1, unit: CUP}, {food: "extra virgin olive oil", quantity: 3, unit: TABLESPOON}]}) {
                  recipe { id imageUrl moderationStatus nutritionPerServing { energyKcal } } userErrors { field code } } }
                """, token: author)
            #expect(created.json["errors"] == nil)
            let id = try #require(created["data.createRecipe.recipe.id"] as? String)
            #expect(created["data.createRecipe.recipe.moderationStatus"] as? String == "PENDING")
            let url = try #require(created["data.createRecipe.recipe.imageUrl"] as? String)
            let image = try await api.get(url)
            #expect(image.status == 200 && image.contentType == "image/png")
            let seen = { (token: String?) in try await api.run(#"{ node(id: "\#(id)") { id } }"#, token: token)["data.node.id"] as? String == id }
            #expect(try await seen(author))
            #expect(try await !seen(other))
            #expect(try await !seen(nil))
            #expect(try await seen(admin))
            let approved = try await api.run(
                #"mutation { moderateRecipe(input: {recipeId: "\#(id)", decision: APPROVE}) { recipe { moderationStatus } userErrors { code } } }"#,
                token: admin)
            #expect(approved["data.moderateRecipe.recipe.moderationStatus"] as? String == "APPROVED")
            #expect(try await seen(other))
            #expect(try await seen(nil))
            let forbidden = try await api.run(
                #"mutation { moderateRecipe(input: {recipeId: "\#(id)", decision: APPROVE}) { recipe { id } userErrors { code } } }"#,
                token: other, expecting: ["FORBIDDEN"])
            #expect(forbidden.errorCodes == ["FORBIDDEN"])
        }
    }
}
