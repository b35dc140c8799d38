import Foundation
import GraphQLEngine
import Postgres

/// The Spending area's DataLoaders of one request: a list of receipts costs one statement for all
/// their lines, one for all the lines' products (the catalog's loader) and one for their stores.
struct SpendingLoaders {
    let context: RequestContext

    var receipts: DataLoader<Int64, ReceiptRecord> {
        let database = context.database
        return context.loader("spending.receipts") { try await ReceiptStore.load($0, from: database) }
    }

    var lines: DataLoader<Int64, ReceiptLineRecord> {
        let database = context.database
        return context.loader("spending.lines") { try await ReceiptStore.lines($0, from: database) }
    }

    /// Each receipt's lines, in order.
    var receiptLines: DataLoader<Int64, [ReceiptLineRecord]> {
        let database = context.database
        return context.loader("spending.receiptLines") { try await ReceiptStore.lines(ofReceipts: $0, from: database) }
    }

    var purchases: DataLoader<Int64, PurchaseRecord> {
        let database = context.database
        return context.loader("spending.purchases") { try await PurchaseStore.load($0, from: database) }
    }

    var objectives: DataLoader<Int64, SpendingObjectiveRecord> {
        let database = context.database
        return context.loader("spending.objectives") { try await SpendingObjectives.load($0, from: database) }
    }

    /// Each user's last change (what undo would revert).
    var lastChanges: DataLoader<Int64, SpendingChangeRecord> {
        let database = context.database
        return context.loader("spending.lastChanges") { try await SpendingChanges.last(of: $0, in: database) }
    }

    var mappings: DataLoader<Int64, ProductMappingRecord> {
        let database = context.database
        return context.loader("spending.mappings") { try await ProductMappings.load($0, from: database) }
    }

    /// Users' receipts, one page each.
    func receiptPages(_ page: Page, list: String) -> DataLoader<Int64, Connection<ReceiptRecord>> {
        let database = context.database
        return context.loader("spending.receiptPages|\(page.signature)") { userIDs in
            try await ReceiptStore.receipts(of: userIDs, page: page, in: database).sealed(for: list)
        }
    }

    /// Cheaper alternatives of products for the viewer, near a point or their profile's radius.
    func cheaperAlternatives(near: GeoRadius?) -> DataLoader<Int64, [CheaperAlternative]> {
        let database = context.database
        let userID = context.viewer?.userID
        let key = near.map { "\($0.latitude),\($0.longitude),\($0.radiusKm)" } ?? "profile"
        return context.loader("spending.cheaperAlternatives|\(key)") { productIDs in
            let products = try await ProductStore.load(productIDs, from: database)
            let place = try await CheaperAlternatives.place(for: userID, near: near, in: database)
            var found = try await CheaperAlternatives.find(for: Array(products.values), userID: userID, place: place, in: database)
            for id in productIDs where found[id] == nil { found[id] = [] }
            return found
        }
    }
}

extension RequestContext {
    /// The Spending area's loaders of this request.
    var spending: SpendingLoaders { SpendingLoaders(context: self) }
}
