import Foundation
import GraphQLEngine
import Testing

@testable import FoodGraph

/// The Grocery Spending Tracker's stories (seed 000: PUC3, PUC6–PUC12, the mapping-feedback BUC,
/// CUR2), each through real queries against PostgreSQL.
@Suite struct SpendingTests {
    // MARK: PUC6, PUC8, PUC9 — enter a receipt; its lines are mapped to products

    @Test func aUserEntersAReceiptAndItsLinesAreMappedToProducts() async throws {
        let world = try await SpendingWorld.make()
        defer { Task { await world.api.close() } }
        let user = try await world.shopper("receipt")
        // "GV WHL MLK 2L": abbreviations expanded, the Great Value whole milk found; the total does not add up.
        let entered = try await world.receipt(
            user, store: world.near, at: "2026-03-02T10:00:00-05:00", total: "10.00",
            [.init(text: "GV WHL MLK 2L", unitPrice: "4.99"), .init(text: "BAN", quantity: 1.2, unitPrice: "0.79", unit: "KILOGRAM")])
        #expect((entered["data.createReceipt.userErrors"] as? [Any])?.isEmpty == true, "\(entered.json)")
        #expect(entered["data.createReceipt.receipt.linesTotal.amount"] as? String == "5.94")
        #expect(entered["data.createReceipt.receipt.totalsMatch"] as? Bool == false)
        #expect(entered["data.createReceipt.receipt.difference.amount"] as? String == "4.06")
        #expect(entered["data.createReceipt.receipt.lines.0.product.id"] as? String == world.milk)
        #expect(entered["data.createReceipt.receipt.lines.0.mappingSource"] as? String == "SEARCH")
        #expect(entered["data.createReceipt.receipt.lines.0.mappingConfirmed"] as? Bool == false)
        #expect((entered["data.createReceipt.receipt.lines.0.mappingConfidence"] as? Double ?? 0) >= 0.5)
        let candidates = (entered["data.createReceipt.receipt.lines.0.candidates"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(candidates.contains(world.milk))
        // A guess is no purchase until confirmed.
        var purchases = try await world.api.run("{ me { purchases { edges { node { id } } } } }", token: user)
        #expect((purchases["data.me.purchases.edges"] as? [Any])?.count == 0)
        let line = try #require(entered["data.createReceipt.receipt.lines.0.id"] as? String)
        try await world.confirm(user, line: line, product: world.milk)
        purchases = try await world.api.run(
            "{ me { purchases { edges { node { product { id } unitPrice { amount } quantity unit total { amount } receiptLine { id } } } } } }",
            token: user)
        #expect(purchases["data.me.purchases.edges.0.node.product.id"] as? String == world.milk)
        #expect(purchases["data.me.purchases.edges.0.node.total.amount"] as? String == "4.99")
        #expect(purchases["data.me.purchases.edges.0.node.receiptLine.id"] as? String == line)
        // The purchase is a receipt price for the catalog.
        let prices = try await world.api.run(
            #"{ node(id: "\#(world.milk)") { ... on Product { latestPrices(first: 10) { edges { node { price { amount } source store { id } } } } } } }"#)
        let observed = (prices["data.node.latestPrices.edges"] as? [[String: Any]] ?? []).compactMap { $0["node"] as? [String: Any] }
        #expect(observed.contains { $0["source"] as? String == "RECEIPT" && ($0["store"] as? [String: Any])?["id"] as? String == world.near })
        // The user's next receipt at the store maps the text by their answer, confirmed.
        let again = try await world.receipt(user, store: world.near, at: "2026-03-09T10:00:00-05:00", [.init(text: "gv whl mlk 2l", unitPrice: "4.79")])
        #expect(again["data.createReceipt.receipt.lines.0.product.id"] as? String == world.milk)
        #expect(again["data.createReceipt.receipt.lines.0.mappingSource"] as? String == "PERSONAL")
        #expect(again["data.createReceipt.receipt.lines.0.mappingConfirmed"] as? Bool == true)
    }

    // MARK: PUC9, CUR2 — a line that matches nothing becomes a (moderated) new product

    @Test func anUncommonItemThatMatchesNothingIsSubmittedAndTracked() async throws {
        let world = try await SpendingWorld.make()
        defer { Task { await world.api.close() } }
        let user = try await world.shopper("uncommon")
        let entered = try await world.receipt(user, store: world.near, at: SpendingWorld.daysAgo(1), [.init(text: "QXZ WQPLV", unitPrice: "7.25")])
        #expect(entered["data.createReceipt.receipt.lines.0.product"] is NSNull)
        let line = try #require(entered["data.createReceipt.receipt.lines.0.id"] as? String)
        let submitted = try await world.api.run(
            """
            mutation { submitProduct(input: {name: "Dragonfruit Jam", category: "pantry", nutrition: {energyKcal: 250, fatG: 0, carbohydratesG: 60, proteinG: 1}}) {
              product { id status } userErrors { code } } }
            """, token: user)
        #expect(submitted["data.submitProduct.product.status"] as? String == "PENDING")
        let product = try #require(submitted["data.submitProduct.product.id"] as? String)
        let confirmed = try await world.confirm(user, line: line, product: product)
        #expect(confirmed["data.confirmReceiptLineMapping.line.product.id"] as? String == product)
        let purchases = try await world.api.run("{ me { purchases { edges { node { product { id name } total { amount } } } } } }", token: user)
        #expect(purchases["data.me.purchases.edges.0.node.product.name"] as? String == "Dragonfruit Jam")
        // Another user's pending product cannot be named.
        let other = try await world.shopper("other")
        let theirs = try await world.receipt(other, store: world.near, at: SpendingWorld.daysAgo(1), [.init(text: "JAM", unitPrice: "3.00")])
        let theirLine = try #require(theirs["data.createReceipt.receipt.lines.0.id"] as? String)
        let refused = try await world.api.run(
            #"mutation { confirmReceiptLineMapping(input: {receiptLineId: "\#(theirLine)", productId: "\#(product)"}) { userErrors { field code } } }"#,
            token: other)
        #expect(refused["data.confirmReceiptLineMapping.userErrors.0.code"] as? String == "NOT_FOUND")
    }

    // MARK: The mapping-feedback BUC — screening

    @Test func aSingleUsersCorrectionNeverChangesAnotherUsersMapping() async throws {
        let world = try await SpendingWorld.make()
        defer { Task { await world.api.close() } }
        let first = try await world.shopper("first")
        let entered = try await world.receipt(first, store: world.near, at: SpendingWorld.daysAgo(2), [.init(text: "ZZQ SPCL 900G", unitPrice: "9.99")])
        try await world.confirm(first, line: try #require(entered["data.createReceipt.receipt.lines.0.id"] as? String), product: world.coffee)
        let second = try await world.shopper("second")
        let theirs = try await world.receipt(second, store: world.near, at: SpendingWorld.daysAgo(1), [.init(text: "ZZQ SPCL 900G", unitPrice: "9.99")])
        #expect(theirs["data.createReceipt.receipt.lines.0.product"] is NSNull, "\(theirs.json)")
        #expect(theirs["data.createReceipt.receipt.lines.0.mappingConfirmed"] as? Bool == false)
        let mappings = try await world.api.run("{ productMappings(first: 10) { edges { node { id } } } }", token: world.admin)
        #expect((mappings["data.productMappings.edges"] as? [Any])?.isEmpty == true)
    }

    @Test func threeIndependentAgreeingUsersMakeACommunityMappingThatAnAdministratorCanRevoke() async throws {
        let world = try await SpendingWorld.make()
        defer { Task { await world.api.close() } }
        for name in ["one", "two", "three"] {
            let user = try await world.shopper(name)
            let entered = try await world.receipt(user, store: world.near, at: SpendingWorld.daysAgo(3), [.init(text: "ZZQ SPCL 900G", unitPrice: "9.99")])
            try await world.confirm(user, line: try #require(entered["data.createReceipt.receipt.lines.0.id"] as? String), product: world.coffee)
        }
        let fourth = try await world.shopper("fourth")
        let mapped = try await world.receipt(fourth, store: world.near, at: SpendingWorld.daysAgo(1), [.init(text: "ZZQ  SPCL 900G", unitPrice: "9.49")])
        #expect(mapped["data.createReceipt.receipt.lines.0.product.id"] as? String == world.coffee)
        #expect(mapped["data.createReceipt.receipt.lines.0.mappingSource"] as? String == "COMMUNITY")
        #expect(mapped["data.createReceipt.receipt.lines.0.mappingConfirmed"] as? Bool == true)
        // Another store's same text is not mapped.
        let elsewhere = try await world.receipt(fourth, store: world.far, at: SpendingWorld.daysAgo(1), [.init(text: "ZZQ SPCL 900G", unitPrice: "9.49")])
        #expect(elsewhere["data.createReceipt.receipt.lines.0.product"] is NSNull)

        let listed = try await world.api.run(
            "{ productMappings(first: 5, status: ACTIVE) { edges { node { id text status agreeingUsers product { id } store { id } createdAt reviewedAt reviewNote } } } }",
            token: world.admin)
        #expect(listed["data.productMappings.edges.0.node.text"] as? String == "ZZQ SPCL 900G")
        #expect(listed["data.productMappings.edges.0.node.agreeingUsers"] as? Int == 3)
        let mapping = try #require(listed["data.productMappings.edges.0.node.id"] as? String)
        // Only administrators review.
        let refused = try await world.api.run(
            #"mutation { reviewProductMapping(input: {mappingId: "\#(mapping)", decision: REVOKE}) { userErrors { code } } }"#, token: fourth,
            expecting: ["FORBIDDEN"])
        #expect(refused.errorCodes == ["FORBIDDEN"])
        let revoked = try await world.api.run(
            #"mutation { reviewProductMapping(input: {mappingId: "\#(mapping)", decision: REVOKE, note: "Wrong size."}) { mapping { status reviewNote } userErrors { code } } }"#,
            token: world.admin)
        #expect(revoked["data.reviewProductMapping.mapping.status"] as? String == "REVOKED")
        // Revoked: it stops applying at once, and a fourth agreeing answer does not bring it back.
        let fifth = try await world.shopper("fifth")
        let after = try await world.receipt(fifth, store: world.near, at: SpendingWorld.daysAgo(1), [.init(text: "ZZQ SPCL 900G", unitPrice: "9.49")])
        #expect(after["data.createReceipt.receipt.lines.0.product"] is NSNull)
        try await world.confirm(fifth, line: try #require(after["data.createReceipt.receipt.lines.0.id"] as? String), product: world.coffee)
        let sixth = try await world.shopper("sixth")
        let still = try await world.receipt(sixth, store: world.near, at: SpendingWorld.daysAgo(1), [.init(text: "ZZQ SPCL 900G", unitPrice: "9.49")])
        #expect(still["data.createReceipt.receipt.lines.0.product"] is NSNull)
    }

    @Test func aDisabledAccountsCorrectionsCountForNothing() async throws {
        let world = try await SpendingWorld.make()
        defer { Task { await world.api.close() } }
        var users: [String] = []
        for name in ["alpha", "beta", "gamma"] {
            let user = try await world.shopper(name)
            users.append(user)
            let entered = try await world.receipt(user, store: world.near, at: SpendingWorld.daysAgo(3), [.init(text: "ZZQ SPCL 900G", unitPrice: "9.99")])
            try await world.confirm(user, line: try #require(entered["data.createReceipt.receipt.lines.0.id"] as? String), product: world.coffee)
        }
        let disabled = try await world.api.run(
            #"mutation { setAccountDisabled(input: {userId: "\#(try await world.userID(users[0]))", disabled: true}) { userErrors { code } } }"#,
            token: world.admin)
        #expect((disabled["data.setAccountDisabled.userErrors"] as? [Any])?.isEmpty == true)
        // Two enabled accounts agree: not enough, at once.
        let next = try await world.shopper("delta")
        let mapped = try await world.receipt(next, store: world.near, at: SpendingWorld.daysAgo(1), [.init(text: "ZZQ SPCL 900G", unitPrice: "9.49")])
        #expect(mapped["data.createReceipt.receipt.lines.0.product"] is NSNull, "\(mapped.json)")
        // A third enabled account makes it.
        try await world.confirm(next, line: try #require(mapped["data.createReceipt.receipt.lines.0.id"] as? String), product: world.coffee)
        let last = try await world.shopper("epsilon")
        let now = try await world.receipt(last, store: world.near, at: SpendingWorld.daysAgo(1), [.init(text: "ZZQ SPCL 900G", unitPrice: "9.49")])
        #expect(now["data.createReceipt.receipt.lines.0.mappingSource"] as? String == "COMMUNITY")
    }

    // MARK: PUC3 — enter spending goals; PUC11 — budgeting suggestions

    @Test func aUserSetsSpendingGoalsAndSeesProgressAndPastPeriods() async throws {
        let world = try await SpendingWorld.make()
        defer { Task { await world.api.close() } }
        let user = try await world.shopper("goals", timeZone: "UTC")
        let set = try await world.api.run(
            #"""
            mutation { a: setSpendingObjective(input: {period: MONTH, limit: "20.00"}) { objective { id period limit { amount } spent { amount } exceeded } userErrors { code } }
              b: setSpendingObjective(input: {period: WEEK, limit: "100", productId: "\#(world.coffee)"}) { objective { product { id } category { id } } userErrors { code } }
              c: setSpendingObjective(input: {period: YEAR, limit: "0"}) { objective { id } userErrors { field code } }
              d: setSpendingObjective(input: {period: DAY, limit: "5", productId: "\#(world.coffee)", categoryId: "Q2F0ZWdvcnk6MQ"}) { objective { id } userErrors { field code } } }
            """#, token: user)
        #expect(set["data.a.objective.spent.amount"] as? String == "0.00")
        #expect(set["data.b.objective.product.id"] as? String == world.coffee)
        #expect(set["data.c.userErrors.0.code"] as? String == "OUT_OF_RANGE")
        #expect(set["data.c.userErrors.0.field"] as? [String] == ["limit"])
        #expect(set["data.d.userErrors.0.code"] as? String == "INVALID_FORMAT")
        // Setting the same period and scope again changes the limit.
        let again = try await world.api.run(#"mutation { setSpendingObjective(input: {period: MONTH, limit: "15"}) { objective { id limit { amount } } } }"#, token: user)
        #expect(again["data.setSpendingObjective.objective.id"] as? String == set["data.a.objective.id"] as? String)
        try await world.receipt(user, store: world.near, at: SpendingWorld.daysAgo(0.01), [.init(text: "COFFEE", unitPrice: "12.00", productID: world.coffee)])
        let progress = try await world.api.run(
            "{ me { spendingObjectives { period limit { amount } spent { amount } remaining { amount } progress exceeded status periodStart periodEnd history(periods: 2) { start end spent { amount } met exceeded } } } }",
            token: user)
        let objectives = progress["data.me.spendingObjectives"] as? [[String: Any]] ?? []
        let monthly = try #require(objectives.first { $0["period"] as? String == "MONTH" })
        #expect((monthly["spent"] as? [String: Any])?["amount"] as? String == "12.00")
        #expect((monthly["remaining"] as? [String: Any])?["amount"] as? String == "3.00")
        #expect(monthly["status"] as? String == "NEAR")
        #expect((monthly["history"] as? [Any])?.count == 2)
        // Over the limit: exceeded, and the suggestion names what cost the most.
        try await world.receipt(user, store: world.near, at: SpendingWorld.daysAgo(0.01), [.init(text: "MILK", unitPrice: "4.00", productID: world.milk)])
        let suggestions = try await world.api.run(
            "{ me { spendingSuggestions { status objective { period exceeded } largestContributors { key label total { amount } purchaseCount } cheaperAlternatives { product { id } } } } }",
            token: user)
        let monthlySuggestion = try #require((suggestions["data.me.spendingSuggestions"] as? [[String: Any]])?.first {
            ($0["objective"] as? [String: Any])?["period"] as? String == "MONTH"
        })
        #expect(monthlySuggestion["status"] as? String == "EXCEEDED")
        let contributors = monthlySuggestion["largestContributors"] as? [[String: Any]] ?? []
        #expect(contributors.first?["key"] as? String == world.coffee)
        #expect(contributors.first?["label"] as? String == "Morning Roast Coffee")
        #expect(contributors.map { ($0["total"] as? [String: Any])?["amount"] as? String } == ["12.00", "4.00"])
        // A "budget exceeded" notification, once per objective and period however often it is checked.
        try await world.receipt(user, store: world.near, at: SpendingWorld.daysAgo(0.01), [.init(text: "MILK", unitPrice: "1.00", productID: world.milk)])
        let notified = try await world.api.run("{ me { notifications(first: 10) { edges { node { kind title body subjectId } } } } }", token: user)
        let kinds = (notified["data.me.notifications.edges"] as? [[String: Any]] ?? []).compactMap { ($0["node"] as? [String: Any])?["kind"] as? String }
        #expect(kinds.filter { $0 == "BUDGET_EXCEEDED" }.count == 1, "\(notified.json)")
        let removed = try await world.api.run(
            #"mutation { removeSpendingObjective(input: {objectiveId: "\#(try #require(set["data.a.objective.id"] as? String))"}) { removedObjectiveId userErrors { code } } }"#,
            token: user)
        #expect(removed["data.removeSpendingObjective.removedObjectiveId"] as? String == set["data.a.objective.id"] as? String)
    }

    @Test func theSpendingDashboardReadsTheProfileOnce() async throws {
        let world = try await SpendingWorld.make()
        defer { Task { await world.api.close() } }
        let user = try await world.shopper("dashboard", timeZone: "UTC")
        _ = try await world.api.run(#"mutation { setSpendingObjective(input: {period: MONTH, limit: "5"}) { userErrors { code } } }"#, token: user)
        _ = try await world.api.run(#"mutation { setSpendingObjective(input: {period: WEEK, limit: "50"}) { userErrors { code } } }"#, token: user)
        try await world.receipt(user, store: world.near, at: SpendingWorld.daysAgo(0.01), [.init(text: "COFFEE", unitPrice: "12.00", productID: world.coffee)])
        let year = Calendar(identifier: .gregorian).component(.year, from: Date())
        let (from, to) = ("\(year - 1)-01-01", "\(year + 1)-12-31")
        let dashboard = try await world.api.run(
            #"""
            { me { profile { currency } spending(from: "\#(from)", to: "\#(to)", groupBy: YEAR) { total { amount } }
              spendingComparison(from: "\#(from)", to: "\#(to)") { current { amount } }
              spendingObjectives { period history(periods: 2) { spent { amount } } }
              spendingSuggestions { status largestContributors { label } }
              purchases(first: 5) { edges { node { id } } } } }
            """#, token: user)
        #expect(dashboard["data.me.spendingComparison.current.amount"] as? String == "12.00")
        #expect((dashboard["data.me.spendingObjectives"] as? [Any])?.count == 2)
        #expect((dashboard["data.me.spendingSuggestions"] as? [[String: Any]])?.first?["status"] as? String == "EXCEEDED")
        // Six fields and two objectives' histories need the user's time zone or currency: one read.
        #expect(dashboard.sql.filter { $0.contains("FROM profiles WHERE user_id") }.count == 1, "\(dashboard.sql)")
    }

    // MARK: PUC12 — cheaper alternatives within the radius, outside ignored stores

    @Test func cheaperAlternativesRespectTheRadiusAndIgnoredStores() async throws {
        let world = try await SpendingWorld.make()
        defer { Task { await world.api.close() } }
        let others = try await world.shopper("others")
        // Other users paid: 3.00 near (≈1 km), 2.50 at the ignored store (≈2 km), 2.00 far (≈60 km), and
        // 3.50 for the equivalent milk near.
        try await world.receipt(others, store: world.near, at: SpendingWorld.daysAgo(5), [.init(text: "MILK", unitPrice: "3.00", productID: world.milk)])
        try await world.receipt(others, store: world.ignored, at: SpendingWorld.daysAgo(5), [.init(text: "MILK", unitPrice: "2.50", productID: world.milk)])
        try await world.receipt(others, store: world.far, at: SpendingWorld.daysAgo(5), [.init(text: "MILK", unitPrice: "2.00", productID: world.milk)])
        try await world.receipt(others, store: world.near, at: SpendingWorld.daysAgo(5), [.init(text: "PS MILK", unitPrice: "3.50", productID: world.otherMilk)])
        // Older than 30 days: not recent.
        try await world.receipt(others, store: world.near, at: SpendingWorld.daysAgo(40), [.init(text: "MILK", unitPrice: "1.00", productID: world.milk)])
        let viewer = try await world.shopper("viewer", radiusKm: 10)
        let marked = try await world.api.run(
            #"mutation { setStorePreference(input: {storeId: "\#(world.ignored)", preference: IGNORED}) { userErrors { code } } }"#, token: viewer)
        #expect((marked["data.setStorePreference.userErrors"] as? [Any])?.isEmpty == true)
        // The viewer paid 4.50, twice in the last 90 days.
        try await world.receipt(viewer, store: world.near, at: SpendingWorld.daysAgo(10), [.init(text: "MILK", quantity: 2, unitPrice: "4.50", productID: world.milk)])
        let query = #"""
            query($near: GeoRadiusInput) { node(id: "\#(world.milk)") { ... on Product {
              cheaperAlternatives(near: $near) { product { id } store { id } price { amount } observedAt insteadOf { id } sameProduct
                savingPerUnit { amount } savingPerMonth { amount } distanceKm } } } }
            """#
        let found = try await world.api.run(query, token: viewer)
        let alternatives = found["data.node.cheaperAlternatives"] as? [[String: Any]] ?? []
        func pairs(_ list: [[String: Any]]) -> [String] {
            list.map { "\((($0["store"] as? [String: Any])?["id"] as? String) == world.near ? "near" : (($0["store"] as? [String: Any])?["id"] as? String) == world.far ? "far" : "ignored") \(($0["price"] as? [String: Any])?["amount"] as? String ?? "")" }
        }
        #expect(pairs(alternatives) == ["near 3.00", "near 3.50"], "\(found.json)")
        #expect((alternatives.first?["savingPerUnit"] as? [String: Any])?["amount"] as? String == "1.50")
        // 2 bought in 90 days: 1.50 × 2 × 30 / 90 = 1.00 a month.
        #expect((alternatives.first?["savingPerMonth"] as? [String: Any])?["amount"] as? String == "1.00")
        #expect(alternatives.first?["sameProduct"] as? Bool == true)
        #expect(alternatives.last?["sameProduct"] as? Bool == false)
        // A wider radius reaches Toronto; the ignored store stays out.
        let wide = try await world.api.run(
            query, token: viewer,
            variables: GraphQLObject([("near", .object(GraphQLObject([("latitude", .float(SpendingWorld.home.latitude)), ("longitude", .float(SpendingWorld.home.longitude)), ("radiusKm", .float(100))])))]))
        #expect(pairs(wide["data.node.cheaperAlternatives"] as? [[String: Any]] ?? []) == ["far 2.00", "near 3.00", "near 3.50"], "\(wide.json)")
        // The periodic check notifies the best alternative once per product and week.
        let viewerKey = try #require(GlobalID(parsing: try await world.userID(viewer))).key
        let database = world.api.database.database
        #expect(try await database.withTransaction { try await SpendingAlerts.cheaperAlternativeCheck(of: viewerKey, in: $0) } == 1)
        #expect(try await database.withTransaction { try await SpendingAlerts.cheaperAlternativeCheck(of: viewerKey, in: $0) } == 0)
        let notified = try await world.api.run("{ me { notifications(first: 5) { edges { node { kind title body } } } } }", token: viewer)
        #expect(notified["data.me.notifications.edges.0.node.kind"] as? String == "CHEAPER_ALTERNATIVE", "\(notified.json)")
        // Without a location or `near`, none.
        let nowhere = try await world.api.signUp("nowhere-\(UUID().uuidString.prefix(6))@example.com")
        let none = try await world.api.run(query, token: nowhere)
        #expect((none["data.node.cheaperAlternatives"] as? [Any])?.isEmpty == true)
        // A radius out of bounds is refused.
        let bad = try await world.api.run(
            #"{ node(id: "\#(world.milk)") { ... on Product { cheaperAlternatives(near: {latitude: 43, longitude: -79, radiusKm: 900}) { price { amount } } } } }"#,
            token: viewer, expecting: ["BAD_USER_INPUT"])
        #expect(bad.errorCodes == ["BAD_USER_INPUT"])
    }

    // MARK: BUC "retrieve purchase history"

    @Test func aUserReadsTheirPurchaseHistoryOfOneProduct() async throws {
        let world = try await SpendingWorld.make()
        defer { Task { await world.api.close() } }
        let user = try await world.shopper("history", timeZone: "UTC")
        try await world.receipt(
            user, store: world.near, at: "2026-05-01T12:00:00Z",
            [.init(text: "MILK", unitPrice: "4.00", productID: world.milk), .init(text: "COFFEE", unitPrice: "11.00", productID: world.coffee)])
        try await world.receipt(user, store: world.near, at: "2026-05-08T12:00:00Z", [.init(text: "MILK", unitPrice: "4.20", productID: world.milk)])
        let history = try await world.api.run(
            #"{ me { purchases(productId: "\#(world.milk)", from: "2026-05-01", to: "2026-05-31", first: 1) { pageInfo { hasNextPage endCursor } edges { node { purchasedAt unitPrice { amount } store { id } } } } } }"#,
            token: user)
        #expect(history["data.me.purchases.edges.0.node.unitPrice.amount"] as? String == "4.20")
        #expect(history["data.me.purchases.pageInfo.hasNextPage"] as? Bool == true)
        let cursor = try #require(history["data.me.purchases.pageInfo.endCursor"] as? String)
        let next = try await world.api.run(
            #"{ me { purchases(productId: "\#(world.milk)", first: 5, after: "\#(cursor)") { edges { node { unitPrice { amount } } } } } }"#, token: user)
        #expect((next["data.me.purchases.edges"] as? [[String: Any]])?.count == 1)
        #expect(next["data.me.purchases.edges.0.node.unitPrice.amount"] as? String == "4.00")
    }

    // MARK: Who sees what; bad input leaves nothing behind

    @Test func anotherUserSeesNothingOfYourReceiptsAndBadInputWritesNothing() async throws {
        let world = try await SpendingWorld.make()
        defer { Task { await world.api.close() } }
        let owner = try await world.shopper("owner")
        let entered = try await world.receipt(owner, store: world.near, at: SpendingWorld.daysAgo(1), [.init(text: "MILK", unitPrice: "4.00", productID: world.milk)])
        let receipt = try #require(entered["data.createReceipt.receipt.id"] as? String)
        let line = try #require(entered["data.createReceipt.receipt.lines.0.id"] as? String)
        let purchase = try #require(
            try await world.api.run("{ me { purchases { edges { node { id } } } } }", token: owner)["data.me.purchases.edges.0.node.id"] as? String)
        let stranger = try await world.shopper("stranger")
        for id in [receipt, line, purchase] {
            let seen = try await world.api.run(#"{ node(id: "\#(id)") { id } }"#, token: stranger)
            #expect(seen["data.node"] is NSNull, "\(id)")
            let anonymous = try await world.api.run(#"{ node(id: "\#(id)") { id } }"#)
            #expect(anonymous["data.node"] is NSNull)
            let admin = try await world.api.run(#"{ node(id: "\#(id)") { id } }"#, token: world.admin)
            #expect(admin["data.node.id"] as? String == id)
        }
        let changed = try await world.api.run(
            #"""
            mutation { a: confirmReceiptLineMapping(input: {receiptLineId: "\#(line)", productId: "\#(world.coffee)"}) { userErrors { field code } }
              b: deleteReceipt(input: {receiptId: "\#(receipt)"}) { deletedReceiptId userErrors { field code } } }
            """#, token: stranger)
        #expect(changed["data.a.userErrors.0.code"] as? String == "NOT_FOUND")
        #expect(changed["data.b.userErrors.0.code"] as? String == "NOT_FOUND")
        // Bad input: a user error naming the field, and nothing written.
        let bad = try await world.receipt(
            stranger, store: world.near, at: SpendingWorld.daysAgo(1), [.init(text: "MILK", quantity: 0, unitPrice: "4.00")])
        #expect(bad["data.createReceipt.userErrors.0.field"] as? [String] == ["lines", "0", "quantity"])
        #expect(bad["data.createReceipt.userErrors.0.code"] as? String == "OUT_OF_RANGE")
        let future = try await world.receipt(stranger, store: world.near, at: "2099-01-01T00:00:00Z", [.init(text: "MILK", unitPrice: "4.00")])
        #expect(future["data.createReceipt.userErrors.0.field"] as? [String] == ["purchasedAt"])
        let none = try await world.receipt(stranger, store: world.near, at: SpendingWorld.daysAgo(1), [])
        #expect(none["data.createReceipt.userErrors.0.field"] as? [String] == ["lines"])
        let receipts = try await world.api.run("{ me { receipts { edges { node { id } } } } }", token: stranger)
        #expect((receipts["data.me.receipts.edges"] as? [Any])?.isEmpty == true)
        let others = try await world.api.run(#"{ node(id: "\#(try await world.userID(owner))") { ... on User { receipts { edges { node { id } } } } } }"#, token: stranger)
        #expect(others["data.node"] is NSNull)
        // The owner deletes the receipt: its purchase goes.
        let deleted = try await world.api.run(#"mutation { deleteReceipt(input: {receiptId: "\#(receipt)"}) { deletedReceiptId } }"#, token: owner)
        #expect(deleted["data.deleteReceipt.deletedReceiptId"] as? String == receipt)
        let after = try await world.api.run("{ me { purchases { edges { node { id } } } } }", token: owner)
        #expect((after["data.me.purchases.edges"] as? [Any])?.isEmpty == true)
    }
}
