import Foundation
import GraphQLEngine
import Postgres
import TestSupport
import Testing

@testable import FoodGraph

/// A tour of the whole API through real queries and mutations, as the staff and a user would make
/// them, that must resolve every field of every object type at least once: a field bound to the
/// wrong thing, or never reachable, shows up here by name. A new area adds its stories' queries to
/// the tour.
@Suite struct FieldCoverageTests {
    @Test func everyFieldOfTheSchemaIsResolvedByRealQueries() async throws {
        setenv("FOODGRAPH_SCRYPT_COST", "1024", 0)
        let database = try await MigratedTemplate.database()
        defer { Task { await database.drop() } }
        _ = try await DemoData.loadIfEmpty(into: database.database)
        let coverage = FieldCoverage()
        let application = try FoodGraphApplication(pool: database.pool, coverage: coverage)
        let tour = Tour(application: application, database: database.database)
        try await tour.run()

        let schema = application.executable.schema
        var unresolved: [String] = []
        for case .object(let object) in schema.types where !object.name.hasPrefix("__") {
            for field in object.fields where !coverage.coordinates.contains("\(object.name).\(field.name)") {
                unresolved.append("\(object.name).\(field.name)")
            }
        }
        #expect(unresolved == [], "Fields no query of the tour resolved: \(unresolved.joined(separator: ", "))")
    }
}

/// The operations of the tour, each checked to answer without errors.
private struct Tour {
    let application: FoodGraphApplication
    let database: PostgresDatabase

    @discardableResult
    func run(_ query: String, token: String? = nil, _ variables: [String: GraphQLValue] = [:]) async throws -> [String: Any] {
        let context = try await application.makeContext(bearerToken: token)
        let document = try parse(query)
        let validation = validate(application.executable.schema, document)
        #expect(validation.isEmpty, "\(validation)")
        let result = await execute(
            application.executable,
            ExecutionRequest(
                document: document, variables: GraphQLObject(variables.map { ($0.key, $0.value) }), context: context,
                scheduler: context.scheduler))
        let json = try JSONSerialization.jsonObject(with: Data(result.jsonBytes())) as? [String: Any] ?? [:]
        #expect(json["errors"] == nil, "\(query.prefix(80))…: \(json["errors"] ?? "")")
        return json
    }

