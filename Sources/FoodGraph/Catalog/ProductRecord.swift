import GraphQLEngine
import Postgres

/// A product row: identity, category, nutrition per 100 g/ml, stock and labels.
struct ProductRecord: IdentifiedRecord, GraphQLTypeNamed {
    var id: Int64
    var name: String
    var brand: String?
    var categoryID: Int64
    var barcode: String?
    var nutrition: Nutrition
    var allergens: [String]
    var dietLabels: [String]
    var shelfLifeDays: Int?
    var storage: String?
    var stock: Int
    var status: String
    var servingGrams: Double?
    var packageQuantity: Double?
    var packageUnit: String?
    var servingUnit: String?
    var servingDescription: String?
    var catalogPrice: String?
    var salePrice: String?
    var currency: String = "CAD"

    var graphQLTypeName: String { "Product" }

    static let columns = """
        p.id, p.name, p.brand, p.category_id, p.barcode, p.nutrition_basis, p.energy_kcal, p.fat_g, p.saturated_fat_g,
        p.trans_fat_g, p.cholesterol_mg, p.carbohydrates_g, p.fibre_g, p.sugars_g, p.sodium_mg, p.protein_g,
        p.vitamin_a_ug, p.vitamin_c_mg, p.calcium_mg, p.iron_mg, p.allergens, p.diet_labels, p.shelf_life_days,
        p.storage, p.stock, p.status, p.serving_quantity::float8, p.package_quantity::float8, p.package_unit, p.serving_unit,
        p.serving_description, p.catalog_price::text, p.sale_price::text, p.currency
        """

    init(_ row: PostgresRow) throws {
        id = try row.decode(Int64.self, at: 0)
        name = try row.decode(String.self, at: 1)
        brand = try row.decode(String?.self, at: 2)
        categoryID = try row.decode(Int64.self, at: 3)
        barcode = try row.decode(String?.self, at: 4)
        nutrition = Nutrition(
            basis: try row.decode(String.self, at: 5), energyKcal: try row.decode(Double.self, at: 6),
            fatG: try row.decode(Double.self, at: 7), saturatedFatG: try row.decode(Double?.self, at: 8),
            transFatG: try row.decode(Double?.self, at: 9), cholesterolMg: try row.decode(Double?.self, at: 10),
            carbohydratesG: try row.decode(Double.self, at: 11), fibreG: try row.decode(Double?.self, at: 12),
            sugarsG: try row.decode(Double?.self, at: 13), sodiumMg: try row.decode(Double?.self, at: 14),
            proteinG: try row.decode(Double.self, at: 15), vitaminAUg: try row.decode(Double?.self, at: 16),
            vitaminCMg: try row.decode(Double?.self, at: 17), calciumMg: try row.decode(Double?.self, at: 18),
            ironMg: try row.decode(Double?.self, at: 19))
        allergens = try row.decode([String].self, at: 20)
        dietLabels = try row.decode([String].self, at: 21)
        shelfLifeDays = try row.decode(Int?.self, at: 22)
        storage = try row.decode(String?.self, at: 23)
        stock = try row.decode(Int.self, at: 24)
        status = try row.decode(String.self, at: 25)
        servingGrams = try row.decode(Double?.self, at: 26)
        packageQuantity = try row.decode(Double?.self, at: 27)
        packageUnit = try row.decode(String?.self, at: 28)
        servingUnit = try row.decode(String?.self, at: 29)
        servingDescription = try row.decode(String?.self, at: 30)
        catalogPrice = try row.decode(String?.self, at: 31)
        salePrice = try row.decode(String?.self, at: 32)
        currency = try row.decode(String.self, at: 33)
    }

    static func quantity(_ value: Double?, _ unit: String?) -> Payload? {
        guard let value, let unit else { return nil }
        let name =
            switch unit {
            case "ml": "MILLILITRE"
            case "piece": "PIECE"
            default: "GRAM"
            }
        return Payload(["value": value, "unit": name])
    }

