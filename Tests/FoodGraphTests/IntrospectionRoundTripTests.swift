import Foundation
import GraphQLEngine
import Testing

@testable import FoodGraph

/// What clients rebuild FoodGraph's schema from: the server's answer to the introspection query.
///
/// graphql-js's `buildClientSchema` of that answer, printed with `printSchema` after
/// `lexicographicSortSchema`, must be `buildSchema(schema.graphql)` printed the same way. That
/// check needs node with Debian's node-graphql (16.6), so it runs by hand:
///
///     FOODGRAPH_INTROSPECTION_RESULT=/tmp/foodgraph.json swift test --filter IntrospectionRoundTripTests
///     NODE_PATH=/usr/share/nodejs node Tests/GraphQLEngineTests/Fixtures/introspection-graphql-js.js \
///         roundtrip /tmp/foodgraph.json schema.graphql
///
/// (`swift run foodgraph schema introspect > /tmp/foodgraph.json` writes the same answer.) It prints
/// `identical: N lines`, or each line that differs, and exits 1. GraphQLJSIntrospectionTests
/// compares the answer key by key with graphql-js's own, on a schema with more kinds of content.
///
/// Here, without node: the server's schema, built with its scalars, answers exactly as
/// schema.graphql built plainly does, so that the file the round trip reads stands for the
/// server; and `isOneOf`, which graphql-js 16.6 cannot ask for, is true exactly where the
/// published SDL says `@oneOf`.
@Suite struct IntrospectionRoundTripTests {
    static func answer(_ schema: GraphQLSchema) async throws -> [UInt8] {
        var resolvers = Resolvers()
        for case .object(let object) in schema.types where !object.name.hasPrefix("__") {
            for field in object.fields { resolvers.field(object.name, field.name) { _ in .null } }
        }
        let executable = try ExecutableSchema(schema: schema, resolvers: resolvers)
        return await execute(executable, ExecutionRequest(document: try parse(IntrospectionQuery.text))).jsonBytes()
    }

    static func published() throws -> String {
        let root = ProcessInfo.processInfo.environment["FOODGRAPH_REPO_ROOT"] ?? FileManager.default.currentDirectoryPath
        return try String(contentsOfFile: root + "/schema.graphql", encoding: .utf8)
    }

    @Test func theServerAnswersAsThePublishedSchemaDoes() async throws {
        let server = try await Self.answer(try SchemaDocument.build())
        if let path = ProcessInfo.processInfo.environment["FOODGRAPH_INTROSPECTION_RESULT"] {
            try Data(server).write(to: URL(fileURLWithPath: path))
        }
        let published = try await Self.answer(try SchemaBuilder.build(sdl: try Self.published()))
        #expect(server == published, "the server's introspection differs from schema.graphql's: is schema.graphql stale?")
    }

    @Test func isOneOfIsTrueWhereThePublishedSchemaSaysOneOf() async throws {
        var oneOf: [String] = []
        var inputs: [String] = []
        for case .type(let type) in try parse(try Self.published()).definitions {
            guard case .inputObject = type.kind else { continue }
            inputs.append(type.name.value)
            if type.directives.contains(where: { $0.name.value == "oneOf" }) { oneOf.append(type.name.value) }
        }
        let answer = try JSONSerialization.jsonObject(with: Data(try await Self.answer(try SchemaDocument.build())))
        let types = ((answer as? [String: Any])?["data"] as? [String: Any]).flatMap { $0["__schema"] as? [String: Any] }
            .flatMap { $0["types"] as? [[String: Any]] } ?? []
        let answered = types.filter { $0["kind"] as? String == "INPUT_OBJECT" }
        #expect(answered.map { $0["name"] as? String ?? "" }.sorted() == inputs.sorted())
        let answeredOneOf = answered.filter { ($0["isOneOf"] as? NSNumber)?.boolValue == true }
        #expect(answeredOneOf.map { $0["name"] as? String ?? "" }.sorted() == oneOf.sorted())
        #expect(!oneOf.isEmpty)
    }
}
