import GraphQLEngine

// The Accounts area's enums. Their raw values are the schema's value names; the database keeps
// the same names in lower case (`VERY_ACTIVE` is stored as `very_active`).

/// An enum stored in a text column as its GraphQL name in lower case.
protocol StoredEnum: GraphQLEnum, RawRepresentable, Hashable where RawValue == String {}

extension StoredEnum {
    /// The value as its column stores it.
    var databaseName: String { rawValue.lowercased() }

    init?(databaseName: String) {
        self.init(rawValue: databaseName.uppercased())
    }
}

enum Gender: String, StoredEnum {
    static let graphQLTypeName = "Gender"
    case female = "FEMALE"
    case male = "MALE"
    case other = "OTHER"
}

enum ActivityLevel: String, StoredEnum {
    static let graphQLTypeName = "ActivityLevel"
    case sedentary = "SEDENTARY"
    case light = "LIGHT"
    case moderate = "MODERATE"
    case active = "ACTIVE"
    case veryActive = "VERY_ACTIVE"

    /// The factor of resting energy burned per day at this level.
    var factor: Double {
        switch self {
        case .sedentary: 1.2
        case .light: 1.375
        case .moderate: 1.55
        case .active: 1.725
        case .veryActive: 1.9
        }
    }
}

enum WeightGoal: String, StoredEnum {
    static let graphQLTypeName = "WeightGoal"
    case lose = "LOSE"
    case hold = "HOLD"
    case gain = "GAIN"
}

enum DietType: String, StoredEnum {
    static let graphQLTypeName = "DietType"
    case ordinary = "ORDINARY"
    case vegetarian = "VEGETARIAN"
    case vegan = "VEGAN"
    case separate = "SEPARATE"
    case raw = "RAW"
    case lowCarb = "LOW_CARB"
    case lowFat = "LOW_FAT"
    case mono = "MONO"
}

enum UnitSystem: String, StoredEnum {
    static let graphQLTypeName = "UnitSystem"
    case metric = "METRIC"
    case imperial = "IMPERIAL"
    case canadian = "CANADIAN"
}

/// How weights are written for the user (NutriBud: lbs, kgs or st); nil follows the unit system.
enum WeightUnit: String, StoredEnum {
    static let graphQLTypeName = "WeightUnit"
    case kilograms = "KILOGRAMS"
    case pounds = "POUNDS"
    case stonesPounds = "STONES_POUNDS"
}

enum BmiCategory: String, GraphQLEnum {
    static let graphQLTypeName = "BmiCategory"
    case underweight = "UNDERWEIGHT"
    case normal = "NORMAL"
    case overweight = "OVERWEIGHT"
    case obese = "OBESE"
}

enum StorePreference: String, StoredEnum {
    static let graphQLTypeName = "StorePreference"
    case preferred = "PREFERRED"
    case ignored = "IGNORED"
}

/// The weekly budget presets: each is an amount in its own currency, kept with the budget.
enum BudgetPreset: String, GraphQLEnum {
    static let graphQLTypeName = "BudgetPreset"
    case usd75 = "USD_75"
    case usd100 = "USD_100"
    case usd125 = "USD_125"
    case usd150 = "USD_150"

    var amount: String {
        switch self {
        case .usd75: "75"
        case .usd100: "100"
        case .usd125: "125"
        case .usd150: "150"
        }
    }

    var currency: String { "USD" }
}

extension Role: GraphQLEnum {
    public static let graphQLTypeName = "Role"

    /// A role from its schema name (`ORDER_HANDLER`), as inputs give it.
    public init(from decoder: any Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        guard let role = Role(graphQLName: name) else { throw InputError(decoder, "There is no role \(name).") }
        self = role
    }
}
