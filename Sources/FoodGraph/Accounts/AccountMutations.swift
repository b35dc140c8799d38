import Foundation
import GraphQLEngine
import Postgres

/// The account mutations beyond register and login: email confirmation, passwords, sessions,
/// profile, and the administrators' role and account switches.
enum AccountMutations {
    static func confirmEmail(_ input: GraphQLObject, _ context: RequestContext) async throws -> Payload {
        let token = input.string("token") ?? ""
        let userID = try await context.database.withTransaction { transaction -> Int64? in
            guard let userID = try await AccountTokens.redeem(token, purpose: .confirmEmail, in: transaction) else { return nil }
            _ = try await transaction.query(
                "UPDATE users SET email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() WHERE id = $1", [userID])
            return userID
        }
        guard let userID else {
            return .userErrors([UserError("token", "This code is invalid or has expired; ask for a new one.", code: .invalidToken)])
        }
        var user = try await UserRecord.load([userID], from: context.database)[userID]
        user?.isRequesterThemself = true
        return .userErrors([], ["user": user])
    }

    static func resendConfirmation(_ context: RequestContext) async throws -> Payload {
        let viewer = try context.requireViewer()
        let sent = try await context.database.withTransaction { transaction -> Bool in
            let rows = try await transaction.query(
                "SELECT email FROM users WHERE id = $1 AND email_confirmed_at IS NULL", [viewer.userID])
            guard let email = try rows.first?.decode(String.self, at: 0) else { return false }
            try await AccountTokens.issue(.confirmEmail, userID: viewer.userID, email: email, in: transaction)
            return true
        }
        return Payload(["sent": sent])
    }

