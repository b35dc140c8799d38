import Foundation
import GraphQLEngine
import Postgres

/// Administrators correct or delete a user's data on the user's request (PIPEDA's right to
/// correction and deletion), each action recorded in the audit log with who, when, what and why.
enum DataCorrections {
    static func bind(_ binder: inout SchemaBinder) {
        binder.enumeration(AuditAction.self)
        binder.object(AuditLogEntry.self) { entry in
            entry.field("action") { $0.action }
            entry.field("reason") { $0.reason }
            entry.field("details") { $0.details }
            entry.field("createdAt") { $0.createdAt }
            entry.field("actor", resolve: { entry, context -> Resolved<UserRecord?> in
                guard let id = entry.actorID else { return .null }
                return Resolved(unchecked: context.accounts.users.load(id))
            })
            entry.field("subjectUser", resolve: { entry, context -> Resolved<UserRecord?> in
                guard let id = entry.subjectUserID else { return .null }
                return Resolved(unchecked: context.accounts.users.load(id))
            })
        }
        binder.connection(of: AuditLogEntry.self)
        binder.query { query in
            query.field("auditLog", arguments: AuditLogArguments.self) { arguments, context in
                let page = try Page(arguments.page)
                return Resolved<Connection<AuditLogEntry>>.run {
                    try await AuditLog.page(about: arguments.userId?.key, page: page, in: context.database)
                }
            }
        }
        binder.object(CorrectUserProfilePayload.self) { payload in
            payload.field("user") { $0.user }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(DeleteUserRecordsPayload.self) { payload in
            payload.field("deletedRecordIds") { $0.deletedRecordIDs }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(DeleteUserAccountPayload.self) { payload in
            payload.field("deleted") { $0.deleted }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.mutation("correctUserProfile", input: CorrectUserProfileInput.self, access: .roles([.administrator]), correctProfile)
        binder.mutation("deleteUserRecords", input: DeleteUserRecordsInput.self, access: .roles([.administrator]), deleteRecords)
        binder.mutation("deleteUserAccount", input: DeleteUserAccountInput.self, access: .roles([.administrator]), deleteAccount)
    }

    static let noSuchUser = UserError("userId", "No such account.", code: .notFound)

    @Sendable static func correctProfile(_ input: CorrectUserProfileInput, _ scope: MutationScope) async throws -> CorrectUserProfilePayload {
        let viewer = try scope.requireViewer()
        let userID = input.userId.key
        guard try await UserStore.lock(userID, in: scope.transaction) != nil else { return CorrectUserProfilePayload(failing: [noSuchUser]) }
        let update = ProfileUpdate(input.profile)
        guard update.errors.isEmpty else {
            return CorrectUserProfilePayload(failing: update.errors.map { UserError(field: ["profile"] + ($0.field ?? []), message: $0.message, code: $0.code) })
        }
        guard !input.profile.providedFields.isEmpty else {
            return CorrectUserProfilePayload(failing: [UserError("profile", "Say what to correct.", code: .required)])
        }
        do {
            try await ProfileStore.update(userID, with: update.changes, in: scope.transaction)
        } catch let error as PostgresError where error.isUniqueViolation {
            return CorrectUserProfilePayload(failing: [UserError(field: ["profile", "username"], message: "This username is taken.", code: .taken)])
        }
        try await AuditLog.record(
            .profileCorrected, by: viewer.userID, about: userID, reason: input.reason, details: input.profile.providedFields, in: scope.transaction)
        return CorrectUserProfilePayload(user: try await UserStore.load(userID, in: scope.transaction))
    }

    @Sendable static func deleteRecords(_ input: DeleteUserRecordsInput, _ scope: MutationScope) async throws -> DeleteUserRecordsPayload {
        let viewer = try scope.requireViewer()
        let userID = input.userId.key
        guard try await UserStore.lock(userID, in: scope.transaction) != nil else { return DeleteUserRecordsPayload(failing: [noSuchUser]) }
        var errors: [UserError] = []
        for (index, id) in input.recordIDs.enumerated() {
            let deleted: Bool
            switch id.typeName {
            case DiaryEntryRecord.graphQLTypeName:
                let date = try await DiaryEntryStore.delete(id: id.key, userID: userID, in: scope.transaction)
                // Rivals' daily figures follow the diary.
                if let date { try await RivalScores.refresh(userID: userID, date: date, in: scope.transaction) }
                deleted = date != nil
            default: deleted = try await WeightStore.delete(id: id.key, userID: userID, in: scope.transaction)
            }
            if !deleted {
                errors.append(UserError(field: ["recordIds", String(index)], message: "This user has no such record.", code: .notFound))
            }
        }
        if !errors.isEmpty { return DeleteUserRecordsPayload(failing: errors) }
        let details = input.recordIDs.map(\.description)
        try await AuditLog.record(.recordsDeleted, by: viewer.userID, about: userID, reason: input.reason, details: details, in: scope.transaction)
        return DeleteUserRecordsPayload(deleted: input.recordIDs)
    }

    /// As `deleteMyAccount` does it (every holder's erase, then the account; a confirmation to
    /// the address), on the user's request to an administrator.
    @Sendable static func deleteAccount(_ input: DeleteUserAccountInput, _ scope: MutationScope) async throws -> DeleteUserAccountPayload {
        let viewer = try scope.requireViewer()
        let userID = input.userId.key
        guard userID != viewer.userID else {
            return DeleteUserAccountPayload(failing: [UserError("userId", "Delete your own account with deleteMyAccount.", code: .invalidState)])
        }
        guard let email = try await UserStore.lock(userID, in: scope.transaction) else { return DeleteUserAccountPayload(failing: [noSuchUser]) }
        let locale = try await ProfileStore.locale(of: userID, in: scope.transaction)
        // Recorded first, with the subject; the erase then sets the subject to null, as it does
        // for every entry about the user.
        try await AuditLog.record(.accountDeleted, by: viewer.userID, about: userID, reason: input.reason, in: scope.transaction)
        try await PersonalData.erase(userID, in: scope.transaction)
        let message = Messages.accountDeleted(locale)
        try await MailOutbox.enqueue(recipient: email, subject: message.subject, body: message.body, in: scope.transaction)
        return DeleteUserAccountPayload(deleted: true)
    }
}

/// Why an administrator acts: 1–500 characters, required.
struct AuditReason: Decodable, Sendable {
    var text: String

    init(from decoder: any Decoder) throws {
        text = try decoder.singleValueContainer().decode(String.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if decoder.isBindingCheck { return }
        if text.isEmpty { throw InputError(decoder, "Say why (the user's request, its date and channel).", code: .required) }
        if text.count > 500 { throw InputError(decoder, "At most 500 characters.", code: .tooLong) }
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\n" }) {
            throw InputError(decoder, "Control characters are not allowed.", code: .invalidFormat)
        }
    }
}

struct AuditLogArguments: Decodable, Sendable {
    var userId: NodeID<UserRecord>?
    var page: PageArguments

    private enum Keys: String, CodingKey { case userId }

    init(from decoder: any Decoder) throws {
        userId = try decoder.container(keyedBy: Keys.self).decodeIfPresent(NodeID<UserRecord>.self, forKey: .userId)
        page = try PageArguments(from: decoder)
    }
}

struct CorrectUserProfileInput: Decodable, Sendable {
    var userId: NodeID<UserRecord>
    var reasonText: AuditReason
    var profile: UpdateProfileInput

    var reason: String { reasonText.text }

    private enum Keys: String, CodingKey { case userId, reason, profile }

    init(from decoder: any Decoder) throws {
        let input = try decoder.container(keyedBy: Keys.self)
        userId = try input.decode(NodeID<UserRecord>.self, forKey: .userId)
        reasonText = try input.decode(AuditReason.self, forKey: .reason)
        profile = try input.decode(UpdateProfileInput.self, forKey: .profile)
    }
}

struct DeleteUserRecordsInput: Decodable, Sendable {
    static let maximumRecords = 100
    /// The types whose records an administrator deletes here.
    static let types = [DiaryEntryRecord.graphQLTypeName, WeightEntryRecord.graphQLTypeName]

    var userId: NodeID<UserRecord>
    var reason: String
    var recordIDs: [GlobalID]

    private enum Keys: String, CodingKey { case userId, reason, recordIds }

    init(from decoder: any Decoder) throws {
        let input = try decoder.container(keyedBy: Keys.self)
        userId = try input.decode(NodeID<UserRecord>.self, forKey: .userId)
        reason = try input.decode(AuditReason.self, forKey: .reason).text
        recordIDs = try input.decode([RecordID].self, forKey: .recordIds).map(\.id)
        if decoder.isBindingCheck { return }
        if recordIDs.isEmpty { throw InputError(decoder, "Name at least one record.", code: .required) }
        if recordIDs.count > Self.maximumRecords { throw InputError(decoder, "At most \(Self.maximumRecords) records at once.", code: .tooLong) }
    }

    /// A diary entry's or weigh-in's ID.
    struct RecordID: Decodable, Sendable {
        var id: GlobalID

        init(from decoder: any Decoder) throws {
            let text = try decoder.singleValueContainer().decode(String.self)
            if decoder.isBindingCheck {
                id = GlobalID(typeName: DiaryEntryRecord.graphQLTypeName, key: 0)
                return
            }
            guard let id = GlobalID(parsing: text), DeleteUserRecordsInput.types.contains(id.typeName) else {
                throw InputError(decoder, "This is not the ID of a DiaryEntry or a WeightEntry.")
            }
            self.id = id
        }
    }
}

struct DeleteUserAccountInput: Decodable, Sendable {
    var userId: NodeID<UserRecord>
    var reason: String

    private enum Keys: String, CodingKey { case userId, reason }

    init(from decoder: any Decoder) throws {
        let input = try decoder.container(keyedBy: Keys.self)
        userId = try input.decode(NodeID<UserRecord>.self, forKey: .userId)
        reason = try input.decode(AuditReason.self, forKey: .reason).text
    }
}

struct CorrectUserProfilePayload: MutationPayload {
    static let graphQLTypeName = "CorrectUserProfilePayload"
    var user: UserRecord?
    var userErrors: [UserError] = []

    init(user: UserRecord?) { self.user = user }
    init(failing errors: [UserError]) { userErrors = errors }
}

struct DeleteUserRecordsPayload: MutationPayload {
    static let graphQLTypeName = "DeleteUserRecordsPayload"
    var deletedRecordIDs: [GlobalID] = []
    var userErrors: [UserError] = []

    init(deleted ids: [GlobalID]) { deletedRecordIDs = ids }
    init(failing errors: [UserError]) { userErrors = errors }
}

struct DeleteUserAccountPayload: MutationPayload {
    static let graphQLTypeName = "DeleteUserAccountPayload"
    var deleted = false
    var userErrors: [UserError] = []

    init(deleted: Bool) { self.deleted = deleted }
    init(failing errors: [UserError]) { userErrors = errors }
}
