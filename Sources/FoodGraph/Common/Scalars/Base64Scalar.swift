import GraphQLEngine

/// `Base64`: binary data in base64 (standard or URL-safe alphabet, a `data:` prefix allowed). Coercion
/// checks the alphabet and length only; the input decodes once, so a 2 MB upload is not decoded twice.
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
        guard Base64.isWellFormed(text) else {
            throw ScalarCoercionError("Base64 cannot represent the given string: it is not base64 (RFC 4648, standard or URL-safe alphabet).")
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
