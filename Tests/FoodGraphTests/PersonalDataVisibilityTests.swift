import Foundation
import GraphQLEngine
import Postgres
import TestSupport
import Testing

@testable import FoodGraph

/// Who sees personal data (issue 23, a defect: support read any user's profile, diary and weights):
/// the role × field matrix over every `User` field and every `Node` type, `node(id:)` included, for
/// anonymous requests, the owner, another user, support, an order handler, a chain representative
/// of this chain and of another, and an administrator.
@Suite struct PersonalDataVisibilityTests {
    typealias Audience = PersonalDataPolicy.Audience

    /// The viewers of the matrix: a name, the audience the policy should put them in, and a token.
    struct MatrixViewer: Sendable {
        var name: String
        var audience: Audience
        var token: String?
    }

    /// The documented rule (docs/security.md), restated: who gets what of each category.
    static let expectedGrants: [PersonalDataPolicy.Category: [Audience: PersonalDataPolicy.Grant]] = {
        var table: [PersonalDataPolicy.Category: [Audience: PersonalDataPolicy.Grant]] = [:]
        for category in PersonalDataPolicy.Category.allCases {
            var row: [Audience: PersonalDataPolicy.Grant] = [:]
            for audience in Audience.allCases { row[audience] = PersonalDataPolicy.Grant.none }
            row[.owner] = .full
            table[category] = row
        }
        for category in [PersonalDataPolicy.Category.account, .contact, .profile, .health, .consents, .spending, .support] {
            table[category]?[.administrator] = .full
        }
        table[.contact]?[.support] = .throughSupportIssues
        table[.support]?[.support] = .throughSupportIssues
        table[.contact]?[.orderHandler] = .throughOrders
        table[.profile]?[.orderHandler] = .throughOrders
        return table
    }()

