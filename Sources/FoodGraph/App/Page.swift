import GraphQLEngine

/// Relay cursor pagination over an ordered query: `first`/`after` forwards, `last`/`before`
/// backwards. Cursors are opaque (base64url of the position); page sizes are 1…100.
struct Page: Sendable {
    var offset: Int
    var limit: Int

    static let maximumSize = 100

    init(_ arguments: Arguments, defaultSize: Int = 20) throws {
        let first = arguments.values.int("first")
        let last = arguments.values.int("last")
        if first != nil && last != nil { throw DomainError.badUserInput("Give `first` or `last`, not both.") }
        for (name, value) in [("first", first), ("last", last)] {
            if let value, !(1...Self.maximumSize).contains(value) {
                throw DomainError.badUserInput("`\(name)` must be between 1 and \(Self.maximumSize).")
            }
        }
        let after = try arguments.values.string("after").map(Self.position(of:))
        let before = try arguments.values.string("before").map(Self.position(of:))
        if let last {
            let end = before ?? (after.map { $0 + 1 + last } ?? last)
            offset = max(0, end - last)
            limit = end - offset
        } else {
            offset = after.map { $0 + 1 } ?? 0
            limit = first ?? defaultSize
            if let before { limit = max(0, min(limit, before - offset)) }
        }
    }

    static func cursor(_ position: Int) -> String { Base64URL.encode(Array("cursor:\(position)".utf8)) }

    static func position(of cursor: String) throws -> Int {
        guard let bytes = Base64URL.decode(cursor), case let text = String(decoding: bytes, as: UTF8.self), text.hasPrefix("cursor:"),
            let position = Int(text.dropFirst(7)), position >= 0
        else { throw DomainError.badUserInput("The cursor \"\(cursor)\" is not one this API gave out.") }
        return position
    }

    /// The connection object for a page of nodes out of `totalCount`.
    func connection(_ nodes: [any Sendable], totalCount: Int) -> Payload {
        let edges = nodes.enumerated().map { index, node in
            Payload(["cursor": Self.cursor(offset + index), "node": node])
        }
        return Payload([
            "edges": edges,
            "totalCount": totalCount,
            "pageInfo": Payload([
                "hasNextPage": offset + nodes.count < totalCount,
                "hasPreviousPage": offset > 0,
                "startCursor": edges.first?.fields["cursor"],
                "endCursor": edges.last?.fields["cursor"],
            ]),
        ])
    }
}
