import GraphQLEngine

/// The Accounts area's DataLoaders of one request, kept on the request's context (its keyed
/// loaders) so that every field of the request shares them. Users and profiles still come from
/// the central `context.loaders.users`/`.profiles`, which other areas read too.
struct AccountsLoaders {
    let context: RequestContext

    init(_ context: RequestContext) {
        self.context = context
    }

    /// The stores each user marked, by user id: one query for every profile of a level.
    var storeMarks: DataLoader<Int64, StoreMarks> {
        let database = context.database
        return context.loaders.keyed.loader("accounts.storeMarks") { userIDs in try await ProfileStore.storeMarks(of: userIDs, in: database) }
    }

    /// Live sessions by id, of one user only.
    func sessions(of userID: Int64) -> DataLoader<Int64, SessionRecord> {
        let database = context.database
        return context.loaders.keyed.loader("accounts.sessions.\(userID)") { ids in
            try await SessionStore.load(ids, of: userID, in: database)
        }
    }
}
