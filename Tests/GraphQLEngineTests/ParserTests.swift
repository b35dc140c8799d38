import Testing

@testable import GraphQLEngine

struct ParserTests {
    @Test func nodesKeepLinesAndUTF16Columns() throws {
        let document = try parse("# é\n{ a(x: \"éé😀\") b }")
        guard case .operation(let operation) = document.definitions.first,
            case .field(let last) = operation.selectionSet.selections.last
        else {
            Issue.record("not a field")
            return
        }
        #expect(operation.location.line == 2 && operation.location.column == 1)
        // é is one UTF-16 unit, 😀 two: `b` is at column 16, where graphql-js puts it.
        #expect(last.name.location == Location(start: 24, end: 25, line: 2, column: 16))
    }

    @Test func locationsCountUTF16UnitsLikeGraphQLJS() {
        // The emoji is two UTF-16 units: the error column after it is 7, as graphql-js reports.
        do {
            _ = try parse("{ \"😀\" }")
            Issue.record("parsed")
        } catch {
            #expect(error.locations == [SourceLocation(line: 1, column: 3)])
        }
        do {
            _ = try parse("{ a(x: \"😀\") ? }")
            Issue.record("parsed")
        } catch {
            #expect(error.message == "Syntax Error: Unexpected character: \"?\".")
            #expect(error.locations == [SourceLocation(line: 1, column: 14)])
        }
    }

    @Test func stringsAndBlockStringsAreProcessed() throws {
        let value = try parseValue(#""a\u00e9\uD83D\uDE00\u{1F600}\n\"""#)
        #expect(value == .string(StringValueNode(value: "aé😀😀\n\"", isBlock: false, location: value.location)))
        let block = try parseValue("\"\"\"\n    first\n      second\n\n    \\\"\"\" end\n  \"\"\"")
        guard case .string(let node) = block else {
            Issue.record("not a string")
            return
        }
        #expect(node.value == "first\n  second\n\n\"\"\" end")
        #expect(node.isBlock)
    }

    @Test func numbersKeepTheirText() throws {
        #expect(try parseValue("-0") == .int("-0", Location(start: 0, end: 2, line: 1, column: 1)))
        #expect(try parseValue("1.5e-3") == .float("1.5e-3", Location(start: 0, end: 6, line: 1, column: 1)))
    }

    @Test func typesAndTypeSystemDocumentsParse() throws {
        #expect(printType(try parseType("[[String!]]!")) == "[[String!]]!")
        let document = try parse(
            """
            "A thing" interface Node implements Entity & Other @key { id: ID! }
            extend schema @a
            extend union U = A | B
            directive @d(x: Int = 1) repeatable on FIELD | QUERY
            enum E { A @deprecated(reason: "no") B }
            input I @oneOf { a: Int b: String }
            """)
        #expect(document.definitions.count == 6)
    }

    @Test func operationDescriptionsFollowTheSeptember2025Edition() throws {
        let document = try parse("\"Loads me\" query Me(\"the id\" $id: ID) { a }")
        guard case .operation(let operation) = document.definitions.first else {
            Issue.record("not an operation")
            return
        }
        #expect(operation.description?.value == "Loads me")
        #expect(operation.variableDefinitions.first?.description?.value == "the id")
    }

    @Test func theTokenLimitStopsHugeDocuments() {
        let source = "{ " + String(repeating: "a ", count: 200) + "}"
        #expect(throws: GraphQLError.self) { try parse(source, options: ParseOptions(maxTokens: 100)) }
        do {
            _ = try parse(source, options: ParseOptions(maxTokens: 100))
        } catch {
            #expect(error.message == "Syntax Error: Document contains more than 100 tokens. Parsing aborted.")
        }
        #expect(throws: Never.self) { try parse(source, options: ParseOptions(maxTokens: 202)) }
    }

    @Test func deepNestingIsASyntaxErrorNotACrash() {
        let depth = 100_000
        for source in [
            String(repeating: "{a", count: depth) + String(repeating: "}", count: depth),
            "{ a(x: " + String(repeating: "[", count: depth) + ") }",
            "{ a(x: " + String(repeating: "{a: ", count: depth) + ") }",
            "query ($a: " + String(repeating: "[", count: depth) + "Int) { a }",
        ] {
            do {
                _ = try parse(source)
                Issue.record("parsed")
            } catch {
                #expect(error.message == "Syntax Error: Document is nested more than 128 levels deep. Parsing aborted.")
            }
        }
    }

    @Test func randomAndTruncatedInputNeverCrash() throws {
        let sink = """
            query Q($a: [Int!]! = [1], $b: In @d) @x { a: b(c: {d: "e\\u00e9", f: \"\"\"g\"\"\"}) ...F ... on T { c } }
            fragment F on T { x } type T implements I & J @k { f(a: Int = 1): [T!]! } "d" enum E { A }
            """
        let bytes = Array(sink.utf8)
        for end in 0...bytes.count {
            _ = try? parse(String(decoding: bytes[0..<end], as: UTF8.self))
        }
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("{}()[]:$@!=|&.\"\\#,\n aA0-_ôéonfragmenttypequery\u{1F600}\u{0}\r\t".unicodeScalars)
        for _ in 0..<3000 {
            let length = Int.random(in: 0..<60, using: &generator)
            var text = String.UnicodeScalarView()
            for _ in 0..<length { text.append(alphabet.randomElement(using: &generator) ?? "a") }
            _ = try? parse(String(text))
        }
    }
}
