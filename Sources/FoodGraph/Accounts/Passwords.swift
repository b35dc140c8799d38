/// The signed-in user's password, given again to confirm something sensitive (changing the
/// password or the email address, deleting the account).
enum Passwords {
    /// Whether `password` is the account's. The guess is counted like a sign-in (the account's and
    /// the client address's counts) before it is checked, and taken back when right: past the
    /// limit this throws `RATE_LIMITED`, so a stolen session cannot guess the password.
    static func verify(_ password: String, of userID: Int64, _ context: RequestContext) async throws -> Bool {
        guard let account = try await UserStore.credentials(of: userID, in: context.database) else { throw DomainError.unauthenticated }
        let attempt = try await LoginThrottle.reserve(
            LoginThrottle.keys(account: account.emailKey, context), policy: context.policy, in: context.database)
        guard try await PasswordHasher.standard.verifyAside(password, against: account.passwordHash) else { return false }
        try await LoginThrottle.succeeded(attempt, in: context.database)
        return true
    }
}
