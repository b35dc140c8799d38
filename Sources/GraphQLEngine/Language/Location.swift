/// Where a node or token sits in its source.
///
/// `start` and `end` are UTF-8 byte offsets (end exclusive). `line` and `column` are 1-based and
/// point at `start`; columns count UTF-16 code units, as graphql-js does, so error locations agree
/// with the reference implementation even on non-ASCII lines.
public struct Location: Hashable, Sendable {
    public var start: Int32
    public var end: Int32
    public var line: Int32
    public var column: Int32

    public init(start: Int32, end: Int32, line: Int32, column: Int32) {
        self.start = start
        self.end = end
        self.line = line
        self.column = column
    }

    /// The UTF-8 byte offsets the node spans.
    public var range: Range<Int> { Int(start)..<Int(end) }

    public var sourceLocation: SourceLocation { SourceLocation(line: Int(line), column: Int(column)) }
}
