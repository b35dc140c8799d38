/// The children of a node in a parsed document (its arguments, directives, selections, …): a
/// collection read from the document's storage, so it costs no array of its own.
public struct NodeList<Element: StoredNode>: RandomAccessCollection, Hashable, Sendable {
    let tree: SyntaxTree?
    let span: Span

    init(_ tree: SyntaxTree, _ span: Span) {
        self.tree = span.count == 0 ? nil : tree
        self.span = span
    }

    /// A list with no children.
    public init() {
        tree = nil
        span = .empty
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { Int(span.count) }

    public subscript(position: Int) -> Element {
        precondition(position >= 0 && position < Int(span.count), "Index out of range")
        return Element(tree.unsafelyUnwrapped, number: span.start + Int32(position))
    }

    public static func == (left: NodeList, right: NodeList) -> Bool {
        if left.tree === right.tree && left.span == right.span { return true }
        return left.elementsEqual(right)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(span.count)
        for element in self { hasher.combine(element) }
    }
}

/// A node kept in a document's storage and read back by its number. Only the parser has trees
/// to make nodes from.
public protocol StoredNode: Hashable, Sendable {
    init(_ tree: SyntaxTree, number: Int32)
}
