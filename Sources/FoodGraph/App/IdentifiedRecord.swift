import Postgres

/// A record read from one row and keyed by its bigint id: what the per-request loaders fetch by
/// the batch, `WHERE id = ANY($1)`.
protocol IdentifiedRecord: Sendable {
    var id: Int64 { get }
    init(_ row: PostgresRow) throws
}

extension IdentifiedRecord {
    /// Runs `sql` (which takes the ids as `$1`) and keys the records by id.
    static func load(_ sql: String, ids: [Int64], from database: some PostgresQuerying) async throws -> [Int64: Self] {
        let rows = try await database.query(sql, [PostgresArray(ids)])
        var records: [Int64: Self] = [:]
        records.reserveCapacity(rows.count)
        for row in rows {
            let record = try Self(row)
            records[record.id] = record
        }
        return records
    }
}
