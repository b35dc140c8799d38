import GraphQLEngine

/// The user's profile (Accounts) where a diary field needs it. Who may read a user's diary is
/// `PersonalDataPolicy`'s rule (`UserField`'s category `health`).
enum DiaryAccess {
    /// A value computed from a user's profile, loaded through Accounts' per-request loader (nil
    /// when the user has no profile).
    static func withProfile<Value: OutputValue>(
        of userID: Int64, _ context: RequestContext, _ transform: @escaping @Sendable (ProfileRecord?) throws -> Resolved<Value>
    ) -> Resolved<Value> {
        Resolved(unchecked: context.accounts.profiles.load(userID).map { try transform($0 as? ProfileRecord).resolution })
    }
}
