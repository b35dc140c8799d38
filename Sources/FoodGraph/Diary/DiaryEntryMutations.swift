import GraphQLEngine
import Postgres

/// Adding, changing, re-logging and deleting diary entries, each inside its mutation's one
/// transaction (`scope.transaction`). Nutrients are computed from the food's values per 100 g and
/// frozen in the entry; overrides replace single nutrients and can be cleared again.
enum DiaryEntryMutations {
    static func add(_ input: AddDiaryEntryInput, _ scope: MutationScope) async throws -> DiaryEntryPayload {
        let viewer = try scope.requireViewer()
        let database = scope.transaction
        let window = try await DiaryCalendar.window(for: viewer.userID, in: database)
        var errors: [UserError] = []
        if let date = input.date, let problem = window.problem(with: date, field: ["date"]) { errors.append(problem) }
        let food: DiaryRules.Food
        switch try await Self.food(input.food, in: database) {
        case .success(let found): food = found
        case .failure(let problems): return DiaryEntryPayload(failing: errors + problems.errors)
        }
        let grams = DiaryRules.grams(quantity: input.quantity, unit: input.unit, food: food)
        let changes = DiaryRules.overrides(input.overrides)
        guard case .success(let grams) = grams, case .success(let changes) = changes, errors.isEmpty else {
            return DiaryEntryPayload(failing: errors + grams.problems + changes.problems)
        }
        let date = input.date ?? window.today
        let entry = try await DiaryEntryStore.insert(
            DiaryEntryStore.NewEntry(
                userID: viewer.userID, date: date, meal: input.meal, productID: food.productID, foodName: food.name,
                quantity: input.quantity, unit: input.unit, grams: grams, source: input.source ?? .manual,
                nutrition: EntryNutrition(per100: food.per100, grams: grams, changes: changes)), in: database)
        return DiaryEntryPayload(entry: entry, day: try await changedDay(of: viewer.userID, date: date, window: window, in: database))
    }

    static func update(_ input: UpdateDiaryEntryInput, _ scope: MutationScope) async throws -> DiaryEntryPayload {
        let viewer = try scope.requireViewer()
        let database = scope.transaction
        guard let entry = try await DiaryEntryStore.entry(id: input.entryId.key, userID: viewer.userID, in: database) else {
            return DiaryEntryPayload(failing: [UserError("entryId", "No such entry.", code: .notFound)])
        }
        let window = try await DiaryCalendar.window(for: viewer.userID, in: database)
        var errors: [UserError] = []
        if let date = input.date, let problem = window.problem(with: date, field: ["date"]) { errors.append(problem) }
        let quantity = input.quantity ?? entry.quantity
        let unit = input.unit ?? entry.unit
        let grams: Result<Double, DiaryRules.Problems>
        if unit != entry.unit {
            // The stored entry knows its grams per its own unit only; a new unit needs the food's measures.
            let food = DiaryRules.Food(productID: entry.productID, name: entry.foodName, per100: .zero, servingGrams: nil, pieceGrams: nil)
            grams = DiaryRules.grams(quantity: quantity, unit: unit, food: try await withProductMeasures(food, in: database))
        } else {
            grams = DiaryRules.grams(quantity: quantity, gramsPerUnit: entry.quantity > 0 ? entry.grams / entry.quantity : 1)
        }
        let changes = DiaryRules.overrides(input.overrides)
        guard case .success(let grams) = grams, case .success(let changes) = changes, errors.isEmpty else {
            return DiaryEntryPayload(failing: errors + grams.problems + changes.problems)
        }
        var current: [NutrientKey: Double] = [:]
        for key in entry.computedOverridden.keys { current[key] = entry.nutrition[key] ?? 0 }
        let per100 = entry.computedNutrition.scaled(by: 100 / max(entry.grams, 0.01))
        let change = DiaryEntryStore.Change(
            date: input.date, meal: input.meal, quantity: quantity, unit: unit, grams: grams,
            nutrition: EntryNutrition(per100: per100, grams: grams, current: current, changes: changes))
        guard let updated = try await DiaryEntryStore.update(id: entry.id, userID: viewer.userID, change, in: database) else {
            return DiaryEntryPayload(failing: [UserError("entryId", "No such entry.", code: .notFound)])
        }
        if updated.date != entry.date {
            _ = try await changedDay(of: viewer.userID, date: entry.date, window: window, in: database)
        }
        return DiaryEntryPayload(
            entry: updated, day: try await changedDay(of: viewer.userID, date: updated.date, window: window, in: database))
    }

