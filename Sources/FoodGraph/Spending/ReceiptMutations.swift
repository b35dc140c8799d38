import Foundation
import GraphQLEngine
import Postgres

/// Schema type `ReceiptPayload`.
struct ReceiptPayload: MutationPayload {
    static let graphQLTypeName = "ReceiptPayload"
    var receipt: ReceiptRecord?
    var userErrors: [UserError] = []
    init(receipt: ReceiptRecord?) { self.receipt = receipt }
    init?(failing errors: [UserError]) { userErrors = errors }
}

/// Schema type `ReceiptLinePayload`.
struct ReceiptLinePayload: MutationPayload {
    static let graphQLTypeName = "ReceiptLinePayload"
    var line: ReceiptLineRecord?
    var receipt: ReceiptRecord?
    var userErrors: [UserError] = []
    init(line: ReceiptLineRecord?, receipt: ReceiptRecord?) {
        self.line = line
        self.receipt = receipt
    }
    init?(failing errors: [UserError]) { userErrors = errors }
}

/// Schema type `DeleteReceiptPayload`.
struct DeleteReceiptPayload: MutationPayload {
    static let graphQLTypeName = "DeleteReceiptPayload"
    var deletedReceiptId: GlobalID?
    var userErrors: [UserError] = []
    init(deletedReceiptId: GlobalID) { self.deletedReceiptId = deletedReceiptId }
    init?(failing errors: [UserError]) { userErrors = errors }
}

/// Receipts and their lines: entering, correcting, confirming mappings, deleting. The mapping
/// lookups of a new receipt (known mappings, text searches) are reads made before its transaction
/// opens (`prepare`), so no transaction waits on searches.
enum ReceiptMutations {
    /// What `createReceipt` checked before its transaction.
    struct Checked: Sendable {
        var input: CreateReceiptInput
        var userID: Int64
        var currency: String
        var lines: [ReceiptStore.NewLine]
    }

    static func bind(_ binder: inout SchemaBinder) {
        binder.mutation("createReceipt", input: CreateReceiptInput.self, access: .signedIn, prepare: prepareReceipt, create)
        binder.mutation("updateReceiptLine", input: UpdateReceiptLineInput.self, access: .signedIn, updateLine)
        binder.mutation("confirmReceiptLineMapping", input: ConfirmReceiptLineMappingInput.self, access: .signedIn, confirm)
        binder.mutation("deleteReceipt", input: DeleteReceiptInput.self, access: .signedIn, delete)
    }

    /// Products the viewer may name for a line: active ones, and those they submitted themselves
    /// (pending moderation). Returns the ids that are not.
    static func unusableProducts(_ ids: [Int64], viewer: Viewer, in database: some PostgresQuerying) async throws -> Set<Int64> {
        guard !ids.isEmpty else { return [] }
        let products = try await ProductStore.load(ids, from: database)
        let submitters = try await ProductStore.submitters(of: ids, in: database)
        return Set(ids.filter { id in
            guard let product = products[id] else { return true }
            if product.isVisible(to: viewer) { return false }
            return !(product.status == "pending" && submitters[id] == viewer.userID)
        })
    }

    /// How a line is mapped without a product named: the user's or the community's known mapping,
    /// else the best text-search guess (unconfirmed).
    static func mapping(
        for matchText: String, text: String, known: [String: ProductMappings.Known], in database: some PostgresQuerying
    ) async throws -> (productID: Int64?, confidence: Double?, source: MappingSource?, confirmed: Bool, candidates: [Int64]) {
        let guess = try await ProductMappings.guess(text, in: database)
        if let mapped = known[matchText] {
            return (mapped.productID, mapped.confidence, mapped.source, true, guess.candidates)
        }
        guard let best = guess.best else { return (nil, nil, nil, false, guess.candidates) }
        return (best.productID, best.confidence, .search, false, guess.candidates)
    }

