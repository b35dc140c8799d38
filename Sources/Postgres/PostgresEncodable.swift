import Foundation

/// A value sent as a statement parameter. Values always travel separately from the SQL text:
/// there is no API that splices a value into a statement.
public protocol PostgresEncodable: Sendable {
    var postgresParameter: PostgresParameter { get }
}

/// A parameter in libpq's wire form: text for most types, binary for bytea.
public enum PostgresParameter: Sendable, Hashable {
    case null
    case text(String)
    case binary([UInt8])
}

extension PostgresParameter: PostgresEncodable {
    public var postgresParameter: PostgresParameter { self }
}

extension String: PostgresEncodable {
    public var postgresParameter: PostgresParameter { .text(self) }
}

extension Substring: PostgresEncodable {
    public var postgresParameter: PostgresParameter { .text(String(self)) }
}

extension Int: PostgresEncodable {
    public var postgresParameter: PostgresParameter { .text(String(self)) }
}

extension Int64: PostgresEncodable {
    public var postgresParameter: PostgresParameter { .text(String(self)) }
}

extension Int32: PostgresEncodable {
    public var postgresParameter: PostgresParameter { .text(String(self)) }
}

extension Int16: PostgresEncodable {
    public var postgresParameter: PostgresParameter { .text(String(self)) }
}

extension Double: PostgresEncodable {
    public var postgresParameter: PostgresParameter {
        if isNaN { return .text("NaN") }
        if isInfinite { return .text(self < 0 ? "-Infinity" : "Infinity") }
        return .text(description)  // Swift prints the shortest text that round-trips exactly.
    }
}

extension Bool: PostgresEncodable {
    public var postgresParameter: PostgresParameter { .text(self ? "t" : "f") }
}

extension Decimal: PostgresEncodable {
    public var postgresParameter: PostgresParameter { .text(description) }
}

extension UUID: PostgresEncodable {
    public var postgresParameter: PostgresParameter { .text(uuidString) }
}

extension Date: PostgresEncodable {
    /// ISO text in UTC with microseconds, the precision of `timestamptz`.
    public var postgresParameter: PostgresParameter { .text(PostgresTimestamp.format(self)) }
}

extension Array: PostgresEncodable where Element == UInt8 {
    public var postgresParameter: PostgresParameter { .binary(self) }
}

extension Optional: PostgresEncodable where Wrapped: PostgresEncodable {
    public var postgresParameter: PostgresParameter {
        switch self {
        case .none: .null
        case .some(let value): value.postgresParameter
        }
    }
}

/// A PostgreSQL array parameter (`int8[]`, `text[]`, …) from Swift values.
public struct PostgresArray<Element: PostgresEncodable>: PostgresEncodable {
    public var elements: [Element]

    public init(_ elements: [Element]) {
        self.elements = elements
    }

    public var postgresParameter: PostgresParameter {
        var literal = "{"
        for (index, element) in elements.enumerated() {
            if index > 0 { literal += "," }
            switch element.postgresParameter {
            case .null:
                literal += "NULL"
            case .text(let text):
                literal += "\""
                for character in text.unicodeScalars {
                    if character == "\"" || character == "\\" { literal += "\\" }
                    literal.unicodeScalars.append(character)
                }
                literal += "\""
            case .binary(let bytes):
                literal += "\"\\\\x" + bytes.map { String(format: "%02x", $0) }.joined() + "\""
            }
        }
        return .text(literal + "}")
    }
}

/// A `json`/`jsonb` parameter from JSON text.
public struct PostgresJSON: PostgresEncodable, Hashable {
    public var text: String

    public init(_ text: String) {
        self.text = text
    }

    public var postgresParameter: PostgresParameter { .text(text) }
}
