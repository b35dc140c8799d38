import Foundation
import GraphQLEngine
import Logging
import Postgres

enum DataExportStatus: String, GraphQLEnum {
    static let graphQLTypeName = "DataExportStatus"
    case pending = "PENDING"
    case ready = "READY"
    case downloaded = "DOWNLOADED"
    case expired = "EXPIRED"
}

/// A request for a copy of a user's personal data (schema type `DataExport`).
struct DataExportRecord: IdentifiedRecord, ObjectValue {
    static let graphQLTypeName = "DataExport"
    var id: Int64
    var userID: Int64
    var requestedAt: Date
    var readyAt: Date?
    var expiresAt: Date?
    var downloadedAt: Date?
    var sizeBytes: Int?

    var globalID: GlobalID { GlobalID(typeName: Self.graphQLTypeName, key: id) }

    var status: DataExportStatus {
        if downloadedAt != nil { return .downloaded }
        guard readyAt != nil else { return .pending }
        if let expiresAt, expiresAt <= Date() { return .expired }
        return .ready
    }

    static let columns = "e.id, e.user_id, e.requested_at, e.ready_at, e.expires_at, e.downloaded_at, e.size_bytes"

    init(_ row: PostgresRow) throws {
        id = try row.decode(Int64.self, at: 0)
        userID = try row.decode(Int64.self, at: 1)
        requestedAt = try row.decode(Date.self, at: 2)
        readyAt = try row.decode(Date?.self, at: 3)
        expiresAt = try row.decode(Date?.self, at: 4)
        downloadedAt = try row.decode(Date?.self, at: 5)
        sizeBytes = try row.decode(Int?.self, at: 6)
    }
}

/// The SQL of `data_exports`, and the background job that builds their documents.
enum DataExportStore {
    /// Requests a day per user.
    static let dailyLimit = 3
    /// How long a ready document may be downloaded.
    static let downloadWindowSeconds = 24 * 3600
    /// How long a request is listed.
    static let keptDays = 30

    /// A new request, or the one still pending; `RATE_LIMITED` past the daily limit.
    static func request(for userID: Int64, in transaction: PostgresTransaction) async throws -> DataExportRecord {
        // One request at a time per user, however many arrive together.
        _ = try await transaction.query("SELECT id FROM users WHERE id = $1 FOR UPDATE", [userID])
        if let pending = try await transaction.query(
            "SELECT \(DataExportRecord.columns) FROM data_exports e WHERE e.user_id = $1 AND e.ready_at IS NULL ORDER BY e.id DESC LIMIT 1",
            [userID]
        ).first {
            return try DataExportRecord(pending)
        }
        let recent = try await transaction.query(
            """
            SELECT count(*)::int8, ceil(extract(epoch FROM min(requested_at) + interval '1 day' - now()))::int8
            FROM data_exports WHERE user_id = $1 AND requested_at > now() - interval '1 day'
            """, [userID])[0]
        if try recent.decode(Int.self, at: 0) >= dailyLimit {
            throw DomainError(
                .rateLimited, "You can ask for \(dailyLimit) exports a day; try again later.",
                retryAfterSeconds: max(1, try recent.decode(Int?.self, at: 1) ?? 3600))
        }
        return try DataExportRecord(
            try await transaction.query(
                "INSERT INTO data_exports AS e (user_id) VALUES ($1) RETURNING \(DataExportRecord.columns)", [userID])[0])
    }

    /// Users' requests of the last 30 days, newest first, by user.
    static func exports(of userIDs: [Int64], in database: some PostgresQuerying) async throws -> [Int64: [DataExportRecord]] {
        let rows = try await database.query(
            """
            SELECT \(DataExportRecord.columns) FROM data_exports e
            WHERE e.user_id = ANY($1) AND e.requested_at > now() - make_interval(days => $2) ORDER BY e.requested_at DESC, e.id DESC
            """, [PostgresArray(userIDs), keptDays])
        var exports: [Int64: [DataExportRecord]] = [:]
        for userID in userIDs { exports[userID] = [] }
        for row in rows {
            let record = try DataExportRecord(row)
            exports[record.userID, default: []].append(record)
        }
        return exports
    }

    /// Requests by id (any owner: callers check it).
    static func load(_ ids: [Int64], in database: some PostgresQuerying) async throws -> [Int64: DataExportRecord] {
        try await DataExportRecord.load("SELECT \(DataExportRecord.columns) FROM data_exports e WHERE e.id = ANY($1)", ids: ids, from: database)
    }

    enum Download {
        case document(DataExportRecord, [UInt8])
        case refused(DataExportRecord?)
    }

