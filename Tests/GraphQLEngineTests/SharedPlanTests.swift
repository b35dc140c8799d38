import Testing

@testable import GraphQLEngine

/// Fields written the same way share their sub-selection's plans; what each reports must still
/// be its own: error locations, argument errors, `info.fieldNodes`.
struct SharedPlanTests {
    struct Item: Sendable {
        let depth: Int
    }

    static let sdl = """
        type Query { item: Item }
        type Item { child(n: Int!): Item, name: String, line: Int, failing: String, broken: String! }
        """

    static func run(_ query: String, document: DocumentNode? = nil) async throws -> String {
        let schema = try SchemaBuilder.build(sdl: sdl)
        var resolvers = Resolvers()
        resolvers.field("Query", "item") { _ in .value(Item(depth: 0)) }
        resolvers.field("Item", "child") { call in
            guard case .int(let n)? = call.arguments["n"], let item = call.source(as: Item.self) else { return .null }
            return .value(Item(depth: item.depth + n))
        }
        resolvers.field("Item", "name", on: Item.self) { "item \($0.depth)" }
        // The line the field is written on, as the resolver sees it.
        resolvers.field("Item", "line") { call in .value(call.info.fieldNodes.first.map { Int($0.location.line) }) }
        resolvers.field("Item", "failing") { _ in throw GraphQLError("Nope.") }
        resolvers.field("Item", "broken") { _ in .null }
        let executable = try ExecutableSchema(schema: schema, resolvers: resolvers)
        let result = await execute(executable, ExecutionRequest(document: try document ?? parse(query)))
        return String(decoding: result.jsonBytes(), as: UTF8.self)
    }

    @Test func errorsInSameShapedFieldsCarryTheirOwnLocations() async throws {
        let json = try await Self.run(
            """
            {
              a: item { child(n: 1) { failing } }
              b: item { child(n: 1) { failing } }
              c: item { broken }
              d: item { broken }
            }
            """)
        #expect(
            json
                == #"{"errors":[{"message":"Cannot return null for non-nullable field Item.broken.","locations":[{"line":4,"column":13}],"path":["c","broken"]},{"message":"Cannot return null for non-nullable field Item.broken.","locations":[{"line":5,"column":13}],"path":["d","broken"]},{"message":"Nope.","locations":[{"line":2,"column":27}],"path":["a","child","failing"]},{"message":"Nope.","locations":[{"line":3,"column":27}],"path":["b","child","failing"]}],"data":{"a":{"child":{"failing":null}},"b":{"child":{"failing":null}},"c":null,"d":null}}"#)
    }

    @Test func argumentErrorsInSameShapedFieldsPointAtTheirOwnValues() async throws {
        let json = try await Self.run(
            """
            query ($n: Int) {
              a: item { child(n: $n) { name } }
              b:    item { child(n: $n) { name } }
            }
            """)
        #expect(
            json
                == #"{"errors":[{"message":"Argument \"n\" of required type \"Int!\" was provided the variable \"$n\" which was not provided a runtime value.","locations":[{"line":2,"column":22}],"path":["a","child"]},{"message":"Argument \"n\" of required type \"Int!\" was provided the variable \"$n\" which was not provided a runtime value.","locations":[{"line":3,"column":25}],"path":["b","child"]}],"data":{"a":{"child":null},"b":{"child":null}}}"#)
    }

    @Test func resolversSeeTheNodesOfTheirOwnField() async throws {
        let json = try await Self.run(
            """
            {
              a: item { child(n: 2) { line } }
              b: item { child(n: 2) { line } }
              c: item { child(n: 2) { line } }
            }
            """)
        #expect(json == #"{"data":{"a":{"child":{"line":2}},"b":{"child":{"line":3}},"c":{"child":{"line":4}}}}"#)
    }

    @Test func sameTextDifferentResultsAndDocumentsWithoutSource() async throws {
        let query = """
            { a: item { child(n: 1) { name child(n: 2) { name } } } b: item { child(n: 1) { name child(n: 2) { name } } } }
            """
        let expected = #"{"data":{"a":{"child":{"name":"item 1","child":{"name":"item 3"}}},"b":{"child":{"name":"item 1","child":{"name":"item 3"}}}}}"#
        #expect(try await Self.run(query) == expected)
        // A document built without its text plans every field on its own, with the same result.
        var document = try parse(query)
        document.source = nil
        #expect(try await Self.run(query, document: document) == expected)
    }

    /// Sharing plans must change nothing a client sees: the same documents, executed with their
    /// text (plans shared) and without it (every field planned on its own), give the same bytes.
    @Test(arguments: [
        "{ a: authors(count: 2) { books { failing title } } b: authors(count: 2) { books { failing title } } }",
        "{ a: nullableAuthor { books { broken } } b: nullableAuthor { books { broken } } c: nullableAuthor { name } }",
        """
        { x: search { ...S } y: search { ...S } z: search { __typename ... on Book { author { ...A } } } }
        fragment S on SearchResult { __typename ... on Author { ...A } ... on Book { title failing } }
        fragment A on Author { name books { author { name } failing } }
        """,
        """
        query ($n: Int, $skip: Boolean!) {
          a: authors(count: $n) { name @skip(if: $skip) books { title } }
          b: authors(count: $n) { name @skip(if: $skip) books { title } }
          c: node(id: "3") { id ... on Author { books { failing } } }
          d: node(id: "4") { id ... on Author { books { failing } } }
          e: node(id: "200") { id ... on Book { failing } }
          f: node(id: "201") { id ... on Book { failing } }
        }
        """,
    ])
    func sharingChangesNoResponse(query: String) async throws {
        let variables = GraphQLObject([("n", .int(2)), ("skip", .boolean(true))])
        let withText = try parse(query)
        var withoutText = withText
        withoutText.source = nil
        let shared = try await Library.run(query, document: withText, variables: variables)
        let unshared = try await Library.run(query, document: withoutText, variables: variables)
        #expect(shared == unshared)
        // Each document runs (no request error) and reports field errors where it has failing fields.
        #expect(shared.contains(#""data":{"#))
        #expect(shared.contains(#""errors":["#))
    }

    @Test func changingADocumentsDefinitionsForgetsItsText() async throws {
        var document = try parse("{ a: item { name } b: item { name } }")
        document.definitions = try parse("{ a: item { name } b: item { line } }").definitions
        #expect(document.source == nil)
        // b's selection set now reads `{ line }` at the offsets where the old text says `{ name }`.
        #expect(try await Self.run("", document: document) == #"{"data":{"a":{"name":"item 0"},"b":{"line":1}}}"#)
    }
}
