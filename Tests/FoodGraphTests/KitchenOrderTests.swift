import Foundation
import GraphQLEngine
import Logging
import Postgres
import TestSupport
import Testing

@testable import FoodGraph

/// Kitchen Keeper §3.3–3.4 and the issue's "Must show" items for orders: stock that never
/// oversells, the status machine per transition and role, and what order handlers may see.
struct KitchenOrderTests {
    /// Must show: 500 concurrent submissions for 100 units → exactly 100 sold, stock 0, every other
    /// submission a clear `userError`, no partial order.
    @Test func fiveHundredConcurrentSubmissionsSellExactlyTheHundredUnitsInStock() async throws {
        let fixture = try await KitchenFixture.make(stock: 100)
        let api = fixture.api
        defer { Task { await api.close() } }
        let customers = try await fixture.customers(500)
        // Every cart holds one unit (while the stock is there to add it).
        for customer in customers { try await fixture.fillCart(customer.token) }
        // A second application on the same database with a pool of its own, as a server has.
        let pool = PostgresPool(configuration: .init(conninfo: api.database.url, size: 24, acquireTimeout: .seconds(120)))
        let server = try FoodGraphApplication(pool: pool)
        let serverAPI = TestAPI(database: api.database, application: server)
        struct Outcome: Sendable {
            var sold: Bool
            var codes: [String]
            var fields: [[String]]
            var messages: [String]
        }
        let outcomes = try await withThrowingTaskGroup(of: Outcome.self) { group in
            for customer in customers {
                group.addTask {
                    let response = try await serverAPI.run(KitchenFixture.submit, token: customer.token)
                    let errors = response["data.submitOrder.userErrors"] as? [[String: Any]] ?? []
                    return Outcome(
                        sold: response["data.submitOrder.order.id"] is String, codes: errors.compactMap { $0["code"] as? String },
                        fields: errors.compactMap { $0["field"] as? [String] }, messages: errors.compactMap { $0["message"] as? String })
                }
            }
            var outcomes: [Outcome] = []
            for try await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
        await pool.close()
        #expect(outcomes.filter(\.sold).count == 100)
        let refused = outcomes.filter { !$0.sold }
        #expect(refused.count == 400)
        #expect(refused.allSatisfy { $0.codes == ["OUT_OF_STOCK"] })
        #expect(refused.allSatisfy { $0.fields == [["items", fixture.product]] })
        #expect(refused.allSatisfy { $0.messages.first?.contains("short of stock") == true })
        #expect(try await fixture.stock() == 0)
        let database = api.database.database
        let submitted = try await database.query(
            "SELECT count(*)::int8, coalesce(sum(i.quantity), 0)::int8 FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.status <> 'draft'")[0]
        #expect(try submitted.decode(Int.self, at: 0) == 100)
        #expect(try submitted.decode(Int.self, at: 1) == 100)
        // Nothing of a refused order: its cart is still a cart, with no payment, number or history.
        #expect(try await database.query("SELECT count(*)::int8 FROM orders WHERE status = 'draft'")[0].decode(Int.self, at: 0) == 400)
        #expect(try await database.query("SELECT count(*)::int8 FROM order_payments")[0].decode(Int.self, at: 0) == 100)
        #expect(try await database.query("SELECT count(*)::int8 FROM order_status_changes")[0].decode(Int.self, at: 0) == 100)
        #expect(try await database.query("SELECT count(*)::int8 FROM orders WHERE status = 'draft' AND number IS NOT NULL")[0].decode(Int.self, at: 0) == 0)
    }

    /// Story 3.3/3.4: a user fills the cart with in-stock items, submits it with confirmation,
    /// address and payment; prices are fixed, stock reserved, a number given.
    @Test func aUserOrdersFoodForDeliveryWithConfirmationAddressAndPayment() async throws {
        let fixture = try await KitchenFixture.make(stock: 5)
        let api = fixture.api
        defer { Task { await api.close() } }
        let customer = try await fixture.customers(1)[0]
        // More than the chain has: refused when added.
        let tooMany = try await api.run(
            "mutation($p: ID!) { addToDraftOrder(input: {productId: $p, quantity: 6}) { order { id } userErrors { field code } } }",
            token: customer.token, variables: GraphQLObject([("p", .string(fixture.product))]))
        #expect((tooMany["data.addToDraftOrder.userErrors"] as? [[String: Any]])?.first?["code"] as? String == "OUT_OF_STOCK")
        try await fixture.fillCart(customer.token, quantity: 2)
        let cart = try await api.run(
            "{ me { draftOrder { isDraft status number items { quantity inStock unitPrice { amount } lineTotal { amount } } subtotal { amount } } } }",
            token: customer.token)
        #expect(cart["data.me.draftOrder.isDraft"] as? Bool == true)
        #expect(cart["data.me.draftOrder.items.0.quantity"] as? Int == 2)
        #expect(cart["data.me.draftOrder.items.0.inStock"] as? Bool == true)
        // Without confirmation nothing is sent.
        let unconfirmed = try await api.run(
            "mutation { submitOrder(input: {confirmed: false, paymentMethod: CASH}) { order { id } userErrors { field code } } }", token: customer.token)
        #expect((unconfirmed["data.submitOrder.userErrors"] as? [[String: Any]])?.first?["field"] as? [String] == ["confirmed"])
        // A card number is never taken as a payment reference.
        let card = try await api.run(
            #"mutation { submitOrder(input: {confirmed: true, paymentMethod: CREDIT_CARD, paymentReference: "4111 1111 1111 1111"}) { order { id } userErrors { field code } } }"#,
            token: customer.token)
        #expect((card["data.submitOrder.userErrors"] as? [[String: Any]])?.first?["field"] as? [String] == ["paymentReference"])
        #expect(try await fixture.stock() == 5)
        let submitted = try await api.run(
            #"""
            mutation { submitOrder(input: {confirmed: true, paymentMethod: CREDIT_CARD, paymentReference: "Visa ending 4242", quickDelivery: true}) {
              order { number status isDraft quickDelivery deliveryFee { amount } subtotal { amount } total { amount } deliveryAddress { line1 phone }
                paymentMethod paymentReference payments { kind method reference } statusHistory { status changedBy }
                items { quantity unitPrice { amount } } } userErrors { code } } }
            """#, token: customer.token)
        let order = try #require(submitted["data.submitOrder.order"] as? [String: Any], "\(submitted.json)")
        #expect((order["number"] as? String)?.hasPrefix("KK-") == true)
        #expect(order["status"] as? String == "IN_PROCESS")
        #expect(JSONTree.value(order, at: "deliveryFee.amount") as? String == "9.99")
        #expect(JSONTree.value(order, at: "deliveryAddress.line1") as? String == "1 King St W")
        #expect(order["paymentReference"] as? String == "Visa ending 4242")
        #expect(JSONTree.value(order, at: "statusHistory.0.changedBy") as? String == "CUSTOMER")
        let unit = try #require(Decimal(string: JSONTree.value(order, at: "items.0.unitPrice.amount") as? String ?? ""))
        let subtotal = try #require(Decimal(string: JSONTree.value(order, at: "subtotal.amount") as? String ?? ""))
        #expect(subtotal == unit * 2)
        #expect(Decimal(string: JSONTree.value(order, at: "total.amount") as? String ?? "") == subtotal + Decimal(string: "9.99")!)
        #expect(try await fixture.stock() == 3)
        // The cart is empty again; the order is listed.
        let listed = try await api.run("{ me { draftOrder { id } orders(first: 5) { edges { node { number } } } } }", token: customer.token)
        #expect(listed["data.me.draftOrder"] is NSNull)
        #expect(listed["data.me.orders.edges.0.node.number"] as? String == order["number"] as? String)
    }

    /// Must show: the status machine per transition and per role.
    @Test func theStatusMachineAllowsOnlyItsTransitionsAndOnlyToStaff() async throws {
        // Every pair, as the pure rule.
        let all: [OrderStatus] = [.inProcess, .accepted, .pendingDelivery, .delivered, .cancelled]
        let allowed: Set<String> = [
            "IN_PROCESS>ACCEPTED", "ACCEPTED>PENDING_DELIVERY", "PENDING_DELIVERY>DELIVERED", "IN_PROCESS>CANCELLED", "ACCEPTED>CANCELLED",
            "PENDING_DELIVERY>CANCELLED",
        ]
        for from in all {
            for to in all { #expect(OrderStatusMachine.allows(from, to) == allowed.contains("\(from.rawValue)>\(to.rawValue)"), "\(from)→\(to)") }
        }
        let fixture = try await KitchenFixture.make(stock: 50)
        let api = fixture.api
        defer { Task { await api.close() } }
        let people = try await fixture.customers(2)
        let customer = people[0].token
        let stranger = people[1].token
        let order = try await fixture.submitted(customer, quantity: 2)
        #expect(try await fixture.stock() == 48)

        // Customers, other users and anonymous callers cannot move it.
        #expect(try await fixture.setStatus(order, "ACCEPTED", token: customer, expecting: ["FORBIDDEN"]).errorCodes == ["FORBIDDEN"])
        #expect(try await fixture.setStatus(order, "ACCEPTED", token: stranger, expecting: ["FORBIDDEN"]).errorCodes == ["FORBIDDEN"])
        #expect(try await fixture.setStatus(order, "ACCEPTED", token: nil, expecting: ["UNAUTHENTICATED"]).errorCodes == ["UNAUTHENTICATED"])
        // Illegal from IN_PROCESS: skipping ahead, staying.
        for illegal in ["PENDING_DELIVERY", "DELIVERED", "IN_PROCESS"] {
            let response = try await fixture.setStatus(order, illegal, token: fixture.handler)
            #expect((response["data.setOrderStatus.userErrors"] as? [[String: Any]])?.first?["code"] as? String == "INVALID_STATE", "\(illegal)")
        }
        // The path, by an order handler and an administrator.
        #expect(try await fixture.setStatus(order, "ACCEPTED", token: fixture.handler)["data.setOrderStatus.order.status"] as? String == "ACCEPTED")
        // Accepted: the customer can no longer change or cancel it.
        let late = try await api.run(
            "mutation($o: ID!) { cancelOrder(input: {orderId: $o}) { order { status } userErrors { code } } }", token: customer,
            variables: GraphQLObject([("o", .string(order))]))
        #expect((late["data.cancelOrder.userErrors"] as? [[String: Any]])?.first?["code"] as? String == "INVALID_STATE")
        let change = try await api.run(
            #"mutation($o: ID!) { updateOrder(input: {orderId: $o, deliveryInstructions: "Side door"}) { userErrors { code } } }"#, token: customer,
            variables: GraphQLObject([("o", .string(order))]))
        #expect((change["data.updateOrder.userErrors"] as? [[String: Any]])?.first?["code"] as? String == "INVALID_STATE")
        #expect(try await fixture.setStatus(order, "PENDING_DELIVERY", token: fixture.admin)["data.setOrderStatus.order.status"] as? String == "PENDING_DELIVERY")
        #expect(try await fixture.setStatus(order, "DELIVERED", token: fixture.handler)["data.setOrderStatus.order.status"] as? String == "DELIVERED")
        // Final: nothing after delivery, not even cancellation.
        for illegal in ["CANCELLED", "ACCEPTED", "IN_PROCESS"] {
            let response = try await fixture.setStatus(order, illegal, token: fixture.admin)
            #expect((response["data.setOrderStatus.userErrors"] as? [[String: Any]])?.first?["code"] as? String == "INVALID_STATE", "\(illegal)")
        }
        // Who and when, in order.
        let history = try await api.run(
            "query($o: ID!) { node(id: $o) { ... on Order { statusHistory { status previousStatus changedBy changedAt } } } }", token: customer,
            variables: GraphQLObject([("o", .string(order))]))
        let changes = try #require(history["data.node.statusHistory"] as? [[String: Any]])
        #expect(changes.map { $0["status"] as? String } == ["IN_PROCESS", "ACCEPTED", "PENDING_DELIVERY", "DELIVERED"])
        #expect(changes.map { $0["changedBy"] as? String } == ["CUSTOMER", "ORDER_HANDLER", "ADMINISTRATOR", "ORDER_HANDLER"])
        #expect(changes.allSatisfy { $0["changedAt"] is String })
        // Delivered orders add their items to the pantry (source ORDER, expiry estimated).
        let pantry = try await api.run("{ me { pantry { edges { node { quantity unit source expiryKind product { id } } } } } }", token: customer)
        #expect(pantry["data.me.pantry.edges.0.node.source"] as? String == "ORDER")
        #expect(pantry["data.me.pantry.edges.0.node.quantity"] as? Double == 2)
        #expect(pantry["data.me.pantry.edges.0.node.expiryKind"] as? String == "ESTIMATED")

        // Cancelled orders return their stock and record a refund; the customer may cancel while in process.
        let second = try await fixture.submitted(customer, quantity: 3)
        #expect(try await fixture.stock() == 45)
        let cancelled = try await api.run(
            "mutation($o: ID!) { cancelOrder(input: {orderId: $o}) { order { status payments { kind } } userErrors { code } } }", token: customer,
            variables: GraphQLObject([("o", .string(second))]))
        #expect(cancelled["data.cancelOrder.order.status"] as? String == "CANCELLED")
        #expect((cancelled["data.cancelOrder.order.payments"] as? [[String: Any]])?.map { $0["kind"] as? String } == ["PAYMENT", "REFUND"])
        #expect(try await fixture.stock() == 48)
        // Another user cannot cancel someone's order (it does not exist for them).
        let third = try await fixture.submitted(customer)
        let foreign = try await api.run(
            "mutation($o: ID!) { cancelOrder(input: {orderId: $o}) { order { status } userErrors { code } } }", token: stranger,
            variables: GraphQLObject([("o", .string(third))]))
        #expect((foreign["data.cancelOrder.userErrors"] as? [[String: Any]])?.first?["code"] as? String == "NOT_FOUND")
        // Handlers may cancel an accepted order.
        _ = try await fixture.setStatus(third, "ACCEPTED", token: fixture.handler)
        #expect(try await fixture.setStatus(third, "CANCELLED", token: fixture.handler)["data.setOrderStatus.order.status"] as? String == "CANCELLED")
    }

    /// Must show: an order handler sees the queue with items and delivery address, and cannot read
    /// the customer's profile, diary or pantry by any path, `node(id:)` included.
    @Test func anOrderHandlerSeesOrdersButNothingElseOfTheCustomer() async throws {
        let fixture = try await KitchenFixture.make(stock: 50)
        let api = fixture.api
        defer { Task { await api.close() } }
        let customer = try await fixture.customers(1)[0]
        let order = try await fixture.submitted(customer.token)
        let pantry = try await api.run(
            #"mutation { addPantryItem(input: {food: "Leftover soup", quantity: 1, unit: PIECE, location: FRIDGE}) { pantryItem { id } } }"#,
            token: customer.token)
        let pantryItem = try #require(pantry["data.addPantryItem.pantryItem.id"] as? String)
        _ = try await api.run(
            #"mutation { addDiaryEntry(input: {food: {customFood: {name: "Soup", nutrition: {fatG: 1, carbohydratesG: 5, proteinG: 2, energyKcal: 40}}}, meal: DINNER, quantity: 300, unit: GRAM}) { userErrors { code } } }"#,
            token: customer.token)
        let diaryEntry = try #require(
            try await api.run("{ me { diaryEntries(from: \"2000-01-01\", to: \"2099-12-31\", first: 1) { edges { node { id } } } } }", token: customer.token)["data.me.diaryEntries.edges.0.node.id"]
                as? String)
        let user = GlobalID(typeName: "User", key: customer.id).description

        // The queue: oldest first, with items and the delivery address (its phone is the contact).
        let queue = try await api.run(
            "{ orderQueue(first: 10) { edges { node { id number status items { quantity product { name } } deliveryAddress { line1 phone } paymentReference payments { kind } } } } }",
            token: fixture.handler)
        let first = try #require((queue["data.orderQueue.edges"] as? [[String: Any]])?.first?["node"] as? [String: Any])
        #expect(first["id"] as? String == order)
        #expect(JSONTree.value(first, at: "deliveryAddress.phone") as? String == "905-555-0100")
        #expect(first["paymentReference"] is NSNull)
        #expect((first["payments"] as? [Any])?.isEmpty == true)
        // node(id:) of the order: yes; of the user, the pantry item, the diary entry: null.
        for (id, visible) in [(order, true), (user, false), (pantryItem, false), (diaryEntry, false)] {
            let node = try await api.run(
                "query($id: ID!) { node(id: $id) { id } }", token: fixture.handler, variables: GraphQLObject([("id", .string(id))]))
            #expect((node["data.node.id"] as? String != nil) == visible, "\(id)")
        }
        // Order has no path to the user (no field of type User); browsing users is refused.
        let orderType = try #require(api.application.executable.schema.types.first { $0.name == "Order" })
        #expect(!"\(orderType)".contains("User"))
        let users = try await api.run("{ users(first: 5) { edges { node { id } } } }", token: fixture.handler, expecting: ["FORBIDDEN"])
        #expect(users.errorCodes == ["FORBIDDEN"])
        // The queue is staff-only.
        let customerQueue = try await api.run("{ orderQueue { edges { node { id } } } }", token: customer.token, expecting: ["FORBIDDEN"])
        #expect(customerQueue.errorCodes == ["FORBIDDEN"])
        // Drafts are not the handler's: a cart's ID gives null.
        try await fixture.fillCart(customer.token)
        let draft = try #require(try await api.run("{ me { draftOrder { id } } }", token: customer.token)["data.me.draftOrder.id"] as? String)
        let hidden = try await api.run("query($id: ID!) { node(id: $id) { id } }", token: fixture.handler, variables: GraphQLObject([("id", .string(draft))]))
        #expect(hidden["data.node"] is NSNull)
    }
}
