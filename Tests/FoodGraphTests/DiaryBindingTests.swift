import GraphQLEngine
import Testing

@testable import FoodGraph

/// The diary is on typed bindings only: with the check that will hold once every area is typed,
/// nothing of the diary's SDL is bound without a declared Swift type.
struct DiaryBindingTests {
    /// Object and enum types of `DiaryArea.schema`, and the fields it adds to `User` and `Mutation`.
    static let types = [
        "DiaryEntry", "DiaryEntryConnection", "DiaryEntryEdge", "DiaryDay", "MealSummary", "NutrientBalance", "MacroSplit",
        "WeightEntry", "WeightEntryConnection", "WeightEntryEdge", "NutritionPeriod", "WeightPeriod", "DiaryEntryPayload",
        "DeleteDiaryEntryPayload", "WeightEntryPayload", "DeleteWeightEntryPayload", "Meal", "DiaryEntrySource",
        "DiaryQuantityUnit", "NutrientKey", "TimelineGranularity",
    ]
    static let fields = [
        "User.diaryDay", "User.diaryEntries", "User.weightEntries", "User.nutritionTimeline", "User.weightTimeline",
        "Mutation.addDiaryEntry", "Mutation.updateDiaryEntry", "Mutation.logDiaryEntryAgain", "Mutation.deleteDiaryEntry",
        "Mutation.logWeight", "Mutation.deleteWeightEntry",
    ]

    @Test func everyDiaryFieldAndEnumHasADeclaredSwiftType() throws {
        let schema = try SchemaDocument.build()
        var binder = SchemaBinder()
        for area in Areas.all { area.bind(&binder) }
        binder.resolvers.requiresTypedBindings = true
        var problems = StartupCheck(schema: schema, binder: binder).problems()
        do {
            _ = try ExecutableSchema(schema: schema, resolvers: binder.resolvers)
        } catch let error as ExecutableSchema.BindingError {
            problems += error.missing
        }
        let diary = problems.filter { problem in
            Self.fields.contains { problem.hasPrefix($0 + " ") || problem.hasPrefix($0 + ":") }
                || Self.types.contains { problem.hasPrefix($0 + ".") || problem.hasPrefix("enum \($0) ") || problem.hasPrefix("\($0) ") }
        }
        #expect(diary == [])
        // The check does run: other areas are still on transitional bindings.
        #expect(!problems.isEmpty)
    }
}