    /// Always the same answer, so it reveals nothing about which addresses are registered.
    static func requestPasswordReset(_ input: GraphQLObject, _ context: RequestContext) async throws -> Payload {
        let email = (input.string("email") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        try await context.database.withTransaction { transaction in
            let rows = try await transaction.query(
                "SELECT id, email FROM users WHERE email_key = lower($1) AND disabled_at IS NULL", [email])
            guard let row = rows.first else { return }
            try await AccountTokens.issue(
                .resetPassword, userID: try row.decode(Int64.self, at: 0), email: try row.decode(String.self, at: 1), in: transaction)
        }
        return Payload(["accepted": true])
    }

    static func resetPassword(_ input: GraphQLObject, _ context: RequestContext) async throws -> Payload {
        let password = input.string("newPassword") ?? ""
        let problems = PasswordPolicy.problems(password, field: "newPassword")
        guard problems.isEmpty else { return .userErrors(problems, ["success": false]) }
        let hash = PasswordHasher.standard.hash(password)
        let done = try await context.database.withTransaction { transaction -> Bool in
            guard let userID = try await AccountTokens.redeem(input.string("token") ?? "", purpose: .resetPassword, in: transaction)
            else { return false }
            _ = try await transaction.query("UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1", [userID, hash])
            _ = try await transaction.query("UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL", [userID])
            return true
        }
        guard done else {
            return .userErrors(
                [UserError("token", "This code is invalid or has expired; ask for a new one.", code: .invalidToken)], ["success": false])
        }
        return .userErrors([], ["success": true])
    }

    static func changePassword(_ input: GraphQLObject, _ context: RequestContext) async throws -> Payload {
        let viewer = try context.requireViewer()
        let current = input.string("currentPassword") ?? ""
        let new = input.string("newPassword") ?? ""
        let stored = try await context.database.query("SELECT password_hash FROM users WHERE id = $1", [viewer.userID])
        guard let hash = try stored.first?.decode(String.self, at: 0), PasswordHasher.standard.verify(current, against: hash) else {
            return .userErrors([UserError("currentPassword", "The current password is wrong.", code: .wrongPassword)], ["success": false])
        }
        let problems = PasswordPolicy.problems(new, field: "newPassword")
        guard problems.isEmpty else { return .userErrors(problems, ["success": false]) }
        let newHash = PasswordHasher.standard.hash(new)
        try await context.database.withTransaction { transaction in
            _ = try await transaction.query("UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1", [viewer.userID, newHash])
            // Other devices must sign in again; this one stays signed in.
            _ = try await transaction.query(
                "UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL",
                [viewer.userID, viewer.sessionID])
        }
        return .userErrors([], ["success": true])
    }

    static func revokeSessions(_ input: GraphQLObject, _ context: RequestContext) async throws -> Payload {
        let viewer = try context.requireViewer()
        if let id = input.string("sessionId") {
            guard let globalID = GlobalID(parsing: id), globalID.typeName == "Session" else {
                return .userErrors([UserError("sessionId", "This is not a session ID.", code: .invalidFormat)], ["revokedCount": 0])
            }
            let rows = try await context.database.query(
                "UPDATE sessions SET revoked_at = now() WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING id",
                [globalID.key, viewer.userID])
            if rows.isEmpty {
                return .userErrors([UserError("sessionId", "No such session.", code: .notFound)], ["revokedCount": 0])
            }
            return .userErrors([], ["revokedCount": rows.count])
        }
        let rows = try await context.database.query(
            "UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL RETURNING id",
            [viewer.userID, viewer.sessionID])
        return .userErrors([], ["revokedCount": rows.count])
    }

    static func updateProfile(_ input: GraphQLObject, _ context: RequestContext) async throws -> Payload {
        let viewer = try context.requireViewer()
        let errors = try await ProfileUpdate(input).apply(userID: viewer.userID, in: context.database)
        guard errors.isEmpty else { return .userErrors(errors, ["user": Optional<UserRecord>.none as any Sendable]) }
        return .userErrors([], ["user": try await UserRecord.load([viewer.userID], from: context.database)[viewer.userID]])
    }

    // MARK: - Administration

    static func grantRole(_ input: GraphQLObject, _ context: RequestContext, grant: Bool) async throws -> Payload {
        let viewer = try context.requireViewer()
        guard let userID = userID(input) else {
            return .userErrors([UserError("userId", "This is not a user ID.", code: .invalidFormat)])
        }
        guard let role = input.enumName("role").flatMap(Role.init(graphQLName:)), role != .user else {
            return .userErrors([UserError("role", "Every account is a user; choose another role.", code: .invalidFormat)])
        }
        var chainID: Int64?
        if grant, role == .chainRepresentative {
            guard let text = input.string("chainId"), let id = GlobalID(parsing: text), id.typeName == "RetailChain" else {
                return .userErrors([UserError("chainId", "A chain representative needs the chain they represent.", code: .required)])
            }
            chainID = id.key
        }
        do {
            let rows =
                grant
                ? try await context.database.query(
                    """
                    INSERT INTO user_roles (user_id, role, chain_id, granted_by) SELECT id, $2, $3, $4 FROM users WHERE id = $1
                    ON CONFLICT (user_id, role) DO UPDATE SET chain_id = excluded.chain_id RETURNING user_id
                    """, [userID, role.rawValue, chainID, viewer.userID])
                : try await context.database.query(
                    "DELETE FROM user_roles WHERE user_id = $1 AND role = $2 RETURNING user_id", [userID, role.rawValue])
            if grant && rows.isEmpty { return .userErrors([UserError("userId", "No such user.", code: .notFound)]) }
        } catch let error as PostgresError where error.isForeignKeyViolation {
            return .userErrors([UserError("chainId", "No such retail chain.", code: .notFound)])
        }
        return .userErrors([], ["user": try await UserRecord.load([userID], from: context.database)[userID]])
    }

    static func setAccountDisabled(_ input: GraphQLObject, _ context: RequestContext) async throws -> Payload {
        let viewer = try context.requireViewer()
        guard let userID = userID(input) else {
            return .userErrors([UserError("userId", "This is not a user ID.", code: .invalidFormat)])
        }
        let disabled: Bool
        if case .boolean(let value)? = input["disabled"] { disabled = value } else { disabled = false }
        if disabled && userID == viewer.userID {
            return .userErrors([UserError("userId", "You cannot disable your own account.", code: .invalidState)])
        }
        let rows = try await context.database.query(
            "UPDATE users SET disabled_at = CASE WHEN $2 THEN coalesce(disabled_at, now()) END, updated_at = now() WHERE id = $1 RETURNING id",
            [userID, disabled])
        guard !rows.isEmpty else { return .userErrors([UserError("userId", "No such user.", code: .notFound)]) }
        return .userErrors([], ["user": try await UserRecord.load([userID], from: context.database)[userID]])
    }

    private static func userID(_ input: GraphQLObject) -> Int64? {
        guard let text = input.string("userId"), let id = GlobalID(parsing: text), id.typeName == "User" else { return nil }
        return id.key
    }
}
