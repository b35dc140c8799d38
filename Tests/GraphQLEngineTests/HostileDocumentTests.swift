import Foundation
import Testing

@testable import GraphQLEngine

/// Documents of a kilobyte whose fragments spread each other so that walking them as written
/// takes 2^30 steps (issue #21, item 0). Parsing, validation, the limits and execution must each
/// answer in well under a second.
struct HostileDocumentTests {
    struct Category: Sendable {
        let slug: String
    }

    static let sdl = """
        type Query {
          categories: [Category!]!
          products(first: Int, last: Int): ProductConnection!
          items(first: Int): ItemConnection!
        }
        type Category { slug: String! children: [Category!]! }
        type ProductConnection { totalCount: Int! nodes: [Product!]! }
        type Product { name: String! category: Category! }
        type ItemConnection { n: Int! items(first: Int): ItemConnection! }
        """

    static func executable() throws -> ExecutableSchema {
        var resolvers = Resolvers()
        resolvers.field("Query", "categories") { _ in .value([Category(slug: "dairy"), Category(slug: "bakery")]) }
        resolvers.field("Query", "products") { _ in .value(3) }
        resolvers.field("Query", "items") { _ in .value(0) }
        resolvers.field("Category", "slug", on: Category.self) { $0.slug }
        resolvers.field("Category", "children") { _ in .value([Category]()) }
        resolvers.readField("ProductConnection", "totalCount") { $0 }
        resolvers.readField("ProductConnection", "nodes") { _ in [Int]() }
        resolvers.readField("Product", "name") { "\($0)" }
        resolvers.readField("Product", "category") { _ in Category(slug: "dairy") }
        resolvers.readField("ItemConnection", "n") { $0 }
        resolvers.readField("ItemConnection", "items") { $0 }
        return try ExecutableSchema(schema: try SchemaBuilder.build(sdl: sdl), resolvers: resolvers)
    }

    /// What the first fragment selects in each document of the issue.
    static let selections = ["__typename", "categories { slug }", "products(first: 100) { totalCount }"]

    /// Thirty fragments, each spreading the one before twice.
    static func doubling(_ selection: String, fragments: Int = 30) -> String {
        var text = "{ ...F\(fragments - 1) }\nfragment F0 on Query { \(selection) }\n"
        for number in 1..<fragments {
            text += "fragment F\(number) on Query { ...F\(number - 1) ...F\(number - 1) }\n"
        }
        return text
    }

    /// Sixty fragments, each spreading every one before it.
    static func wide(_ selection: String, fragments: Int = 60) -> String {
        var text = "{ ...F\(fragments - 1) }\nfragment F0 on Query { \(selection) }\n"
        for number in 1..<fragments {
            text += "fragment F\(number) on Query { \((0..<number).map { "...F\($0)" }.joined(separator: " ")) }\n"
        }
        return text
    }

    /// Runs `work` on a thread of its own and gives up waiting after `seconds`: a walk that would
    /// take minutes fails the test at once instead of stalling the suite (the thread is left to
    /// finish in the background).
    static func within<Value: Sendable>(seconds: Double, _ work: @escaping @Sendable () -> Value) -> Value? {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox<Value>()
        Thread {
            box.value = work()
            done.signal()
        }.start()
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return box.value
    }

    final class ResultBox<Value>: @unchecked Sendable {
        // @unchecked: written once by the worker thread before the semaphore is signalled.
        var value: Value?
    }

