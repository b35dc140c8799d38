import GraphQLEngine
import Postgres
import Synchronization

/// Relay cursor pagination by keyset: rows are ordered by a tuple of sort keys whose last one is
/// unique, and a cursor carries the keys of its row, so pages stay stable while rows are added and
/// no OFFSET scan grows with the page number. `first`/`after` page forwards, `last`/`before`
/// backwards. The one rule of page sizes, the same for every connection (`Page.sizeRule` is the
/// text schema descriptions quote): `first` or `last` is 1…100; leaving both out gives a page of
/// 20; giving both, or a size out of range, is `BAD_USER_INPUT`. `pageInfo` is exact in the
/// direction paginated.
///
/// The page's statement reads its source as a subquery, which PostgreSQL folds into the page's
/// own query: a sort key written as an index's expression (`lower(p.name), p.id`) is read from
/// that index and the scan stops after `size + 1` rows, whatever the size of the source. Counting
/// is separate (`Count`), so a page never materialises its whole source.
///
/// The limit is written into the statement, not passed as a parameter. A prepared statement's
/// generic plan has to assume that an unknown `LIMIT $n` keeps a tenth of the rows, so next to a
/// plan made for the actual size it looks dearer, and PostgreSQL planned a page over a source
/// without parameters again on every execution: 40 % of the database's CPU for the catalog's
/// first page of 14 products. Sizes are 1…100, so a list prepares at most 100 statements a
/// connection. A source whose best plan depends on its parameters' values (how many rows a search
/// text or a category keeps) asks for `planEachExecution`; the limit did not keep PostgreSQL from
/// switching such a page to a generic plan after five executions either.
struct Page: Sendable {
    /// One sort key: an SQL expression over the query's rows and its PostgreSQL type.
    struct Key: Sendable {
        var expression: String
        var type: String
        /// A column the page already selects whose text is the key's (`id` for `o.id`): read from
        /// there instead of selecting the key again. Only `fetchForParents` reads it.
        var column: String? = nil
    }

    var size: Int
    var isBackward: Bool
    var after: [String]?
    var before: [String]?

    static let maximumSize = 100
    static let defaultSize = 20
    /// The rule as the schema's descriptions state it.
    static let sizeRule = "`first` or `last`: 1–100 (20 when both are left out; not both)"

    /// How a page counts its source (`totalCount`).
    enum Count: Sendable {
        /// Not at all: the connection has no `totalCount`, or counts on demand (`PageCount`).
        case none
        /// Every row of the source, in the page's statement (a subquery of its own, so the page's
        /// rows are still read from an index).
        case exact
        /// The rows of `source` (which uses the page's parameters), up to `cap + 1`, in the page's
        /// statement: what `PageCount` would count, known without a round trip of its own.
        case capped(source: String, cap: Int)
    }

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

    /// A page's statement: `sql` with its `parameters`.
    struct Statement {
        var sql: String
        var parameters: [any PostgresEncodable]
        /// Whether the statement has a cursor condition (without one, no rows means none at all).
        var hasCursor: Bool
    }

    /// The statement of the page over `source` (an SQL query whose rows are named `alias`), ordered
    /// by `keys` ascending (or all descending), with the count `count` asks for (`fetch` runs it).
    func statement(
        select columns: String, from source: String, as alias: String, keys: [Key], descending: Bool = false,
        parameters: [any PostgresEncodable], count: Count = .exact, planEachExecution: Bool = false
    ) throws -> Statement {
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
        let total: String
        switch count {
        case .none: total = ""
        case .exact: total = ", (SELECT count(*) FROM (\(source)) AS page_counted) AS page_total"
        case .capped(let counted, let cap): total = ", (\(PageCount.statement(counting: counted, cap: cap))) AS page_total"
        }
        let sql = """
            \(planEachExecution ? PostgresConnection.planEachExecution : "")SELECT \(columns), \(keyColumns)\(total)
            FROM (\(source)) AS \(alias)
            \(conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND "))
            ORDER BY \(order) LIMIT \(size + 1)
            """
        return Statement(sql: sql, parameters: parameters, hasCursor: !conditions.isEmpty)
    }

    /// Runs the page over `source` (see `statement`). `decode` reads `columns` from position 0.
    func fetch<Record: ObjectValue>(
        select columns: String, from source: String, as alias: String, keys: [Key], descending: Bool = false,
        parameters: [any PostgresEncodable], count: Count = .exact, planEachExecution: Bool = false,
        in database: some PostgresQuerying, decode: (PostgresRow) throws -> Record
    ) async throws -> Connection<Record> {
        let statement = try statement(
            select: columns, from: source, as: alias, keys: keys, descending: descending, parameters: parameters, count: count,
            planEachExecution: planEachExecution)
        let sourceParameters = parameters
        let sql = statement.sql
        let parameters = statement.parameters
        let rows: PostgresRows
        do {
            rows = try await database.query(sql, parameters)
        } catch let error as PostgresError where error.sqlState?.hasPrefix("22") == true {
            // A cursor value that does not fit its key's type was not made by this API.
            throw DomainError.badUserInput("The cursor is not one this API gave out.")
        }
        var totalCount: Int?
        switch count {
        case .none: break
        case .exact, .capped:
            if let first = rows.first {
                totalCount = try first.decode(Int.self, named: "page_total")
            } else if !statement.hasCursor {
                totalCount = 0
            } else if case .exact = count {
                totalCount = try await database.query(
                    "SELECT count(*) FROM (\(source)) AS page_counted", sourceParameters)[0].decode(Int.self, at: 0)
            }
        }
        // Edges made as the rows are read: a record copied into its edge afterwards would be
        // retained once more for every reference it holds.
        var edges: [Edge<Record>] = []
        edges.reserveCapacity(min(rows.count, size))
        let keyPositions = try (0..<keys.count).map { try rows.column(named: "page_key\($0)") }
        for row in rows.prefix(size) {
            let keyValues = try keyPositions.map { try row.decode(String.self, at: $0) }
            edges.append(Edge(cursorKeys: keyValues, node: try decode(row)))
        }
        let hasMore = rows.count > size
        if isBackward { edges.reverse() }
        return Connection(
            edges: edges, pageInfo: pageInfo(of: edges, hasMore: hasMore), totalCount: totalCount)
    }

