import Foundation
import Postgres

/// The SQL of products: reads by id and barcode, the moderation queue, and the writes of the
/// catalog's product mutations. Values always travel as parameters; writes take the mutation's
/// transaction. Search is in `ProductSearch.swift`.
enum ProductStore {
    /// Products by id, whatever their status: callers apply visibility.
    static func load(_ ids: [Int64], from database: some PostgresQuerying) async throws -> [Int64: ProductRecord] {
        try await ProductRecord.load("SELECT \(ProductRecord.columns) FROM products p WHERE p.id = ANY($1)", ids: ids, from: database)
    }

    /// The active product with a normalised barcode.
    static func active(
        barcode: String, columns: ProductColumns = .all, in database: some PostgresQuerying
    ) async throws -> ProductRecord? {
        try await database.query(
            "SELECT \(columns.select) FROM products p WHERE p.barcode = $1 AND p.revision_of IS NULL AND p.status = 'active'",
            [barcode]
        ).first.map { try ProductRecord($0, columns: columns) }
    }

    /// Products waiting for moderation, oldest first.
    static func pending(page: Page, in database: some PostgresQuerying) async throws -> ProductPage {
        let connection = try await page.fetch(
            select: ProductRecord.columns, from: "SELECT * FROM products WHERE status = 'pending'", as: "p",
            keys: [.init(expression: "p.created_at", type: "timestamptz"), .init(expression: "p.id", type: "bigint")],
            parameters: [], count: .none, in: database, decode: ProductRecord.init)
        return ProductPage(
            connection: connection,
            count: PageCount(source: "SELECT 1 FROM products WHERE status = 'pending'", parameters: [], cap: ProductSearch.countCap))
    }

    /// The same page of each chain's own products, by name, in one statement: those in the catalog,
    /// and every other one of the chains in `managed` (or of all chains for `everything`).
    static func products(
        ofChains chainIDs: [Int64], managed: [Int64], everything: Bool, page: Page, in database: some PostgresQuerying
    ) async throws -> [Int64: ProductPage] {
        let visible = "(p.status = 'active' OR p.chain_id = ANY($2::bigint[]) OR $3::bool)"
        let pages = try await page.fetchForParents(
            chainIDs, select: ProductRecord.columns,
            from: "SELECT p.*, p.chain_id AS page_parent FROM products p WHERE \(visible)", as: "p",
            keys: [.init(expression: "lower(p.name)", type: "text"), .init(expression: "p.id", type: "bigint")],
            parameters: [PostgresArray(managed), everything], in: database, decode: ProductRecord.init)
        var products: [Int64: ProductPage] = [:]
        for (chainID, connection) in pages {
            products[chainID] = ProductPage(
                connection: connection,
                count: PageCount(
                    source: "SELECT 1 FROM products p WHERE p.chain_id = $1 AND \(visible)",
                    parameters: [chainID, PostgresArray(managed), everything], cap: ProductSearch.countCap))
        }
        return products
    }

    /// The nutrient columns, in the order of `values(of:)`.
    static let nutrientColumns = [
        "energy_kcal", "fat_g", "saturated_fat_g", "trans_fat_g", "cholesterol_mg", "carbohydrates_g", "fibre_g", "sugars_g",
        "sodium_mg", "protein_g", "vitamin_a_ug", "vitamin_c_mg", "calcium_mg", "iron_mg",
    ]

    static func values(of nutrition: Nutrition) -> [Double?] {
        [
            nutrition.energyKcal, nutrition.fatG, nutrition.saturatedFatG, nutrition.transFatG, nutrition.cholesterolMg,
            nutrition.carbohydratesG, nutrition.fibreG, nutrition.sugarsG, nutrition.sodiumMg, nutrition.proteinG,
            nutrition.vitaminAUg, nutrition.vitaminCMg, nutrition.calciumMg, nutrition.ironMg,
        ]
    }

