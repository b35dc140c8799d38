import Foundation
import GraphQLEngine
import Postgres

/// Adding, changing and re-logging diary entries. Nutrients are computed from the food's values per
/// 100 g and frozen in the entry; overrides replace single nutrients and can be cleared again.
enum DiaryEntryWriter {
    /// The food of a new entry: its name, values per 100 g, and grams per serving and per piece.
    struct Food {
        var productID: Int64?
        var name: String
        var per100: Nutrition
        var servingGrams: Double?
        var pieceGrams: Double?
    }

    static func add(_ input: GraphQLObject, _ context: RequestContext) async throws -> Payload {
        let viewer = try context.requireViewer()
        var errors: [UserError] = []
        guard case .object(let foodInput)? = input["food"] else {
            return .userErrors([UserError(field: ["food"], message: "Choose a product or describe a food.", code: .required)])
        }
        let food: Food
        switch try await Self.food(foodInput, context) {
        case .success(let found): food = found
        case .failure(let problems): return .userErrors(problems.errors)
        }
        let quantity = input.double("quantity") ?? 0
        let unit = input.enumName("unit") ?? "GRAM"
        let grams = Self.grams(quantity: quantity, unit: unit, food: food, errors: &errors)
        let changes = EntryNutrition.changes(from: listValue(input["overrides"]))
        errors += Self.problems(with: changes)
        guard errors.isEmpty, let grams else { return .userErrors(errors) }
        let nutrition = EntryNutrition(per100: food.per100, grams: grams, changes: changes)
        let id = try await insert(
            userID: viewer.userID, date: try DiaryResolvers.dateArgument(input["date"]),
            meal: (input.enumName("meal") ?? "SNACK").lowercased(), food: food, quantity: quantity, unit: unit, grams: grams,
            source: (input.enumName("source") ?? "MANUAL").lowercased(), nutrition: nutrition, in: context.database)
        return try await payload(entryID: id, userID: viewer.userID, context)
    }

    static func update(_ input: GraphQLObject, _ context: RequestContext) async throws -> Payload {
        let viewer = try context.requireViewer()
        guard let entry = try await ownEntry(input.string("entryId"), viewer, context) else {
            return .userErrors([UserError("entryId", "No such entry.", code: .notFound)])
        }
        var errors: [UserError] = []
        let quantity = input.double("quantity") ?? entry.quantity
        let unit = input.enumName("unit") ?? DiaryResolvers.unitName(entry.unit)
        // The stored entry knows its grams per unit; a new unit needs the food's own measures.
        let gramsPerUnit = entry.quantity > 0 ? entry.grams / entry.quantity : 1
        var grams: Double? = quantity * gramsPerUnit
        if unit != DiaryResolvers.unitName(entry.unit) {
            let food = Food(productID: entry.productID, name: entry.foodName, per100: .zero, servingGrams: nil, pieceGrams: nil)
            grams = Self.grams(quantity: quantity, unit: unit, food: try await withProductMeasures(food, context), errors: &errors)
        } else if !(quantity > 0 && quantity <= 10_000) {
            errors.append(UserError("quantity", "Enter a quantity above 0 and at most 10000.", code: .outOfRange))
        }
        let changes = EntryNutrition.changes(from: listValue(input["overrides"]))
        errors += Self.problems(with: changes)
        guard errors.isEmpty, let grams else { return .userErrors(errors) }
        var current: [NutrientKey: Double] = [:]
        for key in entry.computedOverridden.keys { current[key] = entry.nutrition[key] ?? 0 }
        let per100 = entry.computedNutrition.scaled(by: 100 / max(entry.grams, 0.01))
        let nutrition = EntryNutrition(per100: per100, grams: grams, current: current, changes: changes)
        var parameters: [any PostgresEncodable] = [
            entry.id, viewer.userID, try DiaryResolvers.dateArgument(input["date"]), input.enumName("meal")?.lowercased(), quantity,
            storedUnit(unit), grams, nutrition.computedOverriddenJSON,
        ]
        let assignments = NutrientKey.allCases.map { key -> String in
            parameters.append(nutrition.effective[key])
            return "\(key.column) = $\(parameters.count)"
        }
        _ = try await context.database.query(
            """
            UPDATE diary_entries SET local_date = coalesce($3::date, local_date), meal = coalesce($4, meal), quantity = $5,
              quantity_unit = $6, grams = $7, computed_overridden = $8::jsonb, \(assignments.joined(separator: ", ")), updated_at = now()
            WHERE id = $1 AND user_id = $2
            """, parameters)
        return try await payload(entryID: entry.id, userID: viewer.userID, context)
    }

