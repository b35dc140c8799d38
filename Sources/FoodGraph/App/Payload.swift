import GraphQLEngine

/// A mutation payload or other plain result object: fields by name, read by the default resolver
/// of types bound with `readFields(of:)`.
struct Payload: GraphQLFieldReadable {
    var fields: [String: any Sendable]

    init(_ fields: [String: any Sendable]) {
        self.fields = fields
    }

    func graphQLField(_ name: String) -> (any Sendable)? { fields[name] }

    static func userErrors(_ errors: [UserError], _ extra: [String: any Sendable] = [:]) -> Payload {
        var fields = extra
        fields["userErrors"] = errors
        return Payload(fields)
    }
}

extension UserError: GraphQLFieldReadable {
    public func graphQLField(_ name: String) -> (any Sendable)? {
        switch name {
        case "field": field
        case "message": message
        case "code": code.rawValue
        default: nil
        }
    }
}

extension Resolvers {
    /// Binds a mutation: its async body runs with the request context and the `input` argument.
    mutating func mutation(
        _ fieldName: String, _ body: @escaping @Sendable (RequestContext, GraphQLObject) async throws -> (any Sendable)?
    ) {
        field("Mutation", fieldName) { call in
            let context = try call.requestContext
            let input: GraphQLObject
            if case .object(let object)? = call.arguments["input"] { input = object } else { input = GraphQLObject() }
            return .run { try await body(context, input) }
        }
    }
}

extension GraphQLObject {
    func string(_ name: String) -> String? {
        if case .string(let value)? = self[name] { return value }
        return nil
    }

    func int(_ name: String) -> Int? {
        if case .int(let value)? = self[name] { return value }
        return nil
    }

    func double(_ name: String) -> Double? {
        switch self[name] {
        case .float(let value)?: value
        case .int(let value)?: Double(value)
        default: nil
        }
    }

    func enumName(_ name: String) -> String? {
        if case .enumValue(let value)? = self[name] { return value }
        return nil
    }
}
