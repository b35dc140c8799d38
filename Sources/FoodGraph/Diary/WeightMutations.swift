import GraphQLEngine
import Postgres

/// Logging and deleting weigh-ins, inside the mutation's one transaction. The profile's weight
/// (Accounts) follows the latest weigh-in dated up to today.
enum WeightMutations {
    /// One weight per day: logging again on a day replaces that day's value.
    static func log(_ input: LogWeightInput, _ scope: MutationScope) async throws -> WeightEntryPayload {
        let viewer = try scope.requireViewer()
        let database = scope.transaction
        let window = try await DiaryCalendar.window(for: viewer.userID, in: database)
        var errors: [UserError] = []
        if let date = input.date, let problem = window.problem(with: date, field: ["date"]) { errors.append(problem) }
        let weight = DiaryRules.weight(kilograms: input.kilograms, pounds: input.pounds)
        guard case .success(let kilograms) = weight, errors.isEmpty else { return WeightEntryPayload(failing: errors + weight.problems) }
        let entry = try await WeightStore.record(userID: viewer.userID, date: input.date ?? window.today, kilograms: kilograms, in: database)
        try await WeightStore.updateProfileWeight(userID: viewer.userID, today: window.today, in: database)
        var user = try await UserRecord.load([viewer.userID], from: database)[viewer.userID]
        user?.isRequesterThemself = true
        return WeightEntryPayload(entry: entry, user: user)
    }

    static func delete(_ input: DeleteWeightEntryInput, _ scope: MutationScope) async throws -> DeleteWeightEntryPayload {
        let viewer = try scope.requireViewer()
        let database = scope.transaction
        guard try await WeightStore.delete(id: input.entryId.key, userID: viewer.userID, in: database) else {
            return DeleteWeightEntryPayload(failing: [UserError("entryId", "No such entry.", code: .notFound)])
        }
        let window = try await DiaryCalendar.window(for: viewer.userID, in: database)
        try await WeightStore.updateProfileWeight(userID: viewer.userID, today: window.today, in: database)
        return DeleteWeightEntryPayload(deleted: GlobalID(typeName: WeightEntryRecord.graphQLTypeName, key: input.entryId.key))
    }
}
