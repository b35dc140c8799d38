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

    /// `VALIDATION_FIXTURE=path` runs another file of the same form instead, such as a batch of
    /// generated documents with graphql-js's answers, when hunting for differences.
    static let fixture: Fixture = {
        let url = ProcessInfo.processInfo.environment["VALIDATION_FIXTURE"].map(URL.init(fileURLWithPath:))
            ?? PrinterTests.fixtures.appendingPathComponent("validation-graphql-js.json")
        guard let data = try? Data(contentsOf: url),
            let fixture = try? JSONDecoder().decode(Fixture.self, from: data)
        else { return Fixture(schemas: [], cases: []) }
        return fixture
    }()

    static let schemas: [Result<GraphQLSchema, SchemaError>] = fixture.schemas.map { sdl in
        Result { () throws(SchemaError) -> GraphQLSchema in
            do { return try SchemaBuilder.build(sdl: sdl) } catch let error as SchemaError { throw error } catch {
                throw SchemaError(errors: [])
            }
        }
    }

    @Test func fixturesLoaded() throws {
        #expect(Self.fixture.cases.count > 350)
        for schema in Self.schemas { _ = try schema.get() }
    }

    @Test(arguments: fixture.cases)
    func matchesGraphQLJS(_ testCase: Case) throws {
        let schema = try Self.schemas[testCase.schema].get()
        let errors = validate(schema, try parse(testCase.document)).map { error in
            ValidationTests.Case.Error(message: error.message, locations: error.locations.map { .init(line: $0.line, column: $0.column) })
        }
        #expect(errors == testCase.errors)
    }
}
