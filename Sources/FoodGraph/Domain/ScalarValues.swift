import Foundation
import GraphQLEngine

// The Swift types behind the schema's scalars, for typed bindings. Each is a `LeafValue`: its
// leaf is what its scalar's `serialize` makes of it.

extension GlobalID: LeafValue {
    public static var outputShape: TypeShape { .nonNull("ID") }
    public static var needsConversion: Bool { true }
    public var outputResult: (any Sendable)? { description }
    public static var leafScalar: String { "ID" }
    public var leaf: GraphQLValue? { .string(description) }
}

extension LocalDate: LeafValue {
    public static var outputShape: TypeShape { .nonNull("Date") }
    public static var leafScalar: String { "Date" }
    public var leaf: GraphQLValue? { .string(description) }
}

extension LocalDate: Decodable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        if decoder.isBindingCheck {
            self.init(daysSinceEpoch: 0)
            return
        }
        guard let date = LocalDate(iso8601: text) else { throw InputError(decoder, "Give a date as YYYY-MM-DD.") }
        self = date
    }
}

extension Date: LeafValue {
    public static var outputShape: TypeShape { .nonNull("DateTime") }
    public static var leafScalar: String { "DateTime" }
    public var leaf: GraphQLValue? { .string(RFC3339.format(self)) }
}

/// A `Decimal` scalar's value: exact, as the text PostgreSQL and clients exchange (`"12.50"`).
struct DecimalText: Hashable, Sendable, Decodable, LeafValue, CustomStringConvertible {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    static var outputShape: TypeShape { .nonNull("Decimal") }
    static var needsConversion: Bool { true }
    var outputResult: (any Sendable)? { text }
    static var leafScalar: String { "Decimal" }
    var leaf: GraphQLValue? { DecimalScalar.canonical(text).map(GraphQLValue.string) }
    var description: String { text }
    var decimal: Decimal? { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) }

    init(from decoder: any Decoder) throws {
        text = try decoder.singleValueContainer().decode(String.self)
    }
}

/// A `Base64` scalar's value: the decoded bytes.
struct Base64Bytes: Sendable, Decodable {
    let bytes: [UInt8]

    init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        if decoder.isBindingCheck {
            bytes = []
            return
        }
        guard let bytes = Base64.decode(text) else { throw InputError(decoder, "This is not base64 data.") }
        self.bytes = bytes
    }
}

/// An input ID of one node type: any other text, or another type's ID, is refused with
/// `INVALID_FORMAT` naming the field.
struct NodeID<Node: ObjectValue>: Hashable, Sendable, Decodable {
    let key: Int64

    init(key: Int64) {
        self.key = key
    }

    init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        if decoder.isBindingCheck {
            key = 0
            return
        }
        guard let id = GlobalID(parsing: text), id.typeName == Node.graphQLTypeName else {
            throw InputError(decoder, "This is not the ID of a \(Node.graphQLTypeName).")
        }
        key = id.key
    }
}
