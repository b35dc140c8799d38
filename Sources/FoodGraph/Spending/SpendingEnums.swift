import GraphQLEngine

// The Spending area's enums: raw values are the schema's names; `databaseName` is the stored one.

enum ReceiptSource: String, GraphQLEnum, LowercaseStored, CaseIterable {
    case manual = "MANUAL"
    case scan = "SCAN"

    static let graphQLTypeName = "ReceiptSource"
}

/// The schema's `PurchaseUnit`; stored as `piece`, `kg`, `g`, `l`, `ml`.
enum PurchaseUnit: String, GraphQLEnum, CaseIterable {
    case piece = "PIECE"
    case kilogram = "KILOGRAM"
    case gram = "GRAM"
    case litre = "LITRE"
    case millilitre = "MILLILITRE"

    static let graphQLTypeName = "PurchaseUnit"

    var databaseName: String {
        switch self {
        case .piece: "piece"
        case .kilogram: "kg"
        case .gram: "g"
        case .litre: "l"
        case .millilitre: "ml"
        }
    }

    init?(databaseName: String) {
        guard let unit = Self.allCases.first(where: { $0.databaseName == databaseName }) else { return nil }
        self = unit
    }
}

enum MappingSource: String, GraphQLEnum, LowercaseStored, CaseIterable {
    case given = "GIVEN"
    case personal = "PERSONAL"
    case community = "COMMUNITY"
    case search = "SEARCH"
    case user = "USER"

    static let graphQLTypeName = "MappingSource"
}

/// An objective's period; `sqlUnit` is PostgreSQL's `date_trunc` unit (weeks start on Monday).
enum SpendingPeriod: String, GraphQLEnum, LowercaseStored, CaseIterable {
    case day = "DAY"
    case week = "WEEK"
    case month = "MONTH"
    case year = "YEAR"

    static let graphQLTypeName = "SpendingPeriod"

    var sqlUnit: String { databaseName }

    /// The first day of the period holding `date`.
    func start(of date: LocalDate) -> LocalDate {
        switch self {
        case .day: return date
        case .week: return date.adding(days: 1 - date.isoWeekday)
        case .month: return LocalDate(year: date.year, month: date.month, day: 1)!
        case .year: return LocalDate(year: date.year, month: 1, day: 1)!
        }
    }

    /// The first day of the period after the one starting at `start`.
    func next(after start: LocalDate) -> LocalDate {
        switch self {
        case .day: return start.adding(days: 1)
        case .week: return start.adding(days: 7)
        case .month: return start.month == 12 ? LocalDate(year: start.year + 1, month: 1, day: 1)! : LocalDate(year: start.year, month: start.month + 1, day: 1)!
        case .year: return LocalDate(year: start.year + 1, month: 1, day: 1)!
        }
    }

    /// The first day of the period before the one starting at `start`.
    func previous(before start: LocalDate) -> LocalDate { self.start(of: start.adding(days: -1)) }
}

enum SpendingGrouping: String, GraphQLEnum, CaseIterable {
    case day = "DAY"
    case week = "WEEK"
    case month = "MONTH"
    case year = "YEAR"
    case category = "CATEGORY"
    case store = "STORE"
    case product = "PRODUCT"

    static let graphQLTypeName = "SpendingGrouping"

    var period: SpendingPeriod? {
        switch self {
        case .day: .day
        case .week: .week
        case .month: .month
        case .year: .year
        case .category, .store, .product: nil
        }
    }
}

enum ObjectiveStatus: String, GraphQLEnum, CaseIterable {
    case onTrack = "ON_TRACK"
    case near = "NEAR"
    case exceeded = "EXCEEDED"

    static let graphQLTypeName = "ObjectiveStatus"

    /// Near from this share of the limit.
    static let nearShare = 0.8
}

enum ProductMappingStatus: String, GraphQLEnum, LowercaseStored, CaseIterable {
    case active = "ACTIVE"
    case revoked = "REVOKED"

    static let graphQLTypeName = "ProductMappingStatus"
}

enum MappingReviewDecision: String, GraphQLEnum, CaseIterable {
    case approve = "APPROVE"
    case revoke = "REVOKE"

    static let graphQLTypeName = "MappingReviewDecision"
}
