import Foundation
import GraphQLEngine

/// `DateTime`: RFC 3339 with an offset on input, UTC (`Z`) on output.
struct DateTimeScalar: ScalarCoercing {
    func serialize(_ value: any Sendable) throws -> GraphQLValue {
        switch value {
        case let instant as Date: return .string(RFC3339.format(instant))
        case let text as String:
            guard let instant = RFC3339.parse(text) else { throw invalid(text) }
            return .string(RFC3339.format(instant))
        default: throw ScalarCoercionError("DateTime cannot represent value: \(value)")
        }
    }

    func parseValue(_ value: GraphQLValue) throws -> GraphQLValue {
        guard case .string(let text) = value else {
            throw ScalarCoercionError("DateTime cannot represent a non string value: \(value.inputDescription)")
        }
        guard let instant = RFC3339.parse(text) else { throw invalid(text) }
        return .string(RFC3339.format(instant))
    }

    func parseLiteral(_ node: ValueNode) throws -> GraphQLValue {
        guard case .string(let string) = node else {
            throw ScalarCoercionError("DateTime cannot represent a non string value: \(printValue(node))")
        }
        return try parseValue(.string(string.value))
    }

    private func invalid(_ text: String) -> ScalarCoercionError {
        ScalarCoercionError("DateTime cannot represent \"\(text)\": expected an RFC 3339 date-time with an offset, e.g. \"2026-11-22T08:30:00Z\".")
    }
}
