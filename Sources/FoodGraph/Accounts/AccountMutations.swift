import Foundation
import GraphQLEngine
import Postgres

/// The Accounts mutations, each through the one lifecycle: its writes in `scope.transaction`, a
/// payload with user errors rolling them back. Password hashing and guess counting happen before
/// the transaction opens (`prepare`).
enum AccountMutations {
    static func bind(_ binder: inout SchemaBinder) {
        binder.mutation("register", input: RegisterInput.self, access: .anyone, prepare: checkRegistration, register)
        binder.mutation("login", input: LoginInput.self, access: .anyone, prepare: checkSignIn, signIn)
        binder.mutation("logout", access: .signedIn) { scope in
            LogoutPayload(success: try await SessionStore.revoke(try scope.requireViewer().sessionID, in: scope.transaction))
        }
        binder.mutation("confirmEmail", input: ConfirmEmailInput.self, access: .anyone, confirmEmail)
        binder.mutation("resendConfirmationEmail", access: .signedIn, resendConfirmation)
        binder.mutation("requestPasswordReset", input: RequestPasswordResetInput.self, access: .anyone, requestPasswordReset)
        binder.mutation("resetPassword", input: ResetPasswordInput.self, access: .anyone, prepare: checkPasswordReset, resetPassword)
        binder.mutation("changePassword", input: ChangePasswordInput.self, access: .signedIn, prepare: checkPasswordChange, changePassword)
        binder.mutation("changeEmail", input: ChangeEmailInput.self, access: .signedIn, prepare: checkEmailChange, changeEmail)
        binder.mutation("revokeSessions", input: RevokeSessionsInput.self, access: .signedIn, revokeSessions)
        binder.mutation("updateProfile", input: UpdateProfileInput.self, access: .signedIn, updateProfile)
        binder.mutation("uploadAvatar", input: UploadAvatarInput.self, access: .signedIn, prepare: checkAvatar, uploadAvatar)
        binder.mutation("chooseGalleryAvatar", input: ChooseGalleryAvatarInput.self, access: .signedIn, chooseGalleryAvatar)
        binder.mutation("deleteAvatar", access: .signedIn, deleteAvatar)
        binder.mutation("setStorePreference", input: SetStorePreferenceInput.self, access: .signedIn, setStorePreference)
        binder.mutation("grantRole", input: GrantRoleInput.self, access: .roles([.administrator]), grantRole)
        binder.mutation("revokeRole", input: RevokeRoleInput.self, access: .roles([.administrator]), revokeRole)
        binder.mutation("setAccountDisabled", input: SetAccountDisabledInput.self, access: .roles([.administrator]), setAccountDisabled)
    }

    // MARK: - Registration and sign-in

    struct NewAccount: Sendable {
        var email: EmailAddress
        var passwordHash: String
        var displayName: String?
        /// The policy versions accepted (recorded with the time: `consents`).
        var consents: [(PolicyDocumentKind, String)]
    }

    /// Every problem of the input at once; the password is hashed only for a valid one.
    @Sendable static func checkRegistration(
        _ input: RegisterInput, _ context: RequestContext
    ) async throws -> Preparation<NewAccount, UserPayload> {
        var errors: [UserError] = []
        var email: EmailAddress?
        switch EmailAddress.parse(input.email) {
        case .success(let address): email = address
        case .failure(.forbiddenCharacters):
            errors.append(UserError("email", "An email address has no control or invisible characters.", code: .invalidFormat))
        case .failure(.malformed):
            errors.append(UserError("email", "Enter an email address like name@example.com.", code: .invalidFormat))
        }
        errors += PasswordPolicy.problems(input.password)
        let displayName = input.displayName?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let displayName, InputText.hasForbiddenCharacters(displayName) {
            errors.append(UserError("displayName", "Remove the control characters.", code: .invalidFormat))
        } else if let displayName, InputText.length(displayName) > 100 {
            errors.append(UserError("displayName", "Use at most 100 characters.", code: .tooLong))
        }
        let consents = PolicyDocuments.check([
            (PolicyDocumentKind.termsOfService, input.termsOfServiceVersion), (PolicyDocumentKind.privacyPolicy, input.privacyPolicyVersion),
        ])
        errors += consents.errors
        guard errors.isEmpty, let email else { return .answer(UserPayload(failing: errors)) }
        return .proceed(
            NewAccount(
                email: email, passwordHash: try await PasswordHasher.standard.hashAside(input.password),
                displayName: displayName?.isEmpty == false ? displayName : nil, consents: consents.accepted))
    }

