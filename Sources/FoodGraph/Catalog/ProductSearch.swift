import GraphQLEngine
import Postgres

/// What `Query.products` asks for: text tolerant of typos (trigram similarity on name and brand),
/// filters combined with AND, and an order.
struct ProductSearch: Sendable {
    var text: String?
    var filter: ProductFilter
    var order: ProductOrder

    /// The name of the list and order its cursors belong to.
    var listName: String { "products/" + order.rawValue }

    /// `totalCount` counts up to this many products (see `PageCount`).
    static let countCap = 10_000
}

/// The SQL of a product search: the page's source and keys, and the count's source.
struct ProductSearchQuery {
    /// Active products matching the search, with their rank for the relevance order.
    var source: String
    /// The same products, selecting only their existence, for `PageCount`.
    var countSource: String
    var parameters: [any PostgresEncodable]
    var keys: [Page.Key]
    var descending: Bool
}

/// How a page of products counts its list (`totalCount`, `totalCountIsExact`).
enum ProductCounting {
    /// When a field first reads the count (`PageCount`).
    case whenRead
    /// In the page's own statement: one round trip, not two.
    case inPage
    /// From the counts `cache` keeps, shown to `viewer`; else in the page's statement, read from
    /// `primary` (a replica may not have replayed a change already announced), and kept.
    case kept(ProductCache, viewer: Int64?, primary: PostgresDatabase)
}

extension ProductStore {
    /// One page of active products matching `search`, and its count as `counting` says (see
    /// `query(for:)` for how the page reads an index).
    static func search(
        _ search: ProductSearch, page: Page, columns: ProductColumns = .all, counting: ProductCounting = .whenRead,
        in database: some PostgresQuerying
    ) async throws -> ProductPage {
        var categoryIDs: [Int64]?
        if let slug = search.filter.category { categoryIDs = try await CategoryStore.subtreeIDs(ofSlug: slug, in: database) }
        let query = Self.query(for: search, categoryIDs: categoryIDs)
        let countInPage = Page.Count.capped(source: query.countSource, cap: ProductSearch.countCap)
        var count = Page.Count.none
        var kept: Int?
        var reader: any PostgresQuerying = database
        var keeping: (cache: ProductCache, key: ProductCache.CountKey, generation: UInt64, readAt: ContinuousClock.Instant)?
        switch counting {
        case .whenRead: break
        case .inPage: count = countInPage
        case .kept(let cache, let viewer, let primary):
            let key = ProductCache.CountKey(
                source: query.countSource, parameters: query.parameters.map(\.postgresParameter),
                dependsOnOffers: search.filter.dependsOnOffers)
            switch cache.count(key, for: viewer) {
            case .kept(let value): kept = value
            case .missing(let generation):
                (count, reader) = (countInPage, primary)
                keeping = (cache, key, generation, .now)
            case .unavailable: count = countInPage
            }
        }
        // Which index serves a text or a filter depends on how many products its values keep (a
        // rare category against the whole dairy aisle): planned for each execution, as PostgreSQL
        // otherwise settles on a generic plan after five. The plain catalog keeps one plan.
        let connection = try await page.fetch(
            select: columns.select, from: query.source, as: "p", keys: query.keys, descending: query.descending,
            parameters: query.parameters, count: count, planEachExecution: !query.parameters.isEmpty, in: reader,
            decode: { try ProductRecord($0, columns: columns) })
        if let keeping, let counted = connection.totalCount {
            keeping.cache.keep(count: counted, for: keeping.key, readAt: keeping.readAt, generation: keeping.generation)
        }
        return ProductPage(
            connection: connection,
            count: PageCount(
                source: query.countSource, parameters: query.parameters, cap: ProductSearch.countCap,
                counted: connection.totalCount ?? kept))
    }

