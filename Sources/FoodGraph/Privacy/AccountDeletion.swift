import GraphQLEngine
import Postgres

struct DeleteMyAccountInput: Decodable, Sendable {
    var password: String?
}

struct DeleteMyAccountPayload: MutationPayload {
    static let graphQLTypeName = "DeleteMyAccountPayload"
    var deleted: Bool
    var userErrors: [UserError] = []

    init(deleted: Bool) {
        self.deleted = deleted
    }

    init(failing errors: [UserError]) {
        deleted = false
        userErrors = errors
    }
}

/// `deleteMyAccount`: the user proves it is them (the password, or a sign-in within 10 minutes),
/// then every holder's rows and the account go in one transaction, and a confirmation is queued.
enum AccountDeletion {
    /// How recent a sign-in stands in for the password.
    static let recentSignInSeconds = 600

    /// The password is checked (and counted with failed sign-ins) before the transaction opens.
    @Sendable static func check(_ input: DeleteMyAccountInput, _ context: RequestContext) async throws -> Preparation<Int64, DeleteMyAccountPayload> {
        let viewer = try context.requireViewer()
        guard let password = input.password else {
            guard try await SessionStore.signedIn(viewer.sessionID, within: recentSignInSeconds, in: context.database) else {
                return .answer(
                    DeleteMyAccountPayload(failing: [
                        UserError("password", "Give your password, or sign in again and delete within 10 minutes.", code: .required)
                    ]))
            }
            return .proceed(viewer.userID)
        }
        guard password.utf8.count <= 100, try await Passwords.verify(password, of: viewer.userID, context) else {
            return .answer(DeleteMyAccountPayload(failing: [UserError("password", "The password is wrong.", code: .wrongPassword)]))
        }
        return .proceed(viewer.userID)
    }

    @Sendable static func delete(_ userID: Int64, _ scope: MutationScope) async throws -> DeleteMyAccountPayload {
        guard let email = try await UserStore.lock(userID, in: scope.transaction) else { throw DomainError.unauthenticated }
        let locale = try await ProfileStore.locale(of: userID, in: scope.transaction)
        try await PersonalData.erase(userID, in: scope.transaction)
        let message = Messages.accountDeleted(locale)
        try await MailOutbox.enqueue(recipient: email, subject: message.subject, body: message.body, in: scope.transaction)
        return DeleteMyAccountPayload(deleted: true)
    }
}