    @Sendable static func register(_ account: NewAccount, _ scope: MutationScope) async throws -> UserPayload {
        let userID: Int64
        do {
            userID = try await UserStore.insert(account.email, passwordHash: account.passwordHash, in: scope.transaction)
        } catch let error as PostgresError where error.isUniqueViolation {
            return UserPayload(failing: [UserError("email", "An account with this email already exists.", code: .taken)])
        }
        try await ProfileStore.insert(userID: userID, displayName: account.displayName, in: scope.transaction)
        try await ConsentStore.record(account.consents, for: userID, in: scope.transaction)
        try await AccountTokens.issue(.confirmEmail, userID: userID, email: account.email.address, in: scope.transaction)
        var user = try await UserStore.load(userID, in: scope.transaction)
        user?.isRequesterThemself = true
        return UserPayload(user: user)
    }

    private static let invalidCredentials = UserError(field: nil, message: "The email or password is wrong.", code: .invalidCredentials)

    /// The guess is counted (`LoginThrottle`) before the password is checked, outside the
    /// mutation's transaction: a refused guess keeps its count.
    @Sendable static func checkSignIn(_ input: LoginInput, _ context: RequestContext) async throws -> Preparation<Int64, LoginPayload> {
        let email: EmailAddress?
        switch EmailAddress.parse(input.email) {
        case .success(let address): email = address
        case .failure(.forbiddenCharacters):
            return .answer(
                LoginPayload(failing: [UserError("email", "An email address has no control or invisible characters.", code: .invalidFormat)]))
        case .failure(.malformed): email = nil  // no account has it; the guess still counts against the client address
        }
        let keys =
            email.map { LoginThrottle.keys(account: $0.key, context) }
            ?? context.client.address.map { [LoginThrottle.Key.address($0, context.policy)] } ?? []
        let attempt = keys.isEmpty ? nil : try await LoginThrottle.reserve(keys, policy: context.policy, in: context.database)
        guard let email, let account = try await UserStore.credentials(forKey: email.key, in: context.database) else {
            // As long as checking a password takes (one scrypt), so that timing does not reveal
            // whether an address is registered.
            _ = try await PasswordHasher.standard.hashAside(input.password)
            return .answer(LoginPayload(failing: [invalidCredentials]))
        }
        guard try await PasswordHasher.standard.verifyAside(input.password, against: account.passwordHash) else {
            return .answer(LoginPayload(failing: [invalidCredentials]))
        }
        if let attempt { try await LoginThrottle.succeeded(attempt, in: context.database) }
        if account.isDisabled {
            return .answer(LoginPayload(failing: [UserError(field: nil, message: "This account is disabled.", code: .invalidState)]))
        }
        return .proceed(account.userID)
    }

    @Sendable static func signIn(_ userID: Int64, _ scope: MutationScope) async throws -> LoginPayload {
        let context = scope.context
        let created = try await SessionStore.create(
            for: userID, userAgent: context.client.userAgent, policy: context.policy, in: scope.transaction)
        var user = try await UserStore.load(userID, in: scope.transaction)
        user?.isRequesterThemself = true
        return LoginPayload(token: created.token, session: created.session, user: user)
    }

    // MARK: - Email confirmation and passwords

    private static let invalidToken = UserError("token", "This code is invalid or has expired; ask for a new one.", code: .invalidToken)

    /// A registration's code confirms the address; an email change's code (sent to the new
    /// address) makes the new address the account's, confirmed, and tells the old one.
    @Sendable static func confirmEmail(_ input: ConfirmEmailInput, _ scope: MutationScope) async throws -> UserPayload {
        if let change = try await AccountTokens.redeemEmailChange(input.token, in: scope.transaction) {
            return try await completeEmailChange(userID: change.userID, newEmail: change.newEmail, scope)
        }
        guard let userID = try await AccountTokens.redeem(input.token, purpose: .confirmEmail, in: scope.transaction) else {
            return UserPayload(failing: [invalidToken])
        }
        try await UserStore.confirmEmail(of: userID, in: scope.transaction)
        var user = try await UserStore.load(userID, in: scope.transaction)
        user?.isRequesterThemself = true
        return UserPayload(user: user)
    }