    static func prepareReceipt(_ input: CreateReceiptInput, _ context: RequestContext) async throws -> Preparation<Checked, ReceiptPayload> {
        let viewer = try context.requireViewer()
        let database = context.database
        guard try await StoreDirectory.stores([input.storeId.key], from: database)[input.storeId.key] != nil else {
            return .answer(ReceiptPayload(failing: [UserError("storeId", "No such store.", code: .notFound)])!)
        }
        let named = input.lines.compactMap { $0.productId?.key }
        let unusable = try await unusableProducts(Array(Set(named)), viewer: viewer, in: database)
        let refused = input.lines.enumerated().compactMap { index, line -> UserError? in
            guard let id = line.productId?.key, unusable.contains(id) else { return nil }
            return UserError(field: ["lines", String(index), "productId"], message: "No such product.", code: .notFound)
        }
        if !refused.isEmpty { return .answer(ReceiptPayload(failing: refused)!) }
        let matchTexts = input.lines.map { ReceiptText.matchText($0.text) }
        let known = try await ProductMappings.known(
            userID: viewer.userID, storeID: input.storeId.key, texts: Array(Set(matchTexts)), in: database)
        var lines: [ReceiptStore.NewLine] = []
        for (line, matchText) in zip(input.lines, matchTexts) {
            var new = ReceiptStore.NewLine(
                text: line.text, matchText: matchText, quantity: line.quantity, unit: line.unit, unitPrice: line.unitPrice, discount: line.discount,
                lineTotal: line.total, productID: nil, confidence: nil, source: nil, confirmed: false, candidates: [])
            if let productID = line.productId?.key {
                (new.productID, new.confidence, new.source, new.confirmed) = (productID, 1, .given, true)
            } else {
                (new.productID, new.confidence, new.source, new.confirmed, new.candidates) = try await mapping(
                    for: matchText, text: line.text, known: known, in: database)
            }
            lines.append(new)
        }
        let currency = try await ProfileStore.load([viewer.userID], in: database)[viewer.userID]?.currency ?? "CAD"
        return .proceed(Checked(input: input, userID: viewer.userID, currency: currency, lines: lines))
    }

    static func create(_ checked: Checked, _ scope: MutationScope) async throws -> ReceiptPayload {
        let input = checked.input
        let transaction = scope.transaction
        let receiptID = try await ReceiptStore.insert(
            userID: checked.userID, storeID: input.storeId.key, purchasedAt: input.purchasedAt, total: input.total, currency: checked.currency,
            source: input.source, lines: checked.lines, in: transaction)
        if let scanID = input.scanId?.key, try await !ScanStore.attachReceipt(receiptID, toScan: scanID, of: checked.userID, in: transaction) {
            return ReceiptPayload(failing: [UserError("scanId", "You have no recognised receipt scan without a receipt with this ID.", code: .notFound)])!
        }
        // Lines the user named a product for are their answers for this store's text (kept for undo).
        let givenTexts = Array(Set(checked.lines.filter { $0.source == .given && $0.productID != nil }.map(\.matchText))).sorted()
        let answers = givenTexts.isEmpty
            ? nil : try await ProductMappings.answers(userID: checked.userID, storeID: input.storeId.key, texts: givenTexts, in: transaction)
        for line in checked.lines where line.source == .given {
            if let productID = line.productID {
                try await ProductMappings.vote(userID: checked.userID, storeID: input.storeId.key, text: line.matchText, productID: productID, in: transaction)
            }
        }
        try await ReceiptStore.syncPurchases(ofReceipt: receiptID, in: transaction)
        try await SpendingChanges.record(
            .createReceipt, of: checked.userID,
            description: "Entered a receipt of \(checked.lines.count) line\(checked.lines.count == 1 ? "" : "s") (total \(Amount.text(input.total)) \(checked.currency))",
            previous: SpendingUndo.json([("receiptId", String(receiptID)), ("answers", answers)]), in: transaction)
        try await SpendingAlerts.afterPurchases(of: checked.userID, in: transaction)
        return ReceiptPayload(receipt: try await ReceiptStore.load([receiptID], from: transaction)[receiptID])
    }

