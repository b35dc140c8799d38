/// A position in PostgreSQL's write-ahead log (`pg_lsn`, written `16/B374D848`): what a primary has
/// committed and a replica has replayed are compared by it.
public struct PostgresLSN: Comparable, Hashable, Sendable, CustomStringConvertible {
    public let value: UInt64

    public init(_ value: UInt64) {
        self.value = value
    }

    /// Parses PostgreSQL's text form, two hexadecimal halves around a slash.
    public init?(_ text: String) {
        let halves = text.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 2, let high = UInt32(halves[0], radix: 16), let low = UInt32(halves[1], radix: 16) else { return nil }
        value = UInt64(high) << 32 | UInt64(low)
    }

    public var description: String {
        String(value >> 32, radix: 16, uppercase: true) + "/" + String(value & 0xFFFF_FFFF, radix: 16, uppercase: true)
    }

    public static func < (lhs: PostgresLSN, rhs: PostgresLSN) -> Bool { lhs.value < rhs.value }
}

extension PostgresLSN {
    /// The primary's WAL insert position: past every commit made so far, even one whose record is
    /// not yet flushed (`synchronous_commit = off`).
    public static func current(in database: some PostgresQuerying) async throws -> PostgresLSN {
        let text = try await database.query("SELECT pg_current_wal_insert_lsn()::text")[0].decode(String.self, at: 0)
        guard let lsn = PostgresLSN(text) else { throw PostgresError(.decoding, "Not a WAL position: \(text)") }
        return lsn
    }
}