    @Sendable static func resendConfirmation(_ scope: MutationScope) async throws -> ResendConfirmationEmailPayload {
        let viewer = try scope.requireViewer()
        guard let email = try await UserStore.unconfirmedEmail(of: viewer.userID, in: scope.transaction) else {
            return ResendConfirmationEmailPayload(sent: false)
        }
        let locale = try await ProfileStore.locale(of: viewer.userID, in: scope.transaction)
        try await AccountTokens.issue(.confirmEmail, userID: viewer.userID, email: email, locale: locale, in: scope.transaction)
        return ResendConfirmationEmailPayload(sent: true)
    }

    /// Always the same answer, so it reveals nothing about which addresses are registered.
    @Sendable static func requestPasswordReset(
        _ input: RequestPasswordResetInput, _ scope: MutationScope
    ) async throws -> RequestPasswordResetPayload {
        if let email = EmailAddress(input.email), let account = try await UserStore.enabledAccount(forKey: email.key, in: scope.transaction) {
            let locale = try await ProfileStore.locale(of: account.id, in: scope.transaction)
            try await AccountTokens.issue(.resetPassword, userID: account.id, email: account.email, locale: locale, in: scope.transaction)
        }
        return RequestPasswordResetPayload()
    }

    @Sendable static func checkPasswordReset(
        _ input: ResetPasswordInput, _ context: RequestContext
    ) async throws -> Preparation<(token: String, hash: String), PasswordPayload> {
        let problems = PasswordPolicy.problems(input.newPassword, field: "newPassword")
        guard problems.isEmpty else { return .answer(PasswordPayload(failing: problems)) }
        return .proceed((input.token, try await PasswordHasher.standard.hashAside(input.newPassword)))
    }

    /// A new password ends every session.
    @Sendable static func resetPassword(_ reset: (token: String, hash: String), _ scope: MutationScope) async throws -> PasswordPayload {
        guard let userID = try await AccountTokens.redeem(reset.token, purpose: .resetPassword, in: scope.transaction) else {
            return PasswordPayload(failing: [invalidToken])
        }
        try await UserStore.setPasswordHash(reset.hash, of: userID, in: scope.transaction)
        try await SessionStore.revokeAll(of: userID, in: scope.transaction)
        return PasswordPayload(success: true)
    }

    struct PasswordChange: Sendable {
        var userID: Int64
        var sessionID: Int64
        var hash: String
    }

    /// A guess at the current password is counted like a sign-in (the account's and the client
    /// address's counts), before it is checked.
    @Sendable static func checkPasswordChange(
        _ input: ChangePasswordInput, _ context: RequestContext
    ) async throws -> Preparation<PasswordChange, PasswordPayload> {
        let viewer = try context.requireViewer()
        guard try await Passwords.verify(input.currentPassword, of: viewer.userID, context) else {
            return .answer(PasswordPayload(failing: [UserError("currentPassword", "The current password is wrong.", code: .wrongPassword)]))
        }
        let problems = PasswordPolicy.problems(input.newPassword, field: "newPassword")
        guard problems.isEmpty else { return .answer(PasswordPayload(failing: problems)) }
        return .proceed(PasswordChange(userID: viewer.userID, sessionID: viewer.sessionID, hash: try await PasswordHasher.standard.hashAside(input.newPassword)))
    }

    /// Other devices must sign in again; this one stays signed in.
    @Sendable static func changePassword(_ change: PasswordChange, _ scope: MutationScope) async throws -> PasswordPayload {
        try await UserStore.setPasswordHash(change.hash, of: change.userID, in: scope.transaction)
        try await SessionStore.revokeAll(of: change.userID, except: change.sessionID, in: scope.transaction)
        return PasswordPayload(success: true)
    }

    // MARK: - Changing the email address

    struct EmailChange: Sendable {
        var userID: Int64
        var newEmail: EmailAddress
    }

    /// The new address is checked and the password verified (counted like a sign-in) before the
    /// transaction opens.
    @Sendable static func checkEmailChange(_ input: ChangeEmailInput, _ context: RequestContext) async throws -> Preparation<EmailChange, UserPayload> {
        let viewer = try context.requireViewer()
        let newEmail: EmailAddress
        switch EmailAddress.parse(input.newEmail) {
        case .success(let address): newEmail = address
        case .failure(.forbiddenCharacters):
            return .answer(UserPayload(failing: [UserError("newEmail", "An email address has no control or invisible characters.", code: .invalidFormat)]))
        case .failure(.malformed):
            return .answer(UserPayload(failing: [UserError("newEmail", "Enter an email address like name@example.com.", code: .invalidFormat)]))
        }
        guard input.currentPassword.utf8.count <= 100, try await Passwords.verify(input.currentPassword, of: viewer.userID, context) else {
            return .answer(UserPayload(failing: [UserError("currentPassword", "The current password is wrong.", code: .wrongPassword)]))
        }
        return .proceed(EmailChange(userID: viewer.userID, newEmail: newEmail))
    }

