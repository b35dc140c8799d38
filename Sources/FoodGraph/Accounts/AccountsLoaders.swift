import GraphQLEngine

/// The Accounts area's DataLoaders of one request, kept on the request's context (its keyed
/// loaders) so that every field of the request shares them. Users and profiles still come from
/// the central `context.accounts.users`/`.profiles`, which other areas read too.
struct AccountsLoaders {
    let context: RequestContext

    init(_ context: RequestContext) {
        self.context = context
    }

    /// Accounts by id.
    var users: DataLoader<Int64, UserRecord> {
        let database = context.database
        return context.loader("accounts.users") { try await UserStore.load($0, in: database) }
    }

    /// Profiles by user id.
    var profiles: DataLoader<Int64, ProfileRecord> {
        let database = context.database
        return context.loader("accounts.profiles") { try await ProfileStore.load($0, in: database) }
    }

    /// A value worked out from a user's profile (nil when they have none), the profile read
    /// through `profiles`: the fields of one request that need it, in any area, share one read.
    func withProfile<Value: OutputValue>(
        of userID: Int64, _ transform: @escaping @Sendable (ProfileRecord?) throws -> Resolved<Value>
    ) -> Resolved<Value> {
        Resolved(unchecked: profiles.load(userID).map { try transform($0 as? ProfileRecord).resolution })
    }

    /// The stores each user marked, by user id: one query for every profile of a level.
    var storeMarks: DataLoader<Int64, StoreMarks> {
        let database = context.database
        return context.loader("accounts.storeMarks") { userIDs in try await ProfileStore.storeMarks(of: userIDs, in: database) }
    }

    /// Users' pending new addresses (`changeEmail` not confirmed yet), by user.
    var pendingEmails: DataLoader<Int64, String> {
        let database = context.database
        return context.loader("accounts.pendingEmails") { try await AccountTokens.pendingEmails(of: $0, in: database) }
    }

    /// Live sessions by id, of one user only.
    func sessions(of userID: Int64) -> DataLoader<Int64, SessionRecord> {
        let database = context.database
        return context.loader("accounts.sessions.\(userID)") { ids in
            try await SessionStore.load(ids, of: userID, in: database)
        }
    }
}

extension RequestContext {
    /// The Accounts area's loaders of this request.
    var accounts: AccountsLoaders { AccountsLoaders(self) }
}
