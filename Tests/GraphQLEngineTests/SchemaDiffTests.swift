import Foundation
import Testing

@testable import GraphQLEngine

/// `schemaChanges(from:to:)`: one tiny SDL pair per kind of change, and graphql-js 16's own
/// verdicts on larger pairs (`Fixtures/schema-diff.js` wrote them with node-graphql).
struct SchemaDiffTests {
    struct Example: CustomTestStringConvertible, Sendable {
        var kind: SchemaChange.Kind
        var old: String
        var new: String
        var message: String
        var testDescription: String { kind.rawValue }
    }

    static let examples: [Example] = [
        // Breaking
        Example(kind: .typeRemoved, old: "type Query { a: Int } type T { b: Int }", new: "type Query { a: Int }", message: "T was removed."),
        Example(
            kind: .typeChangedKind, old: "type Query { t: T } type T { b: Int }", new: "type Query { t: T } interface T { b: Int }",
            message: "T changed from an Object type to an Interface type."),
        Example(
            kind: .typeRemovedFromUnion, old: "type Query { u: U a: A } type A { a: Int } type B { b: Int } union U = A | B",
            new: "type Query { u: U a: A } type A { a: Int } type B { b: Int } union U = B", message: "A was removed from union type U."),
        Example(
            kind: .valueRemovedFromEnum, old: "type Query { e: E } enum E { A B }", new: "type Query { e: E } enum E { A }",
            message: "B was removed from enum type E."),
        Example(
            kind: .requiredInputFieldAdded, old: "type Query { f(i: I): Int } input I { a: Int }",
            new: "type Query { f(i: I): Int } input I { a: Int b: Int! }", message: "A required field b on input type I was added."),
        Example(
            kind: .implementedInterfaceRemoved, old: "type Query { o: O } interface I { a: Int } type O implements I { a: Int }",
            new: "type Query { o: O } interface I { a: Int } type O { a: Int }", message: "O no longer implements interface I."),
        Example(
            kind: .fieldRemoved, old: "type Query { products: [String] name: String }", new: "type Query { name: String }",
            message: "Query.products was removed."),
        Example(
            kind: .fieldChangedKind, old: "type Query { a: Int! }", new: "type Query { a: Int }",
            message: "Query.a changed type from Int! to Int."),
        Example(
            kind: .requiredArgumentAdded, old: "type Query { f: Int }", new: "type Query { f(a: Int!): Int }",
            message: "A required arg a on Query.f was added."),
        Example(
            kind: .argumentRemoved, old: "type Query { f(a: Int): Int }", new: "type Query { f: Int }",
            message: "Query.f arg a was removed."),
        Example(
            kind: .argumentChangedKind, old: "type Query { f(a: Int): Int }", new: "type Query { f(a: Int!): Int }",
            message: "Query.f arg a has changed type from Int to Int!."),
        Example(
            kind: .directiveRemoved, old: "directive @a on FIELD type Query { a: Int }", new: "type Query { a: Int }",
            message: "a was removed."),
        Example(
            kind: .directiveArgumentRemoved, old: "directive @a(x: Int) on FIELD type Query { a: Int }",
            new: "directive @a on FIELD type Query { a: Int }", message: "x was removed from a."),
        Example(
            kind: .requiredDirectiveArgumentAdded, old: "directive @a on FIELD type Query { a: Int }",
            new: "directive @a(x: Int!) on FIELD type Query { a: Int }", message: "A required arg x on directive a was added."),
        Example(
            kind: .directiveRepeatableRemoved, old: "directive @a repeatable on FIELD type Query { a: Int }",
            new: "directive @a on FIELD type Query { a: Int }", message: "Repeatable flag was removed from a."),
        Example(
            kind: .directiveLocationRemoved, old: "directive @a on FIELD | QUERY type Query { a: Int }",
            new: "directive @a on FIELD type Query { a: Int }", message: "QUERY was removed from a."),
        // Dangerous
        Example(
            kind: .valueAddedToEnum, old: "type Query { e: E } enum E { A }", new: "type Query { e: E } enum E { A B }",
            message: "B was added to enum type E."),
        Example(
            kind: .typeAddedToUnion, old: "type Query { u: U b: B } type A { a: Int } type B { b: Int } union U = A",
            new: "type Query { u: U b: B } type A { a: Int } type B { b: Int } union U = A | B", message: "B was added to union type U."),
        Example(
            kind: .optionalInputFieldAdded, old: "type Query { f(i: I): Int } input I { a: Int }",
            new: "type Query { f(i: I): Int } input I { a: Int b: Int! = 1 }", message: "An optional field b on input type I was added."),
        Example(
            kind: .optionalArgumentAdded, old: "type Query { f: Int }", new: "type Query { f(a: Int): Int }",
            message: "An optional arg a on Query.f was added."),
        Example(
            kind: .implementedInterfaceAdded, old: "type Query { o: O i: I } interface I { a: Int } type O { a: Int }",
            new: "type Query { o: O i: I } interface I { a: Int } type O implements I { a: Int }",
            message: "I added to interfaces implemented by O."),
        Example(
            kind: .argumentDefaultValueChanged, old: "type Query { f(a: Int = 1): Int }", new: "type Query { f(a: Int = 2): Int }",
            message: "Query.f arg a has changed defaultValue from 1 to 2."),
        // Safe
        Example(
            kind: .typeAdded, old: "type Query { a: Int }", new: "type Query { a: Int } type T { b: Int }", message: "T was added."),
        Example(kind: .fieldAdded, old: "type Query { a: Int }", new: "type Query { a: Int b: Int }", message: "Query.b was added."),
        Example(
            kind: .fieldTypeChangedSafely, old: "type Query { a: [Int] }", new: "type Query { a: [Int!]! }",
            message: "Query.a changed type from [Int] to [Int!]!."),
        Example(
            kind: .argumentTypeChangedSafely, old: "type Query { f(a: [Int!]!): Int }", new: "type Query { f(a: [Int]): Int }",
            message: "Query.f arg a has changed type from [Int!]! to [Int]."),
        Example(
            kind: .argumentDefaultValueAdded, old: "type Query { f(a: Int): Int }", new: "type Query { f(a: Int = 3): Int }",
            message: "Query.f arg a has a new defaultValue 3."),
        Example(
            kind: .directiveAdded, old: "type Query { a: Int }", new: "directive @a on FIELD type Query { a: Int }",
            message: "Directive a was added."),
        Example(
            kind: .optionalDirectiveArgumentAdded, old: "directive @a on FIELD type Query { a: Int }",
            new: "directive @a(x: Int) on FIELD type Query { a: Int }", message: "An optional arg x on directive a was added."),
        Example(
            kind: .directiveRepeatableAdded, old: "directive @a on FIELD type Query { a: Int }",
            new: "directive @a repeatable on FIELD type Query { a: Int }", message: "Repeatable flag was added to a."),
        Example(
            kind: .directiveLocationAdded, old: "directive @a on FIELD type Query { a: Int }",
            new: "directive @a on FIELD | QUERY type Query { a: Int }", message: "QUERY was added to a."),
        Example(
            kind: .descriptionChanged, old: "type Query { \"Old.\" a: Int }", new: "type Query { \"New.\" a: Int }",
            message: "Query.a has a new description."),
        Example(
            kind: .deprecationAdded, old: "type Query { a: Int }", new: "type Query { a: Int @deprecated(reason: \"Use b.\") }",
            message: "Query.a was deprecated: Use b."),
        Example(
            kind: .deprecationRemoved, old: "type Query { e: E } enum E { A @deprecated }", new: "type Query { e: E } enum E { A }",
            message: "E.A is no longer deprecated."),
        Example(
            kind: .deprecationReasonChanged, old: "type Query { f(a: Int @deprecated): Int }",
            new: "type Query { f(a: Int @deprecated(reason: \"Gone soon.\")): Int }",
            message: "Query.f arg a deprecation reason changed from \"No longer supported\" to \"Gone soon.\"."),
    ]

