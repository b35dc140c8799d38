/// Something statements can run on: the pool (a connection per statement) or an open transaction.
/// Stores take this, so the same SQL runs inside or outside a transaction.
public protocol PostgresQuerying: Sendable {
    func query(_ sql: String, _ parameters: [any PostgresEncodable]) async throws -> PostgresRows
}

extension PostgresQuerying {
    public func query(_ sql: String) async throws -> PostgresRows {
        try await query(sql, [])
    }
}
