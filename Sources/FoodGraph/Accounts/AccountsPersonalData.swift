import Foundation
import Postgres

/// What Accounts holds about a user, for `exportMyData` and `deleteMyAccount`.
enum AccountsPersonalData: PersonalDataHolder {
    static let exportKey = "accounts"

    static let userColumns = [
        UserColumn(table: "profiles", column: "user_id", handling: .deleted, exportPath: "accounts.profile", exportIsObject: true),
        UserColumn(table: "user_roles", column: "user_id", handling: .deleted, exportPath: "accounts.roles"),
        UserColumn(
            table: "user_roles", column: "granted_by",
            handling: .anonymised(kept: "a role you granted another account stays theirs, without who granted it"),
            exportPath: "accounts.rolesGranted"),
        UserColumn(table: "images", column: "owner_id", handling: .deleted, exportPath: "accounts.images"),
        UserColumn(table: "profile_stores", column: "user_id", handling: .deleted, exportPath: "accounts.storePreferences"),
        UserColumn(table: "sessions", column: "user_id", handling: .deleted, exportPath: "accounts.sessions"),
        UserColumn(table: "account_tokens", column: "user_id", handling: .deleted, exportPath: "accounts.emailedCodes"),
        UserColumn(table: "user_identities", column: "user_id", handling: .deleted, exportPath: "accounts.linkedProviders"),
    ]

    /// Every column but secrets: the password's hash, token hashes. Images with their bytes in
    /// base64; emails sent to the address with their subject and times (their bodies carry codes).
    static func export(_ userID: Int64, in database: some PostgresQuerying) async throws -> String {
        let rows = try await database.query(
            """
            SELECT jsonb_build_object(
              'account', (SELECT to_jsonb(u) - 'password_hash' - 'email_key' FROM users u WHERE u.id = $1),
              'profile', (SELECT to_jsonb(p) - 'user_id' FROM profiles p WHERE p.user_id = $1),
              'roles', coalesce((SELECT jsonb_agg(to_jsonb(r) - 'user_id' ORDER BY r.role) FROM user_roles r WHERE r.user_id = $1), '[]'),
              'rolesGranted', coalesce((SELECT jsonb_agg(jsonb_build_object('role', r.role, 'grantedAt', r.granted_at) ORDER BY r.granted_at)
                FROM user_roles r WHERE r.granted_by = $1), '[]'),
              'storePreferences', coalesce((SELECT jsonb_agg(to_jsonb(s) - 'user_id' ORDER BY s.store_id) FROM profile_stores s
                WHERE s.user_id = $1), '[]'),
              'sessions', coalesce((SELECT jsonb_agg(to_jsonb(s) - 'user_id' - 'token_hash' ORDER BY s.id) FROM sessions s
                WHERE s.user_id = $1), '[]'),
              'linkedProviders', coalesce((SELECT jsonb_agg(to_jsonb(i) - 'user_id' - 'id' ORDER BY i.id) FROM user_identities i
                WHERE i.user_id = $1), '[]'),
              'emailedCodes', coalesce((SELECT jsonb_agg(to_jsonb(t) - 'user_id' - 'token_hash' ORDER BY t.id) FROM account_tokens t
                WHERE t.user_id = $1), '[]'),
              'emailsSent', coalesce((SELECT jsonb_agg(jsonb_build_object('subject', o.subject, 'queuedAt', o.created_at, 'sentAt', o.sent_at)
                ORDER BY o.id) FROM email_outbox o, users u WHERE u.id = $1 AND o.recipient = u.email), '[]'),
              'failedSignIns', coalesce((SELECT jsonb_agg(f.failed_at ORDER BY f.failed_at) FROM login_failures f, users u
                WHERE u.id = $1 AND f.throttle_key = 'account:' || u.email_key), '[]')
            )::text
            """, [userID])
        // Images are decrypted here, not in SQL: their bytes may be sealed with the data key.
        let images: [[String: Any]] = try await ProfileStore.images(of: userID, in: database).map { image in
            [
                "path": "/images/" + image.token, "contentType": image.contentType, "width": image.width, "height": image.height,
                "createdAt": RFC3339.format(image.createdAt), "base64": Data(image.bytes).base64EncodedString(),
            ]
        }
        let imagesJSON = String(decoding: try JSONSerialization.data(withJSONObject: images, options: [.sortedKeys]), as: UTF8.self)
        let object = try rows[0].decode(String.self, at: 0)
        return String(object.dropLast()) + ", \"images\": " + imagesJSON + "}"
    }

    /// The account's rows: store marks, sessions, emailed codes, linked provider identities, roles (and the grants it made,
    /// anonymised), the profile and its images, failed sign-ins, and the email it was sent (the
    /// deletion's confirmation is queued after this).
    static func erase(_ userID: Int64, in transaction: PostgresTransaction) async throws {
        for statement in [
            "DELETE FROM profile_stores WHERE user_id = $1",
            "DELETE FROM sessions WHERE user_id = $1",
            "DELETE FROM account_tokens WHERE user_id = $1",
            "DELETE FROM user_identities WHERE user_id = $1",
            "DELETE FROM user_roles WHERE user_id = $1",
            "UPDATE user_roles SET granted_by = NULL WHERE granted_by = $1",
            "DELETE FROM profiles WHERE user_id = $1",
            "DELETE FROM images WHERE owner_id = $1",
            "DELETE FROM login_failures WHERE throttle_key = (SELECT 'account:' || email_key FROM users WHERE id = $1)",
            "DELETE FROM email_outbox WHERE recipient = (SELECT email FROM users WHERE id = $1)",
        ] {
            _ = try await transaction.query(statement, [userID])
        }
    }
}