    static func updateLine(_ input: UpdateReceiptLineInput, _ scope: MutationScope) async throws -> ReceiptLinePayload {
        let viewer = try scope.requireViewer()
        let transaction = scope.transaction
        guard let line = try await ReceiptStore.line(input.receiptLineId.key, of: viewer.userID, in: transaction),
            let receipt = try await ReceiptStore.load([line.receiptID], from: transaction)[line.receiptID]
        else {
            return ReceiptLinePayload(failing: [UserError("receiptLineId", "No such receipt line.", code: .notFound)])!
        }
        let quantity = input.quantity ?? line.quantity
        let unitPrice = input.unitPrice ?? line.unitPrice
        let discount = input.discount ?? line.discount
        let pricesChanged = input.quantity != nil || input.unitPrice != nil || input.discount != nil
        let lineTotal = input.lineTotal ?? (pricesChanged ? max(0, Amount.decimal(Amount.text(Decimal(quantity) * unitPrice - discount))) : line.lineTotal)
        var change = ReceiptStore.NewLine(
            text: input.text ?? line.text, matchText: line.matchText, quantity: quantity, unit: input.unit ?? line.unit, unitPrice: unitPrice,
            discount: discount, lineTotal: lineTotal, productID: line.productID, confidence: line.mappingConfidence, source: line.mappingSource,
            confirmed: line.mappingConfirmed, candidates: line.candidateIDs)
        if let text = input.text, ReceiptText.matchText(text) != line.matchText {
            change.matchText = ReceiptText.matchText(text)
            var mapped: [String: ProductMappings.Known] = [:]
            if let storeID = receipt.storeID {
                mapped = try await ProductMappings.known(userID: viewer.userID, storeID: storeID, texts: [change.matchText], in: transaction)
            }
            (change.productID, change.confidence, change.source, change.confirmed, change.candidates) = try await mapping(
                for: change.matchText, text: text, known: mapped, in: transaction)
        }
        let before = try await SpendingChanges.lineSnapshot(line.id, in: transaction)
        try await ReceiptStore.update(line.id, change, in: transaction)
        try await ReceiptStore.syncPurchases(ofReceipt: receipt.id, in: transaction)
        try await SpendingChanges.record(
            .updateReceiptLine, of: viewer.userID, description: "Corrected line \(line.position + 1) “\(line.text)” of a receipt",
            previous: SpendingUndo.json([("line", before)]), in: transaction)
        try await SpendingAlerts.afterPurchases(of: viewer.userID, in: transaction)
        return ReceiptLinePayload(
            line: try await ReceiptStore.lines([line.id], from: transaction)[line.id],
            receipt: try await ReceiptStore.load([receipt.id], from: transaction)[receipt.id])
    }

    static func confirm(_ input: ConfirmReceiptLineMappingInput, _ scope: MutationScope) async throws -> ReceiptLinePayload {
        let viewer = try scope.requireViewer()
        let transaction = scope.transaction
        guard let line = try await ReceiptStore.line(input.receiptLineId.key, of: viewer.userID, in: transaction),
            let receipt = try await ReceiptStore.load([line.receiptID], from: transaction)[line.receiptID]
        else {
            return ReceiptLinePayload(failing: [UserError("receiptLineId", "No such receipt line.", code: .notFound)])!
        }
        let productID = input.productId.key
        if try await !unusableProducts([productID], viewer: viewer, in: transaction).isEmpty {
            return ReceiptLinePayload(failing: [UserError("productId", "No such product.", code: .notFound)])!
        }
        let before = try await SpendingChanges.lineSnapshot(line.id, in: transaction)
        var answers: String?
        if let storeID = receipt.storeID {
            answers = try await ProductMappings.answers(userID: viewer.userID, storeID: storeID, texts: [line.matchText], in: transaction)
        }
        try await ReceiptStore.update(
            line.id,
            ReceiptStore.NewLine(
                text: line.text, matchText: line.matchText, quantity: line.quantity, unit: line.unit, unitPrice: line.unitPrice,
                discount: line.discount, lineTotal: line.lineTotal, productID: productID, confidence: 1, source: .user, confirmed: true,
                candidates: line.candidateIDs), in: transaction)
        if let storeID = receipt.storeID {
            try await ProductMappings.vote(userID: viewer.userID, storeID: storeID, text: line.matchText, productID: productID, in: transaction)
        }
        try await ReceiptStore.syncPurchases(ofReceipt: receipt.id, in: transaction)
        try await SpendingChanges.record(
            .confirmReceiptLineMapping, of: viewer.userID, description: "Confirmed the product of line \(line.position + 1) “\(line.text)” of a receipt",
            previous: SpendingUndo.json([("line", before), ("answers", answers)]), in: transaction)
        try await SpendingAlerts.afterPurchases(of: viewer.userID, in: transaction)
        return ReceiptLinePayload(
            line: try await ReceiptStore.lines([line.id], from: transaction)[line.id],
            receipt: try await ReceiptStore.load([receipt.id], from: transaction)[receipt.id])
    }

    static func delete(_ input: DeleteReceiptInput, _ scope: MutationScope) async throws -> DeleteReceiptPayload {
        let viewer = try scope.requireViewer()
        let before = try await SpendingChanges.receiptSnapshot(input.receiptId.key, of: viewer.userID, in: scope.transaction)
        guard let before, try await ReceiptStore.delete(input.receiptId.key, of: viewer.userID, in: scope.transaction) else {
            return DeleteReceiptPayload(failing: [UserError("receiptId", "No such receipt.", code: .notFound)])!
        }
        try await SpendingChanges.record(.deleteReceipt, of: viewer.userID, description: "Deleted a receipt", previous: before, in: scope.transaction)
        return DeleteReceiptPayload(deletedReceiptId: GlobalID(typeName: ReceiptRecord.graphQLTypeName, key: input.receiptId.key))
    }
}
