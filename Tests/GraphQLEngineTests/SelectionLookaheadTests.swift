import Synchronization
import Testing

@testable import GraphQLEngine

/// `ResolveInfo.selectedFieldNames(along:)`: what a resolver learns of the fields below it, as
/// they will be executed.
struct SelectionLookaheadTests {
    static let sdl = """
        type Query { shelf: Shelf }
        type Shelf { edges: [Edge!]! }
        type Edge { node: Item! }
        type Item { name: String, size: Int, tags: [String!] }
        """

    /// The names `shelf` saw along `path` when `query` ran.
    static func names(_ query: String, along path: [String], variables: GraphQLObject = GraphQLObject()) async throws -> Set<String> {
        try await names(try parse(query), along: path, variables: variables)
    }

    static func names(_ document: DocumentNode, along path: [String], variables: GraphQLObject) async throws -> Set<String> {
        let seen = Mutex<Set<String>>([])
        var resolvers = Resolvers()
        resolvers.field("Query", "shelf") { call in
            seen.withLock { $0 = call.info.selectedFieldNames(along: path) }
            return .null
        }
        for (type, field) in [("Shelf", "edges"), ("Edge", "node"), ("Item", "name"), ("Item", "size"), ("Item", "tags")] {
            resolvers.field(type, field) { _ in .null }
        }
        let schema = try ExecutableSchema(schema: try SchemaBuilder.build(sdl: sdl), resolvers: resolvers)
        let result = await execute(schema, ExecutionRequest(document: document, variables: variables))
        #expect(result.errors.isEmpty)
        return seen.withLock { $0 }
    }

    @Test func namesAreFieldNamesAlongThePathNotAliases() async throws {
        let names = try await Self.names("{ shelf { edges { node { label: name size } } } }", along: ["edges", "node"])
        #expect(names == ["name", "size"])
        #expect(try await Self.names("{ shelf { edges { node { name } } } }", along: []) == ["edges"])
    }

    @Test func fragmentsAreExpandedAndSkipAndIncludeApplied() async throws {
        let query = """
            query ($withTags: Boolean!) { shelf { edges { node { ...Sized name @skip(if: true) ... on Item { tags @include(if: $withTags) } } } } }
            fragment Sized on Item { size }
            """
        #expect(try await Self.names(query, along: ["edges", "node"], variables: GraphQLObject([("withTags", .boolean(true))])) == ["size", "tags"])
        #expect(try await Self.names(query, along: ["edges", "node"], variables: GraphQLObject([("withTags", .boolean(false))])) == ["size"])
    }

    /// A document run again keeps its plans, and with them the names worked out for it: a run
    /// with other conditions must not see the names of the last.
    @Test func aDocumentRunAgainSeesTheNamesOfItsOwnConditions() async throws {
        let document = try parse(
            "query ($withTags: Boolean!) { shelf { edges { node { size tags @include(if: $withTags) } } } }")
        for withTags in [true, false, true, false] {
            let names = try await Self.names(
                document, along: ["edges", "node"], variables: GraphQLObject([("withTags", .boolean(withTags))]))
            #expect(names == (withTags ? ["size", "tags"] : ["size"]))
        }
    }

    @Test func aPathThatIsNotSelectedOrNotInTheSchemaHasNoNames() async throws {
        #expect(try await Self.names("{ shelf { edges { __typename } } }", along: ["edges", "node"]).isEmpty)
        #expect(try await Self.names("{ shelf { edges { node { name } } } }", along: ["edges", "nothing"]).isEmpty)
    }
}