    /// The document of a ready export, once: it is deleted as it is taken.
    static func download(_ id: Int64, of userID: Int64, in transaction: PostgresTransaction) async throws -> Download {
        let rows = try await transaction.query(
            """
            SELECT \(DataExportRecord.columns), e.document, e.key_id FROM data_exports e
            WHERE e.id = $1 AND e.user_id = $2 FOR UPDATE
            """, [id, userID])
        guard let row = rows.first else { return .refused(nil) }
        let record = try DataExportRecord(row)
        guard record.status == .ready, let document = try row.decode([UInt8]?.self, at: 7) else { return .refused(record) }
        let updated = try await transaction.query(
            "UPDATE data_exports e SET downloaded_at = now(), document = NULL WHERE id = $1 RETURNING \(DataExportRecord.columns)", [id])
        let opened = try DataEncryption.open(document, keyID: try row.decode(String?.self, at: 8), context: "export:\(id)")
        return .document(try DataExportRecord(updated[0]), opened)
    }

    // MARK: - The background job

    /// Builds every pending document, one at a time, each in its own repeatable-read transaction
    /// (one snapshot of the user's data), its row locked so that several servers never build the
    /// same one (`SKIP LOCKED`). A request failing five times is given up. Returns how many were built.
    @discardableResult
    static func buildPending(in database: PostgresDatabase, logger: Logger? = nil) async throws -> Int {
        var built = 0
        while true {
            var attempted: Int64?
            do {
                let claimed: Int64? = try await database.withTransaction(isolation: .repeatableRead) { transaction in
                    guard let row = try await transaction.query(
                        """
                        SELECT id, user_id FROM data_exports WHERE ready_at IS NULL AND attempts < 5
                        ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED
                        """
                    ).first else { return nil }
                    let id = try row.decode(Int64.self, at: 0)
                    attempted = id
                    let document = Array(try await PersonalData.document(of: try row.decode(Int64.self, at: 1), in: transaction).utf8)
                    let sealed = try DataEncryption.seal(document, context: "export:\(id)")
                    _ = try await transaction.query(
                        """
                        UPDATE data_exports SET document = $2, key_id = $5, size_bytes = $3, ready_at = now(),
                          expires_at = now() + make_interval(secs => $4), attempts = attempts + 1
                        WHERE id = $1
                        """, [id, sealed.bytes, document.count, downloadWindowSeconds, sealed.keyID])
                    return id
                }
                guard let id = claimed else { return built }
                built += 1
                logger?.info("personal-data export ready", metadata: ["export": "\(id)"])
            } catch {
                // Counted outside the rolled-back transaction, so a failing request is not retried forever.
                guard let id = attempted else { throw error }
                _ = try await database.query("UPDATE data_exports SET attempts = attempts + 1 WHERE id = $1", [id])
                logger?.warning("personal-data export failed", metadata: ["export": "\(id)", "error": "\(error)"])
            }
        }
    }

    /// Documents past their day are deleted; requests older than 30 days go.
    static func purge(in database: PostgresDatabase) async throws {
        _ = try await database.query("UPDATE data_exports SET document = NULL WHERE document IS NOT NULL AND expires_at <= now()")
        _ = try await database.query("DELETE FROM data_exports WHERE requested_at < now() - make_interval(days => $1)", [keptDays])
    }

    /// Seals up to `limit` waiting documents not under the current data key with it; returns how many.
    static func reencrypt(limit: Int, in database: PostgresDatabase) async throws -> Int {
        let keyring = try DataEncryption.keyring
        guard let current = keyring.current else { return 0 }
        return try await database.withTransaction { transaction in
            let rows = try await transaction.query(
                """
                SELECT id, document, key_id FROM data_exports WHERE document IS NOT NULL AND key_id IS DISTINCT FROM $1
                ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED
                """, [current.id, limit])
            for row in rows {
                let id = try row.decode(Int64.self, at: 0)
                let plain = try DataEncryption.open(
                    try row.decode([UInt8].self, at: 1), keyID: try row.decode(String?.self, at: 2), context: "export:\(id)", keyring: keyring)
                let sealed = try DataEncryption.seal(plain, context: "export:\(id)", keyring: keyring)
                _ = try await transaction.query("UPDATE data_exports SET document = $2, key_id = $3 WHERE id = $1", [id, sealed.bytes, sealed.keyID])
            }
            return rows.count
        }
    }

    /// The job every server runs: build what is pending, drop what expired.
    static let job = PeriodicJob("privacy.dataExports", every: .seconds(10)) { database, logger in
        try await buildPending(in: database, logger: logger)
        try await purge(in: database)
    }
}