    @Test func everyKindHasAnExample() {
        let covered = Set(Self.examples.map(\.kind))
        #expect(SchemaChange.Kind.allCases.filter { !covered.contains($0) } == [])
    }

    @Test(arguments: examples)
    func reportsTheChange(_ example: Example) throws {
        let changes = schemaChanges(from: try SchemaBuilder.build(sdl: example.old), to: try SchemaBuilder.build(sdl: example.new))
        #expect(changes == [SchemaChange(example.kind, example.message)])
        #expect(changes.first?.severity == example.kind.severity)
    }

    @Test func removingAFieldIsBreaking() throws {
        let old = try SchemaBuilder.build(sdl: "type Query { products: [String] name: String }")
        let new = try SchemaBuilder.build(sdl: "type Query { name: String }")
        let changes = schemaChanges(from: old, to: new)
        #expect(changes.map(\.severity) == [.breaking])
        #expect(changes.map(\.message) == ["Query.products was removed."])
    }

    @Test func aSchemaDoesNotDifferFromItself() throws {
        let sdl = try String(contentsOf: PrinterTests.fixtures.appendingPathComponent("sdl.graphql"), encoding: .utf8)
        #expect(schemaChanges(from: try SchemaBuilder.build(sdl: sdl), to: try SchemaBuilder.build(sdl: sdl)) == [])
    }

