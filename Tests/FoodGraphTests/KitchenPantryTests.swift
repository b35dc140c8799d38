import Foundation
import GraphQLEngine
import Logging
import Postgres
import TestSupport
import Testing

@testable import FoodGraph

/// Kitchen Keeper §3.2 and §3.6, §3.5 and the job runner: the pantry with undoable movements,
/// expiry estimates per location, recurring orders run once however many servers run.
struct KitchenPantryTests {
    /// Must show: expiry estimates per location (pure rule).
    @Test func expiryIsEstimatedFromShelfLifeAndLocation() {
        let day = LocalDate(year: 2026, month: 3, day: 1)!
        // At its own storage place: the shelf life.
        #expect(ShelfLife.days(shelfLifeDays: 10, storage: .fridge, category: "dairy", at: .fridge) == 10)
        // Milk in the pantry: a tenth; in the freezer: 9 times, never less than the shelf life.
        #expect(ShelfLife.days(shelfLifeDays: 10, storage: .fridge, category: "dairy", at: .pantry) == 1)
        #expect(ShelfLife.days(shelfLifeDays: 10, storage: .fridge, category: "dairy", at: .freezer) == 90)
        // Bread: 4 days in the pantry, 7 in the fridge, 90 in the freezer.
        #expect(ShelfLife.days(shelfLifeDays: 4, storage: .pantry, category: "bakery", at: .fridge) == 7)
        #expect(ShelfLife.days(shelfLifeDays: 4, storage: .pantry, category: "bakery", at: .freezer) == 90)
        // Dry goods last as long anywhere; frozen food never lasts less in the freezer.
        #expect(ShelfLife.days(shelfLifeDays: 730, storage: .pantry, category: "pantry", at: .freezer) == 730)
        // No shelf life: the category's typical days; free text: the `other` row.
        #expect(ShelfLife.days(shelfLifeDays: nil, storage: nil, category: "meat-seafood", at: .fridge) == 3)
        #expect(ShelfLife.days(shelfLifeDays: nil, storage: nil, category: nil, at: .freezer) == 180)
        #expect(ShelfLife.estimate(addedOn: day, shelfLifeDays: nil, storage: nil, category: nil, at: .fridge) == day.adding(days: 7))
        #expect(ShelfLife.topLevel(ofPath: "dairy/milk-cream") == "dairy")
    }

