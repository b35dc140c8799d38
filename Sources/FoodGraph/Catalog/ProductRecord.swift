import Foundation
import GraphQLEngine
import Postgres

/// A product row (schema type `Product`): identity, category, nutrition per 100 g/ml, stock and labels.
/// Values the schema shows are decoded once per row into the Swift types its fields return.
struct ProductRecord: IdentifiedRecord, ObjectValue {
    static let graphQLTypeName = "Product"

    var id: Int64
    var name: String
    var brand: String?
    var categoryID: Int64
    var barcode: String?
    var nutrition: Nutrition
    var allergens: [Allergen] = []
    var dietLabels: [DietLabel] = []
    var shelfLifeDays: Int? = nil
    var storage: StorageLocation? = nil
    var stock: Int
    /// The database's status, `active`, `pending` or `rejected`.
    var status: String
    var servingGrams: Double? = nil
    var packageSize: Quantity? = nil
    var servingSize: Quantity? = nil
    var servingDescription: String? = nil
    /// The catalog's summary of the chains' offers (`OfferStore.refreshSummary`): the best offer's
    /// prices, and the units all chains have in stock.
    var catalogPrice: Money? = nil
    var salePrice: Money? = nil
    /// The chain whose own product this is (created by its representatives), if any.
    var chainID: Int64?
    /// For a pending revision: the active product it changes when approved.
    var revisionOf: Int64?

    var isActive: Bool { status == "active" }
    var productStatus: ProductStatus { ProductStatus(databaseName: status) ?? .pending }

    /// Who sees the product: everybody while it is in the catalog; otherwise (in moderation,
    /// rejected, withdrawn, or a pending revision) administrators and its chain's representatives.
    func isVisible(to viewer: Viewer?) -> Bool {
        if isActive { return true }
        guard let viewer else { return false }
        if viewer.isAdministrator { return true }
        return chainID.map { viewer.mayManageChain($0) } ?? false
    }

    /// The columns `init(_:)` reads, in order, from a row of `products` named `p`, with the
    /// fields that need each (`ProductColumns`).
    static let columnList: [(expression: String, level: ProductColumns)] = [
        ("p.id", .summary), ("p.name", .summary), ("p.brand", .summary), ("p.category_id", .summary),
        ("p.barcode", .summary), ("p.nutrition_basis", .nutrition),
    ] + NutrientKey.allCases.map { ("p.\($0.column)", .nutrition) } + [
        ("p.allergens", .all), ("p.diet_labels", .all), ("p.shelf_life_days", .all), ("p.storage", .all),
        ("p.stock", .summary), ("p.status", .summary),
        ("p.serving_quantity::float8", .all), ("p.package_quantity::float8", .all), ("p.package_unit", .all),
        ("p.serving_unit", .all), ("p.serving_description", .all), ("p.catalog_price::text", .all),
        ("p.sale_price::text", .all), ("p.currency", .all), ("p.micronutrients::text", .all), ("p.chain_id", .summary),
        ("p.revision_of", .summary),
    ]
    static let columns = columnList.map(\.expression).joined(separator: ", ")

    /// Products by id, whatever their status (callers apply visibility); kept here for the
    /// request's loaders and other areas.
    static func load(_ ids: [Int64], from database: some PostgresQuerying) async throws -> [Int64: ProductRecord] {
        try await ProductStore.load(ids, from: database)
    }
}

// In an extension, so that the memberwise initializer stays.
extension ProductRecord {
    init(_ row: PostgresRow) throws {
        try self.init(row, columns: .all)
    }

    /// A row of `columns.select`: what it leaves out is empty here, and no field reads it.
    ///
    /// Every column is read before the memberwise initializer runs (docs/adding-an-area.md).
    init(_ row: PostgresRow, columns: ProductColumns) throws {
        let all = columns == .all
        var nutrition =
            if columns >= .nutrition {
                try Nutrition(row, nutrientsFrom: 6, basis: NutritionBasis(databaseName: row.decode(String.self, at: 5)))
            } else {
                Nutrition.zero
            }
        if all { nutrition.micronutrients = Micronutrient.list(try row.decode(String.self, at: 34)) }
        let servingGrams = try all ? row.decode(Double?.self, at: 26) : nil
        let currency = try all ? row.decode(String.self, at: 33) : ""
        self.init(
            id: try row.decode(Int64.self, at: 0), name: try row.decode(String.self, at: 1),
            brand: try row.decode(String?.self, at: 2), categoryID: try row.decode(Int64.self, at: 3),
            barcode: try row.decode(String?.self, at: 4), nutrition: nutrition,
            allergens: try all ? row.decode([String].self, at: 20).compactMap(Allergen.init(databaseName:)) : [],
            dietLabels: try all ? row.decode([String].self, at: 21).compactMap(DietLabel.init(databaseName:)) : [],
            shelfLifeDays: try all ? row.decode(Int?.self, at: 22) : nil,
            storage: try all ? row.decode(String?.self, at: 23).flatMap(StorageLocation.init(databaseName:)) : nil,
            stock: try row.decode(Int.self, at: 24), status: try row.decode(String.self, at: 25), servingGrams: servingGrams,
            packageSize: try all ? Quantity(row.decode(Double?.self, at: 27), row.decode(String?.self, at: 28)) : nil,
            servingSize: try all ? Quantity(servingGrams, row.decode(String?.self, at: 29)) : nil,
            servingDescription: try all ? row.decode(String?.self, at: 30) : nil,
            catalogPrice: try all ? Money(row.decode(String?.self, at: 31), currency) : nil,
            salePrice: try all ? Money(row.decode(String?.self, at: 32), currency) : nil,
            chainID: try row.decode(Int64?.self, at: 35), revisionOf: try row.decode(Int64?.self, at: 36))
    }
}

