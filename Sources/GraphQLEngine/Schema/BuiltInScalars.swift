// The five specified scalars (spec 3.5) with graphql-js 16's coercion rules and messages.

public enum BuiltInScalars {
    public static let int = ScalarType(
        name: "Int",
        description: "The `Int` scalar type represents non-fractional signed whole numeric values. Int can represent values between -(2^31) and 2^31 - 1.",
        coercion: IntCoercion())
    public static let float = ScalarType(
        name: "Float",
        description: "The `Float` scalar type represents signed double-precision fractional values as specified by [IEEE 754](https://en.wikipedia.org/wiki/IEEE_floating_point).",
        coercion: FloatCoercion())
    public static let string = ScalarType(
        name: "String",
        description: "The `String` scalar type represents textual data, represented as UTF-8 character sequences. The String type is most often used by GraphQL to represent free-form human-readable text.",
        coercion: StringCoercion())
    public static let boolean = ScalarType(
        name: "Boolean", description: "The `Boolean` scalar type represents `true` or `false`.",
        coercion: BooleanCoercion())
    public static let id = ScalarType(
        name: "ID",
        description: "The `ID` scalar type represents a unique identifier, often used to refetch an object or as key for a cache. The ID type appears in a JSON response as a String; however, it is not intended to be human-readable. When expected as an input type, any string (such as `\"4\"`) or integer (such as `4`) input value will be accepted as an ID.",
        coercion: IDCoercion())

    public static let all = [string, int, float, boolean, id]
    public static let names: Set<String> = ["String", "Int", "Float", "Boolean", "ID"]
}

/// The specified scalars, for completing their usual Swift values without a dynamic cast.
enum BuiltInScalar: String, Sendable {
    case int = "Int", float = "Float", string = "String", boolean = "Boolean", id = "ID"

    /// The leaf for a value of exactly the Swift type that the scalar most often gets, else nil
    /// (the scalar's coercion then decides, with its error messages).
    @inline(__always)
    func exactLeaf(_ value: any Sendable) -> GraphQLValue? {
        switch self {
        case .string:
            if let string = exactCast(value, to: String.self) { return .string(string) }
        case .int:
            if let int = exactCast(value, to: Int.self), Int(Int32.min)...Int(Int32.max) ~= int { return .int(int) }
        case .float:
            if let double = exactCast(value, to: Double.self), double.isFinite { return .float(double) }
        case .boolean:
            if let bool = exactCast(value, to: Bool.self) { return .boolean(bool) }
        case .id:
            if let string = exactCast(value, to: String.self) { return .string(string) }
            if let int = exactCast(value, to: Int.self) { return .string(String(int)) }
        }
        return nil
    }
}

struct IntCoercion: ScalarCoercing {
    func serialize(_ value: any Sendable) throws -> GraphQLValue {
        switch value {
        case let int as Int: return try checked(int, value)
        case let int as Int32: return .int(Int(int))
        case let int as Int64: return try checked(Int(int), value)
        case let int as Int16: return .int(Int(int))
        case let bool as Bool: return .int(bool ? 1 : 0)
        case let double as Double:
            guard double.isFinite, double.rounded(.towardZero) == double else {
                throw ScalarCoercionError("Int cannot represent non-integer value: \(inspect(value))")
            }
            guard let int = Int(exactly: double) else {
                throw ScalarCoercionError("Int cannot represent non 32-bit signed integer value: \(inspect(value))")
            }
            return try checked(int, value)
        case let string as String:
            guard let int = Int(string) else { throw ScalarCoercionError("Int cannot represent non-integer value: \(inspect(value))") }
            return try checked(int, value)
        case let graphQLValue as GraphQLValue:
            if case .int(let int) = graphQLValue { return try checked(int, value) }
            throw ScalarCoercionError("Int cannot represent non-integer value: \(inspect(graphQLValue))")
        default:
            throw ScalarCoercionError("Int cannot represent non-integer value: \(inspect(value))")
        }
    }

    private func checked(_ int: Int, _ original: any Sendable) throws -> GraphQLValue {
        guard Int(Int32.min)...Int(Int32.max) ~= int else {
            throw ScalarCoercionError("Int cannot represent non 32-bit signed integer value: \(inspect(original))")
        }
        return .int(int)
    }

