import Foundation
import Testing

@testable import GraphQLEngine

/// Every rule of spec section 5 against graphql-js 16: the expected errors (messages, locations,
/// order) in the fixture are graphql-js's own output for the same schema and documents.
struct ValidationTests {
    struct Case: Decodable, CustomTestStringConvertible {
        struct Error: Decodable, Equatable, Sendable {
            struct Location: Decodable, Equatable, Sendable {
                var line: Int
                var column: Int
            }
            var message: String
            var locations: [Location]
        }
        var document: String
        var errors: [Error]
        var testDescription: String { String(document.prefix(60)) }
    }

    static let schema: GraphQLSchema = {
        let sdl = (try? String(contentsOf: PrinterTests.fixtures.appendingPathComponent("validation-schema.graphql"), encoding: .utf8)) ?? ""
        return (try? SchemaBuilder.build(sdl: sdl)) ?? GraphQLSchema(queryTypeName: nil, types: [], directives: [])
    }()

    static let cases: [Case] = {
        guard let data = try? Data(contentsOf: PrinterTests.fixtures.appendingPathComponent("validation-expected.json")) else { return [] }
        return (try? JSONDecoder().decode([Case].self, from: data)) ?? []
    }()

    @Test func fixturesLoaded() {
        #expect(Self.cases.count > 40)
        #expect(Self.schema.queryTypeName == "QueryRoot")
    }

    @Test(arguments: cases)
    func matchesTheReference(_ testCase: Case) throws {
        let errors = validate(Self.schema, try parse(testCase.document)).map { error in
            Case.Error(message: error.message, locations: error.locations.map { .init(line: $0.line, column: $0.column) })
        }
        #expect(errors == testCase.errors)
    }

    @Test func oneOfInputObjectsNeedExactlyOneNonNullKey() throws {
        let schema = try SchemaBuilder.build(
            sdl: "input Pick @oneOf { a: String b: Int } type Query { f(pick: Pick): Int }")
        let messages = { (document: String) in try validate(schema, parse(document)).map(\.message) }
        #expect(try messages("{ f(pick: {a: \"x\"}) }") == [])
        #expect(try messages("{ f(pick: {a: \"x\", b: 1}) }") == ["OneOf Input Object \"Pick\" must specify exactly one key."])
        #expect(try messages("{ f(pick: {a: null}) }") == ["Field \"Pick.a\" must be non-null."])
        #expect(
            try messages("query ($v: String) { f(pick: {a: $v}) }")
                == ["Variable \"$v\" is of type \"String\" but must be non-nullable to be used for OneOf Input Object \"Pick\"."])
    }

    @Test func manyRepeatedFieldsAndFragmentsStayFast() throws {
        let schema = try SchemaBuilder.build(sdl: "type Query { a: Int b: Query }")
        let fields = String(repeating: "a ", count: 2000)
        let fragments = (0..<100).map { "fragment F\($0) on Query { a b { a } }" }.joined(separator: "\n")
        let spreads = (0..<100).map { "...F\($0)" }.joined(separator: " ")
        let document = try parse("{ \(fields) \(spreads) }\n\(fragments)")
        let clock = ContinuousClock()
        var errors: [GraphQLError] = []
        let elapsed = clock.measure { errors = validate(schema, document) }
        #expect(errors.isEmpty)
        // Quadratic pair checks on 2000 identical fields would take seconds; memoised, far less.
        #expect(elapsed < .seconds(5))
    }
}
