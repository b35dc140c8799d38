import GraphQLEngine

/// A page of a Relay connection of `Node`s: the schema's `<Node>Connection` type.
struct Connection<Node: ObjectValue>: ObjectValue {
    var edges: [Edge<Node>]
    var pageInfo: PageInfo
    /// Set only for connections whose type has `totalCount`.
    var totalCount: Int?

    static var graphQLTypeName: String { connectionPrefix(of: Node.self) + "Connection" }
}

/// The schema's `<Node>Edge` type.
struct Edge<Node: ObjectValue>: ObjectValue {
    /// The keys of the edge's row in its page's order. Its cursor is made from them only when a
    /// client reads it: made for every row, cursors were 2 % of the CPU of 50 products with their
    /// latest prices, a query that reads none.
    var cursorKeys: [String]
    /// Boxed once, when the page is read: the `node` field hands the box to the executor.
    var boxedNode: Boxed<Node>
    var node: Node { boxedNode.value }
    /// The list whose seal the cursor gets, made only when a client asks for it (`CursorSeal`).
    var sealedFor: String?

    /// The page's plain key cursor; clients see it sealed when `sealedFor` names a list.
    var cursor: String { Page.cursor(cursorKeys) }

    /// The node is moved into its box: copied, a product's every text was retained and released.
    init(cursorKeys: [String], node: consuming Node) {
        self.cursorKeys = cursorKeys
        boxedNode = Boxed(consume node)
    }

    static var graphQLTypeName: String { connectionPrefix(of: Node.self) + "Edge" }
}

/// A node type whose connection is named otherwise than after it (`StorePriceConnection` of
/// `PriceObservation`s).
protocol NamedConnectionNode: ObjectValue {
    static var connectionPrefix: String { get }
}

private func connectionPrefix<Node: ObjectValue>(of _: Node.Type) -> String {
    (Node.self as? any NamedConnectionNode.Type)?.connectionPrefix ?? Node.graphQLTypeName
}

struct PageInfo: ObjectValue {
    static let graphQLTypeName = "PageInfo"
    var hasNextPage: Bool
    var hasPreviousPage: Bool
    /// The keys of the page's first and last rows, as `Edge.cursorKeys`: their cursors are made
    /// when a client reads them.
    var startKeys: [String]?
    var endKeys: [String]?
    /// As `Edge.sealedFor`.
    var sealedFor: String?
}

/// The pagination arguments every connection field takes.
struct PageArguments: Decodable, Sendable {
    var first: Int?
    var after: String?
    var last: Int?
    var before: String?
}

extension SchemaBinder {
    /// Binds `<Node>Connection` and `<Node>Edge`; `totalCount` where the schema has it, and
    /// `distanceKm`, read from the node, where the schema has it.
    mutating func connection<Node: ObjectValue>(
        of _: Node.Type, totalCount: Bool = false, distance: (@Sendable (Node) -> Double?)? = nil
    ) {
        object(Connection<Node>.self) { connection in
            connection.field("edges") { $0.edges }
            connection.field("pageInfo") { $0.pageInfo }
            if totalCount { connection.field("totalCount") { $0.totalCount ?? 0 } }
        }
        object(Edge<Node>.self) { edge in
            edge.field("cursor") { $0.outwardCursor() }
            edge.field("node") { $0.boxedNode }
            if let distance { edge.field("distanceKm") { distance($0.node) } }
        }
    }
}
