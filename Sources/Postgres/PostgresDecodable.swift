import Foundation

/// A Swift type a column value decodes into, from PostgreSQL's text output format.
public protocol PostgresDecodable: Sendable {
    /// Decodes a non-null value.
    init(postgresText bytes: UnsafeBufferPointer<UInt8>) throws
    /// The value for SQL NULL; throws unless the type can represent it (Optional can).
    static func postgresNull() throws -> Self
}

extension PostgresDecodable {
    public static func postgresNull() throws -> Self {
        throw PostgresError(.decoding, "Unexpected NULL for a column decoded as \(Self.self).")
    }
}

extension Optional: PostgresDecodable where Wrapped: PostgresDecodable {
    @inlinable
    public init(postgresText bytes: UnsafeBufferPointer<UInt8>) throws {
        self = .some(try Wrapped(postgresText: bytes))
    }

    @inlinable
    public static func postgresNull() throws -> Self { .none }
}

extension String: PostgresDecodable {
    @inlinable
    public init(postgresText bytes: UnsafeBufferPointer<UInt8>) throws {
        self = String(decoding: bytes, as: UTF8.self)
    }
}

/// Integers parse straight from the bytes: no intermediate String.
private func parseInteger(_ bytes: UnsafeBufferPointer<UInt8>, as type: String) throws -> Int64 {
    var index = 0
    var negative = false
    if bytes.first == UInt8(ascii: "-") {
        negative = true
        index = 1
    }
    guard index < bytes.count else { throw PostgresError(.decoding, "Empty value for \(type).") }
    var value: Int64 = 0
    while index < bytes.count {
        let digit = bytes[index] &- UInt8(ascii: "0")
        guard digit < 10 else {
            throw PostgresError(.decoding, "\"\(String(decoding: bytes, as: UTF8.self))\" is not a valid \(type).")
        }
        let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
        let (next, overflow2) =
            negative ? times10.subtractingReportingOverflow(Int64(digit)) : times10.addingReportingOverflow(Int64(digit))
        guard !overflow1, !overflow2 else { throw PostgresError(.decoding, "Value out of range for \(type).") }
        value = next
        index += 1
    }
    return value
}

extension Int64: PostgresDecodable {
    public init(postgresText bytes: UnsafeBufferPointer<UInt8>) throws {
        self = try parseInteger(bytes, as: "Int64")
    }
}

extension Int: PostgresDecodable {
    public init(postgresText bytes: UnsafeBufferPointer<UInt8>) throws {
        self = Int(try parseInteger(bytes, as: "Int"))
    }
}

extension Int32: PostgresDecodable {
    public init(postgresText bytes: UnsafeBufferPointer<UInt8>) throws {
        guard let value = Int32(exactly: try parseInteger(bytes, as: "Int32")) else {
            throw PostgresError(.decoding, "Value out of range for Int32.")
        }
        self = value
    }
}

extension Double: PostgresDecodable {
    public init(postgresText bytes: UnsafeBufferPointer<UInt8>) throws {
        guard let value = Double(String(decoding: bytes, as: UTF8.self)) else {
            throw PostgresError(.decoding, "\"\(String(decoding: bytes, as: UTF8.self))\" is not a valid Double.")
        }
        self = value
    }
}

extension Bool: PostgresDecodable {
    public init(postgresText bytes: UnsafeBufferPointer<UInt8>) throws {
        guard bytes.count == 1, bytes[0] == UInt8(ascii: "t") || bytes[0] == UInt8(ascii: "f") else {
            throw PostgresError(.decoding, "\"\(String(decoding: bytes, as: UTF8.self))\" is not a valid Bool.")
        }
        self = bytes[0] == UInt8(ascii: "t")
    }
}

extension Decimal: PostgresDecodable {
    /// NUMERIC decodes exactly: Decimal parses the decimal text, never through a binary float.
    public init(postgresText bytes: UnsafeBufferPointer<UInt8>) throws {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !value.isNaN else {
            throw PostgresError(.decoding, "\"\(text)\" is not a valid Decimal.")
        }
        self = value
    }
}

extension UUID: PostgresDecodable {
    public init(postgresText bytes: UnsafeBufferPointer<UInt8>) throws {
        guard let value = UUID(uuidString: String(decoding: bytes, as: UTF8.self)) else {
            throw PostgresError(.decoding, "\"\(String(decoding: bytes, as: UTF8.self))\" is not a valid UUID.")
        }
        self = value
    }
}

extension Date: PostgresDecodable {
    /// `timestamptz`, printed by the server in UTC (every pooled connection sets `TimeZone = UTC`).
    public init(postgresText bytes: UnsafeBufferPointer<UInt8>) throws {
        guard let value = PostgresTimestamp.parse(bytes) else {
            throw PostgresError(.decoding, "\"\(String(decoding: bytes, as: UTF8.self))\" is not a valid timestamptz.")
        }
        self = value
    }
}

extension Array: PostgresDecodable where Element: PostgresDecodable {
    /// `bytea` (hex output) when Element is UInt8; otherwise a one-dimensional array literal.
    public init(postgresText bytes: UnsafeBufferPointer<UInt8>) throws {
        if Element.self == UInt8.self {
            self = try PostgresArrayLiteral.decodeBytea(bytes) as! [Element]
        } else {
            self = try PostgresArrayLiteral.elements(bytes).map { element in
                guard let element else { return try Element.postgresNull() }
                return try element.withUnsafeBufferPointer { try Element(postgresText: $0) }
            }
        }
    }
}

extension UInt8: PostgresDecodable {
    public init(postgresText bytes: UnsafeBufferPointer<UInt8>) throws {
        guard let value = UInt8(exactly: try parseInteger(bytes, as: "UInt8")) else {
            throw PostgresError(.decoding, "Value out of range for UInt8.")
        }
        self = value
    }
}
