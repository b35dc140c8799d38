import Foundation
import GraphQLEngine
import Testing

@testable import FoodGraph

/// Undo of the last change of receipts, mappings and objectives (seed 000, EUR2: "The app should
/// allow users to undo or cancel changes made"), through real queries against PostgreSQL.
@Suite struct SpendingUndoTests {
    static let receiptsQuery = """
        { me { receipts { edges { node { id purchasedAt createdAt source total { amount currency } store { id }
          lines { id text quantity unit unitPrice { amount } discount { amount } lineTotal { amount } product { id }
            mappingConfidence mappingConfirmed mappingSource candidates { id } } } } }
          purchases { edges { node { product { id } purchasedAt unitPrice { amount } quantity unit total { amount } receiptLine { id } } } } } }
        """

    /// The user's receipts and purchases, as JSON text (purchase ids left out: they are derived again).
    static func state(_ world: SpendingWorld, _ token: String) async throws -> String {
        let response = try await world.api.run(receiptsQuery, token: token)
        let data = try JSONSerialization.data(withJSONObject: response["data"] ?? NSNull(), options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// The receipt prices of a product at the near store.
    static func receiptPrices(_ world: SpendingWorld, of product: String) async throws -> [String] {
        let prices = try await world.api.run(
            #"{ node(id: "\#(product)") { ... on Product { latestPrices(first: 50) { edges { node { price { amount } source store { id } } } } } } }"#)
        return (prices["data.node.latestPrices.edges"] as? [[String: Any]] ?? []).compactMap { $0["node"] as? [String: Any] }
            .filter { $0["source"] as? String == "RECEIPT" && ($0["store"] as? [String: Any])?["id"] as? String == world.near }
            .compactMap { ($0["price"] as? [String: Any])?["amount"] as? String }
    }

    @discardableResult
    static func undo(_ world: SpendingWorld, _ token: String, expecting: Set<String> = []) async throws -> Response {
        try await world.api.run(
            "mutation { undoLastSpendingChange { undone { kind description at } userErrors { field message code } } }", token: token,
            expecting: expecting)
    }

    static func last(_ world: SpendingWorld, _ token: String) async throws -> Any? {
        try await world.api.run("{ me { lastSpendingChange { kind description at } } }", token: token)["data.me.lastSpendingChange"]
    }

    // MARK: EUR2 — undo entering a receipt

    @Test func aUserUndoesEnteringAReceiptAndItsPurchasesAndPricesGo() async throws {
        let world = try await SpendingWorld.make()
        defer { Task { await world.api.close() } }
        let user = try await world.shopper("undo-create")
        let empty = try await Self.state(world, user)
        #expect(try await Self.last(world, user) is NSNull)
        let entered = try await world.receipt(
            user, store: world.near, at: SpendingWorld.daysAgo(1),
            [.init(text: "GV WHL MLK 2L", unitPrice: "4.99", productID: world.milk), .init(text: "COFFEE", unitPrice: "11.50", productID: world.coffee)])
        #expect((entered["data.createReceipt.userErrors"] as? [Any])?.isEmpty == true, "\(entered.json)")
        #expect(try await Self.receiptPrices(world, of: world.milk) == ["4.99"])
        let last = try #require(try await Self.last(world, user) as? [String: Any])
        #expect(last["kind"] as? String == "CREATE_RECEIPT")
        #expect((last["description"] as? String)?.contains("2 lines") == true)
        let undone = try await Self.undo(world, user)
        #expect(undone["data.undoLastSpendingChange.undone.kind"] as? String == "CREATE_RECEIPT", "\(undone.json)")
        // The receipt, its lines, its purchases and the prices it gave the catalog are gone.
        #expect(try await Self.state(world, user) == empty)
        #expect(try await Self.receiptPrices(world, of: world.milk).isEmpty)
        // So are the answers the named products gave: the same text is searched again.
        let again = try await world.receipt(user, store: world.near, at: SpendingWorld.daysAgo(1), [.init(text: "GV WHL MLK 2L", unitPrice: "4.99")])
        #expect(again["data.createReceipt.receipt.lines.0.mappingSource"] as? String == "SEARCH")
    }

    // MARK: EUR2 — undo deleting a receipt

    @Test func aUserUndoesDeletingAReceiptAndGetsItBackIdentical() async throws {
        let world = try await SpendingWorld.make()
        defer { Task { await world.api.close() } }
        let user = try await world.shopper("undo-delete")
        let entered = try await world.receipt(
            user, store: world.near, at: SpendingWorld.daysAgo(2), total: "20.00",
            [.init(text: "GV WHL MLK 2L", quantity: 2, unitPrice: "4.99", productID: world.milk), .init(text: "QXZ WQPLV", unitPrice: "3.25")])
        let receipt = try #require(entered["data.createReceipt.receipt.id"] as? String, "\(entered.json)")
        let before = try await Self.state(world, user)
        let pricesBefore = try await Self.receiptPrices(world, of: world.milk)
        #expect(pricesBefore == ["4.99"])
        let deleted = try await world.api.run(
            #"mutation { deleteReceipt(input: {receiptId: "\#(receipt)"}) { deletedReceiptId userErrors { code } } }"#, token: user)
        #expect(deleted["data.deleteReceipt.deletedReceiptId"] as? String == receipt)
        #expect(try await Self.receiptPrices(world, of: world.milk).isEmpty)
        #expect((try await Self.last(world, user) as? [String: Any])?["kind"] as? String == "DELETE_RECEIPT")
        let undone = try await Self.undo(world, user)
        #expect(undone["data.undoLastSpendingChange.undone.kind"] as? String == "DELETE_RECEIPT", "\(undone.json)")
        // Back as it was: the same ids, times, lines, mappings, candidates, purchases and prices.
        #expect(try await Self.state(world, user) == before)
        #expect(try await Self.receiptPrices(world, of: world.milk) == pricesBefore)
        // The change before it (entering the receipt) is next.
        #expect((try await Self.last(world, user) as? [String: Any])?["kind"] as? String == "CREATE_RECEIPT")
    }

    // MARK: EUR2 — undo confirming (or correcting) a mapping, and correcting a line

    @Test func aUserUndoesConfirmingAMappingAndGetsThePreviousMapping() async throws {
        let world = try await SpendingWorld.make()
        defer { Task { await world.api.close() } }
        let user = try await world.shopper("undo-confirm")
        let entered = try await world.receipt(user, store: world.near, at: SpendingWorld.daysAgo(1), [.init(text: "GV WHL MLK 2L", unitPrice: "4.99")])
        let line = try #require(entered["data.createReceipt.receipt.lines.0.id"] as? String, "\(entered.json)")
        let before = try await Self.state(world, user)
        try await world.confirm(user, line: line, product: world.otherMilk)
        #expect(try await Self.receiptPrices(world, of: world.otherMilk) == ["4.99"])
        #expect((try await Self.last(world, user) as? [String: Any])?["kind"] as? String == "CONFIRM_RECEIPT_LINE_MAPPING")
        let undone = try await Self.undo(world, user)
        #expect(undone["data.undoLastSpendingChange.undone.kind"] as? String == "CONFIRM_RECEIPT_LINE_MAPPING", "\(undone.json)")
        // The search's unconfirmed guess again, no purchase, no price, and no answer for the text.
        #expect(try await Self.state(world, user) == before)
        #expect(try await Self.receiptPrices(world, of: world.otherMilk).isEmpty)
        let again = try await world.receipt(user, store: world.near, at: SpendingWorld.daysAgo(1), [.init(text: "GV WHL MLK 2L", unitPrice: "4.99")])
        #expect(again["data.createReceipt.receipt.lines.0.mappingSource"] as? String == "SEARCH")
        // Correcting a line's price, then undoing it, puts the line and its purchase back.
        let second = try #require(again["data.createReceipt.receipt.lines.0.id"] as? String)
        try await world.confirm(user, line: second, product: world.milk)
        let confirmed = try await Self.state(world, user)
        let corrected = try await world.api.run(
            #"mutation { updateReceiptLine(input: {receiptLineId: "\#(second)", unitPrice: "3.99"}) { line { lineTotal { amount } } userErrors { code } } }"#,
            token: user)
        #expect(corrected["data.updateReceiptLine.line.lineTotal.amount"] as? String == "3.99", "\(corrected.json)")
        let undoneLine = try await Self.undo(world, user)
        #expect(undoneLine["data.undoLastSpendingChange.undone.kind"] as? String == "UPDATE_RECEIPT_LINE", "\(undoneLine.json)")
        #expect(try await Self.state(world, user) == confirmed)
        #expect(try await Self.receiptPrices(world, of: world.milk) == ["4.99"])
    }

    // MARK: EUR2 — undo setting and removing objectives

    @Test func aUserUndoesSettingAndRemovingSpendingObjectives() async throws {
        let world = try await SpendingWorld.make()
        defer { Task { await world.api.close() } }
        let user = try await world.shopper("undo-goals")
        let query = "{ me { spendingObjectives { id period limit { amount } product { id } category { id } } } }"
        let made = try await world.api.run(
            #"mutation { setSpendingObjective(input: {period: MONTH, limit: "20.00"}) { objective { id } userErrors { code } } }"#, token: user)
        let id = try #require(made["data.setSpendingObjective.objective.id"] as? String, "\(made.json)")
        let first = try await world.api.run(query, token: user)["data.me.spendingObjectives"] as? [[String: Any]]
        #expect(first?.count == 1)
        // Changing the limit, then undoing it: the limit before.
        _ = try await world.api.run(#"mutation { setSpendingObjective(input: {period: MONTH, limit: "35"}) { objective { id } } }"#, token: user)
        #expect((try await Self.undo(world, user))["data.undoLastSpendingChange.undone.kind"] as? String == "SET_SPENDING_OBJECTIVE")
        let afterChange = try await world.api.run(query, token: user)
        #expect(afterChange["data.me.spendingObjectives.0.limit.amount"] as? String == "20.00")
        #expect(afterChange["data.me.spendingObjectives.0.id"] as? String == id)
        // Removing it, then undoing that: back with the same id and creation time.
        let removed = try await world.api.run(
            #"mutation { removeSpendingObjective(input: {objectiveId: "\#(id)"}) { removedObjectiveId userErrors { code } } }"#, token: user)
        #expect(removed["data.removeSpendingObjective.removedObjectiveId"] as? String == id)
        #expect((try await Self.undo(world, user))["data.undoLastSpendingChange.undone.kind"] as? String == "REMOVE_SPENDING_OBJECTIVE")
        let restored = try await world.api.run(query, token: user)["data.me.spendingObjectives"] as? [[String: Any]]
        #expect(restored.map { NSArray(array: $0) } == first.map { NSArray(array: $0) })
        // Undoing its first setting removes it; then nothing is left to undo.
        #expect((try await Self.undo(world, user))["data.undoLastSpendingChange.undone.kind"] as? String == "SET_SPENDING_OBJECTIVE")
        #expect((try await world.api.run(query, token: user)["data.me.spendingObjectives"] as? [Any])?.isEmpty == true)
        let nothing = try await Self.undo(world, user, expecting: ["INVALID_STATE"])
        #expect(nothing["data.undoLastSpendingChange.userErrors.0.code"] as? String == "INVALID_STATE")
        #expect(nothing["data.undoLastSpendingChange.undone"] is NSNull)
    }

    // MARK: EUR2 — only the user's own last change

    @Test func undoRevertsOnlyTheUsersOwnLastChange() async throws {
        let world = try await SpendingWorld.make()
        defer { Task { await world.api.close() } }
        let alice = try await world.shopper("undo-alice")
        let bob = try await world.shopper("undo-bob")
        try await world.receipt(alice, store: world.near, at: SpendingWorld.daysAgo(1), [.init(text: "COFFEE", unitPrice: "11.50", productID: world.coffee)])
        let aliceState = try await Self.state(world, alice)
        _ = try await world.api.run(#"mutation { setSpendingObjective(input: {period: WEEK, limit: "50"}) { objective { id } } }"#, token: bob)
        // Bob's undo undoes Bob's objective, never Alice's later-or-earlier receipt.
        #expect((try await Self.undo(world, bob))["data.undoLastSpendingChange.undone.kind"] as? String == "SET_SPENDING_OBJECTIVE")
        #expect(try await Self.state(world, alice) == aliceState)
        let nothing = try await Self.undo(world, bob, expecting: ["INVALID_STATE"])
        #expect(nothing["data.undoLastSpendingChange.userErrors.0.code"] as? String == "INVALID_STATE")
        #expect(try await Self.state(world, alice) == aliceState)
        // Nobody else sees what Alice would undo; anonymous callers cannot undo.
        let peek = try await world.api.run(
            #"{ node(id: "\#(try await world.userID(alice))") { ... on User { lastSpendingChange { kind } } } }"#, token: bob, expecting: ["FORBIDDEN"])
        #expect(!(peek["data.node.lastSpendingChange"] is [String: Any]), "\(peek.json)")
        #expect((try await Self.last(world, alice) as? [String: Any])?["kind"] as? String == "CREATE_RECEIPT")
        _ = try await world.api.run("mutation { undoLastSpendingChange { userErrors { code } } }", expecting: ["UNAUTHENTICATED"])
        #expect(try await Self.state(world, alice) == aliceState)
    }

    // MARK: EUR2 — a change something else now contradicts is not undone

    @Test func aChangeThatCanNoLongerBeUndoneIsRefusedAndChangesNothing() async throws {
        let world = try await SpendingWorld.make()
        defer { Task { await world.api.close() } }
        let user = try await world.shopper("undo-blocked")
        let entered = try await world.receipt(user, store: world.far, at: SpendingWorld.daysAgo(1), [.init(text: "COFFEE", unitPrice: "11.50", productID: world.coffee)])
        let receipt = try #require(entered["data.createReceipt.receipt.id"] as? String, "\(entered.json)")
        _ = try await world.api.run(#"mutation { deleteReceipt(input: {receiptId: "\#(receipt)"}) { deletedReceiptId } }"#, token: user)
        let deleted = try await Self.state(world, user)
        // The receipt's store is gone since (as when the catalog removes it): the receipt cannot come back as it was.
        _ = try await world.api.database.database.query("DELETE FROM stores WHERE name = 'Spending Far'")
        let refused = try await Self.undo(world, user, expecting: ["INVALID_STATE"])
        #expect(refused["data.undoLastSpendingChange.userErrors.0.code"] as? String == "INVALID_STATE", "\(refused.json)")
        #expect(refused["data.undoLastSpendingChange.undone"] is NSNull)
        #expect(try await Self.state(world, user) == deleted)
        // Nothing was taken off: the change stays the last one.
        #expect((try await Self.last(world, user) as? [String: Any])?["kind"] as? String == "DELETE_RECEIPT")
    }
}
