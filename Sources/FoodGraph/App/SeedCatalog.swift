import Foundation
import Postgres

/// The demo catalog's data files (`Resources/seed/*.csv`): plain comma-separated lines, `#` comment
/// lines first (the sources), then a header naming the columns. Fields never contain commas; lists
/// inside a field are separated by `;`.
struct SeedCatalog {
    /// Each data line as column name → text.
    var categories: [[String: String]]
    var products: [[String: String]]

    static func load() throws -> SeedCatalog {
        SeedCatalog(categories: try table("categories"), products: try table("products"))
    }

    static func table(_ name: String) throws -> [[String: String]] {
        guard let url = Bundle.module.url(forResource: name, withExtension: "csv", subdirectory: "seed"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else {
            throw DomainError(.serviceUnavailable, "The seed file \(name).csv is missing from the resources.")
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true).filter { !$0.hasPrefix("#") }
        guard let header = lines.first?.split(separator: ",", omittingEmptySubsequences: false).map(String.init) else { return [] }
        return try lines.dropFirst().enumerated().map { number, line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == header.count else {
                throw DomainError(
                    .serviceUnavailable, "\(name).csv data line \(number + 1) has \(fields.count) fields, not \(header.count).")
            }
            return Dictionary(uniqueKeysWithValues: zip(header, fields))
        }
    }

    /// Inserts the categories, then every product in one statement, each with the seed's price and
    /// a stock as the offer of the oldest chain (the demo's FreshMart), if there is one.
    func insert(into transaction: PostgresTransaction) async throws {
        for category in categories {
            guard let slug = category["slug"], let name = category["name"] else { continue }
            let parent = category["parent"].flatMap { $0.isEmpty ? nil : $0 }
            _ = try await transaction.query(
                """
                INSERT INTO categories (parent_id, slug, name, path)
                SELECT p.id, $1, $2, coalesce(p.path || '/', '') || $1
                FROM (SELECT NULL) AS root LEFT JOIN categories p ON p.slug = $3
                """, [slug, name, parent])
        }
        let rows: [[String: Any]] = products.enumerated().map { index, product in
            var row: [String: Any] = product.filter { !$0.value.isEmpty }
            for list in ["allergens", "diet_labels"] {
                row[list] = product[list].map { $0.split(separator: ";").map(String.init) } ?? []
            }
            // Shelf stock that varies from product to product, the same on every load.
            row["stock"] = (index * 37) % 120 + 5
            return row
        }
        let json = String(decoding: try JSONSerialization.data(withJSONObject: rows), as: UTF8.self)
        _ = try await transaction.query(
            """
            INSERT INTO products (name, brand, category_id, barcode, nutrition_basis, energy_kcal, fat_g, saturated_fat_g,
              carbohydrates_g, sugars_g, fibre_g, protein_g, sodium_mg, calcium_mg, iron_mg, vitamin_c_mg, allergens, diet_labels,
              storage, shelf_life_days, package_quantity, package_unit, serving_quantity, serving_unit, serving_description,
              catalog_price, stock)
            SELECT p.name, p.brand, c.id, p.barcode, p.basis, p.energy_kcal, p.fat_g, p.saturated_fat_g, p.carbohydrates_g,
              p.sugars_g, p.fibre_g, p.protein_g, p.sodium_mg, p.calcium_mg, p.iron_mg, p.vitamin_c_mg,
              ARRAY(SELECT jsonb_array_elements_text(p.allergens)), ARRAY(SELECT jsonb_array_elements_text(p.diet_labels)),
              p.storage, p.shelf_life_days, p.package_quantity, p.package_unit, p.serving_quantity, p.basis,
              p.serving_description, p.price, p.stock
            FROM jsonb_to_recordset($1::jsonb) AS p(
              category text, name text, brand text, barcode text, basis text, energy_kcal float8, fat_g float8,
              saturated_fat_g float8, carbohydrates_g float8, sugars_g float8, fibre_g float8, protein_g float8,
              sodium_mg float8, calcium_mg float8, iron_mg float8, vitamin_c_mg float8, allergens jsonb, diet_labels jsonb,
              storage text, shelf_life_days int, package_quantity numeric, package_unit text, serving_quantity numeric,
              serving_description text, price numeric, stock int)
            JOIN categories c ON c.slug = p.category
            """, [json])
        // Prices belong to chains (`chain_offers`); `products` keeps their summary, which a single
        // offer equals.
        _ = try await transaction.query(
            """
            INSERT INTO chain_offers (product_id, chain_id, currency, price, stock)
            SELECT p.id, c.id, p.currency, p.catalog_price, p.stock
            FROM products p CROSS JOIN (SELECT id FROM retail_chains ORDER BY id LIMIT 1) AS c
            WHERE p.catalog_price IS NOT NULL AND NOT EXISTS (SELECT 1 FROM chain_offers o WHERE o.product_id = p.id)
            """)
    }
}
