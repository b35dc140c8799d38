/// A field's read from its source alone that returns the value's leaf, for a field whose Swift
/// type is a built-in scalar's usual one (`String`, `Int`, `Double`, `Bool`, or an optional of
/// one) or a `LeafValue`: the executor writes the leaf as it is, where a `SourceReader`'s value was
/// boxed as an `any Sendable`, copied to be unwrapped and copied again to be cast back
/// (docs/performance.md).
struct SourceLeafReader: Sendable {
    /// The name of the scalar whose fields the reader serves. (A typed binding gives an `ID` a
    /// type of its own, never a `String`.)
    let scalar: String
    /// The leaf: `.null` for an absent value, nil for a value the scalar does not represent as it
    /// is (an `Int` beyond 32 bits, a `Double` that is not finite, a `LeafValue` without a leaf),
    /// which the general path reports.
    let read: @Sendable (any Sendable) throws -> GraphQLValue?

    /// The reader of the `Value`s `read` returns, when `Value` is one of those types. The types
    /// are compared once, when the field is bound; `unsafeBitCast` then restates the one found.
    init?<Value>(reading _: Value.Type, _ read: @escaping @Sendable (any Sendable) throws -> Value) {
        if Value.self == String.self {
            self.init(.string) { .string(unsafeBitCast(try read($0), to: String.self)) }
        } else if Value.self == String?.self {
            self.init(.string) { Self.leaf(of: unsafeBitCast(try read($0), to: String?.self)) { .string($0) } }
        } else if Value.self == Int.self {
            self.init(.int) { Self.leaf(unsafeBitCast(try read($0), to: Int.self)) }
        } else if Value.self == Int?.self {
            self.init(.int) { Self.leaf(of: unsafeBitCast(try read($0), to: Int?.self), Self.leaf) }
        } else if Value.self == Double.self {
            self.init(.float) { Self.leaf(unsafeBitCast(try read($0), to: Double.self)) }
        } else if Value.self == Double?.self {
            self.init(.float) { Self.leaf(of: unsafeBitCast(try read($0), to: Double?.self), Self.leaf) }
        } else if Value.self == Bool.self {
            self.init(.boolean) { .boolean(unsafeBitCast(try read($0), to: Bool.self)) }
        } else if Value.self == Bool?.self {
            self.init(.boolean) { Self.leaf(of: unsafeBitCast(try read($0), to: Bool?.self)) { .boolean($0) } }
        } else if let leafValue = Value.self as? any LeafValue.Type {
            self = Self.reading(leafValue, read)
        } else {
            return nil
        }
    }

    private init(_ scalar: BuiltInScalar, read: @escaping @Sendable (any Sendable) throws -> GraphQLValue?) {
        self.scalar = scalar.rawValue
        self.read = read
    }

    private init(_ scalar: String, read: @escaping @Sendable (any Sendable) throws -> GraphQLValue?) {
        self.scalar = scalar
        self.read = read
    }

    /// `Leaf` is `Value`, opened from the existential the caller found it as.
    private static func reading<Leaf: LeafValue, Value>(
        _: Leaf.Type, _ read: @escaping @Sendable (any Sendable) throws -> Value
    ) -> SourceLeafReader {
        SourceLeafReader(Leaf.leafScalar) { unsafeBitCast(try read($0), to: Leaf.self).leaf }
    }

    /// An optional's leaf: `.null` for none.
    private static func leaf<Wrapped>(of value: Wrapped?, _ leaf: (Wrapped) -> GraphQLValue?) -> GraphQLValue? {
        guard let value else { return .null }
        return leaf(value)
    }

    private static func leaf(_ int: Int) -> GraphQLValue? { Int32(exactly: int) == nil ? nil : .int(int) }
    private static func leaf(_ double: Double) -> GraphQLValue? { double.isFinite ? .float(double) : nil }
}
