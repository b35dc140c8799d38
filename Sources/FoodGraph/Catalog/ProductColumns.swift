import GraphQLEngine

/// How much of a product row a request needs, from the fields it selects on `Product`. A page of
/// names reads a fifth of the columns; formatting the rest (nutrients, arrays, micronutrients'
/// JSON) halved the products page statement's throughput (docs/performance.md).
enum ProductColumns: Int, Comparable, Sendable {
    /// Identity, category, barcode, stock and status: what a list of names shows.
    case summary
    /// The summary and the nutrient amounts, without micronutrients.
    case nutrition
    /// Every column `ProductRecord` holds.
    case all

    static func < (left: ProductColumns, right: ProductColumns) -> Bool { left.rawValue < right.rawValue }

    /// What each field of `Product` reads. A field not listed reads every column, so a field added
    /// later is never answered from a partial row.
    private static let neededByField: [String: ProductColumns] = [
        "__typename": .summary, "id": .summary, "name": .summary, "brand": .summary, "category": .summary,
        "barcode": .summary, "stock": .summary, "inStock": .summary, "status": .summary, "chain": .summary,
        "revisionOf": .summary, "imageUrl": .summary, "offers": .summary, "latestPrices": .summary,
        "priceStatistics": .summary, "cheaperAlternatives": .summary, "nutritionPer100": .nutrition,
    ]
    /// Fields of `Nutrition` that read micronutrients.
    private static let micronutrientFields: Set<String> = ["micronutrients", "dailyValues"]

    /// What the products selected at `path` below the resolved field need.
    static func needed(by info: ResolveInfo, along path: [String]) -> ProductColumns {
        let needed = info.selectedFieldNames(along: path).reduce(ProductColumns.summary) { max($0, neededByField[$1] ?? .all) }
        guard needed == .nutrition else { return needed }
        let nutrients = info.selectedFieldNames(along: path + ["nutritionPer100"])
        return nutrients.isDisjoint(with: micronutrientFields) ? .nutrition : .all
    }

    /// `ProductRecord.columns` with NULL in place of the columns this leaves out, so that every
    /// column keeps its position.
    var select: String {
        switch self {
        case .summary: Self.summarySelect
        case .nutrition: Self.nutritionSelect
        case .all: ProductRecord.columns
        }
    }

    private static let summarySelect = select(upTo: .summary)
    private static let nutritionSelect = select(upTo: .nutrition)

    private static func select(upTo level: ProductColumns) -> String {
        ProductRecord.columnList.map { $0.level <= level ? $0.expression : "NULL" }.joined(separator: ", ")
    }
}
