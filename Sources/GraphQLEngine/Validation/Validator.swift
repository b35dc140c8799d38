/// Validates an executable document against a schema (spec 5): every rule in one pass, errors as
/// graphql-js 16 reports them, in its order.
public func validate(_ schema: GraphQLSchema, _ document: DocumentNode) -> [GraphQLError] {
    var context = ValidationContext(schema: schema, document: document)
    let rules = ValidationRules.specified
    return context.run(rules)
}