    @Test func thePolicyIsTheDocumentedRulePerRoleAndCategory() {
        for category in PersonalDataPolicy.Category.allCases {
            for audience in Audience.allCases {
                #expect(
                    PersonalDataPolicy.grant(audience, category) == Self.expectedGrants[category]?[audience],
                    "\(audience) × \(category)")
            }
        }
        // A viewer with several roles gets the widest grant; nobody but the owner and administrators
        // sees anything through `User`.
        let both = Viewer(userID: 1, sessionID: 1, roles: [.support, .orderHandler, .chainRepresentative])
        for category in PersonalDataPolicy.Category.allCases {
            #expect(!PersonalDataPolicy.allows(category, ofUser: 2, to: both))
            #expect(PersonalDataPolicy.allows(category, ofUser: 1, to: both))
        }
        #expect(!PersonalDataPolicy.allows(.account, ofUser: 2, to: nil))
    }

    /// Every `User` field of the schema (from every area) is classified, and nothing else is.
    @Test func everyUserFieldOfTheSchemaHasACategory() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let fields = Set(try #require(api.application.executable.schema.objectType(named: "User")).fields.map(\.name))
        #expect(fields == Set(UserField.allCases.map(\.rawValue)))
    }

    @Test func onlyTheOwnerAndAdministratorsSeeAUsersFieldsAndNodes() async throws {
        let fixture = try await Fixture.make()
        defer { Task { await fixture.api.close() } }
        let api = fixture.api
        let schema = api.application.executable.schema
        let userType = try #require(schema.objectType(named: "User"))
        let selection = userType.fields.map { field in Self.selection(of: field, in: schema) }.joined(separator: "\n")

        for viewer in fixture.viewers {
            let granted = UserField.allCases.filter { Self.expectedGrants[$0.category]?[viewer.audience] == .full }
            if granted.isEmpty {
                // Every field of the subject through node(id:): nothing, not even an error.
                let response = try await api.run(
                    "query($id: ID!) { node(id: $id) { ... on User {\n\(selection)\n} } }", token: viewer.token,
                    variables: GraphQLObject([("id", .string(fixture.subjectID))]))
                #expect(response["data.node"] is NSNull, "\(viewer.name) sees the user through node(id:)")
            } else {
                // The fields granted, all at once; each other field alone is FORBIDDEN.
                let fields = userType.fields.filter { field in granted.contains { $0.rawValue == field.name } }
                let response = try await api.run(
                    "query($id: ID!) { node(id: $id) { ... on User {\n\(fields.map { Self.selection(of: $0, in: schema) }.joined(separator: "\n"))\n} } }",
                    token: viewer.token, variables: GraphQLObject([("id", .string(fixture.subjectID))]))
                let record = try #require(response["data.node"] as? [String: Any], "\(viewer.name) should see the user")
                for field in fields { #expect(record.keys.contains(field.name), "\(viewer.name) misses User.\(field.name)") }
                for field in userType.fields where !granted.contains(where: { $0.rawValue == field.name }) {
                    let refused = try await api.run(
                        "query($id: ID!) { node(id: $id) { ... on User { id \(Self.selection(of: field, in: schema)) } } }", token: viewer.token,
                        variables: GraphQLObject([("id", .string(fixture.subjectID))]), expecting: ["FORBIDDEN"])
                    #expect(refused.errorCodes == ["FORBIDDEN"], "\(viewer.name) × User.\(field.name)")
                }
            }
            for field in UserField.allCases {
                #expect(
                    PersonalDataPolicy.allows(field.category, ofUser: fixture.subjectKey, to: viewer.audience.sample(fixture))
                        == granted.contains(field), "\(viewer.name) × User.\(field.rawValue)")
            }

            // `users` lists accounts to administrators only.
            let users = try await api.run(
                "{ users(first: 5) { totalCount edges { node { id email } } } }", token: viewer.token,
                expecting: ["FORBIDDEN", "UNAUTHENTICATED"])
            switch viewer.audience {
            case .administrator: #expect(users.errorCodes.isEmpty && users["data.users.totalCount"] as? Int ?? 0 > 0)
            case .anonymous: #expect(users.errorCodes == ["UNAUTHENTICATED"])
            default: #expect(users.errorCodes == ["FORBIDDEN"], "\(viewer.name) lists users")
            }
        }

        // The owner reads every field through `me` too.
        let me = try await api.run("{ me {\n\(selection)\n} }", token: fixture.subjectToken)
        #expect(me["data.me.id"] as? String == fixture.subjectID)
        #expect((me["data.me.diaryEntries.edges"] as? [Any])?.count == 1)
    }

    @Test func everyNodeTypeIsFetchedOnlyByWhomItsTypeIsVisibleTo() async throws {
        let fixture = try await Fixture.make()
        defer { Task { await fixture.api.close() } }
        let api = fixture.api
        let schema = api.application.executable.schema
        // A recipe's visibility is its own (public, private to its author, pending to author and
        // administrators): RecipeTests covers it. A friend request (its two people) and a rival
        // group (its members, not administrators): RivalsAuthorizationTests covers them.
        let nodeTypes = schema.possibleTypes(of: "Node").filter { !["Recipe", "FriendRequest", "RivalGroup"].contains($0) }.sorted()
        let everyone = Set(Audience.allCases)
        let ownerAndAdministrator: Set<Audience> = [.owner, .administrator]
        // The kitchen: a pantry item with its movement, a submitted order, a job.
        _ = try await api.database.database.query(
            """
            INSERT INTO chain_offers (product_id, chain_id, price, stock) SELECT $1, id, 2.00, 10 FROM retail_chains
            ON CONFLICT (product_id, chain_id) DO UPDATE SET stock = 10
            """, [try #require(GlobalID(parsing: fixture.productID)).key])
        let kitchen = try await api.run(
            """
            mutation($product: ID!) {
              a: addPantryItem(input: {productId: $product, quantity: 2, unit: PIECE, location: FRIDGE}) { pantryItem { id } }
              b: addToDraftOrder(input: {productId: $product, quantity: 1}) { order { id } userErrors { code } }
              c: submitOrder(input: {confirmed: true, paymentMethod: CASH,
                deliveryAddress: {line1: "1 King St W", city: "Hamilton", region: "ON", postalCode: "L8P 1A2", country: "CA"}}) {
                order { id } userErrors { code } }
            }
            """, token: fixture.subjectToken, variables: GraphQLObject([("product", .string(fixture.productID))]))
        let pantryItemID = try #require(kitchen["data.a.pantryItem.id"] as? String, "\(kitchen.json)")
        let orderID = try #require(kitchen["data.c.order.id"] as? String, "\(kitchen.json)")
        let movementID = try #require(
            try await api.run("{ me { pantryMovements(first: 1) { edges { node { id } } } } }", token: fixture.subjectToken)[
                "data.me.pantryMovements.edges.0.node.id"] as? String)
        try await api.application.jobRunner().register()
        let jobKey = try await api.database.database.query("SELECT min(id) FROM jobs")[0].decode(Int64.self, at: 0)
        let supportIssue = try await api.run(
            #"mutation { submitSupportIssue(input: {subject: "Matrix issue", description: "x", category: BUG, severity: LOW}) { issue { id } } }"#,
            token: fixture.subjectToken)
        let supportIssueID = try #require(supportIssue["data.submitSupportIssue.issue.id"] as? String, "\(supportIssue.json)")
        // By type: an instance tied to the subject, and who may fetch it.
        // Meals: a diet plan followed, a week planned with one meal (health data, as the diary).
        let meals = try await fixture.api.database.database.withTransaction { transaction -> (following: Int64, plan: Int64, meal: Int64) in
            let following = try #require(try await DietPlanStore.start(DietPlanCatalogue.all[0], for: fixture.subjectKey, in: transaction))
            let plan = try await MealPlanStore.upsertPlan(
                of: fixture.subjectKey, weekOf: LocalDate(year: 2026, month: 1, day: 5)!, budget: 100, currency: "USD", dailyTargetKcal: 2000,
                shortfalls: [], in: transaction)
            let recipe = try await RecipeStore.insert(
                RecipeStore.NewRecipe(
                    authorID: nil, title: "Matrix porridge", description: nil, steps: ["Cook."], servings: 1, prepMinutes: 1, cookMinutes: 5,
                    dishType: .mainDish, categories: [], appliances: [], mealTimes: [.breakfast], visibility: .public, moderationStatus: .approved,
                    imageID: nil), in: transaction)
            let meal = try await transaction.query(
                "INSERT INTO planned_meals (plan_id, local_date, meal, recipe_id, portions, energy_kcal, cost) VALUES ($1, '2026-01-05', 'breakfast', $2, 1, 300, 1.50) RETURNING id",
                [plan, recipe])[0].decode(Int64.self, at: 0)
            return (following.id, plan, meal)
        }
        let expectations: [String: (id: String, visibleTo: Set<Audience>)] = [
            "DietPlan": (GlobalID(typeName: "DietPlan", key: DietPlanCatalogue.all[0].key).description, everyone),
            "DietPlanFollowing": (GlobalID(typeName: "DietPlanFollowing", key: meals.following).description, ownerAndAdministrator),
            "MealPlan": (GlobalID(typeName: "MealPlan", key: meals.plan).description, ownerAndAdministrator),
            "PlannedMeal": (GlobalID(typeName: "PlannedMeal", key: meals.meal).description, ownerAndAdministrator),
            "User": (fixture.subjectID, ownerAndAdministrator),
            "Session": (fixture.sessionID, [.owner]),
            "DiaryEntry": (fixture.diaryEntryID, ownerAndAdministrator),
            "WeightEntry": (fixture.weightEntryID, ownerAndAdministrator),
            "DataExport": (fixture.dataExportID, [.owner]),
            "Notification": (fixture.notificationID, [.owner]),
            "Receipt": (fixture.receiptID, ownerAndAdministrator),
            "ReceiptLine": (fixture.receiptLineID, ownerAndAdministrator),
            "Purchase": (fixture.purchaseID, ownerAndAdministrator),
            "SpendingObjective": (fixture.objectiveID, ownerAndAdministrator),
            // Community mappings are reviewed by administrators; they say nothing of who agreed.
            "ProductMapping": (fixture.mappingID, [.administrator]),
            "PantryItem": (pantryItemID, ownerAndAdministrator),
            "PantryMovement": (movementID, ownerAndAdministrator),
            // Order handlers see submitted orders (items and delivery address), never the user.
            "Order": (orderID, [.owner, .administrator, .orderHandler]),
            "Job": (GlobalID(typeName: "Job", key: jobKey).description, [.administrator]),
            // A scan is a private photo: its owner's alone.
            "Scan": (fixture.scanID, [.owner]),
            // A support issue: its sender, and the staff who work the queue.
            "SupportIssue": (supportIssueID, [.owner, .administrator, .support]),
            // The catalog holds no personal data: a price the subject reported does not say who.
            "Product": (fixture.productID, everyone),
            "Category": (fixture.categoryID, everyone),
            "RetailChain": (fixture.chainID, everyone),
            "Store": (fixture.storeID, everyone),
            "PriceObservation": (fixture.priceID, everyone),
        ]
        #expect(Set(expectations.keys).isSuperset(of: nodeTypes), "Node types without a row in the matrix: \(Set(nodeTypes).subtracting(expectations.keys))")
        for viewer in fixture.viewers {
            for type in nodeTypes {
                guard let expectation = expectations[type] else { continue }
                let response = try await api.run(
                    "query($id: ID!) { node(id: $id) { id __typename } nodes(ids: [$id]) { id } }", token: viewer.token,
                    variables: GraphQLObject([("id", .string(expectation.id))]))
                let visible = expectation.visibleTo.contains(viewer.audience)
                #expect((response["data.node.id"] as? String == expectation.id) == visible, "\(viewer.name) × node(\(type))")
                #expect((response["data.nodes.0.id"] as? String == expectation.id) == visible, "\(viewer.name) × nodes(\(type))")
            }
        }
    }

    /// The defect as it was seen: a support account read another user's profile, diary and weights.
    @Test func supportNoLongerReadsAUsersProfileDiaryAndWeights() async throws {
        let fixture = try await Fixture.make()
        defer { Task { await fixture.api.close() } }
        let support = fixture.viewer(.support)
        let response = try await fixture.api.run(
            """
            query($id: ID!) { node(id: $id) { ... on User { email profile { displayName birthDate weightKg }
              diaryEntries(from: "2000-01-01", to: "2100-01-01") { edges { node { foodName } } } weightEntries { edges { node { weightKg } } } } } }
            """, token: support.token, variables: GraphQLObject([("id", .string(fixture.subjectID))]))
        #expect(response["data.node"] is NSNull)
        let entry = try await fixture.api.run(
            "query($id: ID!) { node(id: $id) { ... on DiaryEntry { foodName } } }", token: support.token,
            variables: GraphQLObject([("id", .string(fixture.diaryEntryID))]))
        #expect(entry["data.node"] is NSNull)
    }

    /// A selection of one `User` field: its required arguments, and `__typename` below objects.
    static func selection(of field: FieldDefinition, in schema: GraphQLSchema) -> String {
        let arguments: [String: String] = [
            "diaryEntries": #"(from: "2000-01-01", to: "2100-01-01")"#,
            "nutritionTimeline": #"(from: "2026-01-01", to: "2026-03-01", granularity: MONTH)"#,
            "weightTimeline": #"(from: "2026-01-01", to: "2026-03-01", granularity: MONTH)"#,
            "mealAdvice": "(meal: LUNCH)", "mealPlanOptions": "(meal: LUNCH)",
            "spending": #"(from: "2026-01-01", to: "2026-03-01", groupBy: MONTH)"#,
            "spendingComparison": #"(from: "2026-01-01", to: "2026-03-01")"#,
            "pantryAmount": #"(productId: "UHJvZHVjdDox", unit: PIECE)"#,
        ]
        let required = field.arguments.contains { $0.type.isNonNull && $0.defaultValue == nil }
        let argumentText = arguments[field.name] ?? ""
        if required && argumentText.isEmpty { Issue.record("User.\(field.name) needs arguments in this test's table") }
        let isLeaf = schema.type(named: field.type.namedType)?.isLeaf ?? true
        if field.type.namedType.hasSuffix("Connection") {
            return "\(field.name)\(argumentText) { edges { cursor node { __typename } } }"
        }
        return field.name + argumentText + (isLeaf ? "" : " { __typename }")
    }

    /// A subject with data in every area, and one viewer per audience.
    struct Fixture: Sendable {
        let api: TestAPI
        var subjectKey: Int64
        var subjectID: String
        var subjectToken: String
        var viewers: [MatrixViewer]
        var sessionID: String
        var diaryEntryID: String
        var weightEntryID: String
        var dataExportID: String
        var notificationID: String
        var receiptID: String
        var receiptLineID: String
        var purchaseID: String
        var objectiveID: String
        var mappingID: String
        var scanID: String
        var productID: String
        var categoryID: String
        var chainID: String
        var storeID: String
        var priceID: String

        func viewer(_ audience: Audience) -> MatrixViewer { viewers.first { $0.audience == audience }! }

        static func make() async throws -> Fixture {
            let api = try await TestAPI.make()
            try await DemoData.loadIfEmpty(into: api.database.database)
            let database = api.database.database
            func signIn(_ name: String) async throws -> String {
                try #require(
                    try await api.run(#"mutation { login(input: {email: "\#(name)@demo.foodgraph.local", password: "Demo-pass1"}) { token } }"#)[
                        "data.login.token"] as? String)
            }
            let subjectToken = try await api.signUp("subject@example.com")
            let other = try await api.signUp("other@example.com")
            // A representative of another chain than the demo's.
            let rival = try await api.signUp("rival-chain@example.com")
            _ = try await database.query(
                """
                INSERT INTO user_roles (user_id, role, chain_id)
                SELECT u.id, 'chain_representative', c.id FROM users u, retail_chains c
                WHERE u.email = 'rival-chain@example.com' AND c.name = 'Harbour Grocers'
                """)
            let products = try await api.run(
                "{ products(first: 1) { edges { node { id category { id } } } } stores(first: 1) { edges { node { id chain { id } } } } }")
            let productID = try #require(products["data.products.edges.0.node.id"] as? String)
            let storeID = try #require(products["data.stores.edges.0.node.id"] as? String)
            let profile = try await api.run(
                """
                mutation($product: ID!, $store: ID!) {
                  a: updateProfile(input: {displayName: "Subject", username: "subject", gender: FEMALE, birthDate: "1990-01-01",
                    heightCm: 165, weightKg: 60, shippingAddress: {line1: "1 Main St", city: "Hamilton", region: "ON", postalCode: "L8P 1A1", country: "CA"}}) {
                    userErrors { code } }
                  b: addDiaryEntry(input: {food: {productId: $product}, meal: LUNCH, quantity: 100, unit: GRAM}) { entry { id } userErrors { code } }
                  c: logWeight(input: {kilograms: 60.5}) { entry { id } userErrors { code } }
                  d: recordPrice(input: {productId: $product, storeId: $store, price: "2.49"}) { priceObservation { id } userErrors { code } }
                  e: setStorePreference(input: {storeId: $store, preference: PREFERRED}) { userErrors { code } }
                  f: createReceipt(input: {storeId: $store, purchasedAt: "2026-01-05T10:00:00Z", total: "2.50",
                    lines: [{text: "ITEM", quantity: 1, unitPrice: "2.50", productId: $product}]}) { receipt { id lines { id } } userErrors { code } }
                  g: setSpendingObjective(input: {period: WEEK, limit: "50"}) { objective { id } userErrors { code } }
                }
                """, token: subjectToken, variables: GraphQLObject([("product", .string(productID)), ("store", .string(storeID))]))
            let export = try await api.run("mutation { exportMyData { dataExport { id } } }", token: subjectToken)
            let me = try await api.run("{ me { id sessions(first: 1) { edges { node { id } } } } }", token: subjectToken)
            let subjectID = try #require(me["data.me.id"] as? String)
            let subjectKey = try #require(GlobalID(parsing: subjectID)).key
            _ = try await Notifications.post(
                NewNotification(kind: .orderStatusChanged, userID: subjectKey, title: "Order accepted", body: "Your order was accepted."),
                in: database)
            let notifications = try await api.run("{ me { notifications(first: 1) { edges { node { id } } } } }", token: subjectToken)
            let purchases = try await api.run("{ me { purchases(first: 1) { edges { node { id } } } } }", token: subjectToken)
            let mappingKey = try await database.query(
                """
                INSERT INTO product_mappings (store_id, match_text, product_id, status, agreeing_users)
                SELECT store_id, 'ITEM', product_id, 'active', 3 FROM purchases WHERE user_id = $1 LIMIT 1 RETURNING id
                """, [subjectKey])[0].decode(Int64.self, at: 0)
            let scan = try await api.run(
                "mutation($i: Base64) { scanBarcode(input: {image: $i}) { scan { id } } }", token: subjectToken,
                variables: GraphQLObject([("i", .string(TestPNG.base64(width: 64, height: 64)))]))
            let viewers = [
                MatrixViewer(name: "anonymous", audience: .anonymous, token: nil),
                MatrixViewer(name: "the owner", audience: .owner, token: subjectToken),
                MatrixViewer(name: "another user", audience: .otherUser, token: other),
                MatrixViewer(name: "support", audience: .support, token: try await signIn("support")),
                MatrixViewer(name: "an order handler", audience: .orderHandler, token: try await signIn("orders")),
                MatrixViewer(name: "this chain's representative", audience: .chainRepresentative, token: try await signIn("chain")),
                MatrixViewer(name: "another chain's representative", audience: .chainRepresentative, token: rival),
                MatrixViewer(name: "an administrator", audience: .administrator, token: try await signIn("admin")),
            ]
            return Fixture(
                api: api, subjectKey: subjectKey, subjectID: subjectID, subjectToken: subjectToken,
                viewers: viewers, sessionID: try #require(me["data.me.sessions.edges.0.node.id"] as? String),
                diaryEntryID: try #require(profile["data.b.entry.id"] as? String), weightEntryID: try #require(profile["data.c.entry.id"] as? String),
                dataExportID: try #require(export["data.exportMyData.dataExport.id"] as? String),
                notificationID: try #require(notifications["data.me.notifications.edges.0.node.id"] as? String),
                receiptID: try #require(profile["data.f.receipt.id"] as? String, "\(profile.json)"),
                receiptLineID: try #require(profile["data.f.receipt.lines.0.id"] as? String),
                purchaseID: try #require(purchases["data.me.purchases.edges.0.node.id"] as? String),
                objectiveID: try #require(profile["data.g.objective.id"] as? String),
                mappingID: GlobalID(typeName: "ProductMapping", key: mappingKey).description,
                scanID: try #require(scan["data.scanBarcode.scan.id"] as? String),
                productID: productID, categoryID: try #require(products["data.products.edges.0.node.category.id"] as? String),
                chainID: try #require(products["data.stores.edges.0.node.chain.id"] as? String), storeID: storeID,
                priceID: try #require(profile["data.d.priceObservation.id"] as? String))
        }
    }
}

extension PersonalDataPolicy.Audience {
    /// A viewer of this audience for the fixture's subject (for the pure policy check).
    func sample(_ fixture: PersonalDataVisibilityTests.Fixture) -> Viewer? {
        switch self {
        case .anonymous: nil
        case .owner: Viewer(userID: fixture.subjectKey, sessionID: 1, roles: [])
        case .otherUser: Viewer(userID: -1, sessionID: 1, roles: [])
        case .support: Viewer(userID: -1, sessionID: 1, roles: [.support])
        case .orderHandler: Viewer(userID: -1, sessionID: 1, roles: [.orderHandler])
        case .chainRepresentative: Viewer(userID: -1, sessionID: 1, roles: [.chainRepresentative], representedChainID: 1)
        case .administrator: Viewer(userID: -1, sessionID: 1, roles: [.administrator])
        }
    }
}
