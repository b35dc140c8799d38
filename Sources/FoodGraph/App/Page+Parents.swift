import Synchronization
import GraphQLEngine
import Postgres

extension Page {
    /// The same page of a child list for many parents in one statement, so a list of N parents
    /// with a connection each costs one query, not N. `source` selects a `page_parent` column
    /// and does not filter by parent: each parent's page is read by itself (`LATERAL`) with the
    /// condition `page_parent = ` that parent's id, which PostgreSQL moves into a plain `source`
    /// (no grouping, no `DISTINCT`), so an index on the parent's column, and its keys, reads only
    /// `size + 1` rows a parent. A window over all the parents' rows instead read and sorted
    /// every row of every parent: a product's prices at every store that sells it, a user's
    /// every receipt. `$1` is the parents' ids; `source`'s own parameters start at `$2`. No
    /// `totalCount` (these connections have none).
    func fetchForParents<Record: ObjectValue>(
        _ parentIDs: [Int64], select columns: String, from source: String, as alias: String, keys: [Key], descending: Bool = false,
        parameters extra: [any PostgresEncodable], in database: some PostgresQuerying,
        decode: @escaping (PostgresRow) throws -> Record
    ) async throws -> [Int64: Connection<Record>] {
        var parameters: [any PostgresEncodable] = [PostgresArray(parentIDs)] + extra
        func placeholder(_ value: any PostgresEncodable) -> String {
            parameters.append(value)
            return "$\(parameters.count)"
        }
        let keyTuple = "(" + keys.map(\.expression).joined(separator: ", ") + ")"
        func tuple(_ values: [String]) -> String {
            "(" + zip(keys, values).map { key, value in "\(placeholder(value))::\(key.type)" }.joined(separator: ", ") + ")"
        }
        for cursorKeys in [after, before] where cursorKeys != nil && cursorKeys?.count != keys.count {
            throw DomainError.badUserInput("The cursor belongs to another list.")
        }
        var conditions = ["\(alias).page_parent = page_parents.id"]
        if let after { conditions.append("\(keyTuple) \(descending ? "<" : ">") \(tuple(after))") }
        if let before { conditions.append("\(keyTuple) \(descending ? ">" : "<") \(tuple(before))") }
        let readDescending = descending != isBackward
        let order = keys.map { "\($0.expression) \(readDescending ? "DESC" : "ASC")" }.joined(separator: ", ")
        let keyColumns = keys.enumerated().filter { $1.column == nil }.map { ", (\($1.expression))::text AS page_key\($0)" }.joined()
        // The limit is written in, as in `fetch`.
        let sql = """
            SELECT numbered.* FROM unnest($1::bigint[]) WITH ORDINALITY AS page_parents (id, position)
            CROSS JOIN LATERAL (
              SELECT \(columns)\(keyColumns), \(alias).page_parent, row_number() OVER (ORDER BY \(order)) AS page_row
              FROM (\(source)) AS \(alias)
              WHERE \(conditions.joined(separator: " AND "))
              ORDER BY \(order) LIMIT \(size + 1)
            ) AS numbered ORDER BY page_parents.position, numbered.page_row
            """
        let rows: PostgresRows
        do {
            rows = try await database.query(sql, parameters)
        } catch let error as PostgresError where error.sqlState?.hasPrefix("22") == true {
            throw DomainError.badUserInput("The cursor is not one this API gave out.")
        }
        // Edges made as the rows are read, as in `fetch`. The rows come parent by parent, so each
        // parent's edges are gathered in one array, reserved for a page and moved into its
        // connection: grown edge by edge in a dictionary, each growth retained every reference
        // the records held.
        var pages: [Int64: Connection<Record>] = [:]
        pages.reserveCapacity(parentIDs.count)
        var current: (parent: Int64, edges: [Edge<Record>], hasMore: Bool)?
        func close() {
            guard var page = current else { return }
            current = nil
            if isBackward { page.edges.reverse() }
            pages[page.parent] = Connection(edges: page.edges, pageInfo: pageInfo(of: page.edges, hasMore: page.hasMore))
        }
        let (parentPosition, rowPosition) = (try rows.column(named: "page_parent"), try rows.column(named: "page_row"))
        let keyPositions = try keys.enumerated().map { try rows.column(named: $1.column ?? "page_key\($0)") }
        for row in rows {
            let parent = try row.decode(Int64.self, at: parentPosition)
            if current?.parent != parent {
                close()
                var edges: [Edge<Record>] = []
                edges.reserveCapacity(size)
                current = (parent, edges, false)
            }
            if try row.decode(Int.self, at: rowPosition) > size {
                current?.hasMore = true
                continue
            }
            let keyValues = try keyPositions.map { try row.decode(String.self, at: $0) }
            current?.edges.append(Edge(cursorKeys: keyValues, node: try decode(row)))
        }
        close()
        for parent in parentIDs where pages[parent] == nil { pages[parent] = emptyConnection() }
        return pages
    }
}

/// DataLoaders made on demand for one field and its arguments (`latestPrices(first: 3)` and
/// `latestPrices(first: 5)` batch separately), kept for the request.
final class KeyedLoaders: Sendable {
    private let loaders = Mutex<[String: any BatchDispatching]>([:])
    let scheduler: LoaderScheduler

    init(scheduler: LoaderScheduler) {
        self.scheduler = scheduler
    }

    func loader<Value: Sendable>(
        _ key: String, batch: @escaping @Sendable ([Int64]) async throws -> [Int64: Value]
    ) -> DataLoader<Int64, Value> {
        loaders.withLock { loaders in
            if let existing = loaders[key] as? DataLoader<Int64, Value> { return existing }
            let loader = DataLoader<Int64, Value>(scheduler: scheduler, batch: LoaderObservation.observed(key, batch))
            loaders[key] = loader
            return loader
        }
    }
}
