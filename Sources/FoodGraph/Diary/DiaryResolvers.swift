import Foundation
import GraphQLEngine
import Postgres

/// The food diary: logging what was eaten and the day's summary.
enum DiaryResolvers {
    static func bind(_ resolvers: inout Resolvers) {
        resolvers.field("User", "diaryDay") { call in
            guard let user = call.source as? UserRecord else { return .null }
            try AccountResolvers.requireSelfOrSupport(user, call)
            let context = try call.requestContext
            let date = try dateArgument(call.arguments["date"])
            return .run { try await DiaryDay.load(userID: user.id, date: date, from: context.database) }
        }
        resolvers.mutation("addDiaryEntry") { context, input in try await addEntry(input, context) }
        resolvers.mutation("deleteDiaryEntry") { context, input in try await DiaryMutations.deleteEntry(input, context) }
        resolvers.mutation("logWeight") { context, input in try await DiaryMutations.logWeight(input, context) }
        resolvers.mutation("deleteWeightEntry") { context, input in try await DiaryMutations.deleteWeight(input, context) }
        for type in [
            "DiaryDay", "MealSummary", "MacroSplit", "DiaryEntryPayload", "DeleteDiaryEntryPayload", "WeightEntryPayload",
            "DeleteWeightEntryPayload", "DiaryEntryConnection", "DiaryEntryEdge", "WeightEntryConnection", "WeightEntryEdge",
        ] {
            resolvers.readFields(of: type)
        }
        resolvers.field("User", "diaryEntries") { call in
            try datedConnection(call) { page, context, parameters in
                try await page.fetch(
                    select: DiaryEntryRecord.columns,
                    from: "SELECT * FROM diary_entries WHERE user_id = $1 AND local_date BETWEEN $2::date AND $3::date", as: "e",
                    keys: [
                        .init(expression: "e.local_date", type: "date"), .init(expression: "e.created_at", type: "timestamptz"),
                        .init(expression: "e.id", type: "bigint"),
                    ], parameters: parameters, in: context.database, decode: DiaryEntryRecord.init)
            }
        }
        resolvers.field("User", "weightEntries") { call in
            try datedConnection(call) { page, context, parameters in
                try await page.fetch(
                    select: WeightEntryRecord.columns,
                    from: """
                        SELECT * FROM weight_entries
                        WHERE user_id = $1 AND ($2::date IS NULL OR local_date >= $2::date) AND ($3::date IS NULL OR local_date <= $3::date)
                        """, as: "w", keys: [.init(expression: "w.local_date", type: "date")], descending: true,
                    parameters: parameters, in: context.database, decode: WeightEntryRecord.init)
            }
        }
        resolvers.field("WeightEntry", "id", on: WeightEntryRecord.self) { GlobalID(typeName: "WeightEntry", key: $0.id).description }
        resolvers.field("WeightEntry", "date", on: WeightEntryRecord.self) { $0.date }
        resolvers.field("WeightEntry", "weightKg", on: WeightEntryRecord.self) { $0.weightKg }
        resolvers.field("WeightEntry", "weightDisplay") { call in
            guard let entry = call.source as? WeightEntryRecord, let viewer = try call.requestContext.viewer else { return .null }
            return try call.requestContext.loaders.profiles.load(viewer.userID).map { profile in
                .value(entry.display(unitSystem: (profile as? ProfileRecord)?.unitSystem ?? "metric"))
            }
        }

        resolvers.field("DiaryEntry", "id", on: DiaryEntryRecord.self) { GlobalID(typeName: "DiaryEntry", key: $0.id).description }
        resolvers.field("DiaryEntry", "date", on: DiaryEntryRecord.self) { $0.date }
        resolvers.field("DiaryEntry", "meal", on: DiaryEntryRecord.self) { $0.meal.uppercased() }
        resolvers.field("DiaryEntry", "product") { call in
            guard let entry = call.source as? DiaryEntryRecord, let productID = entry.productID else { return .null }
            return try call.requestContext.loaders.products.load(productID)
        }
        resolvers.field("DiaryEntry", "foodName", on: DiaryEntryRecord.self) { $0.foodName }
        resolvers.field("DiaryEntry", "quantity", on: DiaryEntryRecord.self) { $0.quantity }
        resolvers.field("DiaryEntry", "unit", on: DiaryEntryRecord.self) { unitName($0.unit) }
        resolvers.field("DiaryEntry", "grams", on: DiaryEntryRecord.self) { $0.grams }
        resolvers.field("DiaryEntry", "source", on: DiaryEntryRecord.self) { $0.source.uppercased() }
        resolvers.field("DiaryEntry", "nutrition", on: DiaryEntryRecord.self) { $0.nutrition }
        resolvers.field("DiaryEntry", "overriddenNutrients", on: DiaryEntryRecord.self) { _ in [String]() }
        resolvers.field("DiaryEntry", "createdAt", on: DiaryEntryRecord.self) { $0.createdAt }
    }

