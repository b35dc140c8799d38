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

    final class Item: Sendable {
        let name: String
        let tags: [String]
        let child: Item?

        init(_ name: String, tags: [String], child: Item? = nil) {
            self.name = name
            self.tags = tags
            self.child = child
        }
    }

    /// The HTTP path writes a result it does not read again by taking its tree apart as it goes:
    /// the bytes must be those `jsonBytes()` writes, and the tree must really be emptied.
    @Test func aResultTakenApartAsItIsWrittenWritesTheSameJSON() async throws {
        let schema = try SchemaBuilder.build(
            sdl: """
                type Query { items: [Item!]! count: Int! }
                type Item { name: String! tags: [String!]! child: Item }
                """)
        var resolvers = Resolvers()
        resolvers.field("Query", "items") { _ in
            .value([Item("a", tags: ["x", "y"], child: Item("b", tags: [])), Item("c \"quoted\"", tags: ["z"])])
        }
        resolvers.field("Query", "count") { _ in .value(2) }
        resolvers.field("Item", "name", on: Item.self) { $0.name }
        resolvers.field("Item", "tags", on: Item.self) { $0.tags }
        resolvers.field("Item", "child", on: Item.self) { $0.child }
        let result = await execute(
            try ExecutableSchema(schema: schema, resolvers: resolvers),
            ExecutionRequest(document: try parse("{ count items { name tags child { name child { name } } } }")))
        let written = result.jsonBytes()
        let taken = result.withJSONBytes(takingData: true) { Array($0) }
        #expect(taken == written)
        #expect(
            String(decoding: taken, as: UTF8.self)
                == #"{"data":{"count":2,"items":[{"name":"a","tags":["x","y"],"child":{"name":"b","child":null}},{"name":"c \"quoted\"","tags":["z"],"child":null}]}}"#)
        #expect(result.dataValue == .object(GraphQLObject([("count", .null), ("items", .null)])))
    }
}