    /// Nothing changes yet: a code goes to the new address (`confirmEmail` completes the change),
    /// and the current address is told.
    @Sendable static func changeEmail(_ change: EmailChange, _ scope: MutationScope) async throws -> UserPayload {
        guard let current = try await UserStore.lock(change.userID, in: scope.transaction) else { throw DomainError.unauthenticated }
        if EmailAddress(current)?.key == change.newEmail.key {
            return UserPayload(failing: [UserError("newEmail", "This is already your address.", code: .invalidState)])
        }
        if try await UserStore.isTaken(change.newEmail.key, in: scope.transaction) {
            return UserPayload(failing: [UserError("newEmail", "An account with this email already exists.", code: .taken)])
        }
        let locale = try await ProfileStore.locale(of: change.userID, in: scope.transaction)
        try await AccountTokens.requestEmailChange(userID: change.userID, from: current, to: change.newEmail, locale: locale, in: scope.transaction)
        return UserPayload(user: try await UserStore.load(change.userID, in: scope.transaction))
    }

    private static func completeEmailChange(userID: Int64, newEmail: String, _ scope: MutationScope) async throws -> UserPayload {
        guard let email = EmailAddress(newEmail), let old = try await UserStore.lock(userID, in: scope.transaction) else {
            return UserPayload(failing: [invalidToken])
        }
        do {
            try await UserStore.changeEmail(of: userID, to: email, in: scope.transaction)
        } catch let error as PostgresError where error.isUniqueViolation {
            return UserPayload(failing: [UserError("token", "Another account took this address meanwhile.", code: .taken)])
        }
        let locale = try await ProfileStore.locale(of: userID, in: scope.transaction)
        let notice = Messages.email(.emailChanged, locale: locale, address: email.address)
        try await MailOutbox.enqueue(recipient: old, subject: notice.subject, body: notice.body, in: scope.transaction)
        var user = try await UserStore.load(userID, in: scope.transaction)
        user?.isRequesterThemself = true
        return UserPayload(user: user)
    }

    // MARK: - Sessions and profile

    @Sendable static func revokeSessions(_ input: RevokeSessionsInput, _ scope: MutationScope) async throws -> RevokeSessionsPayload {
        let viewer = try scope.requireViewer()
        if let session = input.sessionId {
            guard try await SessionStore.revoke(session.key, of: viewer.userID, in: scope.transaction) else {
                return RevokeSessionsPayload(failing: [UserError("sessionId", "No such session.", code: .notFound)])
            }
            return RevokeSessionsPayload(revokedCount: 1)
        }
        guard input.allOthers == true else { return RevokeSessionsPayload(revokedCount: 0) }
        return RevokeSessionsPayload(
            revokedCount: try await SessionStore.revokeAll(of: viewer.userID, except: viewer.sessionID, in: scope.transaction))
    }

    @Sendable static func updateProfile(_ input: UpdateProfileInput, _ scope: MutationScope) async throws -> UserPayload {
        let viewer = try scope.requireViewer()
        let update = ProfileUpdate(input)
        guard update.errors.isEmpty else { return UserPayload(failing: update.errors) }
        do {
            try await ProfileStore.update(viewer.userID, with: update.changes, in: scope.transaction)
        } catch let error as PostgresError where error.isUniqueViolation {
            return UserPayload(failing: [UserError("username", "This username is taken.", code: .taken)])
        }
        return UserPayload(user: try await UserStore.load(viewer.userID, in: scope.transaction))
    }

    /// The image is decoded and encoded again before the transaction opens (CPU work).
    @Sendable static func checkAvatar(_ input: UploadAvatarInput, _ context: RequestContext) async throws -> Preparation<StoredImage, UserPayload> {
        switch ProfilePreferences.avatar(input.image.bytes) {
        case .invalid(let error): .answer(UserPayload(failing: [error]))
        case .valid(let image): .proceed(image)
        }
    }

    @Sendable static func uploadAvatar(_ image: StoredImage, _ scope: MutationScope) async throws -> UserPayload {
        let viewer = try scope.requireViewer()
        try await ProfileStore.setAvatar(image, of: viewer.userID, in: scope.transaction)
        return UserPayload(user: try await UserStore.load(viewer.userID, in: scope.transaction))
    }