    @Test func defaultsAreComparedAsClientsSeeThem() throws {
        let old = try SchemaBuilder.build(
            sdl: "type Query { f(a: Float = 1, b: [Int] = 1, c: In = {y: \"a\", x: 1}, d: ID = \"7\", e: String = \"\"\"x\"\"\"): Int } input In { x: Int y: String }")
        let new = try SchemaBuilder.build(
            sdl: "type Query { f(a: Float = 1.0, b: [Int] = [1], c: In = {x: 1, y: \"a\"}, d: ID = 7, e: String = \"x\"): Int } input In { x: Int y: String }")
        #expect(schemaChanges(from: old, to: new) == [])
    }

    @Test(arguments: [
        (0.000001, "0.000001"), (1e21, "1e+21"), (1e20, "100000000000000000000"), (1.5e-7, "1.5e-7"), (-0.25, "-0.25"),
        (123.456, "123.456"), (.leastNonzeroMagnitude, "5e-324"), (1.7976931348623157e308, "1.7976931348623157e+308"), (100, "100"),
    ])
    func numbersArePrintedAsJavaScriptDoes(number: Double, text: String) {
        #expect(javaScriptNumberText(number) == text)
    }

    // MARK: - graphql-js's verdicts

    struct Reference: Decodable, CustomTestStringConvertible, Sendable {
        struct Change: Decodable, Equatable, Sendable {
            var type: String
            var description: String
        }
        var name: String
        var old: String
        var new: String
        var breaking: [Change]
        var dangerous: [Change]
        var testDescription: String { name }
    }

    static let references: [Reference] = {
        guard let data = try? Data(contentsOf: PrinterTests.fixtures.appendingPathComponent("schema-diff-expected.json")) else { return [] }
        return (try? JSONDecoder().decode([Reference].self, from: data)) ?? []
    }()

    @Test func referencesLoaded() {
        #expect(Self.references.count > 30)
    }

    @Test(arguments: references)
    func agreesWithGraphQLJS(_ reference: Reference) throws {
        let changes = schemaChanges(from: try SchemaBuilder.build(sdl: reference.old), to: try SchemaBuilder.build(sdl: reference.new))
        let ours = { (severity: SchemaChange.Severity) in
            changes.filter { $0.severity == severity }.map { Reference.Change(type: $0.kind.rawValue, description: $0.message) }
        }
        #expect(ours(.breaking) == reference.breaking)
        #expect(ours(.dangerous) == reference.dangerous)
    }
}