    /// The page when no row is on it.
    func emptyConnection<Node>() -> Connection<Node> {
        Connection(edges: [], pageInfo: pageInfo(of: [Edge<Node>](), hasMore: false))
    }

    func pageInfo<Node>(of edges: [Edge<Node>], hasMore: Bool) -> PageInfo {
        PageInfo(
            hasNextPage: isBackward ? before != nil : hasMore, hasPreviousPage: isBackward ? hasMore : after != nil,
            // By subscript: `first` and `last` copy the whole edge, its record's references too.
            startKeys: edges.isEmpty ? nil : edges[0].cursorKeys, endKeys: edges.isEmpty ? nil : edges[edges.count - 1].cursorKeys)
    }

    /// Cursors are opaque: base64url of the row's keys.
    static func cursor(_ keys: [String]) -> String {
        // Made for every row a page reads: its bytes are gathered once, with no joined strings.
        var bytes: [UInt8] = [UInt8(ascii: "k"), UInt8(ascii: "1"), 0x1F]
        bytes.reserveCapacity(keys.reduce(3) { $0 + 1 + $1.utf8.count })
        for (index, key) in keys.enumerated() {
            if index > 0 { bytes.append(0x1F) }
            bytes.append(contentsOf: key.utf8)
        }
        return Base64URL.encode(bytes)
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

/// A list's `totalCount`, counted only when a query selects it, and at most once per page however
/// many fields read it: up to `cap` rows, so the cost of counting stays bounded however many rows
/// match (as GitHub's search counts). The count reads only the rows' existence (`source` should
/// select a constant), through whatever index its conditions use, and stops after `cap + 1`.
final class PageCount: Sendable {
    let source: String
    let parameters: [any PostgresEncodable]
    let cap: Int
    private let state: Mutex<State>

    /// The first reader counts, in its own task; readers that come while it counts wait for it.
    /// (A `Task` of its own ran on the global executor: two more thread hops on every request
    /// that reads a `totalCount`.)
    private enum State {
        case notCounted
        case counting(waiting: [CheckedContinuation<Int, any Error>])
        case counted(Result<Int, any Error>)
    }

    private enum Turn {
        case count, wait
        case known(Result<Int, any Error>)
    }

    /// `counted`: the count already made with the page (`Page.Count.capped`), if it was.
    init(source: String, parameters: [any PostgresEncodable], cap: Int, counted: Int? = nil) {
        self.source = source
        self.parameters = parameters
        self.cap = cap
        state = Mutex(counted.map { .counted(.success($0)) } ?? .notCounted)
    }

    /// The count of `source`'s rows up to `cap + 1`, on its own or as a page's subquery.
    static func statement(counting source: String, cap: Int) -> String {
        "SELECT count(*) FROM (\(source) LIMIT \(cap + 1)) AS counted"
    }

    /// The number of rows, at most `cap + 1` (more than `cap` means "more than the cap").
    private func counted(in database: some PostgresQuerying) async throws -> Int {
        let turn = state.withLock { state -> Turn in
            switch state {
            case .notCounted:
                state = .counting(waiting: [])
                return .count
            case .counting: return .wait
            case .counted(let result): return .known(result)
            }
        }
        switch turn {
        case .known(let result):
            return try result.get()
        case .wait:
            return try await withCheckedThrowingContinuation { continuation in
                let result = state.withLock { state -> Result<Int, any Error>? in
                    guard case .counting(var waiting) = state else {
                        if case .counted(let result) = state { return result }
                        return .failure(CancellationError())
                    }
                    waiting.append(continuation)
                    state = .counting(waiting: waiting)
                    return nil
                }
                if let result { continuation.resume(with: result) }
            }
        case .count:
            let result: Result<Int, any Error>
            do {
                let sql = Self.statement(counting: source, cap: cap)
                result = .success(try await database.query(sql, parameters)[0].decode(Int.self, at: 0))
            } catch {
                result = .failure(error)
            }
            let waiting = state.withLock { state -> [CheckedContinuation<Int, any Error>] in
                guard case .counting(let waiting) = state else { return [] }
                state = .counted(result)
                return waiting
            }
            for continuation in waiting { continuation.resume(with: result) }
            return try result.get()
        }
    }

    /// How many rows the list has, but at most `cap`.
    func total(in database: some PostgresQuerying) async throws -> Int { min(try await counted(in: database), cap) }

    /// Whether `total` is the exact number (false when more rows than the cap match).
    func isExact(in database: some PostgresQuerying) async throws -> Bool { try await counted(in: database) <= cap }
}
