import GraphQLEngine

/// How much of a price observation a request reads, from the fields it selects on
/// `PriceObservation`. A product's latest prices, as shopping apps show them, need the price and
/// the store; leaving out when, from where and whether discounted made the page's statement
/// about a tenth faster (docs/performance.md).
enum PriceColumns: Sendable {
    /// Identity, product, store and the price.
    case summary
    /// Every column `PriceRecord` holds.
    case all

    /// What each field of `PriceObservation` reads. A field not listed reads every column, so a
    /// field added later is never answered from a partial row.
    private static let summaryFields: Set<String> = ["__typename", "id", "product", "store", "price"]

    /// What the observations selected at `path` below the resolved field need.
    static func needed(by info: ResolveInfo, along path: [String]) -> PriceColumns {
        info.selectedFieldNames(along: path).isSubset(of: summaryFields) ? .summary : .all
    }

    /// The columns `PriceRecord.init(_:columns:)` reads, in order, from a row named `o`.
    var select: String {
        switch self {
        case .summary: "o.id, o.product_id, o.store_id, o.price::text, o.currency"
        case .all: PriceRecord.columns
        }
    }

    /// How many columns `select` has: what a query selects after them starts there.
    var count: Int {
        switch self {
        case .summary: 5
        case .all: 8
        }
    }
}