    /// Inserts a product; nil when its barcode is taken (the transaction is then unusable: the
    /// caller returns a user error, which rolls it back).
    static func insert(
        _ product: CreateProductInput, categoryID: Int64, status: ProductStatus, submittedBy: Int64, chainID: Int64?,
        in transaction: PostgresTransaction
    ) async throws -> Int64? {
        var parameters: [any PostgresEncodable] = [
            product.name, product.brand, categoryID, product.barcode, product.nutrition.basis.databaseName, status.databaseName,
            submittedBy, chainID, product.servingSize?.value, product.servingSize?.unit.databaseName,
            product.packageSize?.value, product.packageSize?.unit.databaseName, product.servingDescription, product.shelfLifeDays,
            product.storage?.databaseName, PostgresArray(product.allergens.map(\.databaseName)),
            PostgresArray(product.dietLabels.map(\.databaseName)),
        ]
        let nutrients = values(of: product.nutrition.per100).map { value -> String in
            parameters.append(value)
            return "$\(parameters.count)"
        }
        do {
            let rows = try await transaction.query(
                """
                INSERT INTO products (name, brand, category_id, barcode, nutrition_basis, status, submitted_by, chain_id,
                  serving_quantity, serving_unit, package_quantity, package_unit, serving_description, shelf_life_days, storage,
                  allergens, diet_labels, \(nutrientColumns.joined(separator: ", ")))
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16::text[], $17::text[],
                  \(nutrients.joined(separator: ", ")))
                RETURNING id
                """, parameters)
            return try rows[0].decode(Int64.self, at: 0)
        } catch let error as PostgresError where error.isUniqueViolation {
            return nil
        }
    }

    enum UpdateOutcome {
        case updated
        case notFound
        case barcodeTaken
    }

    /// Applies a patch: fields left out stay, fields given as null are cleared.
    static func update(
        _ id: Int64, _ patch: UpdateProductInput, categoryID: Int64?, in transaction: PostgresTransaction
    ) async throws -> UpdateOutcome {
        var assignments: [String] = []
        var parameters: [any PostgresEncodable] = [id]
        func set(_ column: String, _ value: any PostgresEncodable, cast: String = "") {
            parameters.append(value)
            assignments.append("\(column) = $\(parameters.count)\(cast)")
        }
        if let name = patch.name { set("name", name) }
        if let brand = patch.brand { set("brand", brand) }
        if let categoryID { set("category_id", categoryID) }
        if let barcode = patch.barcode { set("barcode", barcode) }
        if let packageSize = patch.packageSize {
            set("package_quantity", packageSize?.value)
            set("package_unit", packageSize?.unit.databaseName)
        }
        if let servingSize = patch.servingSize {
            set("serving_quantity", servingSize?.value)
            set("serving_unit", servingSize?.unit.databaseName)
        }
        if let description = patch.servingDescription { set("serving_description", description) }
        if let nutrition = patch.nutrition {
            set("nutrition_basis", nutrition.basis.databaseName)
            for (column, value) in zip(nutrientColumns, values(of: nutrition.per100)) { set(column, value) }
        }
        if let allergens = patch.allergens { set("allergens", PostgresArray(allergens.map(\.databaseName)), cast: "::text[]") }
        if let labels = patch.dietLabels { set("diet_labels", PostgresArray(labels.map(\.databaseName)), cast: "::text[]") }
        if let days = patch.shelfLifeDays { set("shelf_life_days", days) }
        if let storage = patch.storage { set("storage", storage?.databaseName) }
        assignments.append("updated_at = now()")
        do {
            let rows = try await transaction.query(
                "UPDATE products SET \(assignments.joined(separator: ", ")) WHERE id = $1 RETURNING id", parameters)
            return rows.isEmpty ? .notFound : .updated
        } catch let error as PostgresError where error.isUniqueViolation {
            return .barcodeTaken
        }
    }

    /// Approves or rejects a pending product (not a revision); false when no such product waits.
    static func review(
        _ id: Int64, status: ProductStatus, reviewer: Int64, note: String?, in transaction: PostgresTransaction
    ) async throws -> Bool {
        !(try await transaction.query(
            """
            UPDATE products SET status = $2, reviewed_by = $3, review_note = $4, reviewed_at = now(), updated_at = now()
            WHERE id = $1 AND status = 'pending' AND revision_of IS NULL RETURNING id
            """, [id, status.databaseName, reviewer, note])
        ).isEmpty
    }

    /// The product, its row locked until the transaction ends (changes of one product, its
    /// offers and its revisions, one after another).
    static func lock(_ id: Int64, in transaction: PostgresTransaction) async throws -> ProductRecord? {
        try await transaction.query("SELECT \(ProductRecord.columns) FROM products p WHERE p.id = $1 FOR UPDATE", [id])
            .first.map(ProductRecord.init)
    }

