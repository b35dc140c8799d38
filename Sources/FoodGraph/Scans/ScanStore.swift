import Foundation
import Postgres

/// The SQL of `scans`: every statement of the area that reads or writes scans, values always as
/// parameters. Ownership is part of each user-facing query (`user_id`).
enum ScanStore {
    private static let select = "SELECT \(ScanRecord.columns) FROM scans s"

    /// Scans by ID, whoever owns them (callers check the owner): the node loader's batch.
    /// Points a recognised receipt scan of the user at the receipt entered from it; false when
    /// the scan is not theirs, not a recognised receipt scan, or has a receipt already.
    static func attachReceipt(_ receiptID: Int64, toScan scanID: Int64, of userID: Int64, in transaction: PostgresTransaction) async throws -> Bool {
        try await !transaction.query(
            """
            UPDATE scans SET receipt_id = $1
            WHERE id = $2 AND user_id = $3 AND kind = 'receipt' AND status = 'recognised' AND receipt_id IS NULL RETURNING id
            """, [receiptID, scanID, userID]
        ).isEmpty
    }

    static func load(_ ids: [Int64], from database: some PostgresQuerying) async throws -> [Int64: ScanRecord] {
        try await ScanRecord.load("\(select) WHERE s.id = ANY($1)", ids: ids, from: database)
    }

    /// The user's scan of the same photo (same kind, same SHA-256), if they sent it before.
    static func same(userID: Int64, kind: ScanKind, sha256: [UInt8], in database: some PostgresQuerying) async throws -> ScanRecord? {
        try await database.query(
            "\(select) WHERE s.user_id = $1 AND s.kind = $2 AND s.sha256 = $3", [userID, kind.storedName, sha256]
        ).first.map(ScanRecord.init)
    }

    /// What a new scan stores.
    struct NewScan: Sendable {
        var userID: Int64
        var kind: ScanKind
        var status: ScanStatus
        var image: ScanImage
        var now: Date
        var barcode: String? = nil
        var barcodeFormat: String? = nil
        var productID: Int64? = nil
        var failureReason: String? = nil
    }

    /// Inserts the scan; when the same photo is already there (two requests at once), returns that
    /// one instead.
    static func insert(_ scan: NewScan, in transaction: PostgresTransaction) async throws -> ScanRecord {
        let expires = scan.now.addingTimeInterval(ScanRetention.keptFor)
        let recognised: Date? = scan.status == .recognised ? scan.now : nil
        let rows = try await transaction.query(
            """
            INSERT INTO scans AS s (user_id, kind, status, sha256, content_type, width, height, image, created_at, expires_at,
              recognised_at, barcode, barcode_format, product_id, failure_reason)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
            ON CONFLICT (user_id, kind, sha256) DO NOTHING
            RETURNING \(ScanRecord.columns)
            """,
            [
                scan.userID, scan.kind.storedName, scan.status.storedName, scan.image.sha256, scan.image.stored.format.rawValue,
                scan.image.stored.width, scan.image.stored.height, scan.image.stored.bytes, scan.now, expires, recognised, scan.barcode,
                scan.barcodeFormat, scan.productID, scan.failureReason,
            ])
        if let row = rows.first { return try ScanRecord(row) }
        guard let existing = try await same(userID: scan.userID, kind: scan.kind, sha256: scan.image.sha256, in: transaction) else {
            throw DomainError(.serviceUnavailable, "A scan of the same photo vanished while it was sent again; retry.")
        }
        return existing
    }

    /// The user's recognised scans, newest first, the last `ScansArea.recentLimit` only.
    static func recent(of userID: Int64, page: Page, in database: some PostgresQuerying) async throws -> Connection<ScanRecord> {
        try await page.fetch(
            select: ScanRecord.columns,
            from: """
                SELECT * FROM (SELECT * FROM scans WHERE user_id = $1 AND status = 'recognised'
                  ORDER BY created_at DESC, id DESC LIMIT \(ScansArea.recentLimit)) recent
                """,
            as: "s", keys: [.init(expression: "s.created_at", type: "timestamptz"), .init(expression: "s.id", type: "bigint")],
            descending: true, parameters: [userID], count: .none, in: database, decode: ScanRecord.init)
    }

