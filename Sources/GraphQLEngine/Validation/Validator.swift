/// Validates an executable document against a schema (spec 5): every rule in one pass, errors as
/// graphql-js 16 reports them, in its order.
///
/// - Parameter maxErrors: as graphql-js's `maxErrors` option (default 100): once that many errors
///   are reported, validation stops at the next one and reports "Too many validation errors, error
///   limit reached. Validation aborted." instead, so a hostile document cannot make the server
///   build an unbounded list. `Int.max` reports everything.
public func validate(_ schema: GraphQLSchema, _ document: DocumentNode, maxErrors: Int = 100) -> [GraphQLError] {
    var context = ValidationContext(schema: schema, document: document, maxErrors: maxErrors)
    let rules = ValidationRules.specified
    return context.run(rules)
}