    func parseValue(_ value: GraphQLValue) throws -> GraphQLValue {
        let int: Int
        switch value {
        case .int(let value): int = value
        case .float(let double) where double.isFinite && double.rounded(.towardZero) == double:
            guard let exact = Int(exactly: double) else {
                throw ScalarCoercionError("Int cannot represent non 32-bit signed integer value: \(inspect(value))")
            }
            int = exact
        default: throw ScalarCoercionError("Int cannot represent non-integer value: \(inspect(value))")
        }
        guard Int(Int32.min)...Int(Int32.max) ~= int else {
            throw ScalarCoercionError("Int cannot represent non 32-bit signed integer value: \(inspect(value))")
        }
        return .int(int)
    }

    func parseLiteral(_ node: ValueNode) throws -> GraphQLValue {
        guard case .int(let text, _) = node else {
            throw ScalarCoercionError("Int cannot represent non-integer value: \(printValue(node))")
        }
        guard let int = Int32(text) else {
            throw ScalarCoercionError("Int cannot represent non 32-bit signed integer value: \(text)")
        }
        return .int(Int(int))
    }
}

struct FloatCoercion: ScalarCoercing {
    func serialize(_ value: any Sendable) throws -> GraphQLValue {
        let double: Double?
        switch value {
        case let value as Double: double = value
        case let value as Float: double = Double(value)
        case let value as Int: double = Double(value)
        case let value as Bool: double = value ? 1 : 0
        case let value as String: double = Double(value)
        case let value as GraphQLValue:
            switch value {
            case .float(let value): double = value
            case .int(let value): double = Double(value)
            default: double = nil
            }
        default: double = nil
        }
        guard let double, double.isFinite else {
            throw ScalarCoercionError("Float cannot represent non numeric value: \(inspect(value))")
        }
        return .float(double)
    }

    func parseValue(_ value: GraphQLValue) throws -> GraphQLValue {
        switch value {
        case .float(let double) where double.isFinite: return .float(double)
        case .int(let int): return .float(Double(int))
        default: throw ScalarCoercionError("Float cannot represent non numeric value: \(inspect(value))")
        }
    }

    func parseLiteral(_ node: ValueNode) throws -> GraphQLValue {
        switch node {
        case .int(let text, _), .float(let text, _):
            guard let double = Double(text), double.isFinite else {
                throw ScalarCoercionError("Float cannot represent non numeric value: \(text)")
            }
            return .float(double)
        default:
            throw ScalarCoercionError("Float cannot represent non numeric value: \(printValue(node))")
        }
    }
}

struct StringCoercion: ScalarCoercing {
    func serialize(_ value: any Sendable) throws -> GraphQLValue {
        switch value {
        case let string as String: return .string(string)
        case let string as Substring: return .string(String(string))
        case let bool as Bool: return .string(bool ? "true" : "false")
        case let int as Int: return .string(String(int))
        case let double as Double where double.isFinite: return .string(jsNumberText(double))
        case let value as GraphQLValue:
            switch value {
            case .string(let string), .enumValue(let string): return .string(string)
            case .int(let int): return .string(String(int))
            case .boolean(let bool): return .string(bool ? "true" : "false")
            default: break
            }
        case let value as any RawRepresentable<String>: return .string(value.rawValue)
        default: break
        }
        throw ScalarCoercionError("String cannot represent value: \(inspect(value))")
    }

    func parseValue(_ value: GraphQLValue) throws -> GraphQLValue {
        guard case .string = value else {
            throw ScalarCoercionError("String cannot represent a non string value: \(inspect(value))")
        }
        return value
    }

    func parseLiteral(_ node: ValueNode) throws -> GraphQLValue {
        guard case .string(let string) = node else {
            throw ScalarCoercionError("String cannot represent a non string value: \(printValue(node))")
        }
        return .string(string.value)
    }
}

struct BooleanCoercion: ScalarCoercing {
    func serialize(_ value: any Sendable) throws -> GraphQLValue {
        switch value {
        case let bool as Bool: return .boolean(bool)
        case let int as Int: return .boolean(int != 0)
        case let double as Double where double.isFinite: return .boolean(double != 0)
        case let value as GraphQLValue:
            if case .boolean = value { return value }
        default: break
        }
        throw ScalarCoercionError("Boolean cannot represent a non boolean value: \(inspect(value))")
    }

    func parseValue(_ value: GraphQLValue) throws -> GraphQLValue {
        guard case .boolean = value else {
            throw ScalarCoercionError("Boolean cannot represent a non boolean value: \(inspect(value))")
        }
        return value
    }

