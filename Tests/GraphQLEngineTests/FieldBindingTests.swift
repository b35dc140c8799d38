import Testing

@testable import GraphQLEngine

/// The two cheap ways to bind plain fields: a typed read of the source, and a reader of the
/// source alone. Both skip the per-call context, so what they must still get right is tested here.
struct FieldBindingTests {
    class Shape: @unchecked Sendable {
        let name: String
        init(name: String) { self.name = name }
    }

    final class Square: Shape, @unchecked Sendable {}

    struct Item: Sendable {
        let name: String
        let size: Int
    }

    static let sdl = """
        type Query { item: Item, notAnItem: Item, square: Shape, wide: Item }
        type Item { name: String, size: Int!, label(upper: Boolean!): String }
        type Shape { name: String! }
        """

    static func run(_ query: String, variables: GraphQLObject = GraphQLObject()) async throws -> String {
        var resolvers = Resolvers()
        resolvers.field("Query", "item") { _ in .value(Item(name: "Bowl", size: 3)) }
        resolvers.field("Query", "notAnItem") { _ in .value("a string") }
        resolvers.field("Query", "square") { _ in .value(Square(name: "square") as Shape) }
        resolvers.field("Query", "wide") { _ in .value(Item(name: "Wide", size: 1)) }
        resolvers.field("Item", "name", on: Item.self) { $0.name }
        resolvers.readField("Item", "size") { ($0 as? Item)?.size }
        resolvers.field("Item", "label") { call in
            guard let item = call.source(as: Item.self), case .boolean(let upper)? = call.arguments["upper"] else {
                return .null
            }
            return .value(upper ? item.name.uppercased() : item.name)
        }
        resolvers.field("Shape", "name", on: Shape.self) { $0.name }
        let schema = try ExecutableSchema(schema: try SchemaBuilder.build(sdl: sdl), resolvers: resolvers)
        let result = await execute(schema, ExecutionRequest(document: try parse(query), variables: variables))
        return String(decoding: result.jsonBytes(), as: UTF8.self)
    }

    @Test func typedReadsAndReadersResolveTheirSource() async throws {
        #expect(
            try await Self.run("{ item { name size label(upper: true) } }")
                == #"{"data":{"item":{"name":"Bowl","size":3,"label":"BOWL"}}}"#)
    }

    @Test func aSourceOfAnotherTypeReadsAsNull() async throws {
        #expect(
            try await Self.run("{ notAnItem { name size } }")
                == #"{"errors":[{"message":"Cannot return null for non-nullable field Item.size.","locations":[{"line":1,"column":20}],"path":["notAnItem","size"]}],"data":{"notAnItem":null}}"#)
    }

    @Test func aSubclassIsReadThroughItsBaseClass() async throws {
        #expect(try await Self.run("{ square { name } }") == #"{"data":{"square":{"name":"square"}}}"#)
    }

    @Test func argumentsThatCannotBeCoercedFailTheField() async throws {
        #expect(
            try await Self.run("query ($upper: Boolean) { item { name label(upper: $upper) } }")
                == #"{"errors":[{"message":"Argument \"upper\" of required type \"Boolean!\" was provided the variable \"$upper\" which was not provided a runtime value.","locations":[{"line":1,"column":52}],"path":["item","label"]}],"data":{"item":{"name":"Bowl","label":null}}}"#)
    }

    /// Selection sets wider than a dozen keys group fields by hashing; repeated keys still merge.
    @Test func wideSelectionSetsMergeRepeatedKeys() async throws {
        let aliases = (0..<20).map { "a\($0): wide { size }" }.joined(separator: " ")
        let json = try await Self.run("{ \(aliases) a3: wide { name } a19: wide { name } }")
        var expected = (0..<20).map { index in
            index == 3 || index == 19 ? #""a\#(index)":{"size":1,"name":"Wide"}"# : #""a\#(index)":{"size":1}"#
        }
        expected[0] = "{" + expected[0]
        #expect(json == #"{"data":"# + expected.joined(separator: ",") + "}}")
    }
}