    static func logAgain(_ input: GraphQLObject, _ context: RequestContext) async throws -> Payload {
        let viewer = try context.requireViewer()
        guard let entry = try await ownEntry(input.string("entryId"), viewer, context) else {
            return .userErrors([UserError("entryId", "No such entry.", code: .notFound)])
        }
        let rows = try await context.database.query(
            """
            INSERT INTO diary_entries (user_id, local_date, meal, product_id, recipe_id, food_name, quantity, quantity_unit, grams, source,
              energy_kcal, fat_g, saturated_fat_g, trans_fat_g, cholesterol_mg, carbohydrates_g, fibre_g, sugars_g, sodium_mg, protein_g,
              vitamin_a_ug, vitamin_c_mg, calcium_mg, iron_mg, computed_overridden)
            SELECT user_id,
              coalesce($3::date, (now() AT TIME ZONE coalesce((SELECT time_zone FROM profiles WHERE user_id = $2), 'UTC'))::date),
              coalesce($4, meal), product_id, recipe_id, food_name, quantity, quantity_unit, grams, source,
              energy_kcal, fat_g, saturated_fat_g, trans_fat_g, cholesterol_mg, carbohydrates_g, fibre_g, sugars_g, sodium_mg, protein_g,
              vitamin_a_ug, vitamin_c_mg, calcium_mg, iron_mg, computed_overridden
            FROM diary_entries WHERE id = $1 AND user_id = $2
            RETURNING id
            """, [entry.id, viewer.userID, try DiaryResolvers.dateArgument(input["date"]), input.enumName("meal")?.lowercased()])
        return try await payload(entryID: try rows[0].decode(Int64.self, at: 0), userID: viewer.userID, context)
    }

    // MARK: - Parts

    struct Problems: Error {
        var errors: [UserError]
    }