    /// Checks the limits of a document within a second; returns their verdict (nil when the
    /// document may run), or nil when they took longer.
    static func check(
        _ text: String, limits: QueryLimits = QueryLimits(), validating: Bool = true
    ) throws -> GraphQLError?? {
        let executable = try executable()
        let document = try parse(text)
        if validating { #expect(validate(executable.schema, document).isEmpty) }
        let operation = try selectOperation(in: document, named: nil)
        return within(seconds: 1) {
            limits.check(operation, in: document, schema: executable.schema, variables: GraphQLObject())
        }
    }

    @Test(arguments: selections)
    func doublingFragmentsAreMeasuredOnce(selection: String) async throws {
        let text = Self.doubling(selection)
        #expect(text.utf8.count < 1300)
        let verdict = try Self.check(text)
        #expect(verdict != nil, "the limits did not answer within a second")
        #expect(verdict.flatMap { $0 } == nil)
    }

    @Test(arguments: selections)
    func wideFragmentsAreMeasuredOnce(selection: String) async throws {
        let verdict = try Self.check(Self.wide(selection))
        #expect(verdict != nil, "the limits did not answer within a second")
        #expect(verdict.flatMap { $0 } == nil)
    }

    @Test(arguments: selections)
    func hostileDocumentsExecuteLikeTheirOneFragment(selection: String) async throws {
        let executable = try Self.executable()
        let expected = await execute(executable, ExecutionRequest(document: try parse("{ \(selection) }")))
        for text in [Self.doubling(selection), Self.wide(selection)] {
            let clock = ContinuousClock()
            let started = clock.now
            let result = await execute(executable, ExecutionRequest(document: try parse(text)))
            #expect(clock.now - started < .seconds(1))
            #expect(result.jsonBytes() == expected.jsonBytes())
        }
    }

    /// The limits still see what a fragment spread in several places costs: its page sizes
    /// multiply, and its depth adds to where it is spread.
    @Test func fragmentsStillCountWhereTheyAreSpread() throws {
        let nested = """
            { ...Outer }
            fragment Outer on Query { products(first: 100) { nodes { category { ...Inner } } } }
            fragment Inner on Category { children { children { slug } } }
            """
        #expect(try Self.check(nested, limits: QueryLimits(maxDepth: 6)) == .some(nil))
        let deep = try #require(try Self.check(nested, limits: QueryLimits(maxDepth: 5)))
        #expect(deep?.code == "QUERY_TOO_DEEP")
        #expect(deep?.message == "The query is nested 6 levels deep; at most 5 are allowed.")
        #expect(deep?.locations.first?.line == 3)
        // 1 + 100 × (1 + 1 + 1 + 1 + 1): the connection's page size multiplies the fragment below it.
        #expect(try Self.check(nested, limits: QueryLimits(maxCost: 501)) == .some(nil))
        let costly = try #require(try Self.check(nested, limits: QueryLimits(maxCost: 500)))
        #expect(costly?.code == "QUERY_TOO_COMPLEX")
        #expect(costly?.message.hasPrefix("The operation may return up to 501 nodes") == true)
        // Spread in two places, a fragment counts in both.
        let twice = "{ a: products(first: 10) { ...P } b: products(first: 10) { ...P } }\nfragment P on ProductConnection { totalCount }"
        #expect(try #require(try Self.check(twice, limits: QueryLimits(maxCost: 21)))?.code == "QUERY_TOO_COMPLEX")
        #expect(try Self.check(twice, limits: QueryLimits(maxCost: 22)) == .some(nil))
    }

    /// Ten connections of 99 nest to 99^10 nodes: more than `Int` holds. The estimate saturates;
    /// wrapping around made it negative, and the query passed.
    @Test func costSaturatesInsteadOfWrappingAround() throws {
        var text = "n"
        for _ in 0..<10 { text = "items(first: 99) { \(text) }" }
        let verdict = try #require(try Self.check("{ \(text) }"))
        #expect(verdict?.code == "QUERY_TOO_COMPLEX")
    }

    @Test func pageSizesComeFromVariablesTheirDefaultsOrTheLargestAllowed() throws {
        let executable = try Self.executable()
        let document = try parse("query ($n: Int = 10) { products(first: $n) { totalCount } }")
        let operation = try selectOperation(in: document, named: nil)
        let limits = QueryLimits(maxCost: 20)
        func code(_ variables: GraphQLObject?) -> String? {
            limits.check(operation, in: document, schema: executable.schema, variables: variables)?.code
        }
        #expect(code(GraphQLObject()) == nil)
        #expect(code(GraphQLObject([("n", .int(50))])) == "QUERY_TOO_COMPLEX")
        #expect(code(GraphQLObject([("n", .int(0))])) == "PAGE_SIZE_REQUIRED")
        // Unknown variables (a document checked alone): the largest page allowed.
        #expect(code(nil) == "QUERY_TOO_COMPLEX")
    }

    /// A chain of fragments as long as the parser's token limit allows (a spread each) is
    /// measured without running out of stack. (Not validated here: validation is checked
    /// elsewhere, and takes seconds on this document in a debug build.)
    @Test func longFragmentChainsAreMeasured() throws {
        var text = "{ ...F0 }\n"
        for number in 0..<1500 { text += "fragment F\(number) on Query { ...F\(number + 1) }\n" }
        text += "fragment F1500 on Query { __typename }\n"
        #expect(try Self.check(text, validating: false) == .some(nil))
    }
}