    /// A connection of one user's dated rows (`from`/`to` arguments): the owner's or support's only.
    private static func datedConnection(
        _ call: FieldCall,
        _ fetch: @escaping @Sendable (Page, RequestContext, [any PostgresEncodable]) async throws -> Payload
    ) throws -> Resolution {
        guard let user = call.source as? UserRecord else { return .null }
        try AccountResolvers.requireSelfOrSupport(user, call)
        let context = try call.requestContext
        let page = try Page(call.arguments)
        let parameters: [any PostgresEncodable] = [user.id, try dateArgument(call.arguments["from"]), try dateArgument(call.arguments["to"])]
        return .run { try await fetch(page, context, parameters) }
    }

    static func unitName(_ unit: String) -> String {
        switch unit {
        case "g": "GRAM"
        case "ml": "MILLILITRE"
        default: unit.uppercased()
        }
    }

    static func dateArgument(_ value: GraphQLValue?) throws -> String? {
        guard case .string(let text)? = value else { return nil }
        return text
    }

    /// Logs a catalog product by weight or volume; its nutrition per 100 is scaled and frozen.
    static func addEntry(_ input: GraphQLObject, _ context: RequestContext) async throws -> Payload {
        let viewer = try context.requireViewer()
        let quantity = input.double("quantity") ?? 0
        let unit = input.enumName("unit") ?? "GRAM"
        let meal = (input.enumName("meal") ?? "SNACK").lowercased()
        let source = (input.enumName("source") ?? "MANUAL").lowercased()
        var errors: [UserError] = []
        if !(quantity > 0 && quantity <= 10_000) {
            errors.append(UserError("quantity", "Enter a quantity above 0 and at most 10000.", code: .outOfRange))
        }
        guard unit == "GRAM" || unit == "MILLILITRE" else {
            return .userErrors(
                [UserError("unit", "Log catalog products in grams or millilitres for now.", code: .invalidFormat)])
        }
        guard case .object(let food)? = input["food"], let productText = food.string("productId") else {
            return .userErrors([UserError(field: ["food"], message: "Custom foods are not supported yet; choose a catalog product.", code: .invalidFormat)])
        }
        guard let productID = GlobalID(parsing: productText), productID.typeName == "Product" else {
            return .userErrors([UserError(field: ["food", "productId"], message: "This is not a product ID.", code: .invalidFormat)])
        }
        let date = try dateArgument(input["date"])
        guard errors.isEmpty else { return .userErrors(errors) }
        guard let product = try await ProductRecord.load([productID.key], from: context.database)[productID.key],
            product.status == "active"
        else {
            return .userErrors([UserError(field: ["food", "productId"], message: "No such product.", code: .notFound)])
        }
        let nutrition = product.nutrition.scaled(by: quantity / 100)
        let rows = try await context.database.query(
            """
            INSERT INTO diary_entries (user_id, local_date, meal, product_id, food_name, quantity, quantity_unit, grams, source,
              energy_kcal, fat_g, saturated_fat_g, trans_fat_g, cholesterol_mg, carbohydrates_g, fibre_g, sugars_g, sodium_mg,
              protein_g, vitamin_a_ug, vitamin_c_mg, calcium_mg, iron_mg)
            SELECT $1, coalesce($2::date, (now() AT TIME ZONE coalesce((SELECT time_zone FROM profiles WHERE user_id = $1), 'UTC'))::date),
              $3, $4, $5, $6, $7, $6, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22
            RETURNING id
            """,
            [
                viewer.userID, date, meal, product.id, product.name, quantity, unit == "GRAM" ? "g" : "ml", source,
                nutrition.energyKcal, nutrition.fatG, nutrition.saturatedFatG, nutrition.transFatG, nutrition.cholesterolMg,
                nutrition.carbohydratesG, nutrition.fibreG, nutrition.sugarsG, nutrition.sodiumMg, nutrition.proteinG,
                nutrition.vitaminAUg, nutrition.vitaminCMg, nutrition.calciumMg, nutrition.ironMg,
            ])
        let id = try rows[0].decode(Int64.self, at: 0)
        let entry = try await context.database.query(
            "SELECT \(DiaryEntryRecord.columns) FROM diary_entries e WHERE e.id = $1", [id]
        ).first.map(DiaryEntryRecord.init)
        let day = try await DiaryDay.load(userID: viewer.userID, date: entry?.date, from: context.database)
        return .userErrors([], ["entry": entry, "day": day])
    }
}
