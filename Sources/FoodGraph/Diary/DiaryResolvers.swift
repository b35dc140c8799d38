import Foundation
import GraphQLEngine
import Postgres

/// The food diary: logging what was eaten and the day's summary.
enum DiaryResolvers {
    static func bind(_ resolvers: inout Resolvers) {
        resolvers.field("User", "diaryDay") { call in
            guard let user = call.source(as: UserRecord.self) else { return .null }
            try AccountResolvers.requireSelfOrSupport(user, call)
            let context = try call.requestContext
            let date = try dateArgument(call.arguments["date"])
            return .run { try await DiaryDay.load(userID: user.id, date: date, from: context.database) }
        }
        resolvers.mutation("addDiaryEntry") { context, input in try await DiaryEntryWriter.add(input, context) }
        resolvers.mutation("updateDiaryEntry") { context, input in try await DiaryEntryWriter.update(input, context) }
        resolvers.mutation("logDiaryEntryAgain") { context, input in try await DiaryEntryWriter.logAgain(input, context) }
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
                    ], descending: true, parameters: parameters, in: context.database, decode: DiaryEntryRecord.init)
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
        for (field, timeline) in [("nutritionTimeline", Timelines.nutrition), ("weightTimeline", Timelines.weight)] {
            resolvers.field("User", field) { call in
                guard let user = call.source(as: UserRecord.self) else { return .null }
                try AccountResolvers.requireSelfOrSupport(user, call)
                let context = try call.requestContext
                let range = try Timelines.range(call.arguments)
                return .run { try await timeline(user.id, range, context.database) }
            }
        }
        resolvers.readFields(of: "NutritionPeriod")
        resolvers.readFields(of: "WeightPeriod")
        resolvers.readFields(of: "NutrientBalance")
        resolvers.field("DiaryDay", "targets") { call in
            guard let day = call.source(as: DiaryDay.self) else { return .null }
            return try call.requestContext.loaders.profiles.load(day.userID).map { profile in
                .value((profile as? ProfileRecord)?.targets.map(AccountResolvers.payload))
            }
        }
        resolvers.field("DiaryDay", "remaining") { call in
            guard let day = call.source(as: DiaryDay.self) else { return .null }
            let totals = DiaryDay.sum(day.entries)
            return try call.requestContext.loaders.profiles.load(day.userID).map { profile in
                guard let targets = (profile as? ProfileRecord)?.targets else { return .null }
                func round(_ value: Double) -> Double { (value * 10).rounded() / 10 }
                return .value(
                    Payload([
                        "energyKcal": round(targets.energyKcal - totals.energyKcal), "proteinG": round(targets.proteinG - totals.proteinG),
                        "fatG": round(targets.fatG - totals.fatG), "carbohydratesG": round(targets.carbohydratesG - totals.carbohydratesG),
                    ]))
            }
        }
        resolvers.field("WeightEntry", "id", on: WeightEntryRecord.self) { GlobalID(typeName: "WeightEntry", key: $0.id).description }
        resolvers.field("WeightEntry", "date", on: WeightEntryRecord.self) { $0.date }
        resolvers.field("WeightEntry", "weightKg", on: WeightEntryRecord.self) { $0.weightKg }
        resolvers.field("WeightEntry", "weightDisplay") { call in
            guard let entry = call.source(as: WeightEntryRecord.self), let viewer = try call.requestContext.viewer else { return .null }
            return try call.requestContext.loaders.profiles.load(viewer.userID).map { profile in
                .value(entry.display(unitSystem: (profile as? ProfileRecord)?.unitSystem ?? "metric"))
            }
        }

        resolvers.field("DiaryEntry", "id", on: DiaryEntryRecord.self) { GlobalID(typeName: "DiaryEntry", key: $0.id).description }
        resolvers.field("DiaryEntry", "date", on: DiaryEntryRecord.self) { $0.date }
        resolvers.field("DiaryEntry", "meal", on: DiaryEntryRecord.self) { $0.meal.uppercased() }
        resolvers.field("DiaryEntry", "product") { call in
            guard let entry = call.source(as: DiaryEntryRecord.self), let productID = entry.productID else { return .null }
            return try call.requestContext.loaders.products.load(productID)
        }
        resolvers.field("DiaryEntry", "foodName", on: DiaryEntryRecord.self) { $0.foodName }
        resolvers.field("DiaryEntry", "quantity", on: DiaryEntryRecord.self) { $0.quantity }
        resolvers.field("DiaryEntry", "unit", on: DiaryEntryRecord.self) { unitName($0.unit) }
        resolvers.field("DiaryEntry", "grams", on: DiaryEntryRecord.self) { $0.grams }
        resolvers.field("DiaryEntry", "source", on: DiaryEntryRecord.self) { $0.source.uppercased() }
        resolvers.field("DiaryEntry", "nutrition", on: DiaryEntryRecord.self) { $0.nutrition }
        resolvers.field("DiaryEntry", "overriddenNutrients", on: DiaryEntryRecord.self) { entry in
            NutrientKey.allCases.filter { entry.computedOverridden[$0] != nil }.map(\.rawValue)
        }
        resolvers.field("DiaryEntry", "createdAt", on: DiaryEntryRecord.self) { $0.createdAt }
    }

    /// A connection of one user's dated rows (`from`/`to` arguments): the owner's or support's only.
    private static func datedConnection(
        _ call: FieldCall,
        _ fetch: @escaping @Sendable (Page, RequestContext, [any PostgresEncodable]) async throws -> any Sendable
    ) throws -> Resolution {
        guard let user = call.source(as: UserRecord.self) else { return .null }
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
}
