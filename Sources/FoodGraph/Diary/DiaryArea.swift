import GraphQLEngine

/// The food diary and weight log.
enum DiaryArea: Area {
    static func bind(_ binder: inout SchemaBinder) {
        DiaryResolvers.bind(&binder.resolvers)
        LegacyMutations.bind(["addDiaryEntry", "updateDiaryEntry", "logDiaryEntryAgain", "deleteDiaryEntry", "logWeight", "deleteWeightEntry"], in: &binder)
        NodeResolvers.register(["DiaryEntry", "WeightEntry"], in: &binder)
    }
}

extension DiaryEntryRecord: ObjectValue { static let graphQLTypeName = "DiaryEntry" }
extension WeightEntryRecord: ObjectValue { static let graphQLTypeName = "WeightEntry" }
