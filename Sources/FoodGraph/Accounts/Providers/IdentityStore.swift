import Foundation
import Postgres

/// The SQL of `user_identities`: which provider identities (provider and subject) sign in to
/// which account.
enum IdentityStore {
    /// The account an identity signs in to.
    static func owner(of provider: IdentityProvider, subject: String, in database: some PostgresQuerying) async throws -> Int64? {
        try await database.query(
            "SELECT user_id FROM user_identities WHERE provider = $1 AND subject = $2", [provider.databaseName, subject]
        ).first?.decode(Int64.self, at: 0)
    }

    /// Links an identity; a unique violation when it or the account's identity of that provider exists.
    static func link(
        _ identity: VerifiedIdentity, to userID: Int64, in transaction: PostgresTransaction
    ) async throws {
        _ = try await transaction.query(
            "INSERT INTO user_identities (user_id, provider, subject, email) VALUES ($1, $2, $3, $4)",
            [userID, identity.provider.databaseName, identity.subject, identity.email])
    }

    /// Removes the account's identity of a provider; false when it had none.
    static func unlink(_ provider: IdentityProvider, of userID: Int64, in transaction: PostgresTransaction) async throws -> Bool {
        try await !transaction.query(
            "DELETE FROM user_identities WHERE user_id = $1 AND provider = $2 RETURNING 1", [userID, provider.databaseName]
        ).isEmpty
    }

    /// The providers each account is linked to, oldest link first.
    static func linked(_ userIDs: [Int64], in database: some PostgresQuerying) async throws -> [Int64: [LinkedProvider]] {
        let rows = try await database.query(
            "SELECT user_id, provider, email, linked_at FROM user_identities WHERE user_id = ANY($1) ORDER BY linked_at, id",
            [PostgresArray(userIDs)])
        var linked: [Int64: [LinkedProvider]] = [:]
        for row in rows {
            guard let provider = IdentityProvider(databaseName: try row.decode(String.self, at: 1)) else { continue }
            linked[try row.decode(Int64.self, at: 0), default: []].append(
                LinkedProvider(provider: provider, email: try row.decode(String?.self, at: 2), linkedAt: try row.decode(Date.self, at: 3)))
        }
        return linked
    }
}
