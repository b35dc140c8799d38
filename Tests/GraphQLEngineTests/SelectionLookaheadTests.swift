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

    /// `derivedFromSelection`: worked out once per document and conditions, one value of each
    /// type, the same value for executions that race to work it out first.
    @Test func aValueDerivedFromTheSelectionIsWorkedOutOncePerDocumentAndConditions() async throws {
        struct Names: Sendable, Equatable { let names: Set<String> }
        struct Count: Sendable, Equatable { let count: Int }
        let workedOut = Atomic(0)
        let seen = Mutex<[(Names, Count)]>([])
        var resolvers = Resolvers()
        resolvers.field("Query", "shelf") { call in
            let names = call.info.derivedFromSelection { info in
                workedOut.add(1, ordering: .relaxed)
                return Names(names: info.selectedFieldNames(along: ["edges", "node"]))
            }
            let count = call.info.derivedFromSelection { info in
                workedOut.add(1, ordering: .relaxed)
                return Count(count: info.selectedFieldNames(along: ["edges", "node"]).count)
            }
            seen.withLock { $0.append((names, count)) }
            return .null
        }
        for (type, field) in [("Shelf", "edges"), ("Edge", "node"), ("Item", "name"), ("Item", "size"), ("Item", "tags")] {
            resolvers.field(type, field) { _ in .null }
        }
        let schema = try ExecutableSchema(schema: try SchemaBuilder.build(sdl: Self.sdl), resolvers: resolvers)
        let document = try parse(
            "query ($withTags: Boolean!) { shelf { edges { node { size tags @include(if: $withTags) } } } }")
        await withTaskGroup(of: Void.self) { group in
            for run in 0..<64 {
                group.addTask {
                    let variables = GraphQLObject([("withTags", .boolean(run % 2 == 0))])
                    _ = await execute(schema, ExecutionRequest(document: document, variables: variables))
                }
            }
        }
        // Two conditions, two plans, two values each; a race may work one out twice, never more
        // than once per execution.
        #expect((4...128).contains(workedOut.load(ordering: .relaxed)))
        let before = workedOut.load(ordering: .relaxed)
        for withTags in [true, false] {
            _ = await execute(schema, ExecutionRequest(document: document, variables: GraphQLObject([("withTags", .boolean(withTags))])))
        }
        #expect(workedOut.load(ordering: .relaxed) == before)
        let values = seen.withLock { $0 }
        #expect(values.count == 66)
        for (names, count) in values {
            #expect(names.names == ["size", "tags"] || names.names == ["size"])
            #expect(count.count == names.names.count)
        }
        // Another document works its own out.
        _ = await execute(schema, ExecutionRequest(document: try parse("{ shelf { edges { node { name } } } }")))
        #expect(workedOut.load(ordering: .relaxed) == before + 2)
        #expect(seen.withLock { $0.last?.0.names } == ["name"])
    }
}
