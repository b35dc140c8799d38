import GraphQLEngine

// The catalog's enums. Raw values are the GraphQL names (so inputs decode as they are); the
// database stores most of them in lower case.

/// An enum stored in the database as its GraphQL name in lower case (`TREE_NUTS` ↔ `tree_nuts`).
protocol LowercaseStored: RawRepresentable<String> {}

extension LowercaseStored {
    var databaseName: String { rawValue.lowercased() }

    init?(databaseName: String) {
        self.init(rawValue: databaseName.uppercased())
    }
}

enum Allergen: String, GraphQLEnum, LowercaseStored {
    case milk = "MILK"
    case eggs = "EGGS"
    case fish = "FISH"
    case shellfish = "SHELLFISH"
    case treeNuts = "TREE_NUTS"
    case peanuts = "PEANUTS"
    case wheat = "WHEAT"
    case soy = "SOY"
    case sesame = "SESAME"
    case mustard = "MUSTARD"
    case sulphites = "SULPHITES"

    static let graphQLTypeName = "Allergen"
}

enum DietLabel: String, GraphQLEnum, LowercaseStored {
    case vegan = "VEGAN"
    case vegetarian = "VEGETARIAN"
    case glutenFree = "GLUTEN_FREE"
    case dairyFree = "DAIRY_FREE"
    case nutFree = "NUT_FREE"
    case lowSodium = "LOW_SODIUM"
    case lowFat = "LOW_FAT"
    case lowSugar = "LOW_SUGAR"
    case highProtein = "HIGH_PROTEIN"
    case organic = "ORGANIC"

    static let graphQLTypeName = "DietLabel"
}

enum StorageLocation: String, GraphQLEnum, LowercaseStored {
    case fridge = "FRIDGE"
    case freezer = "FREEZER"
    case pantry = "PANTRY"

    static let graphQLTypeName = "StorageLocation"
}

enum ProductStatus: String, GraphQLEnum, LowercaseStored {
    case active = "ACTIVE"
    case pending = "PENDING"
    case rejected = "REJECTED"
    case withdrawn = "WITHDRAWN"

    static let graphQLTypeName = "ProductStatus"
}

enum PriceSource: String, GraphQLEnum, LowercaseStored {
    case catalog = "CATALOG"
    case chain = "CHAIN"
    case receipt = "RECEIPT"
    case user = "USER"

    static let graphQLTypeName = "PriceSource"
}

enum ProductOrder: String, GraphQLEnum {
    case relevance = "RELEVANCE"
    case name = "NAME"
    case priceAscending = "PRICE_ASCENDING"
    case priceDescending = "PRICE_DESCENDING"

    static let graphQLTypeName = "ProductOrder"
}

enum ReviewDecision: String, GraphQLEnum {
    case approve = "APPROVE"
    case reject = "REJECT"

    static let graphQLTypeName = "ReviewDecision"
}

/// Units of package and serving sizes; stored as `g`, `ml` and `piece`.
enum QuantityUnit: String, GraphQLEnum {
    case gram = "GRAM"
    case millilitre = "MILLILITRE"
    case piece = "PIECE"

    static let graphQLTypeName = "QuantityUnit"

    var databaseName: String {
        switch self {
        case .gram: "g"
        case .millilitre: "ml"
        case .piece: "piece"
        }
    }

    init?(databaseName: String) {
        switch databaseName {
        case "g": self = .gram
        case "ml": self = .millilitre
        case "piece": self = .piece
        default: return nil
        }
    }
}

/// Whether nutrition is per 100 g or per 100 ml; stored as `g` or `ml`.
enum NutritionBasis: String, GraphQLEnum {
    case per100G = "PER_100_G"
    case per100Ml = "PER_100_ML"

    static let graphQLTypeName = "NutritionBasis"

    var databaseName: String { self == .per100Ml ? "ml" : "g" }

    init?(databaseName: String) {
        switch databaseName {
        case "g": self = .per100G
        case "ml": self = .per100Ml
        default: return nil
        }
    }
}

/// The reference amounts of `Nutrition.dailyValues`.
enum DailyValueStandard: String, GraphQLEnum {
    case healthCanada = "HEALTH_CANADA"
    case fda = "FDA"

    static let graphQLTypeName = "DailyValueStandard"
}
