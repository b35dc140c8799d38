import GraphQLEngine

// The diary's mutation payloads: the result (nil when the mutation refused) and the user errors.

/// `DiaryEntryPayload`: the entry and its day, with updated totals.
struct DiaryEntryPayload: MutationPayload {
    static let graphQLTypeName = "DiaryEntryPayload"
    var entry: DiaryEntryRecord?
    var day: DiaryDay?
    var userErrors: [UserError] = []

    init(entry: DiaryEntryRecord, day: DiaryDay) {
        self.entry = entry
        self.day = day
    }

    init(failing errors: [UserError]) {
        userErrors = errors
    }
}

/// `DeleteDiaryEntryPayload`.
struct DeleteDiaryEntryPayload: MutationPayload {
    static let graphQLTypeName = "DeleteDiaryEntryPayload"
    var deletedEntryId: GlobalID?
    var day: DiaryDay?
    var userErrors: [UserError] = []

    init(deleted: GlobalID, day: DiaryDay) {
        deletedEntryId = deleted
        self.day = day
    }

    init(failing errors: [UserError]) {
        userErrors = errors
    }
}

/// `WeightEntryPayload`: the weigh-in and the user, whose profile weight it may have changed.
struct WeightEntryPayload: MutationPayload {
    static let graphQLTypeName = "WeightEntryPayload"
    var entry: WeightEntryRecord?
    var user: UserRecord?
    var userErrors: [UserError] = []

    init(entry: WeightEntryRecord, user: UserRecord?) {
        self.entry = entry
        self.user = user
    }

    init(failing errors: [UserError]) {
        userErrors = errors
    }
}

/// `DeleteWeightEntryPayload`.
struct DeleteWeightEntryPayload: MutationPayload {
    static let graphQLTypeName = "DeleteWeightEntryPayload"
    var deletedEntryId: GlobalID?
    var userErrors: [UserError] = []

    init(deleted: GlobalID) {
        deletedEntryId = deleted
    }

    init(failing errors: [UserError]) {
        userErrors = errors
    }
}