/// Nutrient amounts per 100 g or ml, or per serving, scaled (schema type `Nutrition`).
struct Nutrition: ObjectValue {
    static let graphQLTypeName = "Nutrition"

    var basis: NutritionBasis?
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
    /// Further minerals and vitamins where known, by name.
    var micronutrients: [Micronutrient] = []

    var energyKj: Double { (energyKcal * 4.184 * 10).rounded() / 10 }

    func scaled(by factor: Double) -> Nutrition {
        func scale(_ value: Double?) -> Double? { value.map { ($0 * factor * 100).rounded() / 100 } }
        return Nutrition(
            basis: nil, energyKcal: scale(energyKcal) ?? 0, fatG: scale(fatG) ?? 0, saturatedFatG: scale(saturatedFatG),
            transFatG: scale(transFatG), cholesterolMg: scale(cholesterolMg), carbohydratesG: scale(carbohydratesG) ?? 0,
            fibreG: scale(fibreG), sugarsG: scale(sugarsG), sodiumMg: scale(sodiumMg), proteinG: scale(proteinG) ?? 0,
            vitaminAUg: scale(vitaminAUg), vitaminCMg: scale(vitaminCMg), calciumMg: scale(calciumMg), ironMg: scale(ironMg),
            micronutrients: micronutrients.map { Micronutrient(name: $0.name, amount: scale($0.amount) ?? 0, unit: $0.unit) })
    }
}

extension Nutrition {
    /// The 14 nutrients from a row's columns `first` onwards, in `NutrientKey`'s order, which
    /// the product's and the diary entry's column lists both follow.
    init(_ row: PostgresRow, nutrientsFrom first: Int, basis: NutritionBasis?) throws {
        self.init(
            basis: basis, energyKcal: try row.decode(Double.self, at: first), fatG: try row.decode(Double.self, at: first + 1),
            saturatedFatG: try row.decode(Double?.self, at: first + 2), transFatG: try row.decode(Double?.self, at: first + 3),
            cholesterolMg: try row.decode(Double?.self, at: first + 4), carbohydratesG: try row.decode(Double.self, at: first + 5),
            fibreG: try row.decode(Double?.self, at: first + 6), sugarsG: try row.decode(Double?.self, at: first + 7),
            sodiumMg: try row.decode(Double?.self, at: first + 8), proteinG: try row.decode(Double.self, at: first + 9),
            vitaminAUg: try row.decode(Double?.self, at: first + 10), vitaminCMg: try row.decode(Double?.self, at: first + 11),
            calciumMg: try row.decode(Double?.self, at: first + 12), ironMg: try row.decode(Double?.self, at: first + 13))
    }
}

/// A further mineral or vitamin (schema type `Micronutrient`).
struct Micronutrient: ObjectValue {
    static let graphQLTypeName = "Micronutrient"

    var name: String
    var amount: Double
    var unit: String

    /// From `products.micronutrients`: a JSON object keyed by nutrient name, each value
    /// `{"amount": 358, "unit": "mg"}`; by name. Entries of another shape are skipped.
    static func list(_ json: String) -> [Micronutrient] {
        guard json != "{}", let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { return [] }
        return object.compactMap { name, value -> Micronutrient? in
            guard let value = value as? [String: Any], let amount = (value["amount"] as? NSNumber)?.doubleValue,
                let unit = value["unit"] as? String
            else { return nil }
            return Micronutrient(name: name, amount: amount, unit: unit)
        }.sorted { $0.name < $1.name }
    }
}

/// An amount with its unit (schema type `Quantity`).
struct Quantity: ObjectValue {
    static let graphQLTypeName = "Quantity"

    var value: Double
    var unit: QuantityUnit

    init(value: Double, unit: QuantityUnit) {
        self.value = value
        self.unit = unit
    }

    /// From a row's quantity and unit columns: nil unless both are there.
    init?(_ value: Double?, _ unit: String?) {
        guard let value, let unit else { return nil }
        self.init(value: value, unit: QuantityUnit(databaseName: unit) ?? .gram)
    }
}

/// A product category (schema type `Category`); categories form a tree.
struct CategoryRecord: IdentifiedRecord, ObjectValue {
    static let graphQLTypeName = "Category"

    var id: Int64
    var parentID: Int64?
    var slug: String
    var name: String
    /// Slugs from the top-level category down, joined by `/`.
    var path: String

    /// The columns `init(_:)` reads, in order, from a row of `categories`.
    static let columns = "id, parent_id, slug, name, path"

    init(_ row: PostgresRow) throws {
        id = try row.decode(Int64.self, at: 0)
        parentID = try row.decode(Int64?.self, at: 1)
        slug = try row.decode(String.self, at: 2)
        name = try row.decode(String.self, at: 3)
        path = try row.decode(String.self, at: 4)
    }

    /// How other areas read these (the SQL is in the area's store).
    static func load(_ ids: [Int64], from database: some PostgresQuerying) async throws -> [Int64: CategoryRecord] {
        try await CategoryStore.load(ids, from: database)
    }
}
