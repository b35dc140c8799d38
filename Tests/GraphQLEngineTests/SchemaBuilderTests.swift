import Testing

@testable import GraphQLEngine

/// SDL problems are reported with graphql-js 16's messages (taken from buildSchema + validateSchema).
struct SchemaBuilderTests {
    @Test(arguments: [
        ("type Query { a: Int } type Query { b: Int }", "There can be only one type named \"Query\"."),
        ("type Query { a: Unknown }", "Unknown type \"Unknown\"."),
        ("interface I { a: Int } type Query implements I { b: Int }", "Interface field I.a expected but Query does not provide it."),
        ("interface I { a: Int } type Query implements I { a: String }", "Interface field I.a expects type Int but Query.a is type String."),
        ("type Query { a: Int } union U = Query | String", "Union type U can only include Object types, it cannot include String."),
        ("type Query { a(x: Query): Int }", "The type of Query.a(x:) must be Input Type but got: Query."),
        ("type Query { a: In }", "Unknown type \"In\". Did you mean \"ID\" or \"Int\"?"),
        (
            "input A { b: B! } input B { a: A! } type Query { f(a: A): Int }",
            "Cannot reference Input Object \"A\" within itself through a series of non-null fields: \"b.a\"."
        ),
        ("type Query { a: Int } enum E { }", "Syntax Error: Expected Name, found \"}\"."),
        ("type Query", "Type Query must define one or more fields."),
        ("extend type Nope { a: Int } type Query { a: Int }", "Cannot extend type \"Nope\" because it is not defined."),
        ("input P @oneOf { a: Int! } type Query { f(p: P): Int }", "OneOf input field P.a must be nullable."),
    ])
    func reportsLikeTheReference(sdl: String, message: String) {
        do {
            _ = try SchemaBuilder.build(sdl: sdl)
            Issue.record("built")
        } catch let error as SchemaError {
            #expect(error.errors.map(\.message) == [message])
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func extensionsAndInterfacesOfInterfacesBuild() throws {
        let schema = try SchemaBuilder.build(
            sdl: """
                interface Node { id: ID! }
                interface Named implements Node { id: ID! name: String }
                type Thing implements Node & Named { id: ID! name: String }
                type Query { thing: Thing }
                extend type Thing { extra: Int }
                extend schema { mutation: Mutation }
                type Mutation { touch: Boolean }
                """)
        #expect(schema.objectType(named: "Thing")?.fields["extra"] != nil)
        #expect(schema.mutationTypeName == "Mutation")
        #expect(schema.possibleTypes(of: "Named") == ["Thing"])
        #expect(schema.isSubType("Named", of: "Node"))
    }
}
