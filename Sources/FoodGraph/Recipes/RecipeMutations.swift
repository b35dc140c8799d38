import Foundation
import GraphQLEngine
import Postgres

struct RecipePayload: MutationPayload {
    static let graphQLTypeName = "RecipePayload"
    var recipe: RecipeRecord?
    var userErrors: [UserError] = []

    init(recipe: RecipeRecord?) { self.recipe = recipe }
    init(failing errors: [UserError]) { userErrors = errors }
}

struct DeleteRecipePayload: MutationPayload {
    static let graphQLTypeName = "DeleteRecipePayload"
    var deletedRecipeId: GlobalID?
    var userErrors: [UserError] = []

    init(deleted id: Int64) { deletedRecipeId = GlobalID(typeName: "Recipe", key: id) }
    init(failing errors: [UserError]) { userErrors = errors }
}

struct SetFavoriteFoodsPayload: MutationPayload {
    static let graphQLTypeName = "SetFavoriteFoodsPayload"
    var favoriteFoods: [ProductRecord]?
    var userErrors: [UserError] = []

    init(favoriteFoods: [ProductRecord]) { self.favoriteFoods = favoriteFoods }
    init(failing errors: [UserError]) { userErrors = errors }
}

/// User errors carried in a `Result`.
struct UserErrors: Error {
    var errors: [UserError]
    init(_ errors: [UserError]) { self.errors = errors }
}

/// An ingredient ready to store: its row, and the product its figures use.
struct ResolvedIngredient: Sendable {
    var row: RecipeStore.NewIngredient
    var product: ProductRecord?

    var facts: IngredientFacts {
        IngredientFacts(
            quantity: row.quantity, quantityMax: row.quantityMax, unit: row.unit, pieceName: row.pieceName, food: row.food,
            product: product.map(ProductFacts.init), note: row.note)
    }
}

