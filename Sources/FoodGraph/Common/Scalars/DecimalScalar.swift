import Foundation
import GraphQLEngine

/// `Decimal`: an exact decimal as a string; inputs may also be Int. Floats are refused on input,
/// because a binary float has already lost the exact value.
struct DecimalScalar: ScalarCoercing {
    /// Digits in total; enough for any amount of money and far below Foundation.Decimal's 38.
    static let maximumDigits = 30

    func serialize(_ value: any Sendable) throws -> GraphQLValue {
        // Text first: amounts arrive as the database's `numeric::text` (`DecimalText`), and each
        // case that fails before the one that matches is a dynamic cast.
        switch value {
        case let text as String:
            guard let canonical = DecimalScalar.canonical(text) else {
                throw ScalarCoercionError("Decimal cannot represent value: \"\(text)\"")
            }
            return .string(canonical)
        case let decimal as Decimal: return .string(decimal.description)
        case let integer as Int: return .string(String(integer))
        default: throw ScalarCoercionError("Decimal cannot represent value: \(value)")
        }
    }

    func parseValue(_ value: GraphQLValue) throws -> GraphQLValue {
        switch value {
        case .int(let integer): return .string(String(integer))
        case .string(let text):
            guard let canonical = DecimalScalar.canonical(text) else {
                throw ScalarCoercionError("Decimal cannot represent \"\(text)\": expected digits with an optional sign and decimal point, e.g. \"12.50\".")
            }
            return .string(canonical)
        default:
            throw ScalarCoercionError("Decimal cannot represent \(value.inputDescription): give it as a string, e.g. \"12.50\".")
        }
    }

    func parseLiteral(_ node: ValueNode) throws -> GraphQLValue {
        switch node {
        case .int(let text, _): return try parseValue(.string(text))
        case .string(let string): return try parseValue(.string(string.value))
        default: throw ScalarCoercionError("Decimal cannot represent \(printValue(node)): give it as a string, e.g. \"12.50\".")
        }
    }

    /// `-?digits(.digits)?` with leading zeros removed; nil when malformed or too long.
    static func canonical(_ text: String) -> String? {
        // What the database gives (`numeric::text`) is nearly always canonical already: kept as
        // it is, without the allocations of taking it apart.
        if isCanonical(text) { return text }
        var bytes = Substring(text).utf8[...]
        var negative = false
        if bytes.first == UInt8(ascii: "-") {
            negative = true
            bytes = bytes.dropFirst()
        } else if bytes.first == UInt8(ascii: "+") {
            bytes = bytes.dropFirst()
        }
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty,
            parts.allSatisfy({ $0.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } }),
            parts.count == 1 || !parts[1].isEmpty,
            parts.reduce(0, { $0 + $1.count }) <= maximumDigits
        else { return nil }
        var integer = String(decoding: parts[0].drop { $0 == UInt8(ascii: "0") }, as: UTF8.self)
        if integer.isEmpty { integer = "0" }
        let fraction = parts.count == 2 ? "." + String(decoding: parts[1], as: UTF8.self) : ""
        let isZero = integer == "0" && fraction.allSatisfy { $0 == "0" || $0 == "." }
        return (negative && !isZero ? "-" : "") + integer + fraction
    }

    /// Whether `canonical` would return `text` unchanged: an optional `-`, an integer part
    /// without leading zeros, an optional non-empty fraction, at most `maximumDigits` digits, and
    /// no sign on zero.
    static func isCanonical(_ text: String) -> Bool {
        var bytes = text.utf8.makeIterator()
        var byte = bytes.next()
        let negative = byte == UInt8(ascii: "-")
        if negative { byte = bytes.next() }
        var digits = 0
        var integerDigits = 0
        var firstDigit: UInt8 = 0
        var allZero = true
        var inFraction = false
        var fractionDigits = 0
        while let current = byte {
            if current == UInt8(ascii: ".") {
                guard !inFraction, integerDigits > 0 else { return false }
                inFraction = true
            } else if current >= UInt8(ascii: "0"), current <= UInt8(ascii: "9") {
                if inFraction {
                    fractionDigits += 1
                } else {
                    if integerDigits == 0 { firstDigit = current }
                    integerDigits += 1
                }
                digits += 1
                if current != UInt8(ascii: "0") { allZero = false }
            } else {
                return false
            }
            byte = bytes.next()
        }
        guard integerDigits > 0, digits <= maximumDigits, !inFraction || fractionDigits > 0 else { return false }
        if firstDigit == UInt8(ascii: "0"), integerDigits > 1 { return false }
        return !(negative && allZero)
    }
}
