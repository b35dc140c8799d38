import Foundation
import Testing

@testable import GraphQLEngine

/// Introspection answers exactly as graphql-js 16 does for the same SDL: the expected JSON is
/// graphql-js's own answer to its standard introspection query.
struct IntrospectionTests {
    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: PrinterTests.fixtures.appendingPathComponent(name), encoding: .utf8)
    }

    /// Binds every field to a resolver returning null: introspection needs none of them.
    static func executable(_ sdl: String) throws -> ExecutableSchema {
        let schema = try SchemaBuilder.build(sdl: sdl)
        var resolvers = Resolvers()
        for case .object(let object) in schema.types where !object.name.hasPrefix("__") {
            for field in object.fields { resolvers.field(object.name, field.name) { _ in .null } }
        }
        return try ExecutableSchema(schema: schema, resolvers: resolvers)
    }

    @Test func theStandardQueryAnswersLikeTheReference() async throws {
        let schema = try Self.executable(try Self.fixture("introspection-schema.graphql"))
        let result = await execute(schema, ExecutionRequest(document: try parse(try Self.fixture("introspection-query.graphql"))))
        // graphql-js 16.6 predates `@oneOf` (September 2025 edition): drop the directive and
        // `__Type.isOneOf` from our answer; everything else must be identical, order included.
        guard var actual = try JSONSerialization.jsonObject(with: Data(result.jsonBytes())) as? [String: Any],
            var data = actual["data"] as? [String: Any], var schemaValue = data["__schema"] as? [String: Any],
            var types = schemaValue["types"] as? [[String: Any]], let directives = schemaValue["directives"] as? [[String: Any]]
        else {
            Issue.record("not an introspection result")
            return
        }
        #expect(directives.last?["name"] as? String == "oneOf")
        schemaValue["directives"] = Array(directives.dropLast())
        for index in types.indices where types[index]["name"] as? String == "__Type" {
            types[index]["fields"] = (types[index]["fields"] as? [[String: Any]])?.filter { $0["name"] as? String != "isOneOf" }
        }
        schemaValue["types"] = types
        data["__schema"] = schemaValue
        actual["data"] = data
        let expected = try JSONSerialization.jsonObject(with: Data(try Self.fixture("introspection-expected.json").utf8))
        #expect((actual as NSDictionary).isEqual(expected))
    }

    @Test func typeLookupAndOneOf() async throws {
        let schema = try Self.executable("type Query { a(p: P): Int } input P @oneOf { x: Int y: String }")
        let result = await execute(
            schema,
            ExecutionRequest(
                document: try parse(#"{ __type(name: "P") { kind isOneOf inputFields { name } } missing: __type(name: "Nope") { name } }"#)))
        #expect(
            String(decoding: result.jsonBytes(), as: UTF8.self)
                == #"{"data":{"__type":{"kind":"INPUT_OBJECT","isOneOf":true,"inputFields":[{"name":"x"},{"name":"y"}]},"missing":null}}"#)
    }
}
