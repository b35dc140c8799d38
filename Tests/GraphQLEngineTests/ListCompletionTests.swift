import Testing

@testable import GraphQLEngine

/// Lists in every shape a resolver may return them, and the JSON written for them.
struct ListCompletionTests {
    static func run(_ query: String) async throws -> String {
        let schema = try SchemaBuilder.build(
            sdl: """
                type Query {
                  optionals: [String]
                  nested: [[Int]]
                  values: [Int]
                  strictItems: [Int!]
                  doubleOptionals: [Int]
                  numbers: [Int!]!
                  text: String
                }
                """)
        var resolvers = Resolvers()
        resolvers.field("Query", "optionals") { _ in .value(["a", nil, "c"] as [String?]) }
        resolvers.field("Query", "nested") { _ in .value([[1, 2], [], [3]] as [[Int]]) }
        resolvers.field("Query", "values") { _ in .value(GraphQLValue.list([.int(1), .null, .int(3)])) }
        resolvers.field("Query", "strictItems") { _ in .value([1, nil] as [Int?]) }
        resolvers.field("Query", "doubleOptionals") { _ in .value([Optional(Optional(1)), Optional(nil), nil] as [Int??]) }
        resolvers.field("Query", "numbers") { _ in .value([0, -7, 10, 2_147_483_647, -2_147_483_648]) }
        resolvers.field("Query", "text") { _ in .value("quote \" backslash \\ newline \n tab \t bell \u{07} é") }
        let result = await execute(try ExecutableSchema(schema: schema, resolvers: resolvers), ExecutionRequest(document: try parse(query)))
        return String(decoding: result.jsonBytes(), as: UTF8.self)
    }

    @Test func optionalNestedAndValueListsComplete() async throws {
        #expect(
            try await Self.run("{ optionals nested values doubleOptionals }")
                == #"{"data":{"optionals":["a",null,"c"],"nested":[[1,2],[],[3]],"values":[1,null,3],"doubleOptionals":[1,null,null]}}"#)
    }

    @Test func aNullItemOfANonNullListNullsTheList() async throws {
        let json = try await Self.run("{ strictItems }")
        #expect(json.contains(#""data":{"strictItems":null}"#))
        #expect(json.contains(#""message":"Cannot return null for non-nullable field Query.strictItems.""#))
        #expect(json.contains(#""path":["strictItems",1]"#))
    }

    @Test func integersAndStringsAreWrittenExactly() async throws {
        #expect(
            try await Self.run("{ numbers text }")
                == #"{"data":{"numbers":[0,-7,10,2147483647,-2147483648],"text":"quote \" backslash \\ newline \n tab \t bell \u0007 é"}}"#)
    }
}
