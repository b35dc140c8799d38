import Postgres

/// The SQL of categories: a tree (`parent_id`), each row with its path of slugs from the top.
enum CategoryStore {
    static func load(_ ids: [Int64], from database: some PostgresQuerying) async throws -> [Int64: CategoryRecord] {
        try await CategoryRecord.load("SELECT \(CategoryRecord.columns) FROM categories WHERE id = ANY($1)", ids: ids, from: database)
    }

    /// Every category, by name: the tree `CategoryTree` keeps.
    static func all(in database: some PostgresQuerying) async throws -> [CategoryRecord] {
        try await database.query("SELECT \(CategoryRecord.columns) FROM categories ORDER BY name, id").map(CategoryRecord.init)
    }

    /// The categories at the top of the tree, by name.
    static func topLevel(in database: some PostgresQuerying) async throws -> [CategoryRecord] {
        try await database.query("SELECT \(CategoryRecord.columns) FROM categories WHERE parent_id IS NULL ORDER BY name, id")
            .map(CategoryRecord.init)
    }

    static func category(slug: String, in database: some PostgresQuerying) async throws -> CategoryRecord? {
        try await database.query("SELECT \(CategoryRecord.columns) FROM categories WHERE slug = $1", [slug]).first.map(CategoryRecord.init)
    }

    /// The ids of the category with `slug` and of every category under it; none when no category
    /// has the slug.
    static func subtreeIDs(ofSlug slug: String, in database: some PostgresQuerying) async throws -> [Int64] {
        try await database.query(
            """
            SELECT c.id FROM categories c, categories root
            WHERE root.slug = $1 AND (c.path = root.path OR c.path LIKE root.path || '/%') ORDER BY c.id
            """, [slug]
        ).map { try $0.decode(Int64.self, at: 0) }
    }

    static func id(ofSlug slug: String, in database: some PostgresQuerying) async throws -> Int64? {
        try await database.query("SELECT id FROM categories WHERE slug = $1", [slug]).first?.decode(Int64.self, at: 0)
    }
}
