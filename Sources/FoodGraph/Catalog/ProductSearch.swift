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

    func run(page: Page, in database: some PostgresQuerying) async throws -> Payload {
        var conditions = ["p.status = 'active'"]
        var parameters: [any PostgresEncodable] = []
        func parameter(_ value: any PostgresEncodable) -> String {
            parameters.append(value)
            return "$\(parameters.count)"
        }
        var rank = "0"
        if let text {
            let placeholder = parameter(text)
            conditions.append(
                "(p.search @@ plainto_tsquery('simple', \(placeholder)) OR (coalesce(p.name, '') || ' ' || coalesce(p.brand, '')) % \(placeholder))")
            rank = "greatest(similarity(p.name || ' ' || coalesce(p.brand, ''), \(placeholder)), ts_rank(p.search, plainto_tsquery('simple', \(placeholder))))"
        }
        if let categorySlug {
            let placeholder = parameter(categorySlug)
            conditions.append(
                "p.category_id IN (SELECT c.id FROM categories c, categories root WHERE root.slug = \(placeholder) AND (c.path = root.path OR c.path LIKE root.path || '/%'))")
        }
        if let brand { conditions.append("lower(p.brand) = lower(\(parameter(brand)))") }
        if let inStock { conditions.append(inStock ? "p.stock > 0" : "p.stock = 0") }
        let orderBy =
            switch order {
            case "RELEVANCE": "\(rank) DESC, p.name, p.id"
            case "PRICE_ASCENDING": "coalesce(p.sale_price, p.catalog_price) ASC NULLS LAST, p.id"
            case "PRICE_DESCENDING": "coalesce(p.sale_price, p.catalog_price) DESC NULLS LAST, p.id"
            default: "p.name, p.id"
            }
        let sql = """
            SELECT \(ProductRecord.columns), count(*) OVER () AS total
            FROM products p WHERE \(conditions.joined(separator: " AND "))
            ORDER BY \(orderBy) LIMIT \(parameter(page.limit)) OFFSET \(parameter(page.offset))
            """
        let rows = try await database.query(sql, parameters)
        var total = 0
        if let first = rows.first { total = try first.decode(Int.self, named: "total") }
        else if page.offset > 0 {
            total = try await database.query(
                "SELECT count(*) FROM products p WHERE \(conditions.joined(separator: " AND "))",
                Array(parameters.dropLast(2)))[0].decode(Int.self, at: 0)
        }
        return page.connection(try rows.map(ProductRecord.init), totalCount: total)
    }
}
