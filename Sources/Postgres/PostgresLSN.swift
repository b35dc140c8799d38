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
