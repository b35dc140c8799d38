import Foundation
import GraphQLEngine
import Postgres

/// Cooking with the pantry (Kitchen Keeper: "recipes from the pantry", "cooking deducts the
/// pantry"): what a recipe needs of the viewer's pantry, what the pantry lacks, and the deduction
/// and its undo. The pantry is read and changed only through the Kitchen area's Swift API
/// (`PantryStore.availability`, `consume`, `undo`).
///
/// Which ingredients count: those with a catalog product and an amount. Free-text foods without a
/// product, amounts "to taste" and negligible foods (water, ice) are not checked. An amount is
/// compared in the pantry's units: mass in grams, volume in millilitres (1 g = 1 ml, as the pantry
/// adds them up), counts by the weight of a piece (as pieces when that is unknown); the pantry's
/// pieces of a packaged product count as its package size.
enum RecipeCooking {
    /// One ingredient's need of the pantry, scaled to the servings cooked.
    struct Need: Sendable {
        var product: ProductRecord
        var food: String
        var quantity: Double
        var unit: QuantityUnit
    }

    /// What one ingredient needs of the pantry for the recipe's own servings, in the pantry's
    /// unit; nil when it is not counted. Stored per ingredient (`recipe_ingredients.pantry_need`)
    /// for `RecipeFilter.fromPantry`.
    struct PantryNeed: Equatable, Sendable {
        var quantity: Double
        var unit: QuantityUnit
    }

    static func pantryNeed(of facts: IngredientFacts) -> PantryNeed? {
        guard facts.product != nil, let unit = facts.unit, let quantity = facts.amount, !FoodClassifier.isNegligible(facts.food)
        else { return nil }
        let amount = RecipeFigures.amount(of: facts)
        let need: PantryNeed?
        switch RecipeUnits.kind(of: unit) {
        case .count where amount.grams == nil:
            need = PantryNeed(quantity: quantity, unit: .piece)
        case .count, .mass:
            need = amount.grams.map { PantryNeed(quantity: $0, unit: .gram) }
        case .volume:
            need = amount.millilitres.map { PantryNeed(quantity: $0, unit: .millilitre) }
        }
        guard let need, need.quantity > 0 else { return nil }
        return need
    }

    /// The needs of a recipe's ingredients for `servings` (the recipe's own servings scale 1:1).
    static func needs(
        _ ingredients: [RecipeIngredientRecord], products: [Int64: ProductRecord], recipeServings: Int, servings: Int
    ) -> [Need] {
        let scale = Double(servings) / Double(max(recipeServings, 1))
        var needs: [Need] = []
        for ingredient in ingredients {
            guard let productID = ingredient.productID, let product = products[productID], ingredient.quantity != nil,
                let need = pantryNeed(of: ingredient.facts(product))
            else { continue }
            needs.append(Need(product: product, food: ingredient.food, quantity: round(need.quantity * scale), unit: need.unit))
        }
        return needs
    }

    /// What the pantry (`available`: by product, by unit) lacks of `needs`, taking each need from
    /// what is left after the ones before it (an ingredient listed twice needs both amounts).
    static func missing(_ needs: [Need], available: [Int64: [QuantityUnit: Double]]) -> [MissingIngredient] {
        var left = available
        var missing: [MissingIngredient] = []
        for need in needs {
            let amounts = left[need.product.id] ?? [:]
            let have = PantryAmounts.total(amounts, in: need.unit, packageSize: need.product.packageSize)
            let used = min(have, need.quantity)
            left[need.product.id] = taking(used, in: need.unit, from: amounts, packageSize: need.product.packageSize).left
            if need.quantity - have > 1e-6 {
                missing.append(
                    MissingIngredient(
                        product: need.product, food: need.food, quantity: round(need.quantity - have), unit: need.unit,
                        needed: need.quantity, available: round(have)))
            }
        }
        return missing
    }

    /// Takes `quantity` (in `unit`) from amounts by unit: the same unit first, then grams and
    /// millilitres, then pieces. Returns what each unit gives (in its own unit) and what is left.
    static func taking(_ quantity: Double, in unit: QuantityUnit, from amounts: [QuantityUnit: Double], packageSize: Quantity?)
        -> (taken: [(QuantityUnit, Double)], left: [QuantityUnit: Double])
    {
        var left = amounts
        var remaining = quantity
        var taken: [(QuantityUnit, Double)] = []
        for from in [unit] + [QuantityUnit.gram, .millilitre, .piece].filter({ $0 != unit }) where remaining > 1e-9 {
            guard let have = left[from], have > 0,
                let wanted = PantryAmounts.convert(remaining, from: unit, to: from, packageSize: packageSize)
            else { continue }
            let take = min(have, wanted)
            guard take > 1e-9 else { continue }
            taken.append((from, take))
            left[from] = have - take
            remaining -= PantryAmounts.convert(take, from: from, to: unit, packageSize: packageSize) ?? 0
        }
        return (taken, left)
    }

