import Testing

@testable import GraphQLEngine

/// A request past its deadline is cancelled: its execution must stop using the CPU, not run on
/// to the end with nobody waiting for it (issue #21, item 0).
struct ExecutionCancellationTests {
    /// A million objects at the third level: seconds of work in a debug build.
    static func executable() throws -> ExecutableSchema {
        let schema = try SchemaBuilder.build(sdl: "type Query { items: [Item!]! } type Item { value: Int! items: [Item!]! }")
        var resolvers = Resolvers()
        resolvers.field("Query", "items") { _ in .value(Array(0..<100)) }
        resolvers.readField("Item", "value") { $0 }
        resolvers.readField("Item", "items") { _ in Array(0..<100) }
        return try ExecutableSchema(schema: schema, resolvers: resolvers)
    }

    static let query = "{ items { items { items { value } } } }"

    @Test func cancellingTheTaskStopsCPUBoundExecution() async throws {
        let executable = try Self.executable()
        let document = try parse(Self.query)
        let execution = Task { await execute(executable, ExecutionRequest(document: document)) }
        try await Task.sleep(for: .milliseconds(100))
        let clock = ContinuousClock()
        let cancelled = clock.now
        execution.cancel()
        let result = await execution.value
        #expect(clock.now - cancelled < .milliseconds(500))
        #expect(!result.hasData)
        #expect(result.errors.map(\.code) == ["CANCELLED"])
    }

    /// The executor watches the deadline itself: nothing needs to run to cancel it, which a
    /// server whose threads are all busy could not do on time.
    @Test func passingTheDeadlineStopsCPUBoundExecution() async throws {
        let executable = try Self.executable()
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(100)
        let result = await execute(executable, ExecutionRequest(document: try parse(Self.query), deadline: deadline))
        #expect(clock.now - deadline < .milliseconds(500))
        #expect(!result.hasData)
        #expect(result.errors.map(\.code) == ["TIMEOUT"])
    }

    @Test func anExecutionNotCancelledRunsToTheEnd() async throws {
        let executable = try Self.executable()
        let result = await execute(executable, ExecutionRequest(document: try parse("{ items { items { value } } }")))
        #expect(result.errors.isEmpty)
        #expect(result.jsonBytes().count > 100 * 100 * 10)
    }
}
