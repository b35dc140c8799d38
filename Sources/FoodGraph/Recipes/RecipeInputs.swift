import Foundation
import GraphQLEngine

// The Recipes area's arguments and inputs, with their bounds (stated in the SDL). A refusal is an
// `InputError` naming the field: a user error in a mutation's payload, `BAD_USER_INPUT` for a
// query's arguments.

/// The bounds of recipe inputs.
enum RecipeBounds {
    static let title = TextRule(length: 1...200)
    static let description = TextRule(length: 1...2000, multiline: true)
    static let step = TextRule(length: 1...2000, multiline: true)
    static let food = TextRule(length: 1...200)
    static let pieceName = TextRule(length: 1...50)
    static let note = TextRule(length: 1...500)
    static let searchText = TextRule(length: 0...200)
    static let ingredientLine = TextRule(length: 1...500)
    static let moderationReason = TextRule(length: 1...1000, multiline: true)
    static let servings = 1...100
    static let minutes = 0...2880
    static let steps = 1...50
    static let ingredients = 1...60
    static let quantity = 0.000_001...100_000.0
    static let importText = 20_000
    static let importJSON = 500_000
    static let favoriteFoods = 50
}

/// Reads one input object with the rules above: a thin wrapper of the decoding container.
struct RecipeInput<Key: CodingKey> {
    let container: KeyedDecodingContainer<Key>

    init(_ decoder: any Decoder, keyedBy _: Key.Type) throws {
        container = try decoder.container(keyedBy: Key.self)
    }

    func contains(_ key: Key) -> Bool { container.contains(key) }

    func decode<Value: Decodable>(_ type: Value.Type, _ key: Key) throws -> Value {
        try container.decode(type, forKey: key)
    }

    func decodeIfPresent<Value: Decodable>(_ type: Value.Type, _ key: Key) throws -> Value? {
        try container.decodeIfPresent(type, forKey: key)
    }

    /// Whether the key was given as null (a patch clearing a value).
    func isNull(_ key: Key) throws -> Bool { container.contains(key) ? try container.decodeNil(forKey: key) : false }

    func text(_ key: Key, _ rule: TextRule) throws -> String? {
        guard let raw = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
        return try checked(raw, key, rule)
    }

    func requiredText(_ key: Key, _ rule: TextRule) throws -> String {
        try checked(try container.decode(String.self, forKey: key), key, rule)
    }

    func checked(_ raw: String, _ key: Key, _ rule: TextRule) throws -> String {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if let (message, code) = rule.check(text) { try refuse(key, message, code: code) }
        return text
    }

    /// Texts of a list, each checked; the list's length within `count`.
    func texts(_ key: Key, _ rule: TextRule, count: ClosedRange<Int>) throws -> [String]? {
        guard let raw = try container.decodeIfPresent([String].self, forKey: key) else { return nil }
        if raw.count < count.lowerBound { try refuse(key, "Give at least \(count.lowerBound).", code: .required) }
        if raw.count > count.upperBound { try refuse(key, "Give at most \(count.upperBound).", code: .tooLong) }
        var nested = try container.nestedUnkeyedContainer(forKey: key)
        var texts: [String] = []
        while !nested.isAtEnd {
            let decoder = try nested.superDecoder()
            let text = raw[texts.count].trimmingCharacters(in: .whitespacesAndNewlines)
            if let (message, code) = rule.check(text), !decoder.isBindingCheck { throw InputError(decoder, message, code: code) }
            texts.append(text)
        }
        return texts
    }

    func int(_ key: Key, _ range: ClosedRange<Int>) throws -> Int? {
        guard let value = try container.decodeIfPresent(Int.self, forKey: key) else { return nil }
        if !range.contains(value) { try refuse(key, "Give a whole number from \(range.lowerBound) to \(range.upperBound).") }
        return value
    }

    func requiredInt(_ key: Key, _ range: ClosedRange<Int>) throws -> Int {
        let value = try container.decode(Int.self, forKey: key)
        if !range.contains(value) { try refuse(key, "Give a whole number from \(range.lowerBound) to \(range.upperBound).") }
        return value
    }

    func double(_ key: Key, _ range: ClosedRange<Double>) throws -> Double? {
        guard let value = try container.decodeIfPresent(Double.self, forKey: key) else { return nil }
        if !range.contains(value) || !value.isFinite {
            try refuse(key, "Give a number from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound)).")
        }
        return value
    }

