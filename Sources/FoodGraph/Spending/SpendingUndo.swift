import Foundation
import GraphQLEngine
import Postgres

/// Schema type `UndoLastSpendingChangePayload`.
struct UndoLastSpendingChangePayload: MutationPayload {
    static let graphQLTypeName = "UndoLastSpendingChangePayload"
    var undone: SpendingChangeRecord?
    var userErrors: [UserError] = []
    init(undone: SpendingChangeRecord) { self.undone = undone }
    init?(failing errors: [UserError]) { userErrors = errors }
}

/// Undo of the user's last change of receipts, lines, mappings and objectives (seed 000, EUR2).
/// Every such mutation records the state before it (`SpendingChanges`); undo puts it back through
/// the same store functions, then derives purchases and price observations again
/// (`ReceiptStore.syncPurchases`), as the mutations do. An undo is not recorded (no redo).
enum SpendingUndo {
    static func bind(_ binder: inout SchemaBinder) {
        binder.object(SpendingChangeRecord.self) { change in
            change.field("kind") { $0.kind }
            change.field("description") { $0.description }
            change.field("at") { $0.at }
        }
        binder.object(UndoLastSpendingChangePayload.self) { payload in
            payload.field("undone") { $0.undone }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.mutation("undoLastSpendingChange", access: .signedIn, undo)
    }

    static func failing(_ message: String) -> UndoLastSpendingChangePayload {
        UndoLastSpendingChangePayload(failing: [UserError(field: nil, message: message, code: .invalidState)])!
    }

    static let cannot = "This change can no longer be undone: something it depends on has changed since."

    static func undo(_ scope: MutationScope) async throws -> UndoLastSpendingChangePayload {
        let viewer = try scope.requireViewer()
        let transaction = scope.transaction
        guard let change = try await SpendingChanges.takeLast(of: viewer.userID, in: transaction) else {
            return failing("There is no change of your spending to undo.")
        }
        // What the previous state names must still exist (a store, products, a category).
        let references = try await SpendingChanges.references(change.previous, in: transaction)
        let stores = try await StoreDirectory.stores(references.stores, from: transaction).count
        let products = try await ProductStore.load(references.products, from: transaction).count
        let categories = try await CategoryStore.load(references.categories, from: transaction).count
        if stores < references.stores.count || products < references.products.count || categories < references.categories.count {
            return failing(cannot)
        }
        let previous = change.previous
        switch change.kind {
        case .createReceipt:
            guard let receiptID = change.id("receiptId"), try await ReceiptStore.delete(receiptID, of: viewer.userID, in: transaction) else {
                return failing(cannot)
            }
            try await restoreAnswers(previous, userID: viewer.userID, in: transaction)
        case .deleteReceipt:
            guard let receiptID = try await SpendingChanges.restoreReceipt(previous, of: viewer.userID, in: transaction) else {
                return failing(cannot)
            }
            try await ReceiptStore.syncPurchases(ofReceipt: receiptID, in: transaction)
        case .updateReceiptLine, .confirmReceiptLineMapping:
            guard let receiptID = try await SpendingChanges.restoreLine(previous, of: viewer.userID, in: transaction) else {
                return failing(cannot)
            }
            try await restoreAnswers(previous, userID: viewer.userID, in: transaction)
            try await ReceiptStore.syncPurchases(ofReceipt: receiptID, in: transaction)
        case .setSpendingObjective:
            if change.id("objectiveCreated") == 1 {
                guard let id = change.id("objectiveId"), try await SpendingObjectives.remove(id, of: viewer.userID, in: transaction) else {
                    return failing(cannot)
                }
            } else if try await !SpendingChanges.restoreObjectiveLimit(previous, of: viewer.userID, in: transaction) {
                return failing(cannot)
            }
        case .removeSpendingObjective:
            guard try await SpendingChanges.restoreObjective(previous, of: viewer.userID, in: transaction) else { return failing(cannot) }
        }
        try await SpendingAlerts.afterPurchases(of: viewer.userID, in: transaction)
        return UndoLastSpendingChangePayload(undone: change)
    }

    /// The user's answers the change replaced, when it kept them (`"answers"`).
    private static func restoreAnswers(_ previous: String, userID: Int64, in transaction: PostgresTransaction) async throws {
        guard let object = try JSONSerialization.jsonObject(with: Data(previous.utf8)) as? [String: Any], let answers = object["answers"],
            !(answers is NSNull)
        else { return }
        let text = String(decoding: try JSONSerialization.data(withJSONObject: answers), as: UTF8.self)
        try await ProductMappings.restoreAnswers(text, userID: userID, in: transaction)
    }

    // MARK: - Recording

    /// `{"key": value, …}` from JSON texts (values already JSON).
    static func json(_ parts: [(String, String?)]) -> String {
        "{" + parts.map { "\"\($0.0)\": \($0.1 ?? "null")" }.joined(separator: ", ") + "}"
    }
}
