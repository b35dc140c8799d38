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
        if let value = shortDecimal(bytes) {
            self = value
            return
        }
        guard let value = Double(String(decoding: bytes, as: UTF8.self)) else {
            throw PostgresError(.decoding, "\"\(String(decoding: bytes, as: UTF8.self))\" is not a valid Double.")
        }
        self = value
    }
}

/// The usual float8 text, `-?digits[.digits]` with at most 15 digits, parsed straight from the
/// bytes; nil for anything else (exponents, NaN, Infinity, longer values), which goes through
/// `Double(String)`. Such a value's digits are an integer below 2^53 and its scale at most 15,
/// so the one division by an exact power of ten is correctly rounded (Clinger's fast path): the
/// same Double the general parser gives, without its String, copies and reference counting.
private func shortDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    var index = 0
    let negative = bytes.first == UInt8(ascii: "-")
    if negative { index = 1 }
    var digits: Int64 = 0
    var digitCount = 0
    var scale = -1
    while index < bytes.count {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "."), scale < 0, digitCount > 0 {
            scale = 0
            continue
        }
        let digit = byte &- UInt8(ascii: "0")
        guard digit < 10, digitCount < 15 else { return nil }
        digits = digits * 10 + Int64(digit)
        digitCount += 1
        if scale >= 0 { scale += 1 }
    }
    guard digitCount > 0, scale != 0 else { return nil }
    let magnitude = scale > 0 ? Double(digits) / exactPowersOfTen[scale] : Double(digits)
    return negative ? -magnitude : magnitude
}

private let exactPowersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15]

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