    /// An amount of money within `range`, at most two decimals.
    func amount(_ key: Key, _ range: ClosedRange<Decimal>) throws -> DecimalText? {
        guard let value = try container.decodeIfPresent(DecimalText.self, forKey: key) else { return nil }
        guard let number = value.decimal, range.contains(number), Self.hasAtMostTwoDecimals(number) else {
            try refuse(key, "Give an amount from \(range.lowerBound) to \(range.upperBound) with at most two decimals.")
            return value
        }
        return value
    }

    func refuse(_ key: Key, _ message: String, code: UserErrorCode = .outOfRange) throws {
        let decoder = try container.superDecoder(forKey: key)
        if !decoder.isBindingCheck { throw InputError(decoder, message, code: code) }
    }

    private static func hasAtMostTwoDecimals(_ value: Decimal) -> Bool {
        var scaled = value * 100
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        return rounded == scaled
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

// MARK: - Query arguments

/// `Query.recipes`.
struct RecipesArguments: Decodable, Sendable {
    var page: PageArguments
    var search: RecipeSearch

    private enum Keys: String, CodingKey { case query, filter, orderBy, seed }

    init(from decoder: any Decoder) throws {
        do {
            page = try PageArguments(from: decoder)
            let input = try RecipeInput(decoder, keyedBy: Keys.self)
            let text = try input.text(.query, RecipeBounds.searchText).flatMap { $0.isEmpty ? nil : $0 }
            let filter = try input.decodeIfPresent(RecipeFilter.self, .filter) ?? RecipeFilter()
            let order = try input.decodeIfPresent(RecipeOrder.self, .orderBy) ?? .recommended
            let seed = try input.decodeIfPresent(Int.self, .seed).map(Int64.init)
            search = RecipeSearch(text: text, filter: filter, order: order, seed: seed)
        } catch let error as InputError { throw error.asArgumentError }
    }
}

/// `Query.randomRecipe`.
struct RandomRecipeArguments: Decodable, Sendable {
    var filter: RecipeFilter

    private enum Keys: String, CodingKey { case filter }

    init(from decoder: any Decoder) throws {
        do {
            filter = try RecipeInput(decoder, keyedBy: Keys.self).decodeIfPresent(RecipeFilter.self, .filter) ?? RecipeFilter()
        } catch let error as InputError { throw error.asArgumentError }
    }
}

/// `Query.parseIngredientLine`.
struct ParseIngredientLineArguments: Decodable, Sendable {
    var text: String

    private enum Keys: String, CodingKey { case text }

    init(from decoder: any Decoder) throws {
        do {
            text = try RecipeInput(decoder, keyedBy: Keys.self).requiredText(.text, RecipeBounds.ingredientLine)
        } catch let error as InputError { throw error.asArgumentError }
    }
}

// MARK: - Mutation inputs

/// `RecipeIngredientInput`: a product, a food, or both.
struct RecipeIngredientInput: Decodable, Sendable {
    var productID: Int64?
    var food: String?
    var quantity: Double?
    var quantityMax: Double?
    var unit: IngredientUnit?
    var pieceName: String?
    var note: String?
    var matchProduct = true

    private enum Keys: String, CodingKey { case productId, food, quantity, quantityMax, unit, pieceName, note, matchProduct }

    init(
        productID: Int64? = nil, food: String?, quantity: Double?, quantityMax: Double? = nil, unit: IngredientUnit?,
        pieceName: String? = nil, note: String? = nil, matchProduct: Bool = true
    ) {
        self.productID = productID
        self.food = food
        self.quantity = quantity
        self.quantityMax = quantityMax
        self.unit = unit
        self.pieceName = pieceName
        self.note = note
        self.matchProduct = matchProduct
    }

    init(from decoder: any Decoder) throws {
        let input = try RecipeInput(decoder, keyedBy: Keys.self)
        productID = try input.decodeIfPresent(NodeID<ProductRecord>.self, .productId)?.key
        food = try input.text(.food, RecipeBounds.food)
        quantity = try input.double(.quantity, RecipeBounds.quantity)
        quantityMax = try input.double(.quantityMax, RecipeBounds.quantity)
        unit = try input.decodeIfPresent(IngredientUnit.self, .unit)
        pieceName = try input.text(.pieceName, RecipeBounds.pieceName)
        note = try input.text(.note, RecipeBounds.note)
        matchProduct = try input.decodeIfPresent(Bool.self, .matchProduct) ?? true
        if productID == nil && food == nil {
            try input.refuse(.food, "Give a product or a food.", code: .required)
        }
        if quantity != nil && unit == nil { try input.refuse(.unit, "Give the quantity's unit.", code: .required) }
        if quantity == nil && unit != nil { try input.refuse(.quantity, "Give a quantity with the unit.", code: .required) }
        if let quantityMax {
            if quantity == nil { try input.refuse(.quantity, "Give a quantity with its upper end.", code: .required) }
            if let quantity, quantityMax <= quantity { try input.refuse(.quantityMax, "The upper end must be more than the quantity.") }
        }
    }
}

/// `CreateRecipeInput`.
struct CreateRecipeInput: Decodable, Sendable {
    var title: String
    var description: String?
    var servings: Int
    var dishType: DishType
    var prepMinutes: Int
    var cookMinutes: Int
    var steps: [String]
    var visibility: RecipeVisibility
    var categories: [RecipeCategory]
    var appliances: [KitchenAppliance]
    var mealTimes: [Meal]
    var ingredients: [RecipeIngredientInput]
    var image: Base64Bytes?

    private enum Keys: String, CodingKey {
        case title, description, servings, dishType, prepMinutes, cookMinutes, steps, visibility, categories, appliances, mealTimes,
            ingredients, image
    }

    init(from decoder: any Decoder) throws {
        let input = try RecipeInput(decoder, keyedBy: Keys.self)
        title = try input.requiredText(.title, RecipeBounds.title)
        description = try input.text(.description, RecipeBounds.description)
        servings = try input.requiredInt(.servings, RecipeBounds.servings)
        dishType = try input.decode(DishType.self, .dishType)
        prepMinutes = try input.requiredInt(.prepMinutes, RecipeBounds.minutes)
        cookMinutes = try input.requiredInt(.cookMinutes, RecipeBounds.minutes)
        steps = try input.texts(.steps, RecipeBounds.step, count: RecipeBounds.steps) ?? []
        visibility = try input.decodeIfPresent(RecipeVisibility.self, .visibility) ?? .private
        categories = try input.decodeIfPresent([RecipeCategory].self, .categories) ?? []
        appliances = try input.decodeIfPresent([KitchenAppliance].self, .appliances) ?? []
        mealTimes = try input.decodeIfPresent([Meal].self, .mealTimes) ?? []
        ingredients = try input.decode([RecipeIngredientInput].self, .ingredients)
        if !RecipeBounds.ingredients.contains(ingredients.count) {
            try input.refuse(
                .ingredients, "Give \(RecipeBounds.ingredients.lowerBound) to \(RecipeBounds.ingredients.upperBound) ingredients.",
                code: ingredients.isEmpty ? .required : .tooLong)
        }
        image = try input.decodeIfPresent(Base64Bytes.self, .image)
    }
}

/// `UpdateRecipeInput`: a patch.
struct UpdateRecipeInput: Decodable, Sendable {
    var recipeID: Int64
    var title: String?
    var description: String??
    var servings: Int?
    var dishType: DishType?
    var prepMinutes: Int?
    var cookMinutes: Int?
    var steps: [String]?
    var visibility: RecipeVisibility?
    var categories: [RecipeCategory]?
    var appliances: [KitchenAppliance]?
    var mealTimes: [Meal]?
    var ingredients: [RecipeIngredientInput]?
    /// nil: unchanged; .some(nil): removed.
    var image: Base64Bytes??

    private enum Keys: String, CodingKey {
        case recipeId, title, description, servings, dishType, prepMinutes, cookMinutes, steps, visibility, categories, appliances,
            mealTimes, ingredients, image
    }

    init(from decoder: any Decoder) throws {
        let input = try RecipeInput(decoder, keyedBy: Keys.self)
        recipeID = try input.decode(NodeID<RecipeRecord>.self, .recipeId).key
        if try input.isNull(.title) { try input.refuse(.title, "A recipe needs a title.", code: .required) }
        title = try input.text(.title, RecipeBounds.title)
        if input.contains(.description) { description = .some(try input.text(.description, RecipeBounds.description)) }
        servings = try input.int(.servings, RecipeBounds.servings)
        dishType = try input.decodeIfPresent(DishType.self, .dishType)
        prepMinutes = try input.int(.prepMinutes, RecipeBounds.minutes)
        cookMinutes = try input.int(.cookMinutes, RecipeBounds.minutes)
        steps = try input.texts(.steps, RecipeBounds.step, count: RecipeBounds.steps)
        visibility = try input.decodeIfPresent(RecipeVisibility.self, .visibility)
        categories = try input.decodeIfPresent([RecipeCategory].self, .categories)
        appliances = try input.decodeIfPresent([KitchenAppliance].self, .appliances)
        mealTimes = try input.decodeIfPresent([Meal].self, .mealTimes)
        ingredients = try input.decodeIfPresent([RecipeIngredientInput].self, .ingredients)
        if let ingredients, !RecipeBounds.ingredients.contains(ingredients.count) {
            try input.refuse(
                .ingredients, "Give \(RecipeBounds.ingredients.lowerBound) to \(RecipeBounds.ingredients.upperBound) ingredients.",
                code: ingredients.isEmpty ? .required : .tooLong)
        }
        for key in [Keys.servings, .dishType, .prepMinutes, .cookMinutes, .steps, .visibility, .ingredients] where try input.isNull(key) {
            try input.refuse(key, "This cannot be cleared.", code: .required)
        }
        if input.contains(.image) { image = .some(try input.decodeIfPresent(Base64Bytes.self, .image)) }
    }
}

struct DeleteRecipeInput: Decodable, Sendable {
    var recipeId: NodeID<RecipeRecord>
}

struct SetRecipeFavoriteInput: Decodable, Sendable {
    var recipeId: NodeID<RecipeRecord>
    var favorite: Bool
}

/// `ModerateRecipeInput`: a rejection needs a reason.
struct ModerateRecipeInput: Decodable, Sendable {
    var recipeID: Int64
    var decision: ReviewDecision
    var reason: String?

    private enum Keys: String, CodingKey { case recipeId, decision, reason }

    init(from decoder: any Decoder) throws {
        let input = try RecipeInput(decoder, keyedBy: Keys.self)
        recipeID = try input.decode(NodeID<RecipeRecord>.self, .recipeId).key
        decision = try input.decode(ReviewDecision.self, .decision)
        reason = try input.text(.reason, RecipeBounds.moderationReason)
        if decision == .reject && reason == nil { try input.refuse(.reason, "Say why the recipe is rejected.", code: .required) }
    }
}

/// `ImportRecipeInput` (`@oneOf`): pasted text or JSON-LD.
struct ImportRecipeInput: Decodable, Sendable {
    enum Source: Sendable {
        case text(String)
        case jsonLD(String)
    }

    var source: Source

    private enum Keys: String, CodingKey { case text, jsonLd }

    init(from decoder: any Decoder) throws {
        let input = try RecipeInput(decoder, keyedBy: Keys.self)
        let text = try input.decodeIfPresent(String.self, .text)
        let json = try input.decodeIfPresent(String.self, .jsonLd)
        if let text {
            if text.count > RecipeBounds.importText { try input.refuse(.text, "Paste at most \(RecipeBounds.importText) characters.", code: .tooLong) }
            source = .text(text)
        } else if let json {
            if json.utf8.count > RecipeBounds.importJSON {
                try input.refuse(.jsonLd, "Give at most \(RecipeBounds.importJSON) characters.", code: .tooLong)
            }
            source = .jsonLD(json)
        } else {
            // The schema's @oneOf refuses this before it gets here.
            source = .text("")
        }
    }
}

/// `SetFavoriteFoodsInput`.
struct SetFavoriteFoodsInput: Decodable, Sendable {
    var productIDs: [Int64]

    private enum Keys: String, CodingKey { case productIds }

    init(from decoder: any Decoder) throws {
        let input = try RecipeInput(decoder, keyedBy: Keys.self)
        let ids = try input.decode([NodeID<ProductRecord>].self, .productIds).map(\.key)
        if ids.count > RecipeBounds.favoriteFoods {
            try input.refuse(.productIds, "Choose at most \(RecipeBounds.favoriteFoods) foods.", code: .tooLong)
        }
        var seen = Set<Int64>()
        productIDs = ids.filter { seen.insert($0).inserted }
    }
}