    /// Deletes the user's scan; false when they have no such scan.
    static func delete(_ id: Int64, of userID: Int64, in transaction: PostgresTransaction) async throws -> Bool {
        try await transaction.query("DELETE FROM scans WHERE id = $1 AND user_id = $2", [id, userID]).affectedRowCount == 1
    }

    /// Locks the user's scan for a change.
    static func lock(_ id: Int64, of userID: Int64, in transaction: PostgresTransaction) async throws -> ScanRecord? {
        try await transaction.query("\(select) WHERE s.id = $1 AND s.user_id = $2 FOR UPDATE", [id, userID]).first.map(ScanRecord.init)
    }

    static func markConfirmed(_ id: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query("UPDATE scans SET confirmed_at = now() WHERE id = $1", [id])
    }

    // MARK: - The workers' queue

    /// A claimed scan: what a worker needs.
    struct Claimed: Sendable {
        var id: Int64
        var userID: Int64
        var kind: ScanKind
        var image: [UInt8]
    }

    /// Claims up to `limit` pending scans (and those whose claim is older than ten minutes: a
    /// server stopped while reading them), marking them processing. Several servers may claim at
    /// once: `FOR UPDATE SKIP LOCKED` gives each scan to one.
    static func claim(limit: Int, in database: some PostgresQuerying) async throws -> [Claimed] {
        let claimed = try await database.query(
            """
            UPDATE scans SET status = 'processing', claimed_at = now(), attempts = attempts + 1
            WHERE id IN (
              SELECT id FROM scans
              WHERE status = 'pending' OR (status = 'processing' AND claimed_at < now() - interval '10 minutes')
              ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
            RETURNING id, user_id, kind, image
            """, [limit]
        ).map { row in
            Claimed(
                id: try row.decode(Int64.self, at: 0), userID: try row.decode(Int64.self, at: 1),
                kind: ScanKind(storedName: try row.decode(String.self, at: 2)) ?? .food, image: try row.decode([UInt8].self, at: 3))
        }
        try await LiveEvents.publish(claimed.map { LiveEvent(.scan, id: $0.id) }, in: database)
        return claimed
    }

    /// Records a recognition (receipt or food). False when the scan is gone (deleted meanwhile).
    static func recognised(
        _ id: Int64, receipt: ParsedReceipt?, candidates: [FoodCandidate]?, recogniser: String?, in transaction: PostgresTransaction
    ) async throws -> Bool {
        let encoder = JSONEncoder()
        let receiptJSON = try receipt.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        let candidatesJSON = try candidates.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        try await LiveEvents.publish(LiveEvent(.scan, id: id), in: transaction)
        return try await transaction.query(
            """
            UPDATE scans SET status = 'recognised', recognised_at = now(), parsed_receipt = $2::jsonb, candidates = $3::jsonb,
              recogniser = $4, failure_reason = NULL
            WHERE id = $1 AND status = 'processing'
            """, [id, receiptJSON, candidatesJSON, recogniser]
        ).affectedRowCount == 1
    }

    static func failed(_ id: Int64, reason: String, in database: some PostgresQuerying) async throws {
        _ = try await database.query(
            "UPDATE scans SET status = 'failed', failure_reason = $2 WHERE id = $1 AND status = 'processing'", [id, String(reason.prefix(500))])
        try await LiveEvents.publish(LiveEvent(.scan, id: id), in: database)
    }

    // MARK: - Retention

    /// Deletes scans whose week is over at `now`, `batchSize` rows per statement.
    static func purge(expiredAt now: Date, batchSize: Int = 1000, in database: some PostgresQuerying) async throws -> Int {
        var total = 0
        while true {
            let deleted = try await database.query(
                "DELETE FROM scans WHERE id IN (SELECT id FROM scans WHERE expires_at <= $1 LIMIT $2)", [now, batchSize]
            ).affectedRowCount
            total += deleted
            if deleted < batchSize { return total }
        }
    }
}
