import Foundation
import GraphQLEngine
import Postgres

/// Schema type `SpendingObjectivePayload`.
struct SpendingObjectivePayload: MutationPayload {
    static let graphQLTypeName = "SpendingObjectivePayload"
    var objective: SpendingObjectiveRecord?
    var userErrors: [UserError] = []
    init(objective: SpendingObjectiveRecord?) { self.objective = objective }
    init?(failing errors: [UserError]) { userErrors = errors }
}

/// Schema type `RemoveSpendingObjectivePayload`.
struct RemoveSpendingObjectivePayload: MutationPayload {
    static let graphQLTypeName = "RemoveSpendingObjectivePayload"
    var removedObjectiveId: GlobalID?
    var userErrors: [UserError] = []
    init(removedObjectiveId: GlobalID) { self.removedObjectiveId = removedObjectiveId }
    init?(failing errors: [UserError]) { userErrors = errors }
}

/// Schema type `ProductMappingPayload`.
struct ProductMappingPayload: MutationPayload {
    static let graphQLTypeName = "ProductMappingPayload"
    var mapping: ProductMappingRecord?
    var userErrors: [UserError] = []
    init(mapping: ProductMappingRecord?) { self.mapping = mapping }
    init?(failing errors: [UserError]) { userErrors = errors }
}

/// Setting and removing objectives, and administrators' review of community mappings.
enum SpendingObjectiveMutations {
    static func bind(_ binder: inout SchemaBinder) {
        binder.mutation("setSpendingObjective", input: SetSpendingObjectiveInput.self, access: .signedIn, set)
        binder.mutation("removeSpendingObjective", input: RemoveSpendingObjectiveInput.self, access: .signedIn, remove)
        binder.mutation("reviewProductMapping", input: ReviewProductMappingInput.self, access: .roles([.administrator]), review)
    }

    /// An objective of the user's with its current period filled in.
    static func withProgress(_ objective: SpendingObjectiveRecord, in database: some PostgresQuerying) async throws -> SpendingObjectiveRecord {
        let profile = try await ProfileStore.load([objective.userID], in: database)[objective.userID]
        return try await SpendingObjectives.progress(
            [objective], timeZone: profile?.timeZone ?? "UTC", today: profile?.today ?? LocalDate(Date(), in: .gmt), in: database)[0]
    }

    static func set(_ input: SetSpendingObjectiveInput, _ scope: MutationScope) async throws -> SpendingObjectivePayload {
        let viewer = try scope.requireViewer()
        let transaction = scope.transaction
        if let category = input.categoryId, try await CategoryStore.load([category.key], from: transaction)[category.key] == nil {
            return SpendingObjectivePayload(failing: [UserError("categoryId", "No such category.", code: .notFound)])!
        }
        if let product = input.productId, try await !ReceiptMutations.unusableProducts([product.key], viewer: viewer, in: transaction).isEmpty {
            return SpendingObjectivePayload(failing: [UserError("productId", "No such product.", code: .notFound)])!
        }
        let currency = try await ProfileStore.load([viewer.userID], in: transaction)[viewer.userID]?.currency ?? "CAD"
        let before = try await SpendingChanges.objectiveSnapshot(
            of: viewer.userID, period: input.period, categoryID: input.categoryId?.key, productID: input.productId?.key, in: transaction)
        guard
            let id = try await SpendingObjectives.set(
                userID: viewer.userID, period: input.period, limit: input.limit, currency: currency, categoryID: input.categoryId?.key,
                productID: input.productId?.key, in: transaction)
        else {
            return SpendingObjectivePayload(
                failing: [UserError(field: nil, message: "You have \(SpendingObjectives.maximumPerUser) objectives: remove one first.", code: .outOfRange)])!
        }
        guard let objective = try await SpendingObjectives.load([id], from: transaction)[id] else { return SpendingObjectivePayload(objective: nil) }
        try await SpendingChanges.record(
            .setSpendingObjective, of: viewer.userID,
            description: "\(before == nil ? "Set" : "Changed") the \(input.period.databaseName) objective to \(Amount.text(input.limit)) \(currency)",
            previous: SpendingUndo.json([("objectiveId", String(id)), ("objectiveCreated", before == nil ? "1" : "0"), ("objective", before)]),
            in: transaction)
        try await SpendingAlerts.afterPurchases(of: viewer.userID, in: transaction)
        return SpendingObjectivePayload(objective: try await withProgress(objective, in: transaction))
    }

    static func remove(_ input: RemoveSpendingObjectiveInput, _ scope: MutationScope) async throws -> RemoveSpendingObjectivePayload {
        let viewer = try scope.requireViewer()
        let before = try await SpendingChanges.objectiveSnapshot(input.objectiveId.key, of: viewer.userID, in: scope.transaction)
        guard let before, try await SpendingObjectives.remove(input.objectiveId.key, of: viewer.userID, in: scope.transaction) else {
            return RemoveSpendingObjectivePayload(failing: [UserError("objectiveId", "No such objective.", code: .notFound)])!
        }
        try await SpendingChanges.record(
            .removeSpendingObjective, of: viewer.userID, description: "Removed a spending objective",
            previous: SpendingUndo.json([("objective", before)]), in: scope.transaction)
        return RemoveSpendingObjectivePayload(removedObjectiveId: GlobalID(typeName: SpendingObjectiveRecord.graphQLTypeName, key: input.objectiveId.key))
    }

    static func review(_ input: ReviewProductMappingInput, _ scope: MutationScope) async throws -> ProductMappingPayload {
        let viewer = try scope.requireViewer()
        guard
            let mapping = try await ProductMappings.review(
                input.mappingId.key, decision: input.decision, note: input.note, reviewer: viewer.userID, in: scope.transaction)
        else {
            return ProductMappingPayload(failing: [UserError("mappingId", "No such mapping.", code: .notFound)])!
        }
        return ProductMappingPayload(mapping: mapping)
    }
}
