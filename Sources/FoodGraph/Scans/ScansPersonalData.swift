import Postgres

/// What scans hold about a user, for `exportMyData` and `deleteMyAccount`: their scans (with the
/// re-encoded photos, in base64) and unfinished uploads, deleted with the account (and anyway
/// after a week, or a day for uploads).
enum ScansPersonalData: PersonalDataHolder {
    static let exportKey = "scans"

    static let userColumns = [
        UserColumn(table: "scans", column: "user_id", handling: .deleted, exportPath: ""),
        UserColumn(table: "scan_uploads", column: "user_id", handling: .deleted, exportPath: ""),
    ]

    static func export(_ userID: Int64, in database: some PostgresQuerying) async throws -> String {
        try await database.query(
            """
            SELECT jsonb_build_object(
              'scans', coalesce((SELECT jsonb_agg(jsonb_build_object(
                  'id', s.id, 'kind', s.kind, 'status', s.status, 'createdAt', s.created_at, 'expiresAt', s.expires_at,
                  'contentType', s.content_type, 'width', s.width, 'height', s.height, 'base64', encode(s.image, 'base64'),
                  'barcode', s.barcode, 'productId', s.product_id, 'parsedReceipt', s.parsed_receipt, 'candidates', s.candidates,
                  'failureReason', s.failure_reason, 'confirmedAt', s.confirmed_at) ORDER BY s.id)
                FROM scans s WHERE s.user_id = $1), '[]'),
              'uploads', coalesce((SELECT jsonb_agg(jsonb_build_object(
                  'createdAt', u.created_at, 'totalBytes', u.total_bytes, 'receivedBytes', u.received_bytes) ORDER BY u.id)
                FROM scan_uploads u WHERE u.user_id = $1), '[]')
            )::text
            """, [userID])[0].decode(String.self, at: 0)
    }

    static func erase(_ userID: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query("DELETE FROM scans WHERE user_id = $1", [userID])
        _ = try await transaction.query("DELETE FROM scan_uploads WHERE user_id = $1", [userID])
    }
}
