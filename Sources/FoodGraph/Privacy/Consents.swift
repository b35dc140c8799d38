import Foundation
import GraphQLEngine
import Postgres

/// The terms of service and the privacy policy.
enum PolicyDocumentKind: String, StoredEnum, CaseIterable {
    static let graphQLTypeName = "PolicyDocumentKind"
    case termsOfService = "TERMS_OF_SERVICE"
    case privacyPolicy = "PRIVACY_POLICY"

    /// The input field that accepts this document's version.
    var inputField: String { self == .termsOfService ? "termsOfServiceVersion" : "privacyPolicyVersion" }
}

/// A published version of a policy document (schema type `PolicyDocument`).
struct PolicyDocument: ObjectValue {
    static let graphQLTypeName = "PolicyDocument"
    var kind: PolicyDocumentKind
    var version: String
    var publishedOn: LocalDate
}

/// The versions in force. Publishing a new version of a document is a release: change its entry
/// here; every account then has it in `pendingConsents` until it accepts it (docs/security.md).
enum PolicyDocuments {
    static let current: [PolicyDocument] = [
        PolicyDocument(kind: .termsOfService, version: "2026-01", publishedOn: LocalDate(iso8601: "2026-01-01")!),
        PolicyDocument(kind: .privacyPolicy, version: "2026-01", publishedOn: LocalDate(iso8601: "2026-01-01")!),
    ]

    static func current(_ kind: PolicyDocumentKind) -> PolicyDocument { current.first { $0.kind == kind }! }

    /// The versions given, checked against the current ones: what to record, and a user error per
    /// stale or unknown version.
    static func check(_ given: [(PolicyDocumentKind, String?)]) -> (accepted: [(PolicyDocumentKind, String)], errors: [UserError]) {
        var accepted: [(PolicyDocumentKind, String)] = []
        var errors: [UserError] = []
        for (kind, version) in given {
            guard let version else { continue }
            let current = current(kind)
            if version == current.version {
                accepted.append((kind, version))
            } else {
                errors.append(
                    UserError(
                        kind.inputField, "The current version is \(current.version); show it to the user and send that version.",
                        code: .invalidState))
            }
        }
        return (accepted, errors)
    }
}

/// One acceptance (schema type `Consent`).
struct ConsentRecord: ObjectValue {
    static let graphQLTypeName = "Consent"
    var document: PolicyDocumentKind
    var version: String
    var acceptedAt: Date
}

/// The SQL of `consents`.
enum ConsentStore {
    /// Records acceptances; accepting a version again keeps the first time.
    static func record(_ accepted: [(PolicyDocumentKind, String)], for userID: Int64, in transaction: PostgresTransaction) async throws {
        for (kind, version) in accepted {
            _ = try await transaction.query(
                "INSERT INTO consents (user_id, document, version) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
                [userID, kind.databaseName, version])
        }
    }

    /// Users' acceptances, newest first, by user (every user asked for has a list).
    static func consents(of userIDs: [Int64], in database: some PostgresQuerying) async throws -> [Int64: [ConsentRecord]] {
        let rows = try await database.query(
            "SELECT user_id, document, version, accepted_at FROM consents WHERE user_id = ANY($1) ORDER BY accepted_at DESC, document",
            [PostgresArray(userIDs)])
        var consents: [Int64: [ConsentRecord]] = [:]
        for userID in userIDs { consents[userID] = [] }
        for row in rows {
            guard let kind = PolicyDocumentKind(databaseName: try row.decode(String.self, at: 1)) else { continue }
            consents[try row.decode(Int64.self, at: 0), default: []].append(
                ConsentRecord(document: kind, version: try row.decode(String.self, at: 2), acceptedAt: try row.decode(Date.self, at: 3)))
        }
        return consents
    }

    /// The documents whose current version is not among the acceptances.
    static func pending(_ consents: [ConsentRecord]) -> [PolicyDocumentKind] {
        PolicyDocuments.current.filter { document in
            !consents.contains { $0.document == document.kind && $0.version == document.version }
        }.map(\.kind)
    }
}
