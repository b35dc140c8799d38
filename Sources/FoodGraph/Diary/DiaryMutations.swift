import Foundation
import GraphQLEngine
import Postgres

/// Diary and weight mutations beyond adding an entry.
enum DiaryMutations {
    static func deleteEntry(_ input: GraphQLObject, _ context: RequestContext) async throws -> Payload {
        let viewer = try context.requireViewer()
        guard let text = input.string("entryId"), let id = GlobalID(parsing: text), id.typeName == "DiaryEntry" else {
            return .userErrors([UserError("entryId", "This is not a diary entry ID.", code: .invalidFormat)])
        }
        let rows = try await context.database.query(
            "DELETE FROM diary_entries WHERE id = $1 AND user_id = $2 RETURNING local_date::text", [id.key, viewer.userID])
        guard let date = try rows.first?.decode(String.self, at: 0) else {
            return .userErrors([UserError("entryId", "No such entry.", code: .notFound)])
        }
        let day = try await DiaryDay.load(userID: viewer.userID, date: date, from: context.database)
        return .userErrors([], ["deletedEntryId": text, "day": day])
    }

    /// One weight per day: logging again on a day replaces that day's value.
    static func logWeight(_ input: GraphQLObject, _ context: RequestContext) async throws -> Payload {
        let viewer = try context.requireViewer()
        let kilograms = input.double("kilograms")
        let pounds = input.double("pounds")
        guard (kilograms == nil) != (pounds == nil) else {
            return .userErrors([UserError(field: nil, message: "Give the weight in kilograms or in pounds.", code: .required)])
        }
        let weight = kilograms ?? (pounds ?? 0) / WeightEntryRecord.poundsPerKilogram
        guard (20...450).contains(weight) else {
            return .userErrors(
                [UserError(kilograms != nil ? "kilograms" : "pounds", "Enter a weight between 20 and 450 kg.", code: .outOfRange)])
        }
        let date = try DiaryResolvers.dateArgument(input["date"])
        let rows = try await context.database.withTransaction { transaction in
            let rows = try await transaction.query(
                """
                INSERT INTO weight_entries (user_id, local_date, weight_kg)
                SELECT $1, coalesce($2::date, (now() AT TIME ZONE coalesce((SELECT time_zone FROM profiles WHERE user_id = $1), 'UTC'))::date), round($3::numeric, 2)
                ON CONFLICT (user_id, local_date) DO UPDATE SET weight_kg = excluded.weight_kg
                RETURNING id, local_date::text, weight_kg::float8
                """, [viewer.userID, date, weight])
            // The profile's weight is the latest weigh-in, which drives BMI and targets.
            _ = try await transaction.query(
                """
                UPDATE profiles SET weight_kg = (SELECT weight_kg FROM weight_entries WHERE user_id = $1 ORDER BY local_date DESC LIMIT 1)
                WHERE user_id = $1
                """, [viewer.userID])
            return rows
        }
        var user = try await UserRecord.load([viewer.userID], from: context.database)[viewer.userID]
        user?.isRequesterThemself = true
        return .userErrors([], ["entry": try rows.first.map(WeightEntryRecord.init), "user": user])
    }

    static func deleteWeight(_ input: GraphQLObject, _ context: RequestContext) async throws -> Payload {
        let viewer = try context.requireViewer()
        guard let text = input.string("entryId"), let id = GlobalID(parsing: text), id.typeName == "WeightEntry" else {
            return .userErrors([UserError("entryId", "This is not a weight entry ID.", code: .invalidFormat)])
        }
        let rows = try await context.database.query(
            "DELETE FROM weight_entries WHERE id = $1 AND user_id = $2 RETURNING id", [id.key, viewer.userID])
        guard !rows.isEmpty else { return .userErrors([UserError("entryId", "No such entry.", code: .notFound)]) }
        return .userErrors([], ["deletedEntryId": text])
    }
}
