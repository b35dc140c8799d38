import GraphQLEngine

// The Recipes area's enums. Raw values are the schema's names; the database stores them in lower
// case (`MAIN_DISH` as `main_dish`), through `RecipeStoredEnum`.

/// An enum stored in a text column as its GraphQL name in lower case.
protocol RecipeStoredEnum: GraphQLEnum, RawRepresentable, Hashable where RawValue == String {}

extension RecipeStoredEnum {
    var databaseName: String { rawValue.lowercased() }

    init?(databaseName: String) {
        self.init(rawValue: databaseName.uppercased())
    }

    /// Values of a text array column, unknown names skipped.
    static func list(_ names: [String]) -> [Self] { names.compactMap(Self.init(databaseName:)) }
}

enum DishType: String, RecipeStoredEnum {
    case mainDish = "MAIN_DISH"
    case salad = "SALAD"
    case soup = "SOUP"
    case appetizer = "APPETIZER"
    case beverage = "BEVERAGE"
    case cookies = "COOKIES"
    case dessert = "DESSERT"

    static let graphQLTypeName = "DishType"
}

enum RecipeCategory: String, RecipeStoredEnum {
    case celebratory = "CELEBRATORY"
    case dietary = "DIETARY"
    case forAdults = "FOR_ADULTS"
    case forChildren = "FOR_CHILDREN"

    static let graphQLTypeName = "RecipeCategory"
}

enum KitchenAppliance: String, RecipeStoredEnum {
    case slowCooker = "SLOW_COOKER"
    case microwaveOven = "MICROWAVE_OVEN"
    case breadMaker = "BREAD_MAKER"
    case blender = "BLENDER"
    case oven = "OVEN"
    case deepFryer = "DEEP_FRYER"
    case stove = "STOVE"
    case grill = "GRILL"
    case airFryer = "AIR_FRYER"

    static let graphQLTypeName = "KitchenAppliance"

    /// Appliances that heat food: a recipe that needs none of them (and cooks 0 minutes) is raw.
    var heats: Bool { self != .blender }
}

enum CookingTime: String, GraphQLEnum {
    case fast = "FAST"
    case slow = "SLOW"

    static let graphQLTypeName = "CookingTime"

    /// Total minutes (preparation and cooking): fast at most 20, slow at least 120.
    static let fastMaximumMinutes = 20
    static let slowMinimumMinutes = 120
}

enum MacroProfile: String, GraphQLEnum {
    case highProtein = "HIGH_PROTEIN"
    case lowFat = "LOW_FAT"
    case highCarb = "HIGH_CARB"

    static let graphQLTypeName = "MacroProfile"
}

enum RecipeOrder: String, GraphQLEnum {
    case recommended = "RECOMMENDED"
    case suitability = "SUITABILITY"
    case title = "TITLE"
    case random = "RANDOM"
    case cost = "COST"

    static let graphQLTypeName = "RecipeOrder"
}

enum RecipeVisibility: String, RecipeStoredEnum {
    case `public` = "PUBLIC"
    case `private` = "PRIVATE"

    static let graphQLTypeName = "RecipeVisibility"
}

/// Where a recipe is in moderation. Private recipes are never moderated (`NOT_REQUIRED`).
enum RecipeModerationStatus: String, RecipeStoredEnum {
    case notRequired = "NOT_REQUIRED"
    case pending = "PENDING"
    case approved = "APPROVED"
    case rejected = "REJECTED"

    static let graphQLTypeName = "RecipeModerationStatus"
}

/// Units of an ingredient's quantity; stored by their short names (`g`, `tbsp`, `fl_oz`).
enum IngredientUnit: String, GraphQLEnum, Sendable {
    case count = "COUNT"
    case gram = "GRAM"
    case kilogram = "KILOGRAM"
    case millilitre = "MILLILITRE"
    case litre = "LITRE"
    case teaspoon = "TEASPOON"
    case tablespoon = "TABLESPOON"
    case cup = "CUP"
    case fluidOunce = "FLUID_OUNCE"
    case ounce = "OUNCE"
    case pound = "POUND"
    case pinch = "PINCH"
    case piece = "PIECE"

    static let graphQLTypeName = "IngredientUnit"

    var databaseName: String {
        switch self {
        case .count: "count"
        case .gram: "g"
        case .kilogram: "kg"
        case .millilitre: "ml"
        case .litre: "l"
        case .teaspoon: "tsp"
        case .tablespoon: "tbsp"
        case .cup: "cup"
        case .fluidOunce: "fl_oz"
        case .ounce: "oz"
        case .pound: "lb"
        case .pinch: "pinch"
        case .piece: "piece"
        }
    }

    init?(databaseName: String) {
        guard let unit = Self.allCases.first(where: { $0.databaseName == databaseName }) else { return nil }
        self = unit
    }
}
