/// An error as the GraphQL spec reports it: a message, the source locations it concerns, the
/// response path for field errors, and `extensions` (which carries the stable `code`).
public struct GraphQLError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var locations: [SourceLocation]
    public var path: [PathComponent]?
    public var extensions: GraphQLObject?

    public init(
        _ message: String, locations: [SourceLocation] = [], path: [PathComponent]? = nil,
        extensions: GraphQLObject? = nil
    ) {
        self.message = message
        self.locations = locations
        self.path = path
        self.extensions = extensions
    }

    /// The stable machine-readable code, `extensions.code`.
    public var code: String? {
        if case .string(let code)? = extensions?["code"] { return code }
        return nil
    }

    public var description: String {
        guard let first = locations.first else { return message }
        return "\(message) (\(first.line):\(first.column))"
    }
}

/// One step of a response path: a field's response key or a list index.
public enum PathComponent: Hashable, Sendable, CustomStringConvertible {
    case key(String)
    case index(Int)

    public var description: String {
        switch self {
        case .key(let key): key
        case .index(let index): String(index)
        }
    }
}