/// Writing recipes: create, update, delete, import, favourites, moderation, favourite foods. The
/// reads a write needs first (products, matching free-text foods, parsing an import) run in each
/// mutation's preparation, before its transaction opens; the writes run in the transaction.
enum RecipeMutations {
    static func bind(_ binder: inout SchemaBinder) {
        binder.mutation("createRecipe", input: CreateRecipeInput.self, access: .signedIn, prepare: prepareCreate, create)
        binder.mutation("updateRecipe", input: UpdateRecipeInput.self, access: .signedIn, prepare: prepareUpdate, update)
        binder.mutation("deleteRecipe", input: DeleteRecipeInput.self, access: .signedIn, delete)
        binder.mutation("setRecipeFavorite", input: SetRecipeFavoriteInput.self, access: .signedIn, setFavorite)
        binder.mutation("moderateRecipe", input: ModerateRecipeInput.self, access: .roles([.administrator]), moderate)
        binder.mutation("importRecipe", input: ImportRecipeInput.self, access: .signedIn, prepare: prepareImport, create)
        binder.mutation("setFavoriteFoods", input: SetFavoriteFoodsInput.self, access: .signedIn, setFavoriteFoods)
        binder.object(RecipePayload.self) { payload in
            payload.field("recipe") { $0.recipe }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(DeleteRecipePayload.self) { payload in
            payload.field("deletedRecipeId") { $0.deletedRecipeId }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(SetFavoriteFoodsPayload.self) { payload in
            payload.field("favoriteFoods") { $0.favoriteFoods }
            payload.field("userErrors") { $0.userErrors }
        }
    }

    // MARK: - Ingredients

    /// Products given by id (active ones only) and free-text foods matched to the catalog; a user
    /// error names each ingredient whose product does not exist.
    static func resolve(
        _ inputs: [RecipeIngredientInput], field: String, in database: some PostgresQuerying
    ) async throws -> Result<[ResolvedIngredient], UserErrors> {
        let given = try await ProductStore.load(inputs.compactMap(\.productID), from: database)
        let toMatch = inputs.filter { $0.productID == nil && $0.matchProduct }.compactMap(\.food)
        let matches = try await ProductMatcher.match(toMatch, in: database)
        var errors: [UserError] = []
        var resolved: [ResolvedIngredient] = []
        for (index, input) in inputs.enumerated() {
            var product: ProductRecord?
            var confidence: Double?
            if let productID = input.productID {
                guard let found = given[productID], found.isActive else {
                    errors.append(UserError(field: [field, String(index), "productId"], message: "No such product.", code: .notFound))
                    continue
                }
                product = found
                confidence = 1
            } else if input.matchProduct, let food = input.food, let match = matches[food] {
                product = match.product
                confidence = match.confidence
            }
            let food = input.food ?? product?.name ?? ""
            resolved.append(
                ResolvedIngredient(
                    row: RecipeStore.NewIngredient(
                        productID: product?.id, food: String(food.prefix(200)), quantity: input.quantity, quantityMax: input.quantityMax,
                        unit: input.unit, pieceName: input.pieceName, note: input.note, matchConfidence: confidence),
                    product: product))
        }
        return errors.isEmpty ? .success(resolved) : .failure(UserErrors(errors))
    }

    static func traits(
        _ ingredients: [ResolvedIngredient], servings: Int, cookMinutes: Int, appliances: [KitchenAppliance]
    ) -> RecipeTraits {
        RecipeTraits(ingredients: ingredients.map(\.facts), servings: servings, cookMinutes: cookMinutes, appliances: appliances)
    }

    /// A stored recipe's traits from its stored ingredients and their products as they are now.
    static func storedTraits(of recipe: RecipeRecord, in database: some PostgresQuerying) async throws -> RecipeTraits {
        try await storedTraits(of: [recipe], in: database)[recipe.id]!
    }

    /// The same for many recipes: one statement for the ingredients, one for the products.
    static func storedTraits(of recipes: [RecipeRecord], in database: some PostgresQuerying) async throws -> [Int64: RecipeTraits] {
        let ingredients = try await RecipeStore.ingredients(of: recipes.map(\.id), from: database)
        let productIDs = Array(Set(ingredients.values.flatMap { $0.compactMap(\.productID) }))
        let products = productIDs.isEmpty ? [:] : try await ProductStore.load(productIDs, from: database)
        var traits: [Int64: RecipeTraits] = [:]
        for recipe in recipes {
            let facts = (ingredients[recipe.id] ?? []).map { $0.facts($0.productID.flatMap { products[$0] }) }
            traits[recipe.id] = RecipeTraits(
                ingredients: facts, servings: recipe.servings, cookMinutes: recipe.cookMinutes, appliances: recipe.appliances)
        }
        return traits
    }

    // MARK: - Images

    static let maximumImageBytes = 2 * 1024 * 1024
    static let imageSides = 200...4000

    /// The image's format and size, read from its bytes: a PNG, JPEG or WebP of at most 2 MB,
    /// 200×200 to 4000×4000 pixels.
    static func checkImage(_ bytes: [UInt8]) -> Result<ImageInfo, UserErrors> {
        guard bytes.count <= maximumImageBytes else { return .failure(UserErrors([UserError("image", "The image is larger than 2 MB.", code: .tooLong)])) }
        guard let info = ImageInfo(bytes) else {
            return .failure(UserErrors([UserError("image", "Upload a PNG, JPEG or WebP image.", code: .unsupportedImageType)]))
        }
        guard imageSides.contains(info.width), imageSides.contains(info.height) else {
            return .failure(
                UserErrors([
                    UserError(
                        "image", "The image is \(info.width)×\(info.height) pixels; a recipe image is 200 to 4000 pixels a side.",
                        code: .invalidImageDimensions)
                ]))
        }
        return .success(info)
    }

    // MARK: - Create and import

    /// What `create` stores, checked before the transaction.
    struct Draft: Sendable {
        var recipe: RecipeStore.NewRecipe
        var ingredients: [ResolvedIngredient]
        var image: (bytes: [UInt8], info: ImageInfo)?
    }

    static func status(for visibility: RecipeVisibility, viewer: Viewer) -> RecipeModerationStatus {
        switch visibility {
        case .private: .notRequired
        case .public: viewer.isAdministrator ? .approved : .pending
        }
    }

    @Sendable static func prepareCreate(_ input: CreateRecipeInput, _ context: RequestContext) async throws -> Preparation<Draft, RecipePayload> {
        let viewer = try context.requireViewer()
        var image: (bytes: [UInt8], info: ImageInfo)?
        if let bytes = input.image?.bytes {
            switch checkImage(bytes) {
            case .success(let info): image = (bytes, info)
            case .failure(let problem): return .answer(RecipePayload(failing: problem.errors))
            }
        }
        switch try await resolve(input.ingredients, field: "ingredients", in: context.database) {
        case .failure(let problem): return .answer(RecipePayload(failing: problem.errors))
        case .success(let ingredients):
            let recipe = RecipeStore.NewRecipe(
                authorID: viewer.userID, title: input.title, description: input.description, steps: input.steps, servings: input.servings,
                prepMinutes: input.prepMinutes, cookMinutes: input.cookMinutes, dishType: input.dishType, categories: input.categories,
                appliances: input.appliances, mealTimes: input.mealTimes, visibility: input.visibility,
                moderationStatus: status(for: input.visibility, viewer: viewer))
            return .proceed(Draft(recipe: recipe, ingredients: ingredients, image: image))
        }
    }

    @Sendable static func prepareImport(_ input: ImportRecipeInput, _ context: RequestContext) async throws -> Preparation<Draft, RecipePayload> {
        let viewer = try context.requireViewer()
        let imported: ImportedRecipe
        do {
            switch input.source {
            case .text(let text): imported = try RecipeImport.fromText(text)
            case .jsonLD(let json): imported = try RecipeImport.fromJSONLD(json)
            }
        } catch let problem as ImportProblem {
            let field: String = if case .text = input.source { "text" } else { "jsonLd" }
            return .answer(RecipePayload(failing: [UserError(field, problem.message, code: .invalidFormat)]))
        }
        let inputs = imported.ingredientLines.compactMap { line -> RecipeIngredientInput? in
            let parsed = IngredientLineParser.parse(line)
            let food = RecipeImport.clip(parsed.food, 200)
            guard !food.isEmpty else { return nil }
            var quantity = parsed.quantity.map { min($0, 100_000) }
            var quantityMax = parsed.quantityMax.map { min($0, 100_000) }
            if let q = quantity, q <= 0 { quantity = nil }
            if let q = quantity, let m = quantityMax, m <= q { quantityMax = nil }
            return RecipeIngredientInput(
                food: food, quantity: quantity, quantityMax: quantity == nil ? nil : quantityMax, unit: quantity == nil ? nil : parsed.unit,
                pieceName: parsed.pieceName.map { RecipeImport.clip($0, 50) }, note: parsed.note.map { RecipeImport.clip($0, 500) })
        }
        guard !inputs.isEmpty else {
            return .answer(RecipePayload(failing: [UserError(field: nil, message: "No ingredient could be read.", code: .invalidFormat)]))
        }
        switch try await resolve(inputs, field: "ingredients", in: context.database) {
        case .failure(let problem): return .answer(RecipePayload(failing: problem.errors))
        case .success(let ingredients):
            let steps = imported.steps.map { RecipeImport.clip($0, 2000) }
            let recipe = RecipeStore.NewRecipe(
                authorID: viewer.userID, title: imported.title, description: imported.description, steps: steps,
                servings: imported.servings, prepMinutes: imported.prepMinutes, cookMinutes: imported.cookMinutes,
                dishType: imported.dishType, categories: [], appliances: [], mealTimes: [], visibility: .private,
                moderationStatus: .notRequired)
            return .proceed(Draft(recipe: recipe, ingredients: ingredients, image: nil))
        }
    }

    @Sendable static func create(_ draft: Draft, _ scope: MutationScope) async throws -> RecipePayload {
        var recipe = draft.recipe
        if let image = draft.image, let owner = recipe.authorID {
            recipe.imageID = try await RecipeStore.insertImage(image.bytes, image.info, owner: owner, in: scope.transaction)
        }
        let id = try await RecipeStore.insert(recipe, in: scope.transaction)
        try await RecipeStore.replaceIngredients(of: id, with: draft.ingredients.map(\.row), in: scope.transaction)
        let traits = traits(draft.ingredients, servings: recipe.servings, cookMinutes: recipe.cookMinutes, appliances: recipe.appliances)
        try await RecipeStore.setTraits(traits, of: id, in: scope.transaction)
        return RecipePayload(recipe: try await RecipeStore.load([id], from: scope.transaction)[id])
    }

    // MARK: - Update and delete

    struct Patch: Sendable {
        var input: UpdateRecipeInput
        var ingredients: [ResolvedIngredient]?
        var image: (bytes: [UInt8], info: ImageInfo)?
    }

    @Sendable static func prepareUpdate(_ input: UpdateRecipeInput, _ context: RequestContext) async throws -> Preparation<Patch, RecipePayload> {
        var patch = Patch(input: input)
        if let bytes = input.image??.bytes {
            switch checkImage(bytes) {
            case .success(let info): patch.image = (bytes, info)
            case .failure(let problem): return .answer(RecipePayload(failing: problem.errors))
            }
        }
        if let ingredients = input.ingredients {
            switch try await resolve(ingredients, field: "ingredients", in: context.database) {
            case .failure(let problem): return .answer(RecipePayload(failing: problem.errors))
            case .success(let resolved): patch.ingredients = resolved
            }
        }
        return .proceed(patch)
    }

    /// The recipe the viewer may change: their own, or (administrators) any public one. One they
    /// cannot see is not found; one they see but may not change is `FORBIDDEN`.
    static func editable(_ recipeID: Int64, field: String, _ scope: MutationScope) async throws -> Result<RecipeRecord, UserErrors> {
        let viewer = try scope.requireViewer()
        guard let recipe = try await RecipeStore.load([recipeID], from: scope.transaction)[recipeID], recipe.isVisible(to: viewer) else {
            return .failure(UserErrors([UserError(field, "No such recipe.", code: .notFound)]))
        }
        guard recipe.isOwn(by: viewer) || (viewer.isAdministrator && recipe.visibility == .public) else {
            throw DomainError.forbidden("Only the recipe's author can change it.")
        }
        return .success(recipe)
    }

    @Sendable static func update(_ patch: Patch, _ scope: MutationScope) async throws -> RecipePayload {
        let viewer = try scope.requireViewer()
        let input = patch.input
        let recipe: RecipeRecord
        switch try await editable(input.recipeID, field: "recipeId", scope) {
        case .failure(let problem): return RecipePayload(failing: problem.errors)
        case .success(let found): recipe = found
        }
        var change = RecipeStore.Change(
            title: input.title, description: input.description, steps: input.steps, servings: input.servings, prepMinutes: input.prepMinutes,
            cookMinutes: input.cookMinutes, dishType: input.dishType, categories: input.categories, appliances: input.appliances,
            mealTimes: input.mealTimes, visibility: input.visibility)
        // Moderation: a recipe made private needs none; one made public, or a public one its
        // (non-administrator) author changes, waits for approval again.
        let visibility = input.visibility ?? recipe.visibility
        if visibility == .private {
            if recipe.moderationStatus != .notRequired { change.moderationStatus = .notRequired }
        } else if recipe.isOwn(by: viewer) {
            let target = status(for: .public, viewer: viewer)
            if recipe.visibility == .private || target == .approved || recipe.moderationStatus != .pending {
                change.moderationStatus = target
            }
        }
        var oldImage: Int64?
        if let image = patch.image {
            change.imageID = .some(try await RecipeStore.insertImage(image.bytes, image.info, owner: viewer.userID, in: scope.transaction))
            oldImage = recipe.imageID
        } else if case .some(.none) = input.image {
            change.imageID = .some(nil)
            oldImage = recipe.imageID
        }
        try await RecipeStore.update(recipe.id, change, in: scope.transaction)
        if let oldImage { try await RecipeStore.deleteImage(oldImage, in: scope.transaction) }
        if let ingredients = patch.ingredients {
            try await RecipeStore.replaceIngredients(of: recipe.id, with: ingredients.map(\.row), in: scope.transaction)
        }
        guard let updated = try await RecipeStore.load([recipe.id], from: scope.transaction)[recipe.id] else {
            return RecipePayload(failing: [UserError("recipeId", "No such recipe.", code: .notFound)])
        }
        try await RecipeStore.setTraits(try await storedTraits(of: updated, in: scope.transaction), of: updated.id, in: scope.transaction)
        return RecipePayload(recipe: try await RecipeStore.load([recipe.id], from: scope.transaction)[recipe.id])
    }

    @Sendable static func delete(_ input: DeleteRecipeInput, _ scope: MutationScope) async throws -> DeleteRecipePayload {
        switch try await editable(input.recipeId.key, field: "recipeId", scope) {
        case .failure(let problem): return DeleteRecipePayload(failing: problem.errors)
        case .success(let recipe):
            try await RecipeStore.delete(recipe.id, in: scope.transaction)
            return DeleteRecipePayload(deleted: recipe.id)
        }
    }

    // MARK: - Favourites and moderation

    @Sendable static func setFavorite(_ input: SetRecipeFavoriteInput, _ scope: MutationScope) async throws -> RecipePayload {
        let viewer = try scope.requireViewer()
        let id = input.recipeId.key
        guard let recipe = try await RecipeStore.load([id], from: scope.transaction)[id], recipe.isVisible(to: viewer) else {
            return RecipePayload(failing: [UserError("recipeId", "No such recipe.", code: .notFound)])
        }
        try await RecipeStore.setFavorite(input.favorite, recipeID: id, userID: viewer.userID, in: scope.transaction)
        return RecipePayload(recipe: recipe)
    }

    @Sendable static func moderate(_ input: ModerateRecipeInput, _ scope: MutationScope) async throws -> RecipePayload {
        let viewer = try scope.requireViewer()
        let status: RecipeModerationStatus = input.decision == .approve ? .approved : .rejected
        guard
            try await RecipeStore.moderate(
                input.recipeID, status: status, note: input.reason, moderator: viewer.userID,
                in: scope.transaction)
        else {
            return RecipePayload(failing: [UserError("recipeId", "No recipe waits for moderation with this ID.", code: .invalidState)])
        }
        return RecipePayload(recipe: try await RecipeStore.load([input.recipeID], from: scope.transaction)[input.recipeID])
    }

    @Sendable static func setFavoriteFoods(_ input: SetFavoriteFoodsInput, _ scope: MutationScope) async throws -> SetFavoriteFoodsPayload {
        let viewer = try scope.requireViewer()
        let products = try await ProductStore.load(input.productIDs, from: scope.transaction)
        var errors: [UserError] = []
        for (index, id) in input.productIDs.enumerated() where products[id]?.isActive != true {
            errors.append(UserError(field: ["productIds", String(index)], message: "No such product.", code: .notFound))
        }
        if !errors.isEmpty { return SetFavoriteFoodsPayload(failing: errors) }
        try await RecipeStore.setFavoriteFoods(input.productIDs, of: viewer.userID, in: scope.transaction)
        return SetFavoriteFoodsPayload(favoriteFoods: input.productIDs.compactMap { products[$0] })
    }
}
