import Testing

@testable import GraphQLEngine

/// The standard introspection query nests 13 levels, past the depth limit of 12 (issue #22):
/// introspection fields are exempt from the depth limit and bounded by rules of their own, the
/// nesting of `ofType` and that of the fields listing types (graphql-js's
/// `MaxIntrospectionDepthRule`).
struct IntrospectionLimitTests {
    static let schema: GraphQLSchema = try! SchemaBuilder.build(
        sdl: try! IntrospectionTests.fixture("introspection-schema.graphql"))

    static func check(_ text: String, limits: QueryLimits = QueryLimits()) throws -> GraphQLError? {
        let document = try parse(text)
        #expect(validate(schema, document).isEmpty)
        let operation = try selectOperation(in: document, named: nil)
        return limits.check(operation, in: document, schema: schema, variables: GraphQLObject())
    }

    /// `getIntrospectionQuery()` of graphql-js with every option on: 7 levels of `ofType` in
    /// version 16, 9 (its `typeDepth`) in version 17, which also asks for `isOneOf`.
    static func graphQLJSQuery(typeDepth: Int, oneOf: Bool) -> String {
        var typeRef = "kind name"
        for _ in 0..<typeDepth { typeRef = "kind name ofType { \(typeRef) }" }
        return """
            query IntrospectionQuery {
              __schema {
                description
                queryType { name kind }
                mutationType { name kind }
                subscriptionType { name kind }
                types { ...FullType }
                directives {
                  name
                  description
                  isRepeatable
                  locations
                  args(includeDeprecated: true) { ...InputValue }
                }
              }
            }
            fragment FullType on __Type {
              kind
              name
              description
              specifiedByURL
              \(oneOf ? "isOneOf" : "")
              fields(includeDeprecated: true) {
                name
                description
                args(includeDeprecated: true) { ...InputValue }
                type { ...TypeRef }
                isDeprecated
                deprecationReason
              }
              inputFields(includeDeprecated: true) { ...InputValue }
              interfaces { ...TypeRef }
              enumValues(includeDeprecated: true) { name description isDeprecated deprecationReason }
              possibleTypes { ...TypeRef }
            }
            fragment InputValue on __InputValue {
              name
              description
              type { ...TypeRef }
              defaultValue
              isDeprecated
              deprecationReason
            }
            fragment TypeRef on __Type { \(typeRef) }
            """
    }

    @Test func theStandardQueriesPass() throws {
        #expect(try Self.check(try IntrospectionTests.fixture("introspection-query.graphql")) == nil)
        #expect(try Self.check(IntrospectionQuery.text) == nil)
        #expect(try Self.check(Self.graphQLJSQuery(typeDepth: 7, oneOf: false)) == nil)
        #expect(try Self.check(Self.graphQLJSQuery(typeDepth: 9, oneOf: true)) == nil)
    }

    @Test func introspectionCountsOneLevelAndTheOtherFieldsKeepTheirLimit() throws {
        let standard = Self.graphQLJSQuery(typeDepth: 9, oneOf: true)
        #expect(try Self.check(standard, limits: QueryLimits(maxDepth: 1)) == nil)
        let beside = "{ __schema { types { name } } node(id: 1) { ... on Author { books { title } } } }"
        #expect(try Self.check(beside, limits: QueryLimits(maxDepth: 3)) == nil)
        let error = try #require(try Self.check(beside, limits: QueryLimits(maxDepth: 2)))
        #expect(error.code == "QUERY_TOO_DEEP")
        #expect(error.message == "The query is nested 3 levels deep; at most 2 are allowed.")
        // Introspection still counts towards the cost and the aliases.
        #expect(try Self.check(standard, limits: QueryLimits(maxCost: 50))?.code == "QUERY_TOO_COMPLEX")
        #expect(try Self.check("{ a: __schema { b: types { name } } }", limits: QueryLimits(maxAliases: 1))?.code == "TOO_MANY_ALIASES")
    }

    @Test func deeperOfTypeChainsAreRefused() throws {
        var typeRef = "name"
        for _ in 0..<13 { typeRef = "ofType { \(typeRef) }" }
        let error = try #require(try Self.check("{ __type(name: \"Query\") { \(typeRef) } }"))
        #expect(error.code == "INTROSPECTION_TOO_DEEP")
        #expect(error.message == "The introspection query nests `ofType` 13 levels deep; at most 12 are allowed.")
        #expect(try Self.check("{ __type(name: \"Query\") { \(typeRef) } }", limits: QueryLimits(maxIntrospectionTypeDepth: 13)) == nil)
    }

    /// Each listing field lists every field again: three nested answer thousands of times the
    /// schema, whatever the page sizes.
    @Test func nestedListingsAreRefused() throws {
        #expect(try Self.check("{ __type(name: \"Query\") { fields { type { fields { name } } } } }") == nil)
        let error = try #require(
            try Self.check("{ __schema { types { fields { type { fields { type { interfaces { name } } } } } } } }"))
        #expect(error.code == "INTROSPECTION_TOO_DEEP")
        #expect(error.locations.first?.column == 54)
        // Through fragments too, and through `ofType`.
        let spread = try #require(
            try Self.check(
                """
                { __schema { types { ...T } } }
                fragment T on __Type { possibleTypes { ofType { inputFields { type { ...U } } } } }
                fragment U on __Type { fields { name } }
                """))
        #expect(spread.code == "INTROSPECTION_TOO_DEEP")
    }
}