    /// The product (by ID) or the custom food of `DiaryFoodInput`.
    static func food(_ input: GraphQLObject, _ context: RequestContext) async throws -> Result<Food, Problems> {
        if let productText = input.string("productId") {
            guard let id = GlobalID(parsing: productText), id.typeName == "Product" else {
                return .failure(Problems(errors: [UserError(field: ["food", "productId"], message: "This is not a product ID.", code: .invalidFormat)]))
            }
            guard let product = try await ProductRecord.load([id.key], from: context.database)[id.key], product.status == "active" else {
                return .failure(Problems(errors: [UserError(field: ["food", "productId"], message: "No such product.", code: .notFound)]))
            }
            return .success(Food(productID: product.id, name: product.name, per100: product.nutrition, servingGrams: product.servingGrams, pieceGrams: nil))
        }
        guard case .object(let custom)? = input["customFood"], case .object(let values)? = custom["nutrition"] else {
            return .failure(Problems(errors: [UserError(field: ["food"], message: "Choose a product or describe a food.", code: .required)]))
        }
        var errors: [UserError] = []
        let name = (custom.string("name") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if name.isEmpty || name.count > 200 {
            errors.append(UserError(field: ["food", "customFood", "name"], message: "Name the food in 1 to 200 characters.", code: .required))
        }
        var per100 = Nutrition.zero
        let energy = values.double("energyKcal") ?? values.double("energyKj").map { ($0 / 4.184 * 10).rounded() / 10 }
        if energy == nil {
            errors.append(
                UserError(field: ["food", "customFood", "nutrition", "energyKcal"], message: "Give the energy in kcal or kJ.", code: .required))
        }
        per100.energyKcal = energy ?? 0
        for key in NutrientKey.allCases where key != .energyKcal { per100[key] = values.double(key.fieldName) }
        for key in NutrientKey.allCases {
            if let value = per100[key], value < 0 || value > 100_000 {
                errors.append(UserError(field: ["food", "customFood", "nutrition"], message: "Nutrient amounts cannot be negative.", code: .outOfRange))
                break
            }
        }
        guard errors.isEmpty else { return .failure(Problems(errors: errors)) }
        return .success(
            Food(productID: nil, name: name, per100: per100, servingGrams: custom.double("servingGrams"), pieceGrams: custom.double("pieceGrams")))
    }

    private static func withProductMeasures(_ food: Food, _ context: RequestContext) async throws -> Food {
        guard let productID = food.productID, let product = try await ProductRecord.load([productID], from: context.database)[productID]
        else { return food }
        var food = food
        food.servingGrams = product.servingGrams
        return food
    }

    /// Grams of the portion; nil (with a user error) when the unit does not apply to the food.
    static func grams(quantity: Double, unit: String, food: Food, errors: inout [UserError]) -> Double? {
        guard quantity > 0 && quantity <= 10_000 else {
            errors.append(UserError("quantity", "Enter a quantity above 0 and at most 10000.", code: .outOfRange))
            return nil
        }
        switch unit {
        case "SERVING":
            guard let serving = food.servingGrams, serving > 0 else {
                errors.append(UserError("unit", "This food has no serving size; log it in grams.", code: .invalidFormat))
                return nil
            }
            return quantity * serving
        case "PIECE":
            guard let piece = food.pieceGrams, piece > 0 else {
                errors.append(UserError("unit", "This food has no piece weight; log it in grams.", code: .invalidFormat))
                return nil
            }
            return quantity * piece
        default:
            return quantity
        }
    }

    static func problems(with changes: [NutrientKey: Double?]) -> [UserError] {
        for (key, value) in changes {
            if let value = value, value < 0 || value > 100_000 {
                return [UserError(field: ["overrides"], message: "\(key.rawValue) cannot be negative.", code: .outOfRange)]
            }
        }
        return []
    }

    static func storedUnit(_ unit: String) -> String {
        switch unit {
        case "GRAM": "g"
        case "MILLILITRE": "ml"
        case "SERVING": "serving"
        default: "piece"
        }
    }

    private static func listValue(_ value: GraphQLValue?) -> [GraphQLValue]? {
        if case .list(let items)? = value { return items }
        return nil
    }

    private static func ownEntry(_ id: String?, _ viewer: Viewer, _ context: RequestContext) async throws -> DiaryEntryRecord? {
        guard let id, let globalID = GlobalID(parsing: id), globalID.typeName == "DiaryEntry" else { return nil }
        return try await context.database.query(
            "SELECT \(DiaryEntryRecord.columns) FROM diary_entries e WHERE e.id = $1 AND e.user_id = $2", [globalID.key, viewer.userID]
        ).first.map(DiaryEntryRecord.init)
    }

    private static func insert(
        userID: Int64, date: String?, meal: String, food: Food, quantity: Double, unit: String, grams: Double, source: String,
        nutrition: EntryNutrition, in database: PostgresDatabase
    ) async throws -> Int64 {
        var parameters: [any PostgresEncodable] = [
            userID, date, meal, food.productID, food.name, quantity, storedUnit(unit), grams, source, nutrition.computedOverriddenJSON,
        ]
        let values = NutrientKey.allCases.map { key -> String in
            parameters.append(nutrition.effective[key])
            return "$\(parameters.count)"
        }
        let rows = try await database.query(
            """
            INSERT INTO diary_entries (user_id, local_date, meal, product_id, food_name, quantity, quantity_unit, grams, source,
              computed_overridden, \(NutrientKey.allCases.map(\.column).joined(separator: ", ")))
            SELECT $1, coalesce($2::date, (now() AT TIME ZONE coalesce((SELECT time_zone FROM profiles WHERE user_id = $1), 'UTC'))::date),
              $3, $4, $5, $6, $7, $8, $9, $10::jsonb, \(values.joined(separator: ", "))
            RETURNING id
            """, parameters)
        return try rows[0].decode(Int64.self, at: 0)
    }

    private static func payload(entryID: Int64, userID: Int64, _ context: RequestContext) async throws -> Payload {
        let entry = try await context.database.query(
            "SELECT \(DiaryEntryRecord.columns) FROM diary_entries e WHERE e.id = $1", [entryID]
        ).first.map(DiaryEntryRecord.init)
        let day = try await DiaryDay.load(userID: userID, date: entry?.date, from: context.database)
        return .userErrors([], ["entry": entry, "day": day])
    }
}
