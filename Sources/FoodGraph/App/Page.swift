import GraphQLEngine
import Postgres

/// Relay cursor pagination by keyset: rows are ordered by a tuple of sort keys whose last one is
/// unique, and a cursor carries the keys of its row, so pages stay stable while rows are added and
/// no OFFSET scan grows with the page number. `first`/`after` page forwards, `last`/`before`
/// backwards; sizes are 1…100 (default 20). `pageInfo` is exact in the direction paginated.
struct Page: Sendable {
    /// One sort key: an SQL expression over the query's rows and its PostgreSQL type.
    struct Key: Sendable {
        var expression: String
        var type: String
    }

    var size: Int
    var isBackward: Bool
    var after: [String]?
    var before: [String]?

    static let maximumSize = 100
    static let defaultSize = 20

    /// What distinguishes two pages of the same list: for keying per-arguments loaders.
    var signature: String {
        "\(size)|\(isBackward)|\(after?.joined(separator: ",") ?? "")|\(before?.joined(separator: ",") ?? "")"
    }

    init(_ arguments: PageArguments, defaultSize: Int = Page.defaultSize) throws {
        let first = arguments.first
        let last = arguments.last
        if first != nil && last != nil { throw DomainError.badUserInput("Give `first` or `last`, not both.") }
        for (name, value) in [("first", first), ("last", last)] {
            if let value, !(1...Self.maximumSize).contains(value) {
                throw DomainError.badUserInput("`\(name)` must be between 1 and \(Self.maximumSize).")
            }
        }
        isBackward = last != nil
        size = last ?? first ?? defaultSize
        after = try arguments.after.map(Self.keys(of:))
        before = try arguments.before.map(Self.keys(of:))
    }

    /// Runs the page over `source` (an SQL query whose rows are named `alias`), ordered by `keys`
    /// ascending (or all descending), with the total count of `source` in the same statement.
    /// `decode` reads `columns` from position 0.
    func fetch<Record: ObjectValue>(
        select columns: String, from source: String, as alias: String, keys: [Key], descending: Bool = false,
        parameters: [any PostgresEncodable],
        in database: some PostgresQuerying, decode: (PostgresRow) throws -> Record
    ) async throws -> Connection<Record> {
        let sourceParameters = parameters
        var parameters = parameters
        func placeholder(_ value: any PostgresEncodable) -> String {
            parameters.append(value)
            return "$\(parameters.count)"
        }
        let keyTuple = "(" + keys.map(\.expression).joined(separator: ", ") + ")"
        func tuple(_ values: [String]) -> String {
            "(" + zip(keys, values).map { key, value in "\(placeholder(value))::\(key.type)" }.joined(separator: ", ") + ")"
        }
        var conditions: [String] = []
        // In the order's own direction, "after" is greater (ascending) or smaller (descending).
        let forwardOperator = descending ? "<" : ">"
        let backwardOperator = descending ? ">" : "<"
        for cursorKeys in [after, before] where cursorKeys != nil && cursorKeys?.count != keys.count {
            throw DomainError.badUserInput("The cursor belongs to another list.")
        }
        if let after { conditions.append("\(keyTuple) \(forwardOperator) \(tuple(after))") }
        if let before { conditions.append("\(keyTuple) \(backwardOperator) \(tuple(before))") }
        let readDescending = descending != isBackward
        let order = keys.map { "\($0.expression) \(readDescending ? "DESC" : "ASC")" }.joined(separator: ", ")
        let keyColumns = keys.enumerated().map { "(\($1.expression))::text AS page_key\($0)" }.joined(separator: ", ")
        let sql = """
            WITH page_source AS (\(source))
            SELECT \(columns), \(keyColumns), (SELECT count(*) FROM page_source) AS page_total
            FROM page_source AS \(alias)
            \(conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND "))
            ORDER BY \(order) LIMIT \(placeholder(size + 1))
            """
        let rows: PostgresRows
        do {
            rows = try await database.query(sql, parameters)
        } catch let error as PostgresError where error.sqlState?.hasPrefix("22") == true {
            // A cursor value that does not fit its key's type was not made by this API.
            throw DomainError.badUserInput("The cursor is not one this API gave out.")
        }
        let total: Int
        if let first = rows.first {
            total = try first.decode(Int.self, named: "page_total")
        } else {
            total = try await database.query(
                "WITH page_source AS (\(source)) SELECT count(*) FROM page_source", sourceParameters)[0].decode(Int.self, at: 0)
        }
        var items: [(record: Record, cursor: String)] = []
        for row in rows.prefix(size) {
            let keyValues = try (0..<keys.count).map { try row.decode(String.self, named: "page_key\($0)") }
            items.append((try decode(row), Self.cursor(keyValues)))
        }
        let hasMore = rows.count > size
        if isBackward { items.reverse() }
        return Connection(
            edges: items.map { Edge(cursor: $0.cursor, node: $0.record) },
            pageInfo: pageInfo(items.map(\.cursor), hasMore: hasMore),
            totalCount: total)
    }

    func pageInfo(_ cursors: [String], hasMore: Bool) -> PageInfo {
        PageInfo(
            hasNextPage: isBackward ? before != nil : hasMore, hasPreviousPage: isBackward ? hasMore : after != nil,
            startCursor: cursors.first, endCursor: cursors.last)
    }

    /// Cursors are opaque: base64url of the row's keys.
    static func cursor(_ keys: [String]) -> String {
        Base64URL.encode(Array(("k1\u{1F}" + keys.joined(separator: "\u{1F}")).utf8))
    }

    static func keys(of cursor: String) throws -> [String] {
        guard cursor.utf8.count <= 1024, let bytes = Base64URL.decode(cursor) else { throw invalid(cursor) }
        let parts = String(decoding: bytes, as: UTF8.self).split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
        guard parts.first == "k1", parts.count > 1 else { throw invalid(cursor) }
        return Array(parts.dropFirst())
    }

    private static func invalid(_ cursor: String) -> DomainError {
        DomainError.badUserInput("The cursor \"\(cursor.prefix(60))\" is not one this API gave out.")
    }
}
