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
}

extension ProductStore {
    /// One page of active products matching `search`, with the total count, in one statement.
    static func search(_ search: ProductSearch, page: Page, in database: some PostgresQuerying) async throws -> Connection<ProductRecord> {
        var conditions = ["p.status = 'active'"]
        var parameters: [any PostgresEncodable] = []
        func parameter(_ value: any PostgresEncodable) -> String {
            parameters.append(value)
            return "$\(parameters.count)"
        }
        var rank = "0::float8"
        if let text = search.text {
            let placeholder = parameter(text)
            // The trigram expression is the one `products_name_trgm` indexes, so both arms use an index.
            let trigrams = "lower(p.name || ' ' || coalesce(p.brand, ''))"
            // Word similarity: the query against the closest run of words in the name, so "chedar"
            // finds "Aged Cheddar" however long the name is.
            conditions.append("(p.search @@ plainto_tsquery('simple', \(placeholder)) OR lower(\(placeholder)) <% \(trigrams))")
            rank = "greatest(word_similarity(lower(\(placeholder)), \(trigrams)), ts_rank(p.search, plainto_tsquery('simple', \(placeholder))))::float8"
        }
        let filter = search.filter
        if let category = filter.category {
            conditions.append(
                """
                p.category_id IN (SELECT c.id FROM categories c, categories root
                  WHERE root.slug = \(parameter(category)) AND (c.path = root.path OR c.path LIKE root.path || '/%'))
                """)
        }
        if let brand = filter.brand { conditions.append("lower(p.brand) = lower(\(parameter(brand)))") }
        // The price paid: the sale price while on sale, else the catalog price; unpriced products
        // match no price bound.
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
        // Keyset orders: the last key is unique. Products without a price sort after priced ones.
        let keys: [Page.Key]
        var descending = false
        switch search.order {
        case .relevance:
            keys = [.init(expression: "p.rank", type: "float8"), .init(expression: "p.id", type: "bigint")]
            descending = true
        case .priceAscending:
            keys = [.init(expression: "p.price_ascending", type: "numeric"), .init(expression: "p.id", type: "bigint")]
        case .priceDescending:
            keys = [.init(expression: "p.price_descending", type: "numeric"), .init(expression: "p.id", type: "bigint")]
            descending = true
        case .name:
            keys = [.init(expression: "p.name", type: "text"), .init(expression: "p.id", type: "bigint")]
        }
        let source = """
            SELECT p.*, \(rank) AS rank, coalesce(\(paid), 1e9) AS price_ascending, coalesce(\(paid), -1) AS price_descending
            FROM products p WHERE \(conditions.joined(separator: " AND "))
            """
        return try await page.fetch(
            select: ProductRecord.columns, from: source, as: "p", keys: keys, descending: descending, parameters: parameters,
            in: database, decode: ProductRecord.init)
    }
}