    static func logAgain(_ input: LogDiaryEntryAgainInput, _ scope: MutationScope) async throws -> DiaryEntryPayload {
        let viewer = try scope.requireViewer()
        let database = scope.transaction
        let window = try await DiaryCalendar.window(for: viewer.userID, in: database)
        if let date = input.date, let problem = window.problem(with: date, field: ["date"]) {
            return DiaryEntryPayload(failing: [problem])
        }
        let date = input.date ?? window.today
        guard let copy = try await DiaryEntryStore.copy(id: input.entryId.key, userID: viewer.userID, date: date, meal: input.meal, in: database)
        else {
            return DiaryEntryPayload(failing: [UserError("entryId", "No such entry.", code: .notFound)])
        }
        return DiaryEntryPayload(entry: copy, day: try await changedDay(of: viewer.userID, date: date, window: window, in: database))
    }

    static func delete(_ input: DeleteDiaryEntryInput, _ scope: MutationScope) async throws -> DeleteDiaryEntryPayload {
        let viewer = try scope.requireViewer()
        let database = scope.transaction
        guard let date = try await DiaryEntryStore.delete(id: input.entryId.key, userID: viewer.userID, in: database) else {
            return DeleteDiaryEntryPayload(failing: [UserError("entryId", "No such entry.", code: .notFound)])
        }
        let window = try await DiaryCalendar.window(for: viewer.userID, in: database)
        return DeleteDiaryEntryPayload(
            deleted: GlobalID(typeName: DiaryEntryRecord.graphQLTypeName, key: input.entryId.key),
            day: try await changedDay(of: viewer.userID, date: date, window: window, in: database))
    }

    // MARK: - Parts

    /// The product (an active one, through Catalog's `ProductRecord`) or the custom food.
    private static func food(_ input: DiaryFoodInput, in database: some PostgresQuerying) async throws -> Result<DiaryRules.Food, DiaryRules.Problems> {
        switch (input.productId, input.customFood) {
        case (let id?, nil):
            guard let product = try await ProductRecord.load([id.key], from: database)[id.key], product.status == "active" else {
                return .failure(DiaryRules.Problems([UserError(field: ["food", "productId"], message: "No such product.", code: .notFound)]))
            }
            return .success(
                DiaryRules.Food(
                    productID: product.id, name: product.name, per100: product.nutrition, servingGrams: product.servingGrams, pieceGrams: nil))
        case (nil, let custom?):
            return DiaryRules.customFood(custom)
        default:
            // The schema's @oneOf refuses this before it gets here.
            return .failure(DiaryRules.Problems([UserError(field: ["food"], message: "Choose a product or describe a food.", code: .required)]))
        }
    }

    /// The day a write changed, read in its transaction; Rivals' daily figures follow it (one
    /// statement, written only for members of a rival group).
    private static func changedDay(
        of userID: Int64, date: LocalDate, window: DiaryDateWindow, in transaction: PostgresTransaction
    ) async throws -> DiaryDay {
        let day = try await DiaryCalendar.day(of: userID, date: date, window: window, in: transaction)
        try await RivalScores.dayChanged(day, in: transaction)
        return day
    }

    private static func withProductMeasures(_ food: DiaryRules.Food, in database: some PostgresQuerying) async throws -> DiaryRules.Food {
        guard let productID = food.productID, let product = try await ProductRecord.load([productID], from: database)[productID]
        else { return food }
        var food = food
        food.servingGrams = product.servingGrams
        return food
    }
}

extension Result where Failure == DiaryRules.Problems {
    /// The user errors of a failed rule; none when it passed.
    var problems: [UserError] {
        if case .failure(let problems) = self { return problems.errors }
        return []
    }
}
