/// A field's read from its source alone that returns the value's leaf, for a field whose Swift
/// type is a built-in scalar's usual one (`String`, `Int`, `Double`, `Bool`, or an optional of
/// one): the executor writes the leaf as it is, where a `SourceReader`'s value was boxed as an
/// `any Sendable`, copied to be unwrapped and copied again to be cast back (docs/performance.md).
struct SourceLeafReader: Sendable {
    /// The scalar whose fields the reader serves. (A typed binding gives an `ID` a type of its
    /// own, never a `String`.)
    let scalar: BuiltInScalar
    /// The leaf: `.null` for an absent value, nil for a value the scalar does not represent as it
    /// is (an `Int` beyond 32 bits, a `Double` that is not finite), which the general path reports.
    let read: @Sendable (any Sendable) throws -> GraphQLValue?

    /// The reader of the `Value`s `read` returns, when `Value` is one of those types. The types
    /// are compared once, when the field is bound; `unsafeBitCast` then restates the one found.
    init?<Value>(reading _: Value.Type, _ read: @escaping @Sendable (any Sendable) throws -> Value) {
        if Value.self == String.self {
            self.init(.string) { .string(unsafeBitCast(try read($0), to: String.self)) }
        } else if Value.self == String?.self {
            self.init(.string) { unsafeBitCast(try read($0), to: String?.self).map(GraphQLValue.string) ?? .null }
        } else if Value.self == Int.self {
            self.init(.int) { Self.leaf(unsafeBitCast(try read($0), to: Int.self)) }
        } else if Value.self == Int?.self {
            self.init(.int) { source in
                guard let int = unsafeBitCast(try read(source), to: Int?.self) else { return .null }
                return Self.leaf(int)
            }
        } else if Value.self == Double.self {
            self.init(.float) { Self.leaf(unsafeBitCast(try read($0), to: Double.self)) }
        } else if Value.self == Double?.self {
            self.init(.float) { source in
                guard let double = unsafeBitCast(try read(source), to: Double?.self) else { return .null }
                return Self.leaf(double)
            }
        } else if Value.self == Bool.self {
            self.init(.boolean) { .boolean(unsafeBitCast(try read($0), to: Bool.self)) }
        } else if Value.self == Bool?.self {
            self.init(.boolean) { unsafeBitCast(try read($0), to: Bool?.self).map(GraphQLValue.boolean) ?? .null }
        } else {
            return nil
        }
    }

    private init(_ scalar: BuiltInScalar, read: @escaping @Sendable (any Sendable) throws -> GraphQLValue?) {
        self.scalar = scalar
        self.read = read
    }

    private static func leaf(_ int: Int) -> GraphQLValue? { Int32(exactly: int) == nil ? nil : .int(int) }
    private static func leaf(_ double: Double) -> GraphQLValue? { double.isFinite ? .float(double) : nil }
}
