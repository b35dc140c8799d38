import GraphQLEngine

/// `EmailAddress`: output only in practice; inputs that users type are plain strings validated by
/// the mutation, so a bad address becomes a `userError` on its field rather than a request error.
struct EmailAddressScalar: ScalarCoercing {
    func serialize(_ value: any Sendable) throws -> GraphQLValue {
        guard let text = value as? String else {
            throw ScalarCoercionError("EmailAddress cannot represent value: \(value)")
        }
        return .string(text)
    }

    func parseValue(_ value: GraphQLValue) throws -> GraphQLValue {
        guard case .string(let text) = value, EmailAddressScalar.looksLikeEmail(text) else {
            throw ScalarCoercionError("EmailAddress cannot represent \(value.inputDescription): expected 6–256 characters shaped like name@domain.tld.")
        }
        return value
    }

    func parseLiteral(_ node: ValueNode) throws -> GraphQLValue {
        guard case .string(let string) = node else {
            throw ScalarCoercionError("EmailAddress cannot represent a non string value: \(printValue(node))")
        }
        return try parseValue(.string(string.value))
    }

    static func looksLikeEmail(_ text: String) -> Bool {
        let count = text.count
        guard (6...256).contains(count), !text.contains(where: \.isWhitespace) else { return false }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }
}