    static func round(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

    /// What the user's pantry lacks for each recipe at `servings` (nil: each recipe's own), in
    /// three statements for any number of recipes: ingredients, products, pantry amounts.
    static func missing(
        for recipes: [(id: Int64, servings: Int)], servings: Int?, userID: Int64, in database: some PostgresQuerying
    ) async throws -> [Int64: [MissingIngredient]] {
        let ingredients = try await RecipeStore.ingredients(of: recipes.map(\.id), from: database)
        let productIDs = Array(Set(ingredients.values.flatMap { $0.compactMap(\.productID) })).sorted()
        let products = productIDs.isEmpty ? [:] : try await ProductStore.load(productIDs, from: database)
        let available = products.isEmpty ? [:] : try await PantryStore.availability(of: Array(products.keys), for: userID, in: database)
        var result: [Int64: [MissingIngredient]] = [:]
        for recipe in recipes {
            // Without `servings`, the recipe's own: a scale of 1.
            let needs = needs(
                ingredients[recipe.id] ?? [], products: products, recipeServings: recipe.servings, servings: servings ?? recipe.servings)
            result[recipe.id] = missing(needs, available: available)
        }
        return result
    }

    // MARK: - Bindings

    static func bind(_ binder: inout SchemaBinder) {
        binder.object(RecipeRecord.self) { recipe in
            recipe.field(
                "missingIngredients", arguments: MissingIngredientsArguments.self,
                prepare: { arguments, context in
                    context.viewer.map { context.recipes.missingIngredients(of: $0.userID, servings: arguments.servings) }
                },
                resolve: { recipe, missing in missing.map { Resolved<[MissingIngredient]?>(unchecked: $0.load(recipe.id)) } ?? .null })
        }
        binder.object(MissingIngredient.self) { missing in
            missing.field("product") { $0.product }
            missing.field("food") { $0.food }
            missing.field("quantity") { $0.quantity }
            missing.field("unit") { $0.unit }
            missing.field("needed") { $0.needed }
            missing.field("available") { $0.available }
        }
        binder.object(CookRecipePayload.self) { payload in
            payload.field("recipe") { $0.recipe }
            payload.field("servings") { $0.servings }
            payload.field("cookingId") { $0.cookingID }
            payload.field("movements") { $0.movements }
            payload.field("missingIngredients") { $0.missingIngredients }
            payload.field("diaryEntry") { $0.diaryEntry }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(UndoCookingPayload.self) { payload in
            payload.field("movements") { $0.movements }
            payload.field("removedDiaryEntryId") { $0.removedDiaryEntryID }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(MissingToOrderPayload.self) { payload in
            payload.field("order") { $0.order }
            payload.field("addedIngredients") { $0.added }
            payload.field("unavailableIngredients") { $0.unavailable }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.mutation("addMissingIngredientsToDraftOrder", input: MissingToOrderInput.self, access: .signedIn, orderMissing)
        binder.mutation("cookRecipe", input: CookRecipeInput.self, access: .signedIn, cook)
        binder.mutation("undoCooking", input: UndoCookingInput.self, access: .signedIn, undo)
    }

    /// `cookRecipe`: deducts what the pantry holds of each ingredient (oldest expiry first), all in
    /// one movement group; reports what it lacks (or, `strict`, refuses and changes nothing).
    @Sendable static func cook(_ input: CookRecipeInput, _ scope: MutationScope) async throws -> CookRecipePayload {
        let viewer = try scope.requireViewer()
        let id = input.recipeId.key
        guard let recipe = try await RecipeStore.load([id], from: scope.transaction)[id], recipe.isVisible(to: viewer) else {
            return CookRecipePayload(failing: [UserError("recipeId", "No such recipe.", code: .notFound)])
        }
        let servings = input.servings ?? recipe.servings
        let ingredients = try await RecipeStore.ingredients(of: [id], from: scope.transaction)[id] ?? []
        let products = try await ProductStore.load(Array(Set(ingredients.compactMap(\.productID))), from: scope.transaction)
        let needs = needs(ingredients, products: products, recipeServings: recipe.servings, servings: servings)
        var available = try await PantryStore.availability(
            of: Array(Set(needs.map(\.product.id))), for: viewer.userID, in: scope.transaction)
        let missing = missing(needs, available: available)
        if input.strict && !missing.isEmpty {
            let names = missing.map(\.food).joined(separator: ", ")
            return CookRecipePayload(failing: [UserError("strict", "The pantry lacks some ingredients: \(names).", code: .invalidState)])
        }
        // The diary first: refused there, nothing has been written.
        var diaryEntry: DiaryEntryRecord?
        if let meal = input.logMeal {
            switch try await RecipeCookedMeals.log(
                recipe, ingredients: ingredients, products: products, servings: servings, meal: meal, date: input.logDate, scope)
            {
            case .logged(let entry): diaryEntry = entry
            case .refused(let errors): return CookRecipePayload(failing: errors)
            }
        }
        var movements: [PantryMovementRecord] = []
        var group: Int64?
        for need in needs {
            let (taken, left) = taking(
                need.quantity, in: need.unit, from: available[need.product.id] ?? [:], packageSize: need.product.packageSize)
            available[need.product.id] = left
            for (unit, quantity) in taken {
                guard
                    let consumed = try await PantryStore.consume(
                        productID: need.product.id, food: nil, quantity: quantity, unit: unit, for: viewer.userID, group: group,
                        in: scope.transaction)
                else { continue }
                group = group ?? consumed.first?.groupID
                movements += consumed
            }
        }
        if let group, let diaryEntry {
            try await RecipeStore.linkCookedMeal(group: group, entryID: diaryEntry.id, userID: viewer.userID, in: scope.transaction)
        }
        var payload = CookRecipePayload(
            recipe: recipe, servings: servings, cookingID: group.map { GlobalID(typeName: PantryMovementRecord.graphQLTypeName, key: $0) },
            movements: movements, missingIngredients: missing)
        payload.diaryEntry = diaryEntry
        return payload
    }

    /// Whole packages that cover a missing amount: the amount over the package size (grams and
    /// millilitres 1:1), pieces as packages (as the pantry counts them); one package when the size
    /// is unknown or counted in pieces; at most 99.
    static func packages(for missing: MissingIngredient) -> Int {
        let count: Double
        if missing.unit == .piece {
            count = missing.quantity
        } else if let size = missing.product.packageSize, size.unit != .piece, size.value > 0 {
            count = missing.quantity / size.value
        } else {
            count = 1
        }
        return min(max(Int((count - 1e-9).rounded(.up)), 1), 99)
    }

    /// `addMissingIngredientsToDraftOrder`: what the pantry lacks for the servings, in whole
    /// packages, added to the cart through the kitchen's Swift API; what the cart's chain does not
    /// offer (or has too little of) is reported and left out.
    @Sendable static func orderMissing(_ input: MissingToOrderInput, _ scope: MutationScope) async throws -> MissingToOrderPayload {
        let viewer = try scope.requireViewer()
        let id = input.recipeId.key
        guard let recipe = try await RecipeStore.load([id], from: scope.transaction)[id], recipe.isVisible(to: viewer) else {
            return MissingToOrderPayload(failing: [UserError("recipeId", "No such recipe.", code: .notFound)])
        }
        let missing = try await missing(
            for: [(recipe.id, recipe.servings)], servings: input.servings ?? recipe.servings, userID: viewer.userID, in: scope.transaction)[id] ?? []
        var payload = MissingToOrderPayload()
        for item in missing {
            let (order, errors) = try await KitchenMutations.addToDraft(
                item.product.id, quantity: packages(for: item), for: viewer.userID, in: scope.transaction)
            if let order {
                payload.order = order
                payload.added.append(item)
            } else if errors.isEmpty == false {
                payload.unavailable.append(item)
            }
        }
        if payload.order == nil, let draft = try await OrderStore.lockDraft(of: viewer.userID, in: scope.transaction) { payload.order = draft }
        return payload
    }

    /// `undoCooking`: the kitchen's undo of the cooking's movement group, which restores every lot exactly.
    @Sendable static func undo(_ input: UndoCookingInput, _ scope: MutationScope) async throws -> UndoCookingPayload {
        let viewer = try scope.requireViewer()
        let id = input.cookingId.key
        guard let movement = try await PantryStore.movements([id], from: scope.transaction)[id], movement.userID == viewer.userID,
            movement.kind == .consume, movement.groupID == movement.id
        else {
            return UndoCookingPayload(failing: [UserError("cookingId", "No such cooking.", code: .notFound)])
        }
        guard let undos = try await PantryStore.undo(id, of: viewer.userID, in: scope.transaction) else {
            return UndoCookingPayload(failing: [UserError("cookingId", "This cooking was undone already.", code: .invalidState)])
        }
        var payload = UndoCookingPayload(movements: undos)
        if let entryID = try await RecipeStore.unlinkCookedMeal(group: id, userID: viewer.userID, in: scope.transaction) {
            let deleted = try await DiaryEntryMutations.delete(DeleteDiaryEntryInput(entryId: NodeID(key: entryID)), scope)
            payload.removedDiaryEntryID = deleted.deletedEntryId
        }
        return payload
    }
}

/// Schema type `MissingIngredient`.
struct MissingIngredient: ObjectValue {
    static let graphQLTypeName = "MissingIngredient"
    var product: ProductRecord
    var food: String
    /// What the pantry lacks, in `unit`.
    var quantity: Double
    var unit: QuantityUnit
    var needed: Double
    var available: Double
}

struct MissingIngredientsArguments: Decodable, Sendable {
    var servings: Int?

    private enum Keys: String, CodingKey { case servings }

    init(from decoder: any Decoder) throws {
        do {
            servings = try RecipeInput(decoder, keyedBy: Keys.self).int(.servings, RecipeBounds.servings)
        } catch let error as InputError { throw error.asArgumentError }
    }
}

/// `CookRecipeInput`.
struct CookRecipeInput: Decodable, Sendable {
    var recipeId: NodeID<RecipeRecord>
    var servings: Int?
    var strict: Bool
    var logMeal: Meal?
    var logDate: LocalDate?

    private enum Keys: String, CodingKey { case recipeId, servings, strict, logMeal, logDate }

    init(from decoder: any Decoder) throws {
        let input = try RecipeInput(decoder, keyedBy: Keys.self)
        recipeId = try input.decode(NodeID<RecipeRecord>.self, .recipeId)
        servings = try input.int(.servings, RecipeBounds.servings)
        strict = try input.decodeIfPresent(Bool.self, .strict) ?? false
        logMeal = try input.decodeIfPresent(Meal.self, .logMeal)
        logDate = try input.decodeIfPresent(LocalDate.self, .logDate)
        if logDate != nil && logMeal == nil { try input.refuse(.logDate, "Give logMeal to log the cooking to your diary.", code: .required) }
    }
}

/// `AddMissingIngredientsToDraftOrderInput`.
struct MissingToOrderInput: Decodable, Sendable {
    var recipeId: NodeID<RecipeRecord>
    var servings: Int?

    private enum Keys: String, CodingKey { case recipeId, servings }

    init(from decoder: any Decoder) throws {
        let input = try RecipeInput(decoder, keyedBy: Keys.self)
        recipeId = try input.decode(NodeID<RecipeRecord>.self, .recipeId)
        servings = try input.int(.servings, RecipeBounds.servings)
    }
}

struct MissingToOrderPayload: MutationPayload {
    static let graphQLTypeName = "AddMissingIngredientsToDraftOrderPayload"
    var order: OrderRecord?
    var added: [MissingIngredient] = []
    var unavailable: [MissingIngredient] = []
    var userErrors: [UserError] = []
    init() {}
    init(failing errors: [UserError]) { userErrors = errors }
}

/// `UndoCookingInput`.
struct UndoCookingInput: Decodable, Sendable {
    var cookingId: NodeID<PantryMovementRecord>
}

struct CookRecipePayload: MutationPayload {
    static let graphQLTypeName = "CookRecipePayload"
    var recipe: RecipeRecord?
    var servings: Int?
    var cookingID: GlobalID?
    var movements: [PantryMovementRecord] = []
    var missingIngredients: [MissingIngredient] = []
    var diaryEntry: DiaryEntryRecord?
    var userErrors: [UserError] = []

    init(
        recipe: RecipeRecord, servings: Int, cookingID: GlobalID?, movements: [PantryMovementRecord], missingIngredients: [MissingIngredient]
    ) {
        self.recipe = recipe
        self.servings = servings
        self.cookingID = cookingID
        self.movements = movements
        self.missingIngredients = missingIngredients
    }
    init(failing errors: [UserError]) { userErrors = errors }
}

struct UndoCookingPayload: MutationPayload {
    static let graphQLTypeName = "UndoCookingPayload"
    var movements: [PantryMovementRecord] = []
    var removedDiaryEntryID: GlobalID?
    var userErrors: [UserError] = []
    init(movements: [PantryMovementRecord]) { self.movements = movements }
    init(failing errors: [UserError]) { userErrors = errors }
}

extension RecipesLoaders {
    /// What the user's pantry lacks for each recipe of a level, at `servings` (nil: the recipe's
    /// own). Three statements for the level (a fourth, the recipes' servings, when `servings` is given).
    func missingIngredients(of userID: Int64, servings: Int?) -> DataLoader<Int64, [MissingIngredient]> {
        let database = context.database
        return context.loader("recipes.missingIngredients|\(userID)|\(servings ?? 0)") { ids in
            var recipes = ids.map { (id: $0, servings: 1) }
            if let servings {
                let loaded = try await RecipeStore.load(ids, from: database)
                recipes = ids.map { (id: $0, servings: loaded[$0]?.servings ?? servings) }
            }
            return try await RecipeCooking.missing(for: recipes, servings: servings, userID: userID, in: database)
        }
    }
}
