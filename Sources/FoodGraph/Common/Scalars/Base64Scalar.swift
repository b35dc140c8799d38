import GraphQLEngine

/// `Base64`: binary data in base64. Coercion takes any string; the input's Swift type decodes it
/// once (`Base64Bytes`, the scans' photo input) and refuses text that is not base64 as a user
/// error `INVALID_FORMAT` naming the field, rather than as an error without a code.
struct Base64Scalar: ScalarCoercing {
    func serialize(_ value: any Sendable) throws -> GraphQLValue {
        switch value {
        case let text as String: return .string(text)
        case let bytes as [UInt8]: return .string(Base64.encode(bytes))
        default: throw ScalarCoercionError("Base64 cannot represent value: \(value)")
        }
    }

    func parseValue(_ value: GraphQLValue) throws -> GraphQLValue {
        guard case .string(let text) = value else {
            throw ScalarCoercionError("Base64 cannot represent a non string value: \(value.inputDescription)")
        }
        return value
    }

    func parseLiteral(_ node: ValueNode) throws -> GraphQLValue {
        guard case .string(let string) = node else {
            throw ScalarCoercionError("Base64 cannot represent a non string value: \(printValue(node))")
        }
        return try parseValue(.string(string.value))
    }
}