    /// The SQL of `search`. Each order's keys are the expressions of an index (`products_name`:
    /// `lower(name), id`; `products_price_ascending`/`_descending`: the price paid with unpriced
    /// products last, then `id`), so a page without text reads `size + 1` rows of that index
    /// whatever the size of the catalog; the relevance order ranks the rows the text matches
    /// (trigram and full-text indexes). A category filter is given as the ids of the category and
    /// its sub-categories (`categoryIDs`), so PostgreSQL estimates how many products it keeps from
    /// its statistics of each id, and picks the plan that fits.
    static func query(for search: ProductSearch, categoryIDs: [Int64]? = nil) -> ProductSearchQuery {
        var conditions = ["p.status = 'active'"]
        var parameters: [any PostgresEncodable] = []
        func parameter(_ value: any PostgresEncodable) -> String {
            parameters.append(value)
            return "$\(parameters.count)"
        }
        var rank = ""
        if let text = search.text {
            let placeholder = parameter(text)
            // The trigram expression is the one `products_name_trgm` indexes, so both arms use an index.
            let trigrams = "lower(p.name || ' ' || coalesce(p.brand, ''))"
            // Word similarity: the query against the closest run of words in the name, so "chedar"
            // finds "Aged Cheddar" however long the name is.
            conditions.append("(p.search @@ plainto_tsquery('simple', \(placeholder)) OR lower(\(placeholder)) <% \(trigrams))")
            if search.order == .relevance {
                rank = ", greatest(word_similarity(lower(\(placeholder)), \(trigrams)), ts_rank(p.search, plainto_tsquery('simple', \(placeholder))))::float8 AS rank"
            }
        }
        let filter = search.filter
        if filter.category != nil {
            conditions.append("p.category_id = ANY(\(parameter(PostgresArray(categoryIDs ?? [])))::bigint[])")
        }
        if let brand = filter.brand { conditions.append("lower(p.brand) = lower(\(parameter(brand)))") }
        // The price paid: the sale price while on sale, else the catalog price (the summary of the
        // chains' offers, see `OfferStore`); unpriced products match no price bound.
        let paid = "coalesce(p.sale_price, p.catalog_price)"
        if let minPrice = filter.minPrice { conditions.append("\(paid) >= \(parameter(minPrice.text))::numeric") }
        if let maxPrice = filter.maxPrice { conditions.append("\(paid) <= \(parameter(maxPrice.text))::numeric") }
        if let onSale = filter.onSale { conditions.append(onSale ? "p.sale_price IS NOT NULL" : "p.sale_price IS NULL") }
        if let inStock = filter.inStock { conditions.append(inStock ? "p.stock > 0" : "p.stock = 0") }
        if !filter.dietLabels.isEmpty {
            conditions.append("p.diet_labels @> \(parameter(PostgresArray(filter.dietLabels.map(\.databaseName))))::text[]")
        }
        if !filter.allergenFree.isEmpty {
            conditions.append("NOT (p.allergens && \(parameter(PostgresArray(filter.allergenFree.map(\.databaseName))))::text[])")
        }
        // Keyset orders: the last key is unique.
        let keys: [Page.Key]
        var descending = false
        switch search.order {
        case .relevance where search.text != nil:
            keys = [.init(expression: "p.rank", type: "float8"), .init(expression: "p.id", type: "bigint")]
            descending = true
        case .relevance:
            // Without text every product is as relevant as any other: the most recently added first.
            keys = [.init(expression: "p.id", type: "bigint")]
            descending = true
        case .priceAscending:
            keys = [.init(expression: "coalesce(p.sale_price, p.catalog_price, 1e9)", type: "numeric"), .init(expression: "p.id", type: "bigint")]
        case .priceDescending:
            keys = [.init(expression: "coalesce(p.sale_price, p.catalog_price, -1)", type: "numeric"), .init(expression: "p.id", type: "bigint")]
            descending = true
        case .name:
            keys = [.init(expression: "lower(p.name)", type: "text"), .init(expression: "p.id", type: "bigint")]
        }
        let whereClause = conditions.joined(separator: " AND ")
        return ProductSearchQuery(
            source: "SELECT p.*\(rank) FROM products p WHERE \(whereClause)", countSource: "SELECT 1 FROM products p WHERE \(whereClause)",
            parameters: parameters, keys: keys, descending: descending)
    }
}

/// A page of products (schema type `ProductConnection`): its edges and page info, and a count
/// made only when `totalCount` or `totalCountIsExact` is selected.
struct ProductPage: ObjectValue {
    static let graphQLTypeName = "ProductConnection"

    var connection: Connection<ProductRecord>
    var count: PageCount
}

extension ProductPage: SealablePage {
    mutating func seal(for list: String) {
        connection.seal(for: list)
    }
}
