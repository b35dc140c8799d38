import GraphQLEngine

/// `Date`: a calendar date, `YYYY-MM-DD`.
struct DateScalar: ScalarCoercing {
    func serialize(_ value: any Sendable) throws -> GraphQLValue {
        switch value {
        case let date as LocalDate: return .string(date.description)
        case let text as String where LocalDate(iso8601: text) != nil: return .string(text)
        default: throw ScalarCoercionError("Date cannot represent value: \(value)")
        }
    }

    func parseValue(_ value: GraphQLValue) throws -> GraphQLValue {
        guard case .string(let text) = value else {
            throw ScalarCoercionError("Date cannot represent a non string value: \(value.inputDescription)")
        }
        guard LocalDate(iso8601: text) != nil else {
            throw ScalarCoercionError("Date cannot represent \"\(text)\": expected a real calendar date as YYYY-MM-DD.")
        }
        return .string(text)
    }

    func parseLiteral(_ node: ValueNode) throws -> GraphQLValue {
        guard case .string(let string) = node else {
            throw ScalarCoercionError("Date cannot represent a non string value: \(printValue(node))")
        }
        return try parseValue(.string(string.value))
    }
}
