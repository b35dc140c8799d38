import Foundation
import Testing

@testable import GraphQLEngine

/// graphql-js's own validation test cases (src/validation/__tests__ of v16.6.0) and FoodGraph's
/// additions, each validated with every rule: the expected errors were written by graphql-js 16.6
/// itself (`Fixtures/validation-graphql-js.js`), so verdict, messages, locations and order must all
/// be identical.
struct GraphQLJSValidationTests {
    struct Fixture: Decodable {
        var schemas: [String]
        var cases: [Case]
    }

    struct Case: Decodable, CustomTestStringConvertible, Sendable {
        var rule: String
        var title: String
        var schema: Int
        var document: String
        var errors: [ValidationTests.Case.Error]
        var testDescription: String { "\(rule): \(title)" }
    }

    static let fixture = load(PrinterTests.fixtures.appendingPathComponent("validation-graphql-js.json"))

    /// Random documents with graphql-js's answers (`Fixtures/validation-generated.js`) on the same
    /// schemas. `VALIDATION_FIXTURE=path` runs another batch written by that script instead, such
    /// as a larger one when hunting for differences.
    static let generated = load(
        ProcessInfo.processInfo.environment["VALIDATION_FIXTURE"].map(URL.init(fileURLWithPath:))
            ?? PrinterTests.fixtures.appendingPathComponent("validation-generated.json"))

    private static func load(_ url: URL) -> Fixture {
        guard let data = try? Data(contentsOf: url), let fixture = try? JSONDecoder().decode(Fixture.self, from: data) else {
            return Fixture(schemas: [], cases: [])
        }
        return fixture
    }

    static let schemas: [Result<GraphQLSchema, SchemaError>] = fixture.schemas.map { sdl in
        Result { () throws(SchemaError) -> GraphQLSchema in
            do { return try SchemaBuilder.build(sdl: sdl) } catch let error as SchemaError { throw error } catch {
                throw SchemaError(errors: [])
            }
        }
    }

    @Test func fixturesLoaded() throws {
        #expect(Self.fixture.cases.count > 350)
        #expect(Self.generated.cases.count >= 150)
        #expect(Self.generated.schemas == Self.fixture.schemas)
        for schema in Self.schemas { _ = try schema.get() }
    }

    @Test(arguments: fixture.cases)
    func matchesGraphQLJS(_ testCase: Case) throws {
        try check(testCase)
    }

    @Test(arguments: generated.cases)
    func matchesGraphQLJSOnGeneratedDocuments(_ testCase: Case) throws {
        try check(testCase)
    }

    private func check(_ testCase: Case) throws {
        let schema = try Self.schemas[testCase.schema].get()
        let errors = validate(schema, try parse(testCase.document)).map { error in
            ValidationTests.Case.Error(message: error.message, locations: error.locations.map { .init(line: $0.line, column: $0.column) })
        }
        #expect(errors == testCase.errors)
    }

    /// graphql-js counts a byte order mark as a column, at the start or between tokens (its
    /// messages and locations, from node-graphql 16.6).
    @Test(arguments: [
        ("\u{FEFF}{ a", "Syntax Error: Expected Name, found <EOF>.", 5),
        ("\u{FEFF}{ a }}", "Syntax Error: Unexpected \"}\".", 7),
        ("{ a \u{FEFF} b ! }", "Syntax Error: Expected Name, found \"!\".", 9),
    ])
    func byteOrderMarksCountAsAColumn(document: String, message: String, column: Int) {
        do {
            _ = try parse(document)
            Issue.record("parsed")
        } catch {
            #expect(error.message == message)
            #expect(error.locations.map(\.column) == [column])
        }
    }

    @Test func errorLimitIsConfigurable() throws {
        let schema = try Self.schemas[0].get()
        let document = try parse("{ " + (0..<30).map { "f\($0)" }.joined(separator: " ") + " }")
        #expect(validate(schema, document).count == 30)
        let limited = validate(schema, document, maxErrors: 10)
        #expect(limited.count == 11)
        #expect(limited.last?.message == "Too many validation errors, error limit reached. Validation aborted.")
        #expect(limited.last?.locations == [])
    }
}
