/// A reference to a type by name, wrapped in lists and non-nulls: `[Int!]!`.
public indirect enum TypeReference: Hashable, Sendable, CustomStringConvertible {
    case named(String)
    case list(TypeReference)
    case nonNull(TypeReference)

    public var namedType: String {
        switch self {
        case .named(let name): name
        case .list(let inner), .nonNull(let inner): inner.namedType
        }
    }

    public var isNonNull: Bool {
        if case .nonNull = self { return true }
        return false
    }

    /// The type without its outer non-null wrapper.
    public var nullable: TypeReference {
        if case .nonNull(let inner) = self { return inner }
        return self
    }

    public var description: String {
        switch self {
        case .named(let name): name
        case .list(let inner): "[\(inner)]"
        case .nonNull(let inner): "\(inner)!"
        }
    }

    public init(_ node: TypeNode) {
        switch node {
        case .named(let named): self = .named(named.name.value)
        case .list(let inner, _): self = .list(TypeReference(inner))
        case .nonNull(let inner, _): self = .nonNull(TypeReference(inner))
        }
    }
}