    /// What a revision carries of its product: everything that describes it.
    static let contentColumns =
        [
            "name", "brand", "category_id", "barcode", "package_quantity", "package_unit", "serving_quantity", "serving_unit",
            "serving_description", "nutrition_basis",
        ] + nutrientColumns + ["micronutrients", "allergens", "diet_labels", "shelf_life_days", "storage"]

    /// The pending revision of a product, if one waits.
    static func pendingRevision(of id: Int64, in transaction: PostgresTransaction) async throws -> Int64? {
        try await transaction.query("SELECT id FROM products WHERE revision_of = $1 AND status = 'pending'", [id])
            .first?.decode(Int64.self, at: 0)
    }

    /// Starts a pending revision of a product: a copy of it, image included, by `userID`.
    static func createRevision(of id: Int64, by userID: Int64, in transaction: PostgresTransaction) async throws -> Int64 {
        let columns = contentColumns.joined(separator: ", ")
        let revision = try await transaction.query(
            """
            INSERT INTO products (\(columns), status, submitted_by, chain_id, revision_of)
            SELECT \(columns), 'pending', $2, chain_id, id FROM products WHERE id = $1 RETURNING id
            """, [id, userID])[0].decode(Int64.self, at: 0)
        try await ProductImages.copy(from: id, to: revision, in: transaction)
        return revision
    }

    /// Approves a revision: its content and image become its product's, and it goes. False when
    /// its barcode has been taken by another product meanwhile (the transaction is then unusable:
    /// the caller returns a user error, which rolls it back).
    static func applyRevision(
        _ revisionID: Int64, to productID: Int64, reviewer: Int64, note: String?, in transaction: PostgresTransaction
    ) async throws -> Bool {
        let columns = contentColumns.joined(separator: ", ")
        do {
            _ = try await transaction.query(
                """
                UPDATE products SET (\(columns)) = (SELECT \(columns) FROM products WHERE id = $1),
                  reviewed_by = $3, review_note = $4, reviewed_at = now(), updated_at = now()
                WHERE id = $2
                """, [revisionID, productID, reviewer, note])
        } catch let error as PostgresError where error.isUniqueViolation {
            return false
        }
        try await ProductImages.move(from: revisionID, to: productID, in: transaction)
        _ = try await transaction.query("DELETE FROM products WHERE id = $1", [revisionID])
        return true
    }

    /// Rejects a pending revision; it stays, rejected, with the note.
    static func rejectRevision(_ revisionID: Int64, reviewer: Int64, note: String?, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query(
            """
            UPDATE products SET status = 'rejected', reviewed_by = $2, review_note = $3, reviewed_at = now(), updated_at = now()
            WHERE id = $1
            """, [revisionID, reviewer, note])
    }

    /// Sets a product's status (`pending` again after a rejected product is changed, `withdrawn`).
    static func setStatus(_ id: Int64, _ status: ProductStatus, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query(
            "UPDATE products SET status = $2, updated_at = now() WHERE id = $1", [id, status.databaseName])
    }

    /// Deletes a product outright (a cancelled revision).
    static func delete(_ id: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query("DELETE FROM products WHERE id = $1", [id])
    }

    /// Withdraws a product: it leaves the catalog, and a change waiting for moderation goes.
    static func withdraw(_ id: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query("DELETE FROM products WHERE revision_of = $1 AND status = 'pending'", [id])
        try await setStatus(id, .withdrawn, in: transaction)
    }
}

extension ProductStore {
    /// Who submitted each product (products without a submitter are left out): the Spending area
    /// lets a user map a receipt line to a product they submitted while it waits for moderation.
    static func submitters(of ids: [Int64], in database: some PostgresQuerying) async throws -> [Int64: Int64] {
        var submitters: [Int64: Int64] = [:]
        for row in try await database.query(
            "SELECT id, submitted_by FROM products WHERE id = ANY($1) AND submitted_by IS NOT NULL", [PostgresArray(ids)])
        {
            submitters[try row.decode(Int64.self, at: 0)] = try row.decode(Int64.self, at: 1)
        }
        return submitters
    }
}
