import GraphQLEngine

/// Who may read a user's diary, and the user's profile (Accounts) where a diary field needs it.
enum DiaryAccess {
    /// A user's diary is theirs, and support's, only: anyone else is `FORBIDDEN`.
    static func requireSelfOrSupport(_ user: UserRecord, _ context: RequestContext) throws {
        if user.isRequesterThemself { return }
        let viewer = try context.requireViewer()
        guard viewer.userID == user.id || viewer.holds(.support) else {
            throw DomainError.forbidden("Only the account's owner can see this.")
        }
    }

    /// A value computed from a user's profile, loaded through Accounts' per-request loader (nil
    /// when the user has no profile).
    static func withProfile<Value: OutputValue>(
        of userID: Int64, _ context: RequestContext, _ transform: @escaping @Sendable (ProfileRecord?) throws -> Resolved<Value>
    ) -> Resolved<Value> {
        Resolved(unchecked: context.accounts.profiles.load(userID).map { try transform($0 as? ProfileRecord).resolution })
    }
}
