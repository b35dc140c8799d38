/// A statement's text as the key of the statements prepared on a connection. It is looked up on
/// every execution, and texts run to a kilobyte or more: the key hashes their length and both
/// ends, not all of them. Texts alike there (a diary day's statements differ in middle columns)
/// still differ by `==`, which compares them whole; they only share a bucket.
struct PreparedStatementKey: Hashable {
    let sql: String

    init(_ sql: String) {
        self.sql = sql
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.sql == rhs.sql }

    func hash(into hasher: inout Hasher) {
        var sql = sql
        sql.withUTF8 { bytes in
            hasher.combine(bytes.count)
            hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes.prefix(Self.endLength))))
            hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes.suffix(Self.endLength))))
        }
    }

    private static let endLength = 64
}
