/// A Swift type that a resolver may return, with the GraphQL type it stands for, so that a field's
/// binding can be checked against the schema when the schema is built rather than when a query
/// first meets a mistake.
public protocol OutputValue: Sendable {
    /// The GraphQL type of a value of this Swift type (`String` is `String!`, `String?` is `String`).
    static var outputShape: TypeShape { get }
    /// Whether `outputResult` differs from the value itself; when false the executor gets the value
    /// as it is, with no conversion on the hot path.
    static var needsConversion: Bool { get }
    /// What the executor completes: the value, or a form it knows (an enum's name, an ID's text).
    var outputResult: (any Sendable)? { get }
    /// The value back from what a resolution produced (`nil` only when `Self` is optional).
    static func fromResolved(_ value: (any Sendable)?) -> Self?
    /// The value as the executor's `(any Sendable)?`, a nil optional as nil (not as a boxed
    /// `Optional.none`, which would complete as a value).
    var flattened: (any Sendable)? { get }
}

extension OutputValue {
    public static var needsConversion: Bool { false }
    public var outputResult: (any Sendable)? { self }
    public var flattened: (any Sendable)? { self }

    @inlinable
    public static func fromResolved(_ value: (any Sendable)?) -> Self? {
        guard let value else { return nil }
        return exactCast(value, to: Self.self) ?? value as? Self
    }
}

/// The GraphQL type a Swift type stands for: named types (several names for one Swift type bound
/// to several object types), lists and non-null wrappers.
public indirect enum TypeShape: Hashable, Sendable, CustomStringConvertible {
    case named([String])
    case list(TypeShape)
    case nonNull(TypeShape)

    public static func nonNull(_ name: String) -> TypeShape { .nonNull(.named([name])) }

    /// The shape without its outer non-null wrapper.
    public var nullable: TypeShape {
        if case .nonNull(let inner) = self { return inner }
        return self
    }

    /// Whether a field of schema type `type` may be bound to a Swift value of this shape.
    public func matches(_ type: TypeReference) -> Bool {
        switch (self, type) {
        case (.named(let names), .named(let name)): names.contains(name)
        case (.list(let inner), .list(let other)): inner.matches(other)
        case (.nonNull(let inner), .nonNull(let other)): inner.matches(other)
        default: false
        }
    }

    public var description: String {
        switch self {
        case .named(let names): names.count == 1 ? names[0] : names.joined(separator: "|")
        case .list(let inner): "[\(inner)]"
        case .nonNull(let inner): "\(inner)!"
        }
    }
}

extension String: OutputValue { public static var outputShape: TypeShape { .nonNull("String") } }
extension Int: OutputValue { public static var outputShape: TypeShape { .nonNull("Int") } }
extension Double: OutputValue { public static var outputShape: TypeShape { .nonNull("Float") } }
extension Bool: OutputValue { public static var outputShape: TypeShape { .nonNull("Boolean") } }

extension Optional: OutputValue where Wrapped: OutputValue {
    public static var outputShape: TypeShape { Wrapped.outputShape.nullable }
    public static var needsConversion: Bool { Wrapped.needsConversion }
    public var outputResult: (any Sendable)? { self?.outputResult }
    public var flattened: (any Sendable)? { self?.flattened }

    public static func fromResolved(_ value: (any Sendable)?) -> Self? {
        guard let value else { return .some(.none) }
        return Wrapped.fromResolved(value).map { .some($0) }
    }
}

extension Array: OutputValue where Element: OutputValue {
    public static var outputShape: TypeShape { .nonNull(.list(Element.outputShape)) }
    public static var needsConversion: Bool { Element.needsConversion }
    public var outputResult: (any Sendable)? { Element.needsConversion ? map(\.outputResult) : self }

    /// The array, or a list of untyped items (a batch of resolutions combined) item by item.
    public static func fromResolved(_ value: (any Sendable)?) -> Self? {
        guard let value else { return nil }
        if let array = exactCast(value, to: Self.self) ?? value as? Self { return array }
        guard let items = value as? [(any Sendable)?] else { return nil }
        var array: Self = []
        array.reserveCapacity(items.count)
        for item in items {
            guard let element = Element.fromResolved(item) else { return nil }
            array.append(element)
        }
        return array
    }
}

/// An enum bound to a GraphQL enum type: its cases' `graphQLName`s are the enum's value names,
/// checked both ways against the schema (a value without a case, a case without a value). Enums
/// whose raw values are the names get `graphQLName` and decoding for free.
public protocol GraphQLEnum: OutputValue, CaseIterable, Decodable {
    static var graphQLTypeName: String { get }
    var graphQLName: String { get }
}

extension GraphQLEnum {
    public static var outputShape: TypeShape { .nonNull(graphQLTypeName) }
    public static var needsConversion: Bool { true }
    public var outputResult: (any Sendable)? { graphQLName }
}

extension GraphQLEnum where Self: RawRepresentable, RawValue == String {
    public var graphQLName: String { rawValue }
}
