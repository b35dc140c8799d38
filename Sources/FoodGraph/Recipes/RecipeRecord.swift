import Foundation
import GraphQLEngine
import Postgres

/// A recipe row (schema type `Recipe`), with what its ingredients make of it as stored.
struct RecipeRecord: IdentifiedRecord, ObjectValue {
    static let graphQLTypeName = "Recipe"

    var id: Int64
    var authorID: Int64?
    var title: String
    var description: String?
    var steps: [String]
    var servings: Int
    var prepMinutes: Int
    var cookMinutes: Int
    var dishType: DishType
    var categories: [RecipeCategory]
    var appliances: [KitchenAppliance]
    var mealTimes: [Meal]
    var visibility: RecipeVisibility
    var moderationStatus: RecipeModerationStatus
    var moderationNote: String?
    var imageID: Int64?
    var allergens: [Allergen]
    var dietLabels: [DietLabel]
    var dietTypes: [DietType]
    var proteinG: Double
    var fatG: Double
    var carbohydratesG: Double
    var vitaminMineralScore: Double
    var createdAt: Date
    var updatedAt: Date

    var globalID: GlobalID { GlobalID(typeName: "Recipe", key: id) }
    var totalMinutes: Int { prepMinutes + cookMinutes }
    /// The image's unguessable name (`ImageToken`).
    var imageToken: String?
    var imageURL: String? { imageToken.map { "/images/" + $0 } }
    var macroProfiles: [MacroProfile] {
        let profiles = RecipeFigures.profiles(proteinG: proteinG, fatG: fatG, carbohydratesG: carbohydratesG)
        return MacroProfile.allCases.filter(profiles.contains)
    }

    /// The columns `init(_:)` reads, in order, from a row of `recipes` named `r`.
    static let columns = """
        r.id, r.author_id, r.title, r.description, r.steps, r.servings, r.prep_minutes, r.cook_minutes, r.dish_type, r.categories,
        r.appliances, r.meal_times, r.visibility, r.moderation_status, r.moderation_note, r.image_id, r.allergens, r.diet_labels,
        r.diet_types, r.protein_g, r.fat_g, r.carbohydrates_g, r.vitamin_mineral_score, r.created_at, r.updated_at,
        (SELECT i.token FROM recipe_images i WHERE i.id = r.image_id)
        """

    init(_ row: PostgresRow) throws {
        id = try row.decode(Int64.self, at: 0)
        authorID = try row.decode(Int64?.self, at: 1)
        title = try row.decode(String.self, at: 2)
        description = try row.decode(String?.self, at: 3)
        steps = try row.decode([String].self, at: 4)
        servings = try row.decode(Int.self, at: 5)
        prepMinutes = try row.decode(Int.self, at: 6)
        cookMinutes = try row.decode(Int.self, at: 7)
        dishType = DishType(databaseName: try row.decode(String.self, at: 8)) ?? .mainDish
        categories = RecipeCategory.list(try row.decode([String].self, at: 9))
        appliances = KitchenAppliance.list(try row.decode([String].self, at: 10))
        mealTimes = try row.decode([String].self, at: 11).compactMap(Meal.init(storedName:))
        visibility = RecipeVisibility(databaseName: try row.decode(String.self, at: 12)) ?? .private
        moderationStatus = RecipeModerationStatus(databaseName: try row.decode(String.self, at: 13)) ?? .pending
        moderationNote = try row.decode(String?.self, at: 14)
        imageID = try row.decode(Int64?.self, at: 15)
        allergens = try row.decode([String].self, at: 16).compactMap(Allergen.init(databaseName:))
        dietLabels = try row.decode([String].self, at: 17).compactMap(DietLabel.init(databaseName:))
        dietTypes = try row.decode([String].self, at: 18).compactMap { DietType(rawValue: $0.uppercased()) }
        proteinG = try row.decode(Double.self, at: 19)
        fatG = try row.decode(Double.self, at: 20)
        carbohydratesG = try row.decode(Double.self, at: 21)
        vitaminMineralScore = try row.decode(Double.self, at: 22)
        createdAt = try row.decode(Date.self, at: 23)
        updatedAt = try row.decode(Date.self, at: 24)
        imageToken = try row.decode(String?.self, at: 25)
    }

    /// Whether `viewer` may see the recipe: approved public ones everyone; private ones their
    /// author; pending and rejected public ones their author and administrators.
    func isVisible(to viewer: Viewer?) -> Bool {
        switch moderationStatus {
        case .approved: return true
        case .notRequired: return viewer != nil && viewer?.userID == authorID
        case .pending, .rejected: return viewer != nil && (viewer?.userID == authorID || viewer?.isAdministrator == true)
        }
    }

    func isOwn(by viewer: Viewer?) -> Bool { viewer != nil && viewer?.userID == authorID }
}

/// An ingredient row.
struct RecipeIngredientRecord: Sendable {

    var id: Int64
    var recipeID: Int64
    var position: Int
    var productID: Int64?
    var food: String
    var quantity: Double?
    var quantityMax: Double?
    var unit: IngredientUnit?
    var pieceName: String?
    var note: String?
    var matchConfidence: Double?

    static let columns = """
        i.id, i.recipe_id, i.position, i.product_id, i.food, i.quantity, i.quantity_max, i.unit, i.piece_name, i.note,
        i.match_confidence::float8
        """

    init(_ row: PostgresRow) throws {
        id = try row.decode(Int64.self, at: 0)
        recipeID = try row.decode(Int64.self, at: 1)
        position = try row.decode(Int.self, at: 2)
        productID = try row.decode(Int64?.self, at: 3)
        food = try row.decode(String.self, at: 4)
        quantity = try row.decode(Double?.self, at: 5)
        quantityMax = try row.decode(Double?.self, at: 6)
        unit = try row.decode(String?.self, at: 7).flatMap(IngredientUnit.init(databaseName:))
        pieceName = try row.decode(String?.self, at: 8)
        note = try row.decode(String?.self, at: 9)
        matchConfidence = try row.decode(Double?.self, at: 10).map { ($0 * 100).rounded() / 100 }
    }

    func facts(_ product: ProductRecord?) -> IngredientFacts {
        IngredientFacts(
            quantity: quantity, quantityMax: quantityMax, unit: unit, pieceName: pieceName, food: food,
            product: product.map(ProductFacts.init), note: note)
    }
}

/// A recipe's ingredient with the grams its figures used (what `Recipe.ingredients` lists).
struct RecipeIngredientView: Sendable, ObjectValue {
    static let graphQLTypeName = "RecipeIngredient"
    var record: RecipeIngredientRecord
    var product: ProductRecord?
    var grams: Double?
}