    func signIn(_ name: String) async throws -> String {
        let json = try await run(
            #"mutation { login(input: {email: "\#(name)@demo.foodgraph.local", password: "Demo-pass1"}) { token } }"#)
        return try #require(JSONTree.value(json, at: "data.login.token") as? String)
    }

    func string(_ json: [String: Any], _ path: String) throws -> String {
        try #require(JSONTree.value(json, at: path) as? String, "no \(path)")
    }

    func emailedCode(to recipient: String, subject: String) async throws -> String {
        let body = try await database.query(
            "SELECT body FROM email_outbox WHERE recipient = $1 AND subject LIKE $2 ORDER BY id DESC LIMIT 1",
            [recipient, subject + "%"])[0].decode(String.self, at: 0)
        return try #require(body.split(separator: "\n").first { $0.count == 43 }.map(String.init))
    }

    /// Rivals' stories: `user` (username "tourist") befriends two new users and runs a group.
    func rivalsTour(user: String) async throws {
        func newUser(_ name: String) async throws -> (token: String, id: String) {
            try await run(#"mutation { register(input: {email: "\#(name)@example.com", password: "Tour-pass1"}) { user { id } } }"#)
            let login = try await run(#"mutation { login(input: {email: "\#(name)@example.com", password: "Tour-pass1"}) { token } }"#)
            let token = try string(login, "data.login.token")
            try await run(
                #"mutation { updateProfile(input: {username: "\#(name)", gender: MALE, birthDate: "1991-02-03", heightCm: 180, weightKg: 80}) { userErrors { code } } }"#,
                token: token)
            return (token, try string(try await run("{ me { id } }", token: token), "data.me.id"))
        }
        let rival = try await newUser("tourrival")
        let third = try await newUser("tourthird")
        let profile = "id username displayName avatarUrl"
        let request = "friendRequest { id from { \(profile) } to { id } status createdAt answeredAt } userErrors { code }"
        try await run("{ userByUsername(username: \"tourist\") { \(profile) } }", token: rival.token)
        let sent = try await run(#"mutation { sendFriendRequest(input: {username: "tourist"}) { \#(request) } }"#, token: rival.token)
        try await run(
            "{ me { friendRequests(direction: INCOMING, includeAnswered: true) { pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { id } } } } }",
            token: user)
        try await run(
            "mutation($r: ID!) { respondToFriendRequest(input: {friendRequestId: $r, accept: true}) { \(request) } }", token: user,
            ["r": .string(try string(sent, "data.sendFriendRequest.friendRequest.id"))])
        let pending = try await run(#"mutation { sendFriendRequest(input: {username: "tourthird"}) { \#(request) } }"#, token: user)
        try await run(
            "mutation($r: ID!) { cancelFriendRequest(input: {friendRequestId: $r}) { \(request) } }", token: user,
            ["r": .string(try string(pending, "data.sendFriendRequest.friendRequest.id"))])

        let group = """
            group { id name description owner { id } members { member { id } isOwner joinedAt } pendingInvitations { groupId groupName
              groupDescription invitee { id } invitedBy { id } createdAt } viewerIsOwner scoring { metric weight } period timeZone
              currentPeriod { from to } leaderboard(from: "2026-03-01", to: "2026-03-31") { from to days entries { rank member { id } score
              contributions { metric value points } } } myRankHistory { period { from to } rank score memberCount } createdAt }
            userErrors { code }
            """
        let created = try await run(#"mutation { createRivalGroup(input: {name: "Tour rivals", description: "For the tour"}) { \#(group) } }"#, token: user)
        let ids: [String: GraphQLValue] = ["g": .string(try string(created, "data.createRivalGroup.group.id")), "u": .string(rival.id)]
        try await run(
            """
            mutation($g: ID!, $u: ID!) {
              a: setGroupScoring(input: {groupId: $g, rules: [{metric: CALORIES_CONSUMED, weight: 1}, {metric: PROTEIN_TARGET_MET, weight: 1},
                {metric: LOGGING_STREAK, weight: 1}, {metric: WEIGHT_PROGRESS, weight: 1}]}) { group { id } userErrors { code } }
              b: updateRivalGroup(input: {groupId: $g, period: MONTH, timeZone: "America/Toronto"}) { group { id } userErrors { code } }
              c: inviteToRivalGroup(input: {groupId: $g, userId: $u}) { \(group) }
            }
            """, token: user, ids)
        try await run(
            "{ me { rivalGroupInvitations { pageInfo { hasNextPage } edges { cursor node { groupId groupName groupDescription invitee { id } invitedBy { id } createdAt } } } } }",
            token: rival.token)
        let join = "mutation($g: ID!) { respondToGroupInvitation(input: {groupId: $g, accept: true}) { \(group) } }"
        try await run(join, token: rival.token, ["g": ids["g"]!])
        try await run(
            """
            { me { groups { pageInfo { hasNextPage } edges { cursor node { id name } } }
              friends { pageInfo { hasNextPage } edges { cursor node { \(profile) } } } } }
            """, token: user)
        try await run("mutation($g: ID!, $u: ID!) { removeGroupMember(input: {groupId: $g, userId: $u}) { group { id } userErrors { code } } }", token: user, ids)
        try await run("mutation($g: ID!, $u: ID!) { inviteToRivalGroup(input: {groupId: $g, userId: $u}) { userErrors { code } } }", token: user, ids)
        try await run(join, token: rival.token, ["g": ids["g"]!])
        try await run("mutation($g: ID!, $u: ID!) { transferGroupOwnership(input: {groupId: $g, userId: $u}) { group { id } userErrors { code } } }", token: user, ids)
        try await run("mutation($g: ID!) { leaveRivalGroup(input: {groupId: $g}) { leftGroupId userErrors { code } } }", token: user, ["g": ids["g"]!])
        try await run("mutation($g: ID!) { deleteRivalGroup(input: {groupId: $g}) { deletedGroupId userErrors { code } } }", token: rival.token, ["g": ids["g"]!])
        try await run("mutation($u: ID!) { removeFriend(input: {userId: $u}) { removedUserId userErrors { code } } }", token: user, ["u": ids["u"]!])
        try await run("mutation($u: ID!) { blockUser(input: {userId: $u}) { user { id } userErrors { code } } }", token: user, ["u": .string(third.id)])
        try await run("{ me { blockedUsers { pageInfo { hasNextPage } edges { cursor node { id } } } } }", token: user)
        try await run("mutation($u: ID!) { unblockUser(input: {userId: $u}) { user { id } userErrors { code } } }", token: user, ["u": .string(third.id)])
    }

    /// Subscriptions resolve their root field when subscribing (the socket and events: EndToEndTests'
    /// Subscription*Tests); others' or missing objects are refused there.
    func subscriptionsTour(token: String) async throws {
        let context = try await application.makeContext(bearerToken: token)
        let missing = { (type: String) in GlobalID(typeName: type, key: Int64.max).description }
        let fields = [
            ("subscription { notificationAdded { id } }", nil),
            (#"subscription { orderStatusChanged(orderId: "\#(missing("Order"))") { id } }"#, "NOT_FOUND"),
            (#"subscription { scanUpdated(scanId: "\#(missing("Scan"))") { id } }"#, "NOT_FOUND"),
            (#"subscription { leaderboardChanged(groupId: "\#(missing("RivalGroup"))") { id } }"#, "NOT_FOUND"),
            (#"subscription { supportIssueUpdated(issueId: "\#(missing("SupportIssue"))") { id } }"#, "NOT_FOUND"),
        ]
        for (document, refusal) in fields {
            let request = ExecutionRequest(document: try parse(document), context: context, scheduler: context.scheduler)
            switch await subscribe(application.executable, request) {
            case .success: #expect(refusal == nil, "\(document)")
            case .failure(let failure): #expect(failure.errors.first?.code == refusal, "\(document): \(failure.errors)")
            }
        }
    }

    func run() async throws {
        let admin = try await signIn("admin")
        let chain = try await signIn("chain")

        // Accounts: a new user registers, confirms, signs in, fills the profile.
        let email = "tour@example.com"
        try await run(
            """
            mutation { register(input: {email: "\(email)", password: "Tour-pass1", displayName: "Tourist"}) {
              user { id email emailConfirmed } userErrors { field message code } } }
            """)
        let confirmation = try await emailedCode(to: email, subject: "Confirm")
        try await run(#"mutation { confirmEmail(input: {token: "\#(confirmation)"}) { user { emailConfirmed } userErrors { code } } }"#)
        let login = try await run(
            """
            mutation { login(input: {email: "\(email)", password: "Tour-pass1"}) {
              token session { id createdAt lastUsedAt expiresAt userAgent current } user { id } userErrors { code } } }
            """)
        let user = try string(login, "data.login.token")
        try await run("mutation { resendConfirmationEmail { sent } }", token: user)
        try await subscriptionsTour(token: user)

        // Catalog: micronutrients come from imports (no input writes them); give the milks some.
        _ = try await database.query(
            #"UPDATE products SET micronutrients = '{"potassium": {"amount": 150, "unit": "mg"}}' WHERE name ILIKE '%milk%'"#)
        let products = try await run(
            """
            { products(first: 3, query: "milk", filter: {inStock: true}, orderBy: RELEVANCE) { totalCount totalCountIsExact
                pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
                edges { cursor node { ...ProductFields } } } }
            \(Self.productFields)
            """)
        let productID = try string(products, "data.products.edges.0.node.id")
        let stores = try await run(
            """
            { stores(first: 2, near: {latitude: 43.25, longitude: -79.87, radiusKm: 50}) {
                pageInfo { hasNextPage } edges { cursor distanceKm node { id name
                  address { recipient line1 line2 city region postalCode country phone } location { latitude longitude }
                  chain { id name description website contactEmail contactPhone stores(first: 1) { edges { node { id } } } } } } } }
            """)
        let storeID = try string(stores, "data.stores.edges.0.node.id")
        let chainID = try string(stores, "data.stores.edges.0.node.chain.id")

        try await run(
            """
            mutation($store: ID!) {
              a: updateProfile(input: {username: "tourist", gender: FEMALE, birthDate: "1990-04-01", heightCm: 168, weightKg: 64,
                activityLevel: MODERATE, goal: LOSE, goalRateKgPerWeek: 0.5, dietType: VEGETARIAN, unitSystem: CANADIAN,
                timeZone: "America/Toronto", currency: "CAD", weeklyBudget: {preset: USD_100},
                restrictions: {allergies: ["peanuts"], illnesses: [], pregnant: false, dislikedFoods: ["okra"]},
                location: {latitude: 43.25, longitude: -79.87}, accessibleRadiusKm: 10,
                shippingAddress: {recipient: "T", line1: "1 Main St", line2: "Unit 2", city: "Hamilton", region: "ON",
                  postalCode: "L8P 1A1", country: "CA", phone: "+1 905 555 0100"},
                notifications: {expiringFood: true, budgetExceeded: false}, phone: "(905) 555-0100", weightUnit: STONES_POUNDS, locale: "en",
                customTargets: {energyKcal: 1900, proteinG: 110, carbohydratesG: 200, fatG: 60}}) { user { id } userErrors { code } }
              b: setStorePreference(input: {storeId: $store, preference: PREFERRED}) { user { id } userErrors { code } }
            }
            """, token: user, ["store": .string(storeID)])
        try await run(
            #"mutation { uploadAvatar(input: {image: "\#(Self.avatar)"}) { user { profile { avatarUrl } } userErrors { code } } }"#,
            token: user)
        try await run("{ avatarGallery { name url } supportedLocales }")
        try await run(
            """
            mutation { a: chooseGalleryAvatar(input: {name: "lime"}) { user { profile { galleryAvatar { name url } } } userErrors { code } }
              b: deleteAvatar { user { profile { avatarUrl } } userErrors { code } } }
            """, token: user)

        // Diary: log, change, log again, weigh in; then the day, the lists and the timelines.
        let added = try await run(
            """
            mutation($product: ID!) { addDiaryEntry(input: {food: {productId: $product}, meal: BREAKFAST, quantity: 120, unit: GRAM}) {
              entry { ...EntryFields } day { ...DayFields } userErrors { field code message } } }
            \(Self.entryFields) \(Self.dayFields) \(Self.nutritionFields)
            """, token: user, ["product": .string(productID)])
        let entryID = try string(added, "data.addDiaryEntry.entry.id")
        try await run(
            """
            mutation($entry: ID!) {
              a: updateDiaryEntry(input: {entryId: $entry, quantity: 150, overrides: [{nutrient: PROTEIN_G, value: 12}]}) { entry { id } userErrors { code } }
              b: logDiaryEntryAgain(input: {entryId: $entry, meal: LUNCH}) { entry { id } day { date } userErrors { code } }
              c: addDiaryEntry(input: {food: {customFood: {name: "Soup", nutrition: {fatG: 2, carbohydratesG: 8, proteinG: 3, energyKcal: 60}, servingGrams: 250}},
                meal: DINNER, quantity: 1, unit: SERVING}) { entry { id } userErrors { code } }
              d: logWeight(input: {kilograms: 64.2}) { entry { id date weightKg weightDisplay } user { id } userErrors { code } }
            }
            """, token: user, ["entry": .string(entryID)])
        let me = try await run(
            """
            { me { ...UserFields
                profile { displayName username avatarUrl gender birthDate age heightCm weightKg heightDisplay weightDisplay activityLevel
                  goal goalRateKgPerWeek dietType restrictions { allergies illnesses pregnant dislikedFoods } unitSystem timeZone currency
                  weeklyBudget { amount currency } location { latitude longitude } accessibleRadiusKm
                  preferredStores { id } ignoredStores { id }
                  shippingAddress { recipient line1 line2 city region postalCode country phone }
                  notifications { expiringFood budgetExceeded cheaperAlternative orderStatus friendRequests upcomingRecurringOrder scanReady
                    groupInvitations supportIssueAnswered }
                  phone weightUnit locale customTargets { energyKcal proteinG carbohydratesG fatG } }
                pendingEmail
                nutritionTargets { basalMetabolicRateKcal maintenanceKcal energyKcal proteinG fatG carbohydratesG fibreG sugarsG sodiumMg userSet }
                bmi { value category }
                sessions(first: 5) { pageInfo { hasNextPage } edges { cursor node { id current } } }
                diaryDay { ...DayFields }
                diaryEntries(from: "2020-01-01", to: "2030-12-31", first: 5) { pageInfo { endCursor } edges { cursor node { id } } }
                weightEntries(first: 5) { pageInfo { endCursor } edges { cursor node { id } } }
                nutritionTimeline(from: "2026-01-01", to: "2026-12-31", granularity: MONTH) { start end entryCount totals { energyKcal } }
                weightTimeline(from: "2026-01-01", to: "2026-12-31", granularity: MONTH) { start end weightKg } } }
            \(Self.userFields) \(Self.dayFields) \(Self.entryFields) \(Self.nutritionFields)
            """, token: user)
        let userID = try string(me, "data.me.id")
        let weightID = try string(me, "data.me.weightEntries.edges.0.node.id")
        try await run(
            """
            mutation($entry: ID!, $weight: ID!) {
              a: deleteDiaryEntry(input: {entryId: $entry}) { deletedEntryId day { date } userErrors { code } }
              b: deleteWeightEntry(input: {entryId: $weight}) { deletedEntryId userErrors { code } }
            }
            """, token: user, ["entry": .string(entryID), "weight": .string(weightID)])

        // Catalog: lookups, prices, what users submit and staff moderate.
        let barcode = try string(products, "data.products.edges.0.node.barcode")
        try await run(
            """
            query($id: ID!, $ids: [ID!]!) {
              productByBarcode(barcode: "\(barcode)") { id }
              categories { id slug name parent { id } children { id slug } path }
              category(slug: "cheese") { id parent { slug } }
              retailChains(first: 3) { pageInfo { hasNextPage } edges { cursor node { id name } } }
              node(id: $id) { id ... on Product { name } }
              nodes(ids: $ids) { id }
            }
            """, token: user, ["id": .string(productID), "ids": .list([.string(productID), .string(storeID)])])
        let price = try await run(
            """
            mutation($product: ID!, $store: ID!) { recordPrice(input: {productId: $product, storeId: $store, price: "3.49", discounted: true}) {
              priceObservation { id product { id } store { id } price { amount currency } observedAt source discounted } userErrors { code } } }
            """, token: user, ["product": .string(productID), "store": .string(storeID)])
        #expect(JSONTree.value(price, at: "data.recordPrice.priceObservation.id") != nil)
        // A price the user mistyped: a user error naming the field, in plain language.
        let mistyped = try await run(
            """
            mutation($product: ID!, $store: ID!) { recordPrice(input: {productId: $product, storeId: $store, price: "3.499"}) {
              priceObservation { id } userErrors { field message code } } }
            """, token: user, ["product": .string(productID), "store": .string(storeID)])
        #expect(JSONTree.value(mistyped, at: "data.recordPrice.userErrors.0.code") as? String == "OUT_OF_RANGE")
        let submitted = try await run(
            """
            mutation { submitProduct(input: {name: "Tour granola", category: "breakfast-cereals", nutrition: {fatG: 10, carbohydratesG: 60, proteinG: 10, energyKcal: 390}}) {
              product { id status } userErrors { field code } } }
            """, token: user)
        let submittedID = try string(submitted, "data.submitProduct.product.id")

        try await run(
            """
            mutation($product: ID!, $submitted: ID!, $chain: ID!, $user: ID!) {
              a: createProduct(input: {name: "Tour oats", brand: "Tour", category: "breakfast-cereals", barcode: "4006381333931",
                packageSize: {value: 500, unit: GRAM}, servingSize: {value: 40, unit: GRAM}, servingDescription: "1/2 cup",
                nutrition: {fatG: 7, carbohydratesG: 60, proteinG: 13, energyKcal: 380}, allergens: [WHEAT], dietLabels: [VEGAN],
                shelfLifeDays: 365, storage: PANTRY, chainId: $chain, catalogPrice: "4.99", image: "\(Self.productImage)"}) {
                product { id imageUrl } userErrors { field code } }
              b: updateProduct(input: {productId: $product, servingDescription: "1 cup"}) { product { id } userErrors { code } }
              c: reviewProduct(input: {productId: $submitted, decision: APPROVE}) { product { status } userErrors { code } }
              d: createStore(input: {chainId: $chain, name: "Tour store", address: {line1: "2 King St", city: "Hamilton", region: "ON",
                postalCode: "L8P 1B1", country: "CA"}, location: {latitude: 43.26, longitude: -79.86}}) { store { id } userErrors { code } }
              e: grantRole(input: {userId: $user, role: SUPPORT}) { user { roles } userErrors { code } }
              f: revokeRole(input: {userId: $user, role: SUPPORT}) { user { roles } userErrors { code } }
            }
            """, token: admin,
            ["product": .string(productID), "submitted": .string(submittedID), "chain": .string(chainID), "user": .string(userID)])
        try await run(
            """
            { users(first: 2, query: "tour") { totalCount pageInfo { hasNextPage } edges { cursor node { id email } } }
              pendingProducts(first: 2) { totalCount edges { node { id } } } }
            """, token: admin)
        let representative = try await run("{ me { representedChain { id stores(first: 1) { edges { node { id } } } } } }", token: chain)
        let ownStore = try string(representative, "data.me.representedChain.stores.edges.0.node.id")
        let ownChain = try string(representative, "data.me.representedChain.id")
        // Chain staff: their own chain's offer, details and products (moderated).
        let chainProduct = try await run(
            """
            mutation($product: ID!, $store: ID!, $chain: ID!) {
              a: updateProductOffer(input: {productId: $product, stock: 40, salePrice: "2.99"}) { product { id } userErrors { code } }
              b: updateStore(input: {storeId: $store, name: "Renamed store"}) { store { name } userErrors { code } }
              c: updateRetailChain(input: {chainId: $chain, description: "Fresh food", website: "https://freshmart.example",
                contactEmail: "info@freshmart.example", contactPhone: "+1 905 555 0199"}) {
                retailChain { id description website contactEmail contactPhone } userErrors { field code } }
              d: createProduct(input: {name: "Tour house granola", category: "breakfast-cereals", catalogPrice: "3.99",
                nutrition: {fatG: 12, carbohydratesG: 62, proteinG: 9, energyKcal: 420}}) { product { id status } userErrors { field code } }
            }
            """, token: chain, ["product": .string(productID), "store": .string(ownStore), "chain": .string(ownChain)])
        let houseGranola = try string(chainProduct, "data.d.product.id")
        try await run(
            """
            query($chain: ID!) { node(id: $chain) { ... on RetailChain { products(first: 5) { totalCount totalCountIsExact
              edges { node { id status chain { id } offers { price { amount } } } } } } } }
            """, token: chain, ["chain": .string(ownChain)])
        try await run(
            """
            mutation($product: ID!) { withdrawProduct(input: {productId: $product}) { product { id status } userErrors { code } } }
            """, token: chain, ["product": .string(houseGranola)])

        // Privacy: the policies accepted, a copy of everything, and an account deleted.
        try await run(
            """
            { policyDocuments { kind version publishedOn } }
            """)
        try await run(
            """
            mutation { acceptPolicies(input: {termsOfServiceVersion: "2026-01", privacyPolicyVersion: "2026-01"}) {
              user { consents { document version acceptedAt } pendingConsents } userErrors { code } } }
            """, token: user)
        let export = try await run("mutation { exportMyData { dataExport { id status } userErrors { code } } }", token: user)
        try await DataExportStore.buildPending(in: database)
        try await run(
            "{ me { dataExports { id status requestedAt readyAt expiresAt downloadedAt sizeBytes } } }", token: user)
        try await run(
            """
            mutation($id: ID!) { downloadDataExport(input: {exportId: $id}) { dataExport { id status } document userErrors { code } } }
            """, token: user, ["id": .string(try string(export, "data.exportMyData.dataExport.id"))])
        let leaving = "tour-leaving@example.com"
        try await run(#"mutation { register(input: {email: "\#(leaving)", password: "Tour-pass1"}) { user { id } } }"#)
        let leavingToken = try string(
            try await run(#"mutation { login(input: {email: "\#(leaving)", password: "Tour-pass1"}) { token } }"#), "data.login.token")
        try await run(
            #"mutation { deleteMyAccount(input: {password: "Tour-pass1"}) { deleted userErrors { field code } } }"#, token: leavingToken)

        // A new address, confirmed there.
        try await run(
            #"mutation { changeEmail(input: {newEmail: "tour-new@example.com", currentPassword: "Tour-pass1"}) { user { pendingEmail } userErrors { code } } }"#,
            token: user)
        let newAddress = try await emailedCode(to: "tour-new@example.com", subject: "Confirm")
        try await run(#"mutation { confirmEmail(input: {token: "\#(newAddress)"}) { user { email } userErrors { code } } }"#)
        try await run(
            #"mutation { changeEmail(input: {newEmail: "\#(email)", currentPassword: "Tour-pass1"}) { user { pendingEmail } userErrors { code } } }"#,
            token: user)
        try await run(
            #"mutation { confirmEmail(input: {token: "\#(try await emailedCode(to: email, subject: "Confirm your new"))"}) { user { email } userErrors { code } } }"#)

        // Recipes: search with figures, parse a line, write, favour, moderate, import; the lists.
        let found = try await run(
            """
            { recipes(query: "soup", first: 2, orderBy: SUITABILITY, filter: {fitsCaloriesLeft: false}) {
                caloriesLeftToday restrictionsApplied healthDisclaimer pageInfo { hasNextPage endCursor }
                edges { cursor node { ...RecipeFields } } }
              randomRecipe(filter: {dishTypes: [SOUP]}) { id }
              parseIngredientLine(text: "2-3 cloves garlic, minced") { quantity quantityMax unit pieceName food note product { id } matchConfidence } }
            \(Self.recipeFields)
            """, token: user)
        let recipeID = try string(found, "data.recipes.edges.0.node.id")
        let written = try await run(
            """
            mutation($product: ID!, $recipe: ID!, $text: String!) {
              a: createRecipe(input: {title: "Tour soup", description: "A test.", servings: 2, dishType: SOUP, prepMinutes: 5, cookMinutes: 10,
                steps: ["Simmer."], visibility: PUBLIC, categories: [DIETARY], appliances: [STOVE], mealTimes: [LUNCH],
                ingredients: [{productId: $product, quantity: 1, unit: CUP}, {food: "carrots", quantity: 2, unit: COUNT, note: "sliced"}]}) {
                recipe { id } userErrors { field code } }
              b: setRecipeFavorite(input: {recipeId: $recipe, favorite: true}) { recipe { isFavorite } userErrors { code } }
              c: setFavoriteFoods(input: {productIds: [$product]}) { favoriteFoods { id } userErrors { code } }
              d: importRecipe(input: {text: $text}) {
                recipe { id } userErrors { code } }
            }
            """, token: user,
            [
                "product": .string(productID), "recipe": .string(recipeID),
                "text": .string("Tour toast\n1 slice bread\n1 tbsp butter\nToast the bread and butter it while it is hot, then eat."),
            ])
        let ownRecipe = try string(written, "data.a.recipe.id")
        let importedRecipe = try string(written, "data.d.recipe.id")
        try await run(
            """
            mutation($recipe: ID!, $imported: ID!) {
              a: updateRecipe(input: {recipeId: $recipe, title: "Tour soup, revised", servings: 3}) { recipe { id } userErrors { code } }
              b: deleteRecipe(input: {recipeId: $imported}) { deletedRecipeId userErrors { code } }
            }
            """, token: user, ["recipe": .string(ownRecipe), "imported": .string(importedRecipe)])
        try await run(
            """
            { pendingRecipes(first: 1) { edges { node { id } } } }
            """, token: admin)
        try await run(
            """
            mutation($recipe: ID!) { moderateRecipe(input: {recipeId: $recipe, decision: APPROVE}) { recipe { moderationStatus } userErrors { code } } }
            """, token: admin, ["recipe": .string(ownRecipe)])
        try await run(
            """
            { me { favoriteRecipes(first: 2) { edges { node { id } } } recipes(first: 2) { edges { node { id } } }
                profile { favoriteFoods { id } } } }
            """, token: user)

        // Notifications: one created as an area creates them, read, marked, switched.
        let recipient = try #require(GlobalID(parsing: userID)).key
        _ = try await Notifications.post(
            NewNotification(kind: .scanReady, userID: recipient, title: "Tour scan", body: "Recognised."), in: database)
        try await run(
            """
            { me { unreadNotificationCount
                notifications(first: 5) { pageInfo { hasNextPage } edges { cursor node { id kind title body subjectId createdAt readAt } } } } }
            """, token: user)
        try await run(
            """
            mutation { a: markNotificationsRead(input: {}) { markedCount unreadNotificationCount userErrors { code } }
              b: setNotificationEnabled(input: {kind: SCAN_READY, enabled: true}) { settings { scanReady } userErrors { code } } }
            """, token: user)

        // Administrators correct and delete data on request; the audit log says so.
        let weighIn = try await run("mutation { logWeight(input: {kilograms: 64}) { entry { id } } }", token: user)
        let doomed = "tour-doomed@example.com"
        let doomedUser = try await run(#"mutation { register(input: {email: "\#(doomed)", password: "Tour-pass1"}) { user { id } } }"#)
        try await run(
            """
            mutation($user: ID!, $weight: ID!, $doomed: ID!) {
              a: correctUserProfile(input: {userId: $user, reason: "Tour request", profile: {heightCm: 171}}) { user { id } userErrors { code } }
              b: deleteUserRecords(input: {userId: $user, reason: "Tour request", recordIds: [$weight]}) { deletedRecordIds userErrors { code } }
              c: deleteUserAccount(input: {userId: $doomed, reason: "Tour request"}) { deleted userErrors { code } }
            }
            """, token: admin,
            ["user": .string(userID), "weight": .string(try string(weighIn, "data.logWeight.entry.id")),
             "doomed": .string(try string(doomedUser, "data.register.user.id"))])
        try await run(
            "{ auditLog(first: 5) { pageInfo { hasNextPage } edges { cursor node { action actor { id } subjectUser { id } reason details createdAt } } } }",
            token: admin)

        // Rivals: friends by username, a group with its scoring, invitations, the leaderboard.
        try await rivalsTour(user: user)

        // Meals: a diet plan followed, advice, a week planned, swapped, locked, checked off, tracked.
        let plans = try await run(
            """
            { dietPlans(goal: HOLD, dietType: ORDINARY) { id name goal dietType description calorieAdjustmentPercent dailyCalorieRule
                macroSplit { proteinPercent fatPercent carbohydratesPercent } mealsPerDay favouredFoods avoidedFoods healthDisclaimer } }
            """)
        let dietPlan = try #require((JSONTree.value(plans, at: "data.dietPlans") as? [[String: Any]])?.first?["id"] as? String)
        try await run(
            """
            mutation($id: ID!) { a: startDietPlan(input: {dietPlanId: $id}) { following { id startedAt stoppedAt healthDisclaimer
                plan { id } targets { energyKcal proteinG fatG carbohydratesG fromProfile } } userErrors { code } } }
            """, token: user, ["id": .string(dietPlan)])
        try await run(
            """
            { me { activeDietPlan { id } dietPlanHistory(first: 2) { pageInfo { hasNextPage } edges { cursor node { id } } }
                mealAdvice(meal: LUNCH) { recipe { id } caloriesKcal score reasonCodes reasons healthDisclaimer }
                mealPlanOptions(meal: DINNER) { id } } }
            """, token: user)
        let generated = try await run(
            """
            mutation { generateMealPlan(input: {}) { userErrors { code } mealPlan { id weekOf weekEnd archived dailyCalorieTarget shortfalls
                generatedAt healthDisclaimer totalCost { amount } budget { amount } overBudgetBy { amount }
                days { date calories cost { amount } meals { id } }
                meals { id date meal portions calories picked locked cost { amount } recipe { id } alternatives { id }
                  ingredients { food product { id } quantity unit pieceName } }
                groceryList { total { amount } budget { amount } overBudgetBy { amount } unpricedItems
                  groups { name category { id } subtotal { amount } items { key } }
                  items { key name product { id } category { id } quantity neededQuantity unit packages packageSize { value unit }
                    unitPrice { amount } cost { amount } priceSource checked inPantry } pantrySubtracted }
                everything: groceryList(subtractPantry: false) { pantrySubtracted items { key inPantry } } } } }
            """, token: user)
        let planID = try string(generated, "data.generateMealPlan.mealPlan.id")
        let mealID = try #require((JSONTree.value(generated, at: "data.generateMealPlan.mealPlan.meals") as? [[String: Any]])?.first?["id"] as? String)
        let alternative = try #require(
            ((JSONTree.value(generated, at: "data.generateMealPlan.mealPlan.meals") as? [[String: Any]])?.first?["alternatives"] as? [[String: Any]])?.first?["id"] as? String)
        let itemKey = try #require((JSONTree.value(generated, at: "data.generateMealPlan.mealPlan.groceryList.items") as? [[String: Any]])?.first?["key"] as? String)
        try await run(
            """
            mutation($meal: ID!, $recipe: ID!, $plan: ID!, $key: String!) {
              a: swapPlannedMeal(input: {plannedMealId: $meal, recipeId: $recipe, dryRun: true}) { applied userErrors { code } mealPlan { id }
                groceryListDiff { added { key } removed { key } changed { item { key } previous { key } } previousTotal { amount }
                  newTotal { amount } budget { amount } overBudgetBy { amount } } }
              b: setPlannedMealLocked(input: {plannedMealId: $meal, locked: true}) { mealPlan { id } userErrors { code } }
              c: setGroceryItemChecked(input: {mealPlanId: $plan, itemKey: $key, checked: true}) { mealPlan { id } userErrors { code } }
              d: stopDietPlan { following { id } userErrors { code } }
              e: orderGroceryList(input: {mealPlanId: $plan}) { order { id } orderedItems { key } skippedItems { key } mealPlan { id }
                userErrors { code } } }
            """, token: user, ["meal": .string(mealID), "recipe": .string(alternative), "plan": .string(planID), "key": .string(itemKey)])
        try await run(
            """
            { me { mealPlan { id } mealPlans(first: 2) { totalCount pageInfo { hasNextPage } edges { cursor node { id } } }
                mealBudgetWeeks(weeks: 2) { weekOf budget { amount } plannedCost { amount } withinBudget plan { id } actualSpend { amount } } } }
            """, token: user)
        // Spending: receipts (three users name the same product for one text: a community mapping),
        // a guess confirmed, a line corrected, objectives, analytics, suggestions, alternatives, review.
        for token in [admin, chain, user] {
            try await run(
                """
                mutation($store: ID!, $product: ID!) { createReceipt(input: {storeId: $store, purchasedAt: "\(RFC3339.format(Date().addingTimeInterval(-3600)))",
                  total: "3.00", lines: [{text: "TOUR ITEM", quantity: 1, unitPrice: "3.00", productId: $product}]}) { receipt { id } userErrors { code } } }
                """, token: token, ["store": .string(storeID), "product": .string(productID)])
        }
        try await run(
            """
            mutation($store: ID!, $product: ID!) { createReceipt(input: {storeId: $store, purchasedAt: "\(RFC3339.format(Date().addingTimeInterval(-7200)))",
              total: "0.50", lines: [{text: "CHEAP MLK", quantity: 1, unitPrice: "0.50", productId: $product}]}) { receipt { id } userErrors { code } } }
            """, token: chain, ["store": .string(storeID), "product": .string(productID)])
        let receipt = try await run(
            """
            mutation($store: ID!) { createReceipt(input: {storeId: $store, purchasedAt: "\(RFC3339.format(Date().addingTimeInterval(-600)))", total: "120.00",
              source: MANUAL, lines: [{text: "HOMO MLK 4L", quantity: 2, unit: PIECE, unitPrice: "60.00", discount: "1.00", lineTotal: "119.00"},
                {text: "TOUR ITEM", quantity: 1, unitPrice: "1.00"}]}) {
              receipt { ...ReceiptFields } userErrors { field message code } } }
            \(Self.receiptFields)
            """, token: user, ["store": .string(storeID)])
        let receiptID = try string(receipt, "data.createReceipt.receipt.id")
        let lineID = try string(receipt, "data.createReceipt.receipt.lines.0.id")
        try await run(
            """
            mutation($line: ID!, $product: ID!) {
              a: confirmReceiptLineMapping(input: {receiptLineId: $line, productId: $product}) { line { id mappingConfirmed } receipt { id } userErrors { code } }
              b: updateReceiptLine(input: {receiptLineId: $line, quantity: 2, unitPrice: "60.00", text: "HOMO MLK 4L"}) { line { lineTotal { amount } } receipt { linesTotal { amount } } userErrors { code } }
              c: setSpendingObjective(input: {period: MONTH, limit: "1.00"}) { objective { ...ObjectiveFields } userErrors { code } }
            }
            \(Self.objectiveFields)
            """, token: user, ["line": .string(lineID), "product": .string(productID)])
        let today = LocalDate(Date(), in: .gmt)
        let spending = try await run(
            """
            { me { receipts(first: 2) { pageInfo { hasNextPage endCursor } edges { cursor node { id } } }
                purchases(first: 2) { pageInfo { hasNextPage } edges { cursor node { id purchasedAt store { id } product { id } unitPrice { amount }
                  quantity unit total { amount } receiptLine { id } } } }
                spendingObjectives { ...ObjectiveFields }
                spendingSuggestions { status objective { id } largestContributors { key } cheaperAlternatives { product { id } } }
                spending(from: "\(today.adding(days: -31))", to: "\(today.adding(days: 1))", groupBy: WEEK) { key label total { amount currency } purchaseCount }
                byStore: spending(from: "\(today.adding(days: -31))", to: "\(today.adding(days: 1))", groupBy: STORE) { key label }
                spendingComparison(from: "\(today.adding(days: -6))", to: "\(today)") { from to previousFrom previousTo current { amount } previous { amount }
                  change { amount } changePercent }
                lastSpendingChange { kind description at } } }
            \(Self.objectiveFields)
            """, token: user)
        let purchaseID = try string(spending, "data.me.purchases.edges.0.node.id")
        let objectiveID = try string(spending, "data.me.spendingObjectives.0.id")
        try await run(
            """
            query($product: ID!, $receipt: ID!, $purchase: ID!, $objective: ID!) {
              product: node(id: $product) { ... on Product { cheaperAlternatives(near: {latitude: 43.25, longitude: -79.87, radiusKm: 50}) {
                product { id } store { id } price { amount } observedAt insteadOf { id } sameProduct savingPerUnit { amount } savingPerMonth { amount } distanceKm } } }
              receipt: node(id: $receipt) { id }
              purchase: node(id: $purchase) { id }
              objective: node(id: $objective) { id }
            }
            """, token: user,
            ["product": .string(productID), "receipt": .string(receiptID), "purchase": .string(purchaseID), "objective": .string(objectiveID)])
        try await run(
            """
            mutation { setSpendingObjective(input: {period: YEAR, limit: "900"}) { objective { id } userErrors { code } } }
            """, token: user)
        try await run("mutation { undoLastSpendingChange { undone { kind description at } userErrors { field message code } } }", token: user)
        let mappings = try await run(
            """
            { productMappings(first: 5, status: ACTIVE) { pageInfo { hasNextPage } edges { cursor node { id } } } }
            """, token: admin)
        try await run(
            """
            mutation($mapping: ID!, $receipt: ID!, $objective: ID!) {
              a: reviewProductMapping(input: {mappingId: $mapping, decision: APPROVE, note: "Checked."}) {
                mapping { id store { id } text product { id } status agreeingUsers createdAt reviewedAt reviewNote } userErrors { code } }
              b: removeSpendingObjective(input: {objectiveId: $objective}) { removedObjectiveId userErrors { code } }
              c: deleteReceipt(input: {receiptId: $receipt}) { deletedReceiptId userErrors { code } }
            }
            """, token: admin,
            ["mapping": .string(try string(mappings, "data.productMappings.edges.0.node.id")), "receipt": .string(receiptID),
             "objective": .string(objectiveID)])
        // Kitchen: the pantry with movements and undo, a cart submitted, worked by an order handler,
        // the recurring order with a run, and the job table.
        let orders = try await signIn("orders")
        let pantry = try await run(
            """
            mutation($product: ID!) {
              a: addPantryItem(input: {productId: $product, quantity: 2, unit: PIECE, location: FRIDGE}) {
                pantryItem { id product { id } food name quantity unit location addedAt expiresOn expiryKind daysUntilExpiry source opened }
                userErrors { code } }
              b: addPantryItem(input: {food: "Leftover soup", quantity: 500, unit: GRAM, location: FREEZER, expiresOn: "2030-01-01"}) {
                pantryItem { id } userErrors { code } }
            }
            """, token: user, ["product": .string(productID)])
        let pantryItem = try string(pantry, "data.a.pantryItem.id")
        let soup = try string(pantry, "data.b.pantryItem.id")
        let consumed = try await run(
            """
            mutation($item: ID!) { consumePantryItem(input: {pantryItemId: $item, quantity: 1}) {
              pantryItem { quantity } movement { id kind pantryItem { id } quantityBefore quantityAfter quantityChange undone createdAt }
              movements { id } userErrors { code } } }
            """, token: user, ["item": .string(pantryItem)])
        try await run(
            """
            mutation($movement: ID!, $item: ID!, $soup: ID!) {
              a: undoPantryMovement(input: {movementId: $movement}) { pantryItem { quantity } movement { id kind } userErrors { code } }
              b: updatePantryItem(input: {pantryItemId: $item, opened: true, location: PANTRY}) { pantryItem { opened } movement { id } userErrors { code } }
              c: removePantryItem(input: {pantryItemId: $soup}) { pantryItem { id } movement { kind } userErrors { code } }
              d: updateKitchenSettings(input: {expiryAlertDays: 5}) { kitchenSettings { expiryAlertDays } userErrors { code } }
            }
            """, token: user, ["movement": .string(try string(consumed, "data.consumePantryItem.movement.id")), "item": .string(pantryItem), "soup": .string(soup)])
        try await run(
            """
            query($product: ID!) { me {
              pantry(first: 5, location: PANTRY, expiringWithinDays: 365) { pageInfo { hasNextPage } edges { cursor node { id } } }
              expiringSoon(days: 365) { id } pantryAmount(productId: $product, unit: PIECE)
              pantryMovements(first: 5) { pageInfo { hasNextPage } edges { cursor node { id } } }
              kitchenSettings { expiryAlertDays } } }
            """, token: user, ["product": .string(productID)])
        // Recipes with the pantry: what is missing (100 servings: surely something), from the pantry, cooked and undone.
        try await run(
            """
            { me { recipes(first: 2) { edges { node { id missingIngredients(servings: 100) { product { id } food quantity unit needed available } } } } }
              recipes(first: 1, filter: {fromPantry: true, maxMissingIngredients: 2, fitsCaloriesLeft: false}) { edges { node { id } } } }
            """, token: user)
        let cooked = try await run(
            """
            mutation($recipe: ID!) { cookRecipe(input: {recipeId: $recipe, servings: 100, logMeal: LUNCH}) {
              recipe { id } servings cookingId movements { id kind } missingIngredients { food quantity } diaryEntry { id }
              userErrors { code } } }
            """, token: user, ["recipe": .string(ownRecipe)])
        let cookingID = try (JSONTree.value(cooked, at: "data.cookRecipe.cookingId") as? String) ?? string(consumed, "data.consumePantryItem.movement.id")
        try await run(
            """
            mutation($cooking: ID!) { undoCooking(input: {cookingId: $cooking}) { movements { id } removedDiaryEntryId userErrors { code } } }
            """, token: user, ["cooking": .string(cookingID)])
        try await run(
            """
            mutation($recipe: ID!) { addMissingIngredientsToDraftOrder(input: {recipeId: $recipe, servings: 100}) {
              order { id } addedIngredients { food } unavailableIngredients { food } userErrors { code } } }
            """, token: user, ["recipe": .string(ownRecipe)])
        try await run(
            """
            mutation($product: ID!) {
              a: addToDraftOrder(input: {productId: $product, quantity: 1}) { order { id } userErrors { code } }
              b: updateDraftOrderItem(input: {productId: $product, quantity: 2}) { order { id } userErrors { code } }
              c: removeFromDraftOrder(input: {productId: $product}) { order { id } userErrors { code } }
              d: addToDraftOrder(input: {productId: $product, quantity: 1}) { order { ...OrderFields } userErrors { code } }
            }
            \(Self.orderFields)
            """, token: user, ["product": .string(productID)])
        let submittedOrder = try await run(
            """
            mutation { submitOrder(input: {confirmed: true, paymentMethod: PAYPAL, paymentReference: "PAYID-TOUR", quickDelivery: true,
                mealDate: "2030-01-02", deliveryInstructions: "Back door", deliveryTime: "\(RFC3339.format(Date().addingTimeInterval(2 * 86_400)))",
                deliveryAddress: {line1: "1 King St W", city: "Hamilton", region: "ON", postalCode: "L8P 1A2", country: "CA"}}) {
              order { ...OrderFields } userErrors { code message } } }
            \(Self.orderFields)
            """, token: user)
        let orderID = try string(submittedOrder, "data.submitOrder.order.id")
        try await run(
            """
            mutation($order: ID!, $product: ID!) { updateOrder(input: {orderId: $order, items: [{productId: $product, quantity: 1}],
              deliveryInstructions: "Front door", mealDate: null}) { order { id } userErrors { code } } }
            """, token: user, ["order": .string(orderID), "product": .string(productID)])
        try await run(
            """
            { orderQueue(first: 5, status: IN_PROCESS) { pageInfo { hasNextPage } edges { cursor node { ...OrderFields } } } }
            \(Self.orderFields)
            """, token: orders)
        try await run(
            """
            mutation($order: ID!) { a: setOrderStatus(input: {orderId: $order, status: ACCEPTED}) { order { status } userErrors { code } }
              b: cancelOrder(input: {orderId: $order}) { order { status } userErrors { code } } }
            """, token: orders, ["order": .string(orderID)])
        try await run(
            """
            mutation($product: ID!) {
              a: setRecurringOrderItem(input: {productId: $product, parQuantity: 3, unit: PIECE}) { recurringOrder { enabled } userErrors { code } }
              b: setRecurringOrdersEnabled(input: {enabled: true, frequency: EVERY_N_DAYS, everyDays: 3, paymentMethod: CASH}) {
                recurringOrder { enabled } userErrors { code } }
            }
            """, token: user, ["product": .string(productID)])
        try await database.withTransaction { transaction in
            _ = try await RecurringOrders.run(for: recipient, on: LocalDate(daysSinceEpoch: 20_000), in: transaction)
        }
        try await run(
            """
            { me { draftOrder { id } orders(first: 3, status: CANCELLED) { pageInfo { hasNextPage } edges { cursor node { id } } }
              recurringOrder { enabled frequency everyDays nextRunOn noticeDays paymentMethod
                items { product { id } parQuantity unit inPantry missing } runs { runOn outcome order { id } message createdAt } } } }
            """, token: user)
        try await run(
            "mutation($product: ID!) { removeRecurringOrderItem(input: {productId: $product}) { recurringOrder { enabled } userErrors { code } } }",
            token: user, ["product": .string(productID)])
        try await application.jobRunner().register()
        try await run(
            """
            { jobs(first: 3, status: QUEUED) { pageInfo { hasNextPage } edges { cursor node { id kind key status periodicSeconds runAt attempts
                maxAttempts lastError lockedBy lockedUntil lastStartedAt lastFinishedAt createdAt } } } }
            """, token: admin)
        // Scans: a barcode of the catalog, a receipt, a food photo confirmed to the diary, a chunked
        // upload, the recent list, a deletion.
        let scanCode = try #require(
            try await database.query(
                "SELECT barcode FROM products WHERE status = 'active' AND barcode ~ '^[1-9][0-9]{12}$' ORDER BY id LIMIT 1", []
            ).first?.decode(String.self, at: 0))
        let scanPhoto = Base64.encode(try ScanCorpus.photo(code: scanCode, width: 1200, height: 900))
        let scanFields = """
            id kind status createdAt expiresAt recognisedAt barcode barcodeFormat product { id } productMissing recogniser confirmedAt failureReason
            parsedReceipt { storeName date total linesTotal text lines { text quantity price } } receipt { id }
            candidates { label confidence portionGrams source product { id } }
            """
        let barcodeScan = try await run(
            "mutation($i: Base64) { scanBarcode(input: {image: $i}) { scan { \(scanFields) } userErrors { code } } }", token: user,
            ["i": .string(scanPhoto)])
        #expect(JSONTree.value(barcodeScan, at: "data.scanBarcode.scan.status") as? String == "RECOGNISED")
        let receiptDirectory = ScanCorpus.directory()
        defer { try? FileManager.default.removeItem(at: receiptDirectory) }
        try ScanCorpus.make(["receipts", receiptDirectory.path, "1", "3"])
        let receiptImage = Base64.encode([UInt8](try Data(contentsOf: receiptDirectory.appendingPathComponent("receipt-000-clean.png"))))
        try await run(
            "mutation($i: Base64) { scanReceipt(input: {image: $i}) { scan { id } userErrors { code } } }", token: user, ["i": .string(receiptImage)])
        let foodScan = try await run(
            "mutation($i: Base64) { scanFood(input: {image: $i}) { scan { id } userErrors { code } } }", token: user, ["i": .string(scanPhoto)])
        let foodScanID = try #require(JSONTree.value(foodScan, at: "data.scanFood.scan.id") as? String)
        try await ScanRecognition.runPending(in: database, recogniser: OfflineFoodRecogniser())
        try await run("{ me { recentScans(first: 5) { pageInfo { hasNextPage } edges { cursor node { \(scanFields) } } } } }", token: user)
        try await run(
            """
            mutation($s: ID!) { confirmFoodScan(input: {scanId: $s, meal: LUNCH, items: [{candidateIndex: 0}]}) {
              scan { id } entries { id } userErrors { code } } }
            """, token: user, ["s": .string(foodScanID)])
        let upload = try await run(
            "mutation { startUpload(input: {totalBytes: 3}) { upload { id totalBytes receivedBytes complete expiresAt } userErrors { code } } }",
            token: user)
        let uploadID = try #require(JSONTree.value(upload, at: "data.startUpload.upload.id") as? String)
        try await run(
            #"mutation($u: ID!) { uploadChunk(input: {uploadId: $u, offset: 0, chunk: "AQID"}) { upload { receivedBytes } userErrors { code } } }"#,
            token: user, ["u": .string(uploadID)])
        try await run(
            "mutation($s: ID!) { deleteScan(input: {scanId: $s}) { deletedScanId userErrors { code } } }", token: user, ["s": .string(foodScanID)])

        // Sign-in with a provider: the tour's server has none configured (ProviderSignInTests has a
        // provider); an identity linked in SQL stands for one linked with a token.
        try await run("mutation { providerSignInNonce { nonce expiresAt } }")
        try await run(
            #"mutation { signInWithProvider(input: {provider: FACEBOOK, idToken: "x.y.z", nonce: "0123456789abcdef"}) { token userErrors { code } } }"#)
        try await run(
            #"mutation { linkProvider(input: {provider: GOOGLE, idToken: "x.y.z", nonce: "0123456789abcdef"}) { user { id } userErrors { code } } }"#,
            token: user)
        _ = try await database.query(
            "INSERT INTO user_identities (user_id, provider, subject, email) SELECT id, 'google', 'tour-subject', email FROM users WHERE email = $1",
            [email])
        try await run("{ me { linkedProviders { provider email linkedAt } } }", token: user)
        try await run("mutation { unlinkProvider(input: {provider: GOOGLE}) { user { id } userErrors { code } } }", token: user)
        // Support: an issue with a screenshot, the queue, take, answer, resolve, reopen; feedback.
        let supportStaff = try await signIn("support")
        let supportIssue = try await run(
            """
            mutation($shot: Base64) { submitSupportIssue(input: {subject: "Tour issue", description: "Tour", category: BUG, severity: CRITICAL,
              screenshot: $shot}) { issue { id } allowedAgainAt userErrors { code } } }
            """, token: user, ["shot": .string(Self.avatar)])
        let supportIssueID = try string(supportIssue, "data.submitSupportIssue.issue.id")
        let supportIssueFields = """
            id number subject description category severity status screenshot { contentType width height data }
            requester { displayName email } assignee { id name } suggestedAssignee { id name }
            comments { id body fromStaff author { id name } createdAt } createdAt takenAt resolvedAt updatedAt
            """
        try await run(
            "{ supportQueue(status: OPEN, severity: CRITICAL, category: BUG, first: 5) { pageInfo { hasNextPage } edges { cursor node { \(supportIssueFields) } } } }",
            token: supportStaff)
        try await run(
            "mutation($i: ID!) { takeSupportIssue(input: {issueId: $i}) { issue { id } userErrors { code } } }", token: supportStaff,
            ["i": .string(supportIssueID)])
        try await run(
            "mutation($i: ID!) { commentOnSupportIssue(input: {issueId: $i, body: \"On it\"}) { issue { id } comment { id } userErrors { code } } }",
            token: supportStaff, ["i": .string(supportIssueID)])
        try await run(
            "mutation($i: ID!) { resolveSupportIssue(input: {issueId: $i}) { issue { id } userErrors { code } } }", token: user,
            ["i": .string(supportIssueID)])
        try await run(
            "mutation($i: ID!) { reopenSupportIssue(input: {issueId: $i}) { issue { id } userErrors { code } } }", token: user,
            ["i": .string(supportIssueID)])
        try await run("{ me { supportIssues(status: OPEN, first: 5) { edges { node { \(supportIssueFields) } } } } }", token: user)
        try await run(
            #"mutation { submitFeedback(input: {rating: 4, text: "Tour"}) { feedback { rating text createdAt } userErrors { code } } }"#, token: user)
        try await run("{ feedbackSummary { from to count averageRating ratings { rating count } } }", token: admin)

        // Passwords and sessions, then the account's end.
        let reset = "tour-reset@example.com"
        try await run(#"mutation { register(input: {email: "\#(reset)", password: "Tour-pass1"}) { user { id } } }"#)
        try await run(#"mutation { requestPasswordReset(input: {email: "\#(reset)"}) { accepted } }"#)
        let resetCode = try await emailedCode(to: reset, subject: "Reset")
        try await run(#"mutation { resetPassword(input: {token: "\#(resetCode)", newPassword: "Tour-pass2"}) { success userErrors { code } } }"#)
        try await run(
            """
            mutation { a: changePassword(input: {currentPassword: "Tour-pass1", newPassword: "Tour-pass3"}) { success userErrors { code } }
              b: revokeSessions(input: {allOthers: true}) { revokedCount userErrors { code } } }
            """, token: user)
        try await run(
            "mutation($user: ID!) { setAccountDisabled(input: {userId: $user, disabled: false}) { user { disabled } userErrors { code } } }",
            token: admin, ["user": .string(userID)])
        try await run("mutation { logout { success } }", token: user)
    }

    static let orderFields = """
        fragment OrderFields on Order { id number status isDraft chain { id } quickDelivery deliveryAddress { line1 } deliveryInstructions
          items { product { id } quantity unitPrice { amount currency } lineTotal { amount } inStock }
          subtotal { amount } deliveryFee { amount } total { amount } deliveryTime mealDate paymentMethod paymentReference
          payments { kind method reference amount { amount } createdAt } statusHistory { status previousStatus changedBy changedAt }
          recurring createdAt submittedAt }
        """

    static let avatar: String = {
        let pixels = [UInt8](repeating: 0xC0, count: 200 * 200 * 4)
        return Data(ImageCodec.encode(ImageCodec.Decoded(format: .png, width: 200, height: 200, rgba: pixels))!).base64EncodedString()
    }()

    /// A real 200×200 PNG (stored deflate blocks), for product images.
    static let productImage = TestPNG.base64(width: 200, height: 200)
    static let receiptFields = """
        fragment ReceiptFields on Receipt { id store { id } purchasedAt total { amount currency } linesTotal { amount } totalsMatch difference { amount }
          source createdAt lines { id text quantity unit unitPrice { amount } discount { amount } lineTotal { amount } product { id }
            mappingConfidence mappingConfirmed mappingSource candidates { id } } }
        """
    static let objectiveFields = """
        fragment ObjectiveFields on SpendingObjective { id period limit { amount } category { id } product { id } spent { amount }
          remaining { amount } progress exceeded status periodStart periodEnd history(periods: 2) { start end spent { amount } met exceeded } }
        """

    static let recipeFields = """
        fragment RecipeFields on Recipe { id title description steps servings prepMinutes cookMinutes totalMinutes dishType categories
          appliances mealTimes ingredients { product { id } food quantity quantityMax unit pieceName note grams matchConfidence }
          nutritionPerServing { energyKcal } costPerServing { amount currency }
          completeness { nutritionComplete costComplete missingNutrition missingPrice } vitaminMineralScore macroProfiles allergens
          dietLabels dietTypes imageUrl authorName isOwn visibility moderationStatus moderationNote isFavorite healthDisclaimer
          createdAt updatedAt }
        """

    static let nutritionFields = """
        fragment NutritionFields on Nutrition { basis energyKcal energyKj fatG saturatedFatG transFatG cholesterolMg carbohydratesG
          fibreG sugarsG sodiumMg proteinG vitaminAUg vitaminCMg calciumMg ironMg micronutrients { name amount unit }
          dailyValues { nutrient amount unit dailyValue percent } fda: dailyValues(standard: FDA) { percent } }
        """

    static let productFields = """
        fragment ProductFields on Product { id name brand category { id slug } barcode packageSize { value unit } servingSize { value unit }
          servingDescription nutritionPer100 { ...NutritionFields } nutritionPerServing { energyKcal } allergens dietLabels
          shelfLifeDays storage imageUrl catalogPrice { amount currency } salePrice { amount } onSale stock inStock status
          offers { chain { id } price { amount } salePrice { amount } onSale pricePaid { amount } stock inStock updatedAt }
          chain { id } revisionOf { id }
          latestPrices(first: 3, near: {latitude: 43.25, longitude: -79.87, radiusKm: 50}) {
            pageInfo { hasNextPage } edges { cursor distanceKm node { id price { amount } } } }
          priceStatistics(days: 365) { days observations minimum { amount } median { amount } maximum { amount } } }
        \(nutritionFields)
        """

    static let entryFields = """
        fragment EntryFields on DiaryEntry { id date meal product { id } foodName quantity unit grams source
          nutrition { ...NutritionFields } overriddenNutrients createdAt }
        """

    static let dayFields = """
        fragment DayFields on DiaryDay { date isToday meals { meal entries { ...EntryFields } totals { energyKcal } }
          totals { energyKcal } targets { energyKcal } remaining { energyKcal proteinG fatG carbohydratesG }
          macroSplit { proteinPercent fatPercent carbohydratesPercent } }
        """

    static let userFields = """
        fragment UserFields on User { id email emailConfirmed roles representedChain { id } disabled createdAt }
        """
}
