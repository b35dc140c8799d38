import Foundation
import GraphQLEngine
import Postgres

/// Chunked uploads for flaky networks (Scan&Cook ROB-1): `startUpload` says how many bytes will
/// come, `uploadChunk` sends them in order from an offset, and a scan mutation names the finished
/// upload instead of carrying the image. After a dropped connection the client asks nothing: the
/// last chunk's answer (or a refused chunk's message) says `receivedBytes`, where to resume. A chunk
/// sent again (same offset, already received) is acknowledged without being stored twice. An
/// upload is the user's alone, and goes after a day, finished or not.
enum ScanUploads {
    /// How long an upload waits for its chunks and its scan.
    static let keptFor: TimeInterval = 24 * 3600
    /// Decoded bytes of one chunk: 1 byte to 2 MiB (a request's body is at most 4 MiB).
    static let chunkBytes = 1...(2 * 1024 * 1024)

    static func start(totalBytes: Int, userID: Int64, now: Date, in transaction: PostgresTransaction) async throws -> ScanUpload {
        let token = Base64URL.encode(Crypto.randomBytes(24))
        let row = try await transaction.query(
            """
            INSERT INTO scan_uploads (token, user_id, total_bytes, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)
            RETURNING \(ScanUpload.columns)
            """, [token, userID, totalBytes, now, now.addingTimeInterval(keptFor)])[0]
        return try ScanUpload(row)
    }

    /// The user's unexpired upload with `token`, locked for a chunk.
    static func lock(token: String, userID: Int64, in transaction: PostgresTransaction) async throws -> (id: Int64, upload: ScanUpload)? {
        guard
            let row = try await transaction.query(
                "SELECT id, \(ScanUpload.columns) FROM scan_uploads WHERE token = $1 AND user_id = $2 AND expires_at > now() FOR UPDATE",
                [token, userID]
            ).first
        else { return nil }
        return (try row.decode(Int64.self, at: 0), try ScanUpload(row, offset: 1))
    }

    enum ChunkOutcome {
        case accepted(ScanUpload)
        case refused(UserError)
    }

    static func append(
        token: String, offset: Int, bytes: [UInt8], userID: Int64, in transaction: PostgresTransaction
    ) async throws -> ChunkOutcome {
        guard let (id, upload) = try await lock(token: token, userID: userID, in: transaction) else {
            return .refused(UserError("uploadId", "You have no such upload, or it expired; start again.", code: .notFound))
        }
        if offset < upload.receivedBytes, offset + bytes.count <= upload.receivedBytes {
            return .accepted(upload)  // a chunk sent again after a lost answer
        }
        guard offset == upload.receivedBytes else {
            return .refused(
                UserError(
                    "offset", "The upload has \(upload.receivedBytes) bytes; send the chunk starting there.", code: .uploadOffsetMismatch))
        }
        guard offset + bytes.count <= upload.totalBytes else {
            return .refused(UserError("chunk", "The chunk goes past the \(upload.totalBytes) bytes announced.", code: .tooLong))
        }
        _ = try await transaction.query(
            "INSERT INTO scan_upload_chunks (upload_id, \"offset\", bytes) VALUES ($1, $2, $3)", [id, offset, bytes])
        let row = try await transaction.query(
            "UPDATE scan_uploads SET received_bytes = received_bytes + $2 WHERE id = $1 RETURNING \(ScanUpload.columns)",
            [id, bytes.count])[0]
        return .accepted(try ScanUpload(row))
    }

    /// The bytes of the user's finished upload; nil when they have no such unexpired upload,
    /// `.incomplete` while bytes are missing.
    enum Assembled {
        case bytes([UInt8])
        case missing
        case incomplete(ScanUpload)
    }

    static func assemble(token: String, userID: Int64, in database: some PostgresQuerying) async throws -> Assembled {
        guard
            let row = try await database.query(
                "SELECT id, \(ScanUpload.columns) FROM scan_uploads WHERE token = $1 AND user_id = $2 AND expires_at > now()", [token, userID]
            ).first
        else { return .missing }
        let id = try row.decode(Int64.self, at: 0)
        let upload = try ScanUpload(row, offset: 1)
        guard upload.receivedBytes == upload.totalBytes else { return .incomplete(upload) }
        let bytes = try await database.query(
            "SELECT coalesce(string_agg(bytes, ''::bytea ORDER BY \"offset\"), ''::bytea) FROM scan_upload_chunks WHERE upload_id = $1", [id]
        )[0].decode([UInt8].self, at: 0)
        return .bytes(bytes)
    }

    /// Removes the upload once its scan is made.
    static func finish(token: String, userID: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query("DELETE FROM scan_uploads WHERE token = $1 AND user_id = $2", [token, userID])
    }

    static func purge(expiredAt now: Date, in database: some PostgresQuerying) async throws -> Int {
        try await database.query("DELETE FROM scan_uploads WHERE expires_at <= $1", [now]).affectedRowCount
    }
}

/// An upload in progress (schema type `ScanUpload`).
struct ScanUpload: ObjectValue {
    static let graphQLTypeName = "ScanUpload"
    var token: String
    var totalBytes: Int
    var receivedBytes: Int
    var expiresAt: Date

    static let columns = "token, total_bytes, received_bytes, expires_at"

    init(_ row: PostgresRow, offset: Int = 0) throws {
        token = try row.decode(String.self, at: offset)
        totalBytes = try row.decode(Int.self, at: offset + 1)
        receivedBytes = try row.decode(Int.self, at: offset + 2)
        expiresAt = try row.decode(Date.self, at: offset + 3)
    }
}

/// An upload's ID: its random token (24 bytes, base64url), never its row number.
struct UploadID: OutputValue {
    var token: String
    static var outputShape: TypeShape { .nonNull("ID") }
    static var needsConversion: Bool { true }
    var outputResult: (any Sendable)? { token }
}
