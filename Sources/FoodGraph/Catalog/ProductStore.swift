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
    static func active(barcode: String, in database: some PostgresQuerying) async throws -> ProductRecord? {
        try await database.query(
            "SELECT \(ProductRecord.columns) FROM products p WHERE p.barcode = $1 AND p.status = 'active'", [barcode]
        ).first.map(ProductRecord.init)
    }

    /// Products waiting for moderation, oldest first.
    static func pending(page: Page, in database: some PostgresQuerying) async throws -> Connection<ProductRecord> {
        try await page.fetch(
            select: ProductRecord.columns, from: "SELECT * FROM products WHERE status = 'pending'", as: "p",
            keys: [.init(expression: "p.created_at", type: "timestamptz"), .init(expression: "p.id", type: "bigint")],
            parameters: [], in: database, decode: ProductRecord.init)
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
        _ product: CreateProductInput, categoryID: Int64, status: ProductStatus, submittedBy: Int64, in transaction: PostgresTransaction
    ) async throws -> Int64? {
        var parameters: [any PostgresEncodable] = [
            product.name, product.brand, categoryID, product.barcode, product.nutrition.basis.databaseName, status.databaseName,
            submittedBy, product.catalogPrice?.text, product.servingSize?.value, product.servingSize?.unit.databaseName,
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
                INSERT INTO products (name, brand, category_id, barcode, nutrition_basis, status, submitted_by, catalog_price,
                  serving_quantity, serving_unit, package_quantity, package_unit, serving_description, shelf_life_days, storage,
                  allergens, diet_labels, \(nutrientColumns.joined(separator: ", ")))
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8::numeric, $9, $10, $11, $12, $13, $14, $15, $16::text[], $17::text[],
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

    /// Approves or rejects a pending product; false when no pending product has the id.
    static func review(
        _ id: Int64, status: ProductStatus, reviewer: Int64, note: String?, in transaction: PostgresTransaction
    ) async throws -> Bool {
        !(try await transaction.query(
            """
            UPDATE products SET status = $2, reviewed_by = $3, review_note = $4, updated_at = now()
            WHERE id = $1 AND status = 'pending' RETURNING id
            """, [id, status.databaseName, reviewer, note])
        ).isEmpty
    }

    /// The prices of a product after an offer change.
    struct Offer {
        var catalogPrice: Decimal?
        var salePrice: Decimal?
    }

    /// Sets stock and prices (a nil leaves one as it is; `removeCatalogPrice` and `endSale` clear
    /// them); nil when no product has the id.
    static func updateOffer(
        _ id: Int64, stock: Int?, catalogPrice: DecimalText?, removeCatalogPrice: Bool, salePrice: DecimalText?, endSale: Bool,
        in transaction: PostgresTransaction
    ) async throws -> Offer? {
        let rows = try await transaction.query(
            """
            UPDATE products SET stock = coalesce($2, stock),
              catalog_price = CASE WHEN $6 THEN NULL ELSE coalesce($3::numeric, catalog_price) END,
              sale_price = CASE WHEN $5 THEN NULL ELSE coalesce($4::numeric, sale_price) END, updated_at = now()
            WHERE id = $1 RETURNING catalog_price::text, sale_price::text
            """, [id, stock, catalogPrice?.text, salePrice?.text, endSale, removeCatalogPrice])
        guard let row = rows.first else { return nil }
        return Offer(
            catalogPrice: try row.decode(String?.self, at: 0).flatMap { DecimalText($0).decimal },
            salePrice: try row.decode(String?.self, at: 1).flatMap { DecimalText($0).decimal })
    }
}