    func parseLiteral(_ node: ValueNode) throws -> GraphQLValue {
        guard case .boolean(let bool, _) = node else {
            throw ScalarCoercionError("Boolean cannot represent a non boolean value: \(printValue(node))")
        }
        return .boolean(bool)
    }
}

struct IDCoercion: ScalarCoercing {
    func serialize(_ value: any Sendable) throws -> GraphQLValue {
        switch value {
        case let string as String: return .string(string)
        case let int as Int: return .string(String(int))
        case let int as Int64: return .string(String(int))
        case let value as GraphQLValue:
            switch value {
            case .string: return value
            case .int(let int): return .string(String(int))
            default: break
            }
        default: break
        }
        throw ScalarCoercionError("ID cannot represent value: \(inspect(value))")
    }

    func parseValue(_ value: GraphQLValue) throws -> GraphQLValue {
        switch value {
        case .string: return value
        case .int(let int): return .string(String(int))
        default: throw ScalarCoercionError("ID cannot represent value: \(inspect(value))")
        }
    }

    func parseLiteral(_ node: ValueNode) throws -> GraphQLValue {
        switch node {
        case .string(let string): return .string(string.value)
        case .int(let text, _): return .string(text)
        default: throw ScalarCoercionError("ID cannot represent a non-string and non-integer value: \(printValue(node))")
        }
    }
}

/// A scalar without declared coercion: values pass through as they are (graphql-js's default).
public struct PassThroughCoercion: ScalarCoercing {
    public init() {}

    public func serialize(_ value: any Sendable) throws -> GraphQLValue {
        if let value = value as? GraphQLValue { return value }
        switch value {
        case let string as String: return .string(string)
        case let int as Int: return .int(int)
        case let double as Double: return .float(double)
        case let bool as Bool: return .boolean(bool)
        default: throw ScalarCoercionError("Value cannot be represented: \(inspect(value))")
        }
    }

    public func parseValue(_ value: GraphQLValue) throws -> GraphQLValue { value }

    public func parseLiteral(_ node: ValueNode) throws -> GraphQLValue {
        try valueFromUntypedLiteral(node)
    }
}

/// A literal's JSON-like value with no type to guide it; variables are not allowed.
func valueFromUntypedLiteral(_ node: ValueNode) throws -> GraphQLValue {
    switch node {
    case .int(let text, _): return Int(text).map(GraphQLValue.int) ?? .float(Double(text) ?? 0)
    case .float(let text, _): return .float(Double(text) ?? 0)
    case .string(let string): return .string(string.value)
    case .boolean(let bool, _): return .boolean(bool)
    case .null: return .null
    case .enumValue(let name, _): return .enumValue(name)
    case .list(let values, _): return .list(try values.map(valueFromUntypedLiteral))
    case .object(let fields, _):
        return .object(GraphQLObject(try fields.map { ($0.name.value, try valueFromUntypedLiteral($0.value)) }))
    case .variable(let variable):
        throw ScalarCoercionError("Unexpected variable \"$\(variable.name.value)\" in a literal.")
    }
}

/// graphql-js's `inspect` for values in messages: JSON-like, objects as `{ a: 1 }`.
public func inspect(_ value: GraphQLValue) -> String {
    switch value {
    case .null: "null"
    case .boolean(let bool): bool ? "true" : "false"
    case .int(let int): String(int)
    case .float(let double): jsNumberText(double)
    case .string(let string): printString(string)
    case .enumValue(let name): name
    case .list(let values): values.isEmpty ? "[]" : "[" + values.map(inspect).joined(separator: ", ") + "]"
    case .object(let object):
        object.isEmpty ? "{}" : "{ " + object.fields.map { "\($0.name): \(inspect($0.value))" }.joined(separator: ", ") + " }"
    }
}

func inspect(_ value: any Sendable) -> String {
    switch value {
    case let value as GraphQLValue: inspect(value)
    case let string as String: printString(string)
    case let int as Int: String(int)
    case let double as Double: jsNumberText(double)
    case let bool as Bool: bool ? "true" : "false"
    default: String(describing: value)
    }
}

/// Numbers as JavaScript prints them: `1` for 1.0, `1.5`, `NaN`, `Infinity`.
func jsNumberText(_ double: Double) -> String {
    if double.isNaN { return "NaN" }
    if double.isInfinite { return double < 0 ? "-Infinity" : "Infinity" }
    if double.rounded(.towardZero) == double, abs(double) < 1e21, let int = Int(exactly: double) { return String(int) }
    return String(double)
}
