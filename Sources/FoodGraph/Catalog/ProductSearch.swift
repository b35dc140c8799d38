import GraphQLEngine
import Postgres

/// `Query.products`: text search tolerant of typos (trigram similarity on name and brand), AND-ed
/// filters, and an order; one SQL statement per page with the total count.
struct ProductSearch: Sendable {
    var text: String?
    var categorySlug: String?
    var brand: String?
    var inStock: Bool?
    var order: String

    init(_ arguments: GraphQLObject) throws {
        text = arguments.string("query")?.trimmingCharacters(in: .whitespaces)
        if text?.isEmpty == true { text = nil }
        if let text, text.count > 200 { throw DomainError.badUserInput("The search text is longer than 200 characters.") }
        if case .object(let filter)? = arguments["filter"] {
            categorySlug = filter.string("category")
            brand = filter.string("brand")
            if case .boolean(let value)? = filter["inStock"] { inStock = value }
        }
        order = arguments.enumName("orderBy") ?? (text == nil ? "NAME" : "RELEVANCE")
    }

    func run(page: Page, in database: some PostgresQuerying) async throws -> Connection<ProductRecord> {
        var conditions = ["p.status = 'active'"]
        var parameters: [any PostgresEncodable] = []
        func parameter(_ value: any PostgresEncodable) -> String {
            parameters.append(value)
            return "$\(parameters.count)"
        }
        var rank = "0::float8"
        if let text {
            let placeholder = parameter(text)
            // The trigram expression is the one `products_name_trgm` indexes, so both arms use an index.
            let trigrams = "lower(p.name || ' ' || coalesce(p.brand, ''))"
            // Word similarity: the query against the closest run of words in the name, so "chedar"
            // finds "Aged Cheddar" however long the name is.
            conditions.append("(p.search @@ plainto_tsquery('simple', \(placeholder)) OR lower(\(placeholder)) <% \(trigrams))")
            rank = "greatest(word_similarity(lower(\(placeholder)), \(trigrams)), ts_rank(p.search, plainto_tsquery('simple', \(placeholder))))::float8"
        }
        if let categorySlug {
            let placeholder = parameter(categorySlug)
            conditions.append(
                "p.category_id IN (SELECT c.id FROM categories c, categories root WHERE root.slug = \(placeholder) AND (c.path = root.path OR c.path LIKE root.path || '/%'))")
        }
        if let brand { conditions.append("lower(p.brand) = lower(\(parameter(brand)))") }
        if let inStock { conditions.append(inStock ? "p.stock > 0" : "p.stock = 0") }
        // Keyset orders: the last key is unique. Products without a price sort after priced ones.
        let keys: [Page.Key]
        var descending = false
        switch order {
        case "RELEVANCE":
            keys = [.init(expression: "p.rank", type: "float8"), .init(expression: "p.id", type: "bigint")]
            descending = true
        case "PRICE_ASCENDING":
            keys = [.init(expression: "p.price_ascending", type: "numeric"), .init(expression: "p.id", type: "bigint")]
        case "PRICE_DESCENDING":
            keys = [.init(expression: "p.price_descending", type: "numeric"), .init(expression: "p.id", type: "bigint")]
            descending = true
        default:
            keys = [.init(expression: "p.name", type: "text"), .init(expression: "p.id", type: "bigint")]
        }
        let source = """
            SELECT p.*, \(rank) AS rank, coalesce(p.sale_price, p.catalog_price, 1e9) AS price_ascending,
                   coalesce(p.sale_price, p.catalog_price, -1) AS price_descending
            FROM products p WHERE \(conditions.joined(separator: " AND "))
            """
        return try await page.fetch(
            select: ProductRecord.columns, from: source, as: "p", keys: keys, descending: descending, parameters: parameters,
            in: database, decode: ProductRecord.init)
    }
}
