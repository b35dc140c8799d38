import GraphQLEngine

extension GraphQLValue {
    /// The value as graphql-js's `inspect` shows it in error messages: strings quoted, objects as
    /// `{ key: value }`.
    var inputDescription: String {
        switch self {
        case .null: "null"
        case .boolean(let value): String(value)
        case .int(let value): String(value)
        case .float(let value): String(value)
        case .string(let value): "\"\(value)\""
        case .enumValue(let value): value
        case .list(let values): "[" + values.map(\.inputDescription).joined(separator: ", ") + "]"
        case .object(let object):
            object.isEmpty ? "{}" : "{ " + object.fields.map { "\($0.name): \($0.value.inputDescription)" }.joined(separator: ", ") + " }"
        }
    }
}