    @Sendable static func chooseGalleryAvatar(_ input: ChooseGalleryAvatarInput, _ scope: MutationScope) async throws -> UserPayload {
        let viewer = try scope.requireViewer()
        try await ProfileStore.chooseGalleryAvatar(input.name, of: viewer.userID, in: scope.transaction)
        return UserPayload(user: try await UserStore.load(viewer.userID, in: scope.transaction))
    }

    /// Back to the default avatar; deleting when there is none changes nothing.
    @Sendable static func deleteAvatar(_ scope: MutationScope) async throws -> UserPayload {
        let viewer = try scope.requireViewer()
        _ = try await ProfileStore.deleteAvatar(of: viewer.userID, in: scope.transaction)
        return UserPayload(user: try await UserStore.load(viewer.userID, in: scope.transaction))
    }

    @Sendable static func setStorePreference(_ input: SetStorePreferenceInput, _ scope: MutationScope) async throws -> UserPayload {
        let viewer = try scope.requireViewer()
        if let preference = input.preference {
            do {
                try await ProfileStore.markStore(input.storeId.key, preference, of: viewer.userID, in: scope.transaction)
            } catch let error as PostgresError where error.isForeignKeyViolation {
                return UserPayload(failing: [UserError("storeId", "No such store.", code: .notFound)])
            }
        } else {
            try await ProfileStore.unmarkStore(input.storeId.key, of: viewer.userID, in: scope.transaction)
        }
        return UserPayload(user: try await UserStore.load(viewer.userID, in: scope.transaction))
    }

    // MARK: - Administration

    private static let everyoneIsAUser = UserError("role", "Every account is a user; choose another role.", code: .invalidFormat)
    private static let noSuchUser = UserError("userId", "No such user.", code: .notFound)

    @Sendable static func grantRole(_ input: GrantRoleInput, _ scope: MutationScope) async throws -> UserPayload {
        let viewer = try scope.requireViewer()
        guard input.role != .user else { return UserPayload(failing: [everyoneIsAUser]) }
        var chainID: Int64?
        if input.role == .chainRepresentative {
            guard let chain = input.chainId else {
                return UserPayload(failing: [UserError("chainId", "A chain representative needs the chain they represent.", code: .required)])
            }
            chainID = chain.key
        }
        do {
            guard try await RoleStore.grant(input.role, chainID: chainID, to: input.userId.key, by: viewer.userID, in: scope.transaction)
            else { return UserPayload(failing: [noSuchUser]) }
        } catch let error as PostgresError where error.isForeignKeyViolation {
            return UserPayload(failing: [UserError("chainId", "No such retail chain.", code: .notFound)])
        }
        try await AuditLog.record(
            .roleGranted, by: viewer.userID, about: input.userId.key, reason: nil, details: [input.role.graphQLName], in: scope.transaction)
        return UserPayload(user: try await UserStore.load(input.userId.key, in: scope.transaction))
    }

    @Sendable static func revokeRole(_ input: RevokeRoleInput, _ scope: MutationScope) async throws -> UserPayload {
        let viewer = try scope.requireViewer()
        guard input.role != .user else { return UserPayload(failing: [everyoneIsAUser]) }
        try await RoleStore.revoke(input.role, from: input.userId.key, in: scope.transaction)
        guard let user = try await UserStore.load(input.userId.key, in: scope.transaction) else { return UserPayload(failing: [noSuchUser]) }
        try await AuditLog.record(
            .roleRevoked, by: viewer.userID, about: user.id, reason: nil, details: [input.role.graphQLName], in: scope.transaction)
        return UserPayload(user: user)
    }

    /// Disabling ends every session of the account in the same transaction, for good: enabling it
    /// again does not bring them back.
    @Sendable static func setAccountDisabled(_ input: SetAccountDisabledInput, _ scope: MutationScope) async throws -> UserPayload {
        let viewer = try scope.requireViewer()
        let userID = input.userId.key
        if input.disabled && userID == viewer.userID {
            return UserPayload(failing: [UserError("userId", "You cannot disable your own account.", code: .invalidState)])
        }
        guard try await UserStore.setDisabled(input.disabled, of: userID, in: scope.transaction) else {
            return UserPayload(failing: [noSuchUser])
        }
        if input.disabled { try await SessionStore.revokeAll(of: userID, in: scope.transaction) }
        try await AuditLog.record(input.disabled ? .accountDisabled : .accountEnabled, by: viewer.userID, about: userID, reason: nil, in: scope.transaction)
        return UserPayload(user: try await UserStore.load(userID, in: scope.transaction))
    }
}