    /// Active products, and pending ones for nobody but administrators (checked by the caller).
    static func load(_ ids: [Int64], from database: some PostgresQuerying) async throws -> [Int64: ProductRecord] {
        try await load("SELECT \(columns) FROM products p WHERE p.id = ANY($1)", ids: ids, from: database)
    }
}

/// Nutrient amounts per 100 g or ml (or per serving, scaled).
struct Nutrition: Sendable, GraphQLFieldReadable {
    var basis: String?
    var energyKcal: Double
    var fatG: Double
    var saturatedFatG: Double?
    var transFatG: Double?
    var cholesterolMg: Double?
    var carbohydratesG: Double
    var fibreG: Double?
    var sugarsG: Double?
    var sodiumMg: Double?
    var proteinG: Double
    var vitaminAUg: Double?
    var vitaminCMg: Double?
    var calciumMg: Double?
    var ironMg: Double?

    func graphQLField(_ name: String) -> (any Sendable)? {
        switch name {
        case "basis": basis.map { $0 == "ml" ? "PER_100_ML" : "PER_100_G" }
        case "energyKcal": energyKcal
        case "energyKj": (energyKcal * 4.184 * 10).rounded() / 10
        case "fatG": fatG
        case "saturatedFatG": saturatedFatG
        case "transFatG": transFatG
        case "cholesterolMg": cholesterolMg
        case "carbohydratesG": carbohydratesG
        case "fibreG": fibreG
        case "sugarsG": sugarsG
        case "sodiumMg": sodiumMg
        case "proteinG": proteinG
        case "vitaminAUg": vitaminAUg
        case "vitaminCMg": vitaminCMg
        case "calciumMg": calciumMg
        case "ironMg": ironMg
        case "micronutrients": [Payload]()
        default: nil
        }
    }

    func scaled(by factor: Double) -> Nutrition {
        func scale(_ value: Double?) -> Double? { value.map { ($0 * factor * 100).rounded() / 100 } }
        return Nutrition(
            basis: nil, energyKcal: scale(energyKcal) ?? 0, fatG: scale(fatG) ?? 0, saturatedFatG: scale(saturatedFatG),
            transFatG: scale(transFatG), cholesterolMg: scale(cholesterolMg), carbohydratesG: scale(carbohydratesG) ?? 0,
            fibreG: scale(fibreG), sugarsG: scale(sugarsG), sodiumMg: scale(sodiumMg), proteinG: scale(proteinG) ?? 0,
            vitaminAUg: scale(vitaminAUg), vitaminCMg: scale(vitaminCMg), calciumMg: scale(calciumMg), ironMg: scale(ironMg))
    }
}

struct CategoryRecord: IdentifiedRecord, GraphQLTypeNamed {
    var id: Int64
    var parentID: Int64?
    var slug: String
    var name: String
    var path: String

    var graphQLTypeName: String { "Category" }

    static let selectSQL = "SELECT id, parent_id, slug, name, path FROM categories"

    init(_ row: PostgresRow) throws {
        id = try row.decode(Int64.self, at: 0)
        parentID = try row.decode(Int64?.self, at: 1)
        slug = try row.decode(String.self, at: 2)
        name = try row.decode(String.self, at: 3)
        path = try row.decode(String.self, at: 4)
    }

    /// The children of many categories in one statement (a one-to-many loader's batch).
    static func children(of parentIDs: [Int64], from database: some PostgresQuerying) async throws -> [Int64: [CategoryRecord]] {
        let rows = try await database.query(selectSQL + " WHERE parent_id = ANY($1) ORDER BY name", [PostgresArray(parentIDs)])
        var children: [Int64: [CategoryRecord]] = Dictionary(uniqueKeysWithValues: parentIDs.map { ($0, []) })
        for row in rows {
            let category = try CategoryRecord(row)
            if let parentID = category.parentID { children[parentID, default: []].append(category) }
        }
        return children
    }

    static func load(_ ids: [Int64], from database: some PostgresQuerying) async throws -> [Int64: CategoryRecord] {
        try await load(selectSQL + " WHERE id = ANY($1)", ids: ids, from: database)
    }
}
