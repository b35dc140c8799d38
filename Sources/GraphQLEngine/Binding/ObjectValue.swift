/// A Swift type bound to one or more GraphQL object types: its fields are declared by `bind`,
/// each with the Swift type it returns, so the schema check can compare them with the SDL.
public protocol ObjectValue: OutputValue, GraphQLTypeNamed {
    /// The object type's name; a type shared by several object types of the same shape (mutation
    /// payloads) lists them all in `graphQLTypeNames`.
    static var graphQLTypeName: String { get }
    static var graphQLTypeNames: [String] { get }
    /// The source as this type (the root types accept any source).
    static func source(from value: any Sendable) -> Self?
}

extension ObjectValue {
    public static var graphQLTypeNames: [String] { [graphQLTypeName] }
    public static var outputShape: TypeShape { .nonNull(.named(graphQLTypeNames)) }
    public var graphQLTypeName: String { Self.graphQLTypeName }

    @inlinable
    public static func source(from value: any Sendable) -> Self? {
        exactCast(value, to: Self.self) ?? value as? Self
    }
}

/// The source of a root type's fields (`Query`, `Mutation`, `Subscription`): whatever root value the
/// server executes with, which root fields do not read.
public struct Root: Sendable {
    public init() {}
}

/// A value of an interface or union type: any bound object, named by the abstract type.
public struct AbstractValue<Kind: AbstractKind>: OutputValue {
    public let object: any ObjectValue

    public init(_ object: any ObjectValue) {
        self.object = object
    }

    public static var outputShape: TypeShape { .nonNull(Kind.graphQLTypeName) }
    public static var needsConversion: Bool { true }
    public var outputResult: (any Sendable)? { object }

    /// Any bound object a resolution produced.
    public static func fromResolved(_ value: (any Sendable)?) -> Self? {
        if let value = value.flatMap({ exactCast($0, to: Self.self) }) { return value }
        return (value as? any ObjectValue).map(Self.init)
    }
}

/// Names an interface or union type for `AbstractValue`.
public protocol AbstractKind: Sendable {
    static var graphQLTypeName: String { get }
}