    /// Story 3.2/3.6: a user adds food (estimated or exact expiry), sees it by place and expiry,
    /// consumes part and undoes it exactly; amounts in several units add up.
    @Test func aUserKeepsTheirFoodAtHomeAndUndoesAConsumptionExactly() async throws {
        let fixture = try await KitchenFixture.make()
        let api = fixture.api
        defer { Task { await api.close() } }
        let token = try await fixture.customers(1)[0].token
        func add(_ fields: String) async throws -> [String: Any] {
            let response = try await api.run(
                "mutation($p: ID!) { addPantryItem(input: {\(fields)}) { pantryItem { id quantity unit location expiresOn expiryKind daysUntilExpiry source name } userErrors { field code } } }",
                token: token, variables: GraphQLObject([("p", .string(fixture.product))]))
            return try #require(response["data.addPantryItem.pantryItem"] as? [String: Any], "\(response.json)")
        }
        let fridge = try await add("productId: $p, quantity: 2, unit: PIECE, location: FRIDGE")
        let freezer = try await add("productId: $p, quantity: 3, unit: PIECE, location: FREEZER")
        let exact = try await add(#"productId: $p, quantity: 1, unit: PIECE, location: PANTRY, expiresOn: "2030-05-01""#)
        #expect(fridge["expiryKind"] as? String == "ESTIMATED")
        #expect(exact["expiryKind"] as? String == "EXACT")
        #expect(exact["expiresOn"] as? String == "2030-05-01")
        #expect((freezer["daysUntilExpiry"] as? Int ?? 0) >= (fridge["daysUntilExpiry"] as? Int ?? 0))
        // A product or a food, one of them; bounds.
        let both = try await api.run(
            #"mutation($p: ID!) { addPantryItem(input: {productId: $p, food: "x", quantity: 1, unit: PIECE, location: FRIDGE}) { userErrors { code } } }"#,
            token: token, variables: GraphQLObject([("p", .string(fixture.product))]))
        #expect((both["data.addPantryItem.userErrors"] as? [[String: Any]])?.first?["code"] as? String == "REQUIRED")
        let zero = try await api.run(
            #"mutation { addPantryItem(input: {food: "x", quantity: 0, unit: PIECE, location: FRIDGE}) { userErrors { field code } } }"#, token: token)
        #expect((zero["data.addPantryItem.userErrors"] as? [[String: Any]])?.first?["field"] as? [String] == ["quantity"])

        // By location; everything added up.
        let fridgeOnly = try await api.run("{ me { pantry(location: FRIDGE) { edges { node { id } } } } }", token: token)
        #expect((fridgeOnly["data.me.pantry.edges"] as? [Any])?.count == 1)
        let amount = try await api.run(
            "query($p: ID!) { me { pantryAmount(productId: $p, unit: PIECE) } }", token: token, variables: GraphQLObject([("p", .string(fixture.product))]))
        #expect(amount["data.me.pantryAmount"] as? Double == 6)

        // Consume 4 starting with the fridge lot: 2 from it, then 2 from the oldest-expiring other lot.
        let fridgeID = try #require(fridge["id"] as? String)
        let consumed = try await api.run(
            "mutation($i: ID!) { consumePantryItem(input: {pantryItemId: $i, quantity: 4}) { pantryItem { quantity } movement { id kind quantityChange } movements { pantryItem { id } quantityBefore quantityAfter } userErrors { code } } }",
            token: token, variables: GraphQLObject([("i", .string(fridgeID))]))
        #expect(consumed["data.consumePantryItem.pantryItem.quantity"] as? Double == 0)
        #expect(consumed["data.consumePantryItem.movement.quantityChange"] as? Double == -2)
        #expect((consumed["data.consumePantryItem.movements"] as? [Any])?.count == 2)
        let afterConsume = try await api.run(
            "query($p: ID!) { me { pantryAmount(productId: $p, unit: PIECE) } }", token: token, variables: GraphQLObject([("p", .string(fixture.product))]))
        #expect(afterConsume["data.me.pantryAmount"] as? Double == 2)
        // More than there is: refused, nothing changes.
        let tooMuch = try await api.run(
            "mutation($i: ID!) { consumePantryItem(input: {pantryItemId: $i, quantity: 40}) { userErrors { field code } } }", token: token,
            variables: GraphQLObject([("i", .string(try #require(freezer["id"] as? String)))]))
        #expect((tooMuch["data.consumePantryItem.userErrors"] as? [[String: Any]])?.first?["code"] as? String == "OUT_OF_RANGE")

        // Undo: every lot of the consumption gets its quantity back exactly; once only.
        let movement = try #require(consumed["data.consumePantryItem.movement.id"] as? String)
        let undone = try await api.run(
            "mutation($m: ID!) { undoPantryMovement(input: {movementId: $m}) { pantryItem { quantity } movement { kind } userErrors { code } } }",
            token: token, variables: GraphQLObject([("m", .string(movement))]))
        #expect(undone["data.undoPantryMovement.pantryItem.quantity"] as? Double == 2)
        #expect(undone["data.undoPantryMovement.movement.kind"] as? String == "UNDO")
        let restored = try await api.run(
            "query($p: ID!) { me { pantryAmount(productId: $p, unit: PIECE) pantry { edges { node { quantity location } } } } }", token: token,
            variables: GraphQLObject([("p", .string(fixture.product))]))
        #expect(restored["data.me.pantryAmount"] as? Double == 6)
        let again = try await api.run(
            "mutation($m: ID!) { undoPantryMovement(input: {movementId: $m}) { userErrors { code } } }", token: token,
            variables: GraphQLObject([("m", .string(movement))]))
        #expect((again["data.undoPantryMovement.userErrors"] as? [[String: Any]])?.first?["code"] as? String == "INVALID_STATE")

        // Remove and undo; edit and undo.
        let removed = try await api.run(
            "mutation($i: ID!) { removePantryItem(input: {pantryItemId: $i}) { movement { id } userErrors { code } } }", token: token,
            variables: GraphQLObject([("i", .string(fridgeID))]))
        let removal = try #require(removed["data.removePantryItem.movement.id"] as? String)
        #expect((try await api.run("{ me { pantry(location: FRIDGE) { edges { node { id } } } } }", token: token)["data.me.pantry.edges"] as? [Any])?.isEmpty == true)
        _ = try await api.run(
            "mutation($m: ID!) { undoPantryMovement(input: {movementId: $m}) { userErrors { code } } }", token: token,
            variables: GraphQLObject([("m", .string(removal))]))
        #expect((try await api.run("{ me { pantry(location: FRIDGE) { edges { node { quantity } } } } }", token: token)["data.me.pantry.edges.0.node.quantity"]) as? Double == 2)
        let edited = try await api.run(
            #"mutation($i: ID!) { updatePantryItem(input: {pantryItemId: $i, quantity: 0.5, location: FREEZER, opened: true}) { pantryItem { quantity location expiryKind } movement { id } userErrors { code } } }"#,
            token: token, variables: GraphQLObject([("i", .string(fridgeID))]))
        #expect(edited["data.updatePantryItem.pantryItem.location"] as? String == "FREEZER")
        _ = try await api.run(
            "mutation($m: ID!) { undoPantryMovement(input: {movementId: $m}) { userErrors { code } } }", token: token,
            variables: GraphQLObject([("m", .string(try #require(edited["data.updatePantryItem.movement.id"] as? String)))]))
        let reverted = try await api.run(
            "query($i: ID!) { node(id: $i) { ... on PantryItem { quantity location opened } } }", token: token, variables: GraphQLObject([("i", .string(fridgeID))]))
        #expect(reverted["data.node.quantity"] as? Double == 2)
        #expect(reverted["data.node.location"] as? String == "FRIDGE")
        #expect(reverted["data.node.opened"] as? Bool == false)

        // Another user sees none of it, by node(id:) either, and cannot change it.
        let other = try await fixture.customers(1)[0].token
        let foreign = try await api.run("query($i: ID!) { node(id: $i) { id } }", token: other, variables: GraphQLObject([("i", .string(fridgeID))]))
        #expect(foreign["data.node"] is NSNull)
        let foreignConsume = try await api.run(
            "mutation($i: ID!) { consumePantryItem(input: {pantryItemId: $i, quantity: 1}) { userErrors { code } } }", token: other,
            variables: GraphQLObject([("i", .string(fridgeID))]))
        #expect((foreignConsume["data.consumePantryItem.userErrors"] as? [[String: Any]])?.first?["code"] as? String == "NOT_FOUND")
    }

    /// Story 3.6: expiring food is listed and announced a configurable number of days ahead, once.
    @Test func aUserIsWarnedWhenFoodIsCloseToExpiring() async throws {
        let fixture = try await KitchenFixture.make()
        let api = fixture.api
        defer { Task { await api.close() } }
        let customer = try await fixture.customers(1)[0]
        let soon = LocalDate(Date(), in: TimeZone(identifier: "UTC")!).adding(days: 2).description
        let later = LocalDate(Date(), in: TimeZone(identifier: "UTC")!).adding(days: 20).description
        _ = try await api.run(
            """
            mutation { a: addPantryItem(input: {food: "Yogurt", quantity: 1, unit: PIECE, location: FRIDGE, expiresOn: "\(soon)"}) { userErrors { code } }
              b: addPantryItem(input: {food: "Rice", quantity: 1, unit: PIECE, location: PANTRY, expiresOn: "\(later)"}) { userErrors { code } } }
            """, token: customer.token)
        let expiring = try await api.run("{ me { expiringSoon { name daysUntilExpiry } pantry(expiringWithinDays: 3) { edges { node { name } } } } }", token: customer.token)
        #expect((expiring["data.me.expiringSoon"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Yogurt"])
        #expect((expiring["data.me.pantry.edges"] as? [Any])?.count == 1)
        // The job announces it once, however often it runs.
        let logger = Logger(label: "test")
        try await KitchenArea.expiryAlerts.runOnce(in: api.database.database, logger: logger)
        try await KitchenArea.expiryAlerts.runOnce(in: api.database.database, logger: logger)
        let notes = try await api.run("{ me { notifications(first: 5) { edges { node { kind title } } } } }", token: customer.token)
        #expect((notes["data.me.notifications.edges"] as? [[String: Any]])?.count == 1)
        #expect(notes["data.me.notifications.edges.0.node.kind"] as? String == "EXPIRING_FOOD")
        // A wider horizon includes the rice next time.
        _ = try await api.run("mutation { updateKitchenSettings(input: {expiryAlertDays: 30}) { userErrors { code } } }", token: customer.token)
        let refused = try await api.run("mutation { updateKitchenSettings(input: {expiryAlertDays: 31}) { userErrors { field code } } }", token: customer.token)
        #expect((refused["data.updateKitchenSettings.userErrors"] as? [[String: Any]])?.first?["code"] as? String == "OUT_OF_RANGE")
        try await KitchenArea.expiryAlerts.runOnce(in: api.database.database, logger: logger)
        let more = try await api.run("{ me { notifications(first: 5) { edges { node { kind } } } } }", token: customer.token)
        #expect((more["data.me.notifications.edges"] as? [Any])?.count == 2)
    }

    /// Story 3.5 and Must show: two servers on one database run each due recurring order exactly
    /// once; the order is for the difference between the par levels and the pantry.
    @Test func twoServersRunEachDueRecurringOrderExactlyOnce() async throws {
        let fixture = try await KitchenFixture.make(stock: 500)
        let api = fixture.api
        defer { Task { await api.close() } }
        let customers = try await fixture.customers(20)
        for (index, customer) in customers.enumerated() {
            let set = try await api.run(
                """
                mutation($p: ID!) { a: setRecurringOrderItem(input: {productId: $p, parQuantity: 4, unit: PIECE}) { userErrors { code } }
                  b: setRecurringOrdersEnabled(input: {enabled: true, frequency: WEEKLY, paymentMethod: DEBIT_CARD, paymentReference: "card 0001"}) {
                    recurringOrder { enabled nextRunOn } userErrors { code } } }
                """, token: customer.token, variables: GraphQLObject([("p", .string(fixture.product))]))
            #expect(set["data.b.recurringOrder.enabled"] as? Bool == true, "\(set.json)")
            // The first customer already has 1 at home: 3 are ordered. The second has all 4: nothing.
            if index < 2 {
                _ = try await api.run(
                    "mutation($p: ID!, $q: Float!) { addPantryItem(input: {productId: $p, quantity: $q, unit: PIECE, location: PANTRY}) { userErrors { code } } }",
                    token: customer.token, variables: GraphQLObject([("p", .string(fixture.product)), ("q", .float(index == 0 ? 1 : 4))]))
            }
        }
        // Their runs are due today.
        let database = api.database.database
        _ = try await database.query("UPDATE kitchen_settings SET recurring_next_run_on = current_date")
        // Two servers, each with its own pool and runner, working at the same time, twice over.
        let pools = (0..<2).map { _ in PostgresPool(configuration: .init(conninfo: api.database.url, size: 4, acquireTimeout: .seconds(60))) }
        let runners = try pools.enumerated().map { index, pool in try FoodGraphApplication(pool: pool).jobRunner(worker: "server-\(index)") }
        let logger = Logger(label: "test")
        for _ in 0..<2 {
            try await withThrowingTaskGroup(of: Int.self) { group in
                for runner in runners {
                    group.addTask {
                        try await runner.register()
                        return try await runner.runDue(logger: logger)
                    }
                }
                for try await _ in group {}
            }
        }
        for pool in pools { await pool.close() }
        let runs = try await database.query("SELECT user_id, count(*)::int8, min(outcome) FROM recurring_order_runs GROUP BY user_id")
        #expect(runs.count == 20)
        #expect(try runs.allSatisfy { try $0.decode(Int.self, at: 1) == 1 })
        let orders = try await database.query("SELECT user_id, count(*)::int8 FROM orders WHERE recurring AND status = 'in_process' GROUP BY user_id")
        #expect(orders.count == 19)
        #expect(try orders.allSatisfy { try $0.decode(Int.self, at: 1) == 1 })
        // Each job ran once and is recorded as such; the next run moved on a week.
        let jobs = try await database.query(
            "SELECT count(*)::int8, count(*) FILTER (WHERE status = 'succeeded' AND attempts = 1)::int8 FROM jobs WHERE kind = 'kitchen.recurringOrder'")[0]
        #expect(try jobs.decode(Int.self, at: 0) == 20)
        #expect(try jobs.decode(Int.self, at: 1) == 20)
        let first = try await api.run(
            "{ me { recurringOrder { nextRunOn runs { outcome order { items { quantity } paymentMethod recurring } } } } }", token: customers[0].token)
        #expect(first["data.me.recurringOrder.runs.0.outcome"] as? String == "ORDERED")
        #expect(first["data.me.recurringOrder.runs.0.order.items.0.quantity"] as? Int == 3)
        #expect(first["data.me.recurringOrder.runs.0.order.paymentMethod"] as? String == "DEBIT_CARD")
        #expect(first["data.me.recurringOrder.nextRunOn"] as? String == LocalDate(Date(), in: TimeZone(identifier: "UTC")!).adding(days: 7).description)
        let second = try await api.run("{ me { recurringOrder { runs { outcome order { id } } } } }", token: customers[1].token)
        #expect(second["data.me.recurringOrder.runs.0.outcome"] as? String == "NOTHING_MISSING")
        #expect(try await fixture.stock() == 500 - 19 * 4 + 1)
        // Administrators see the jobs; others do not.
        let listed = try await api.run("{ jobs(first: 50, status: SUCCEEDED) { edges { node { kind attempts lockedBy } } } }", token: fixture.admin)
        #expect((listed["data.jobs.edges"] as? [Any])?.count == 20)
        let refused = try await api.run("{ jobs { edges { node { id } } } }", token: fixture.handler, expecting: ["FORBIDDEN"])
        #expect(refused.errorCodes == ["FORBIDDEN"])
    }

    /// Servers that start together register the same periodic jobs at once, each from its own
    /// dictionary, in its own order: the upserts must not deadlock.
    @Test func serversStartingTogetherRegisterTheirPeriodicJobsWithoutDeadlock() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let jobs = (0..<300).map { (name: "test.periodic.\($0)", seconds: 60) }
        try await JobQueue.register(periodic: jobs, in: api.database.database)
        let pools = (0..<2).map { _ in PostgresPool(configuration: .init(conninfo: api.database.url, size: 2)) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, pool) in pools.enumerated() {
                let order = index == 0 ? jobs : jobs.reversed()
                for _ in 0..<2 {
                    group.addTask {
                        for _ in 0..<40 { try await JobQueue.register(periodic: order, in: PostgresDatabase(pool: pool)) }
                    }
                }
            }
            try await group.waitForAll()
        }
        for pool in pools { await pool.close() }
        let count = try await api.database.database.query("SELECT count(*)::int8 FROM jobs WHERE kind LIKE 'test.periodic.%'")[0]
        #expect(try count.decode(Int.self, at: 0) == 300)
    }

    /// The runner retries a failing job with back-off and gives up after its last attempt.
    @Test func aFailingJobIsRetriedWithBackOffThenKeptAsFailed() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let database = api.database.database
        // A recurring run for a user that does not exist fails (foreign key) every time.
        try await JobQueue.enqueue(kind: "kitchen.recurringOrder", key: "999999:2026-01-01", maxAttempts: 2, in: database)
        var runner = api.application.jobRunner()
        runner.backoffBaseSeconds = 60
        let logger = Logger(label: "test")
        #expect(try await runner.runDue(logger: logger) == 1)
        let afterFirst = try await database.query("SELECT status, attempts, run_at > now(), last_error FROM jobs WHERE kind = 'kitchen.recurringOrder'")[0]
        let firstState = try afterFirst.decode(String.self, at: 0)
        let firstError = try afterFirst.decode(String?.self, at: 3)
        #expect(firstError?.isEmpty == false, "\(firstState) \(firstError ?? "")")
        #expect(try afterFirst.decode(String.self, at: 0) == "queued")
        #expect(try afterFirst.decode(Int.self, at: 1) == 1)
        #expect(try afterFirst.decode(Bool.self, at: 2))
        // Its back-off over:
        _ = try await database.query("UPDATE jobs SET run_at = now() WHERE kind = 'kitchen.recurringOrder'")
        #expect(try await runner.runDue(logger: logger) == 1)
        let afterLast = try await database.query("SELECT status, attempts, last_error FROM jobs WHERE kind = 'kitchen.recurringOrder'")[0]
        #expect(try afterLast.decode(String.self, at: 0) == "failed")
        #expect(try afterLast.decode(Int.self, at: 1) == 2)
        #expect(try afterLast.decode(String?.self, at: 2) != nil)
    }
}
