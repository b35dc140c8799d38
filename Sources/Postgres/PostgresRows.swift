import CLibPQ

/// The rows a statement returned. Rows decode lazily from libpq's result, without copying.
public struct PostgresRows: Sendable, RandomAccessCollection {
    let result: PostgresResult

    init(result: PostgresResult) {
        self.result = result
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { result.rowCount }
    public subscript(position: Int) -> PostgresRow { PostgresRow(result: result, index: position) }

    /// Column names in order.
    public var columnNames: [String] {
        (0..<result.columnCount).map { String(cString: PQfname(result.handle, Int32($0))) }
    }

    /// The position of the column named `name`, for `PostgresRow.decode(_:at:)`: looked up once for
    /// all the rows rather than by `decode(_:named:)` in each (libpq compares every column's name).
    public func column(named name: String) throws -> Int {
        let column = Int(PQfnumber(result.handle, name))
        guard column >= 0 else { throw PostgresError(.usage, "The result has no column named \"\(name)\".") }
        return column
    }

    /// Rows changed by an INSERT, UPDATE or DELETE.
    public var affectedRowCount: Int { result.affectedRowCount }
}

/// One row of a result.
public struct PostgresRow: Sendable {
    @usableFromInline let result: PostgresResult
    @usableFromInline let index: Int
    /// Columns hidden from the front, so that a record type can decode its columns from position 0
    /// of a wider row (see `dropping(_:)`).
    @usableFromInline var columnOffset = 0

    init(result: PostgresResult, index: Int) {
        self.result = result
        self.index = index
    }

    public var columnCount: Int { result.columnCount - columnOffset }

    /// The same row without its first `count` columns.
    public func dropping(_ count: Int) -> PostgresRow {
        var row = self
        row.columnOffset += count
        return row
    }

    /// Decodes the column at `column` (0-based). Inlinable, so that it is specialised for each
    /// type where records decode their rows: the generic call looked up `Optional`'s metadata and
    /// conformance for every column.
    @inlinable
    public func decode<Value: PostgresDecodable>(_ type: Value.Type, at column: Int) throws -> Value {
        let column = column + columnOffset
        guard column >= columnOffset, column < result.columnCount else { throw outOfRange(column) }
        let row = Int32(index)
        let field = Int32(column)
        // libpq gives a null the value "" and the length 0: only an empty value can be one, so
        // a column costs two calls (each checks its row and column again), not three.
        let length = Int(PQgetlength(result.handle, row, field))
        if length == 0, PQgetisnull(result.handle, row, field) == 1 { return try Value.postgresNull() }
        let pointer = UnsafeRawPointer(PQgetvalue(result.handle, row, field)!).assumingMemoryBound(to: UInt8.self)
        return try Value(postgresText: UnsafeBufferPointer(start: pointer, count: length))
    }

    @usableFromInline
    func outOfRange(_ column: Int) -> PostgresError {
        PostgresError(.usage, "Column \(column) is out of range: the row has \(result.columnCount).")
    }

    /// Decodes the column named `name`.
    public func decode<Value: PostgresDecodable>(_ type: Value.Type, named name: String) throws -> Value {
        let column = Int(PQfnumber(result.handle, name))
        guard column >= columnOffset else { throw PostgresError(.usage, "The result has no column named \"\(name)\".") }
        return try decode(type, at: column - columnOffset)
    }

    /// Decodes the leading columns as a tuple: `let (id, name) = try row.decode((Int64, String).self)`.
    public func decode<each Value: PostgresDecodable>(_ types: (repeat each Value).Type) throws -> (repeat each Value) {
        var column = 0
        func next<Column: PostgresDecodable>(_ type: Column.Type) throws -> Column {
            defer { column += 1 }
            return try decode(type, at: column)
        }
        return (repeat try next((each Value).self))
    }

    public func isNull(at column: Int) -> Bool {
        PQgetisnull(result.handle, Int32(index), Int32(column + columnOffset)) == 1
    }
}

/// Owns a libpq result.
///
/// `@unchecked Sendable` is safe: a `PGresult` is never modified after libpq returns it, and libpq
/// documents read access to a result from several threads as safe; it is freed once, in `deinit`.
@usableFromInline
final class PostgresResult: @unchecked Sendable {
    @usableFromInline let handle: OpaquePointer
    let rowCount: Int
    @usableFromInline let columnCount: Int

    init(handle: OpaquePointer) {
        self.handle = handle
        rowCount = Int(PQntuples(handle))
        columnCount = Int(PQnfields(handle))
    }

    var affectedRowCount: Int {
        Int(String(cString: PQcmdTuples(handle))) ?? 0
    }

    deinit { PQclear(handle) }
}
