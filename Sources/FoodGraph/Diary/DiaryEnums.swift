import GraphQLEngine

// The diary's enums: raw values are the schema's names; `storedName` is the database's.

/// The schema's `Meal`; stored lowercase.
enum Meal: String, GraphQLEnum, CaseIterable {
    case breakfast = "BREAKFAST"
    case lunch = "LUNCH"
    case dinner = "DINNER"
    case snack = "SNACK"

    static let graphQLTypeName = "Meal"

    var storedName: String {
        switch self {
        case .breakfast: "breakfast"
        case .lunch: "lunch"
        case .dinner: "dinner"
        case .snack: "snack"
        }
    }

    init?(storedName: String) {
        guard let meal = Self.allCases.first(where: { $0.storedName == storedName }) else { return nil }
        self = meal
    }
}

/// The schema's `DiaryEntrySource`; stored lowercase.
enum DiaryEntrySource: String, GraphQLEnum, CaseIterable {
    case manual = "MANUAL"
    case barcode = "BARCODE"
    case search = "SEARCH"
    case photo = "PHOTO"
    case recipe = "RECIPE"

    static let graphQLTypeName = "DiaryEntrySource"

    var storedName: String {
        switch self {
        case .manual: "manual"
        case .barcode: "barcode"
        case .search: "search"
        case .photo: "photo"
        case .recipe: "recipe"
        }
    }

    init?(storedName: String) {
        guard let source = Self.allCases.first(where: { $0.storedName == storedName }) else { return nil }
        self = source
    }
}

/// The schema's `DiaryQuantityUnit`; stored as `g`, `ml`, `serving`, `piece`.
enum DiaryQuantityUnit: String, GraphQLEnum, CaseIterable {
    case gram = "GRAM"
    case millilitre = "MILLILITRE"
    case serving = "SERVING"
    case piece = "PIECE"

    static let graphQLTypeName = "DiaryQuantityUnit"

    var storedName: String {
        switch self {
        case .gram: "g"
        case .millilitre: "ml"
        case .serving: "serving"
        case .piece: "piece"
        }
    }

    init?(storedName: String) {
        guard let unit = Self.allCases.first(where: { $0.storedName == storedName }) else { return nil }
        self = unit
    }
}

/// The schema's `TimelineGranularity`: the unit of PostgreSQL's `date_trunc` for each.
enum TimelineGranularity: String, GraphQLEnum, CaseIterable {
    case day = "DAY"
    case week = "WEEK"
    case month = "MONTH"

    static let graphQLTypeName = "TimelineGranularity"

    /// `date_trunc`'s field name; ISO weeks start on Monday.
    var sqlUnit: String {
        switch self {
        case .day: "day"
        case .week: "week"
        case .month: "month"
        }
    }
}
