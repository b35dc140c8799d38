import Foundation
import GraphQLEngine
import Postgres

/// What an administrator did to a user's data or account.
enum AuditAction: String, CaseIterable, GraphQLEnum {
    static let graphQLTypeName = "AuditAction"
    case profileCorrected = "PROFILE_CORRECTED"
    case recordsDeleted = "RECORDS_DELETED"
    case accountDeleted = "ACCOUNT_DELETED"
    case roleGranted = "ROLE_GRANTED"
    case roleRevoked = "ROLE_REVOKED"
    case accountDisabled = "ACCOUNT_DISABLED"
    case accountEnabled = "ACCOUNT_ENABLED"
}

/// Schema type `AuditLogEntry`: one administrator action, readable by administrators.
struct AuditLogEntry: ObjectValue, Sendable {
    static let graphQLTypeName = "AuditLogEntry"
    static let columns = "a.id, a.actor_id, a.subject_user_id, a.action, a.reason, a.details, a.created_at"

    var id: Int64
    var actorID: Int64?
    var subjectUserID: Int64?
    var action: AuditAction
    var reason: String?
    var details: [String]
    var createdAt: Date

    init(_ row: PostgresRow) throws {
        id = try row.decode(Int64.self, at: 0)
        actorID = try row.decode(Int64?.self, at: 1)
        subjectUserID = try row.decode(Int64?.self, at: 2)
        let action = try row.decode(String.self, at: 3)
        guard let known = AuditAction(rawValue: action) else { throw PostgresError(.decoding, "Unknown audit action \(action).") }
        self.action = known
        reason = try row.decode(String?.self, at: 4)
        details = try row.decode([String].self, at: 5)
        createdAt = try row.decode(Date.self, at: 6)
    }
}

/// The audit log: every administrator action on a user's data is recorded in the action's own
/// transaction, so an action and its entry exist together or not at all.
enum AuditLog {
    static func record(
        _ action: AuditAction, by actorID: Int64, about subjectUserID: Int64?, reason: String?, details: [String] = [],
        in transaction: PostgresTransaction
    ) async throws {
        _ = try await transaction.query(
            "INSERT INTO audit_log (actor_id, subject_user_id, action, reason, details) VALUES ($1, $2, $3, $4, $5)",
            [actorID, subjectUserID, action.rawValue, reason, PostgresArray(details)])
    }

    /// Entries newest first, about one user or all.
    static func page(about subjectUserID: Int64?, page: Page, in database: some PostgresQuerying) async throws -> Connection<AuditLogEntry> {
        try await page.fetch(
            select: AuditLogEntry.columns,
            from: "SELECT * FROM audit_log\(subjectUserID == nil ? "" : " WHERE subject_user_id = $1")", as: "a",
            keys: [.init(expression: "a.created_at", type: "timestamptz"), .init(expression: "a.id", type: "bigint")],
            descending: true, parameters: subjectUserID.map { [$0] as [any PostgresEncodable] } ?? [], count: .none, in: database, decode: AuditLogEntry.init)
    }
}
