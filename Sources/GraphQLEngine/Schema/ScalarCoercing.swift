/// How a scalar type turns values into results and inputs into values (spec 3.5).
///
/// Errors are thrown as `ScalarCoercionError` with a message in graphql-js's wording, e.g.
/// `Int cannot represent non-integer value: 1.5`.
public protocol ScalarCoercing: Sendable {
    /// Result coercion of whatever a resolver returned for a leaf of this type.
    func serialize(_ value: any Sendable) throws -> GraphQLValue
    /// Input coercion of a value that came from variables (JSON).
    func parseValue(_ value: GraphQLValue) throws -> GraphQLValue
    /// Input coercion of a literal in the document. Variables never reach here: the caller
    /// substitutes them first or defers to `parseValue`.
    func parseLiteral(_ node: ValueNode) throws -> GraphQLValue
}

public struct ScalarCoercionError: Error, Hashable, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}
