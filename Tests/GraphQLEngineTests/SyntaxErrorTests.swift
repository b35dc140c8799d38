import Testing

@testable import GraphQLEngine

/// Syntax errors read exactly as graphql-js 16's (messages and locations taken from it).
struct SyntaxErrorTests {
    static let cases: [(source: String, message: String, line: Int, column: Int)] = [
        ("", "Syntax Error: Unexpected <EOF>.", 1, 1),
        ("{", "Syntax Error: Expected Name, found <EOF>.", 1, 2),
        ("{ a(", "Syntax Error: Expected Name, found <EOF>.", 1, 5),
        ("{ a }}", "Syntax Error: Unexpected \"}\".", 1, 6),
        ("query { a: }", "Syntax Error: Expected Name, found \"}\".", 1, 12),
        ("{ a(x: $) }", "Syntax Error: Expected Name, found \")\".", 1, 9),
        ("1.", "Syntax Error: Invalid number, expected digit but got: <EOF>.", 1, 3),
        ("{ a(x: 0x1) }", "Syntax Error: Invalid number, expected digit but got: \"x\".", 1, 9),
        ("{ a(x: 00) }", "Syntax Error: Invalid number, unexpected digit after 0: \"0\".", 1, 9),
        ("{ a(x: 1e) }", "Syntax Error: Invalid number, expected digit but got: \")\".", 1, 10),
        ("{ a(x: 1.5e+) }", "Syntax Error: Invalid number, expected digit but got: \")\".", 1, 13),
        ("{ a(x: \"abc) }", "Syntax Error: Unterminated string.", 1, 15),
        ("{ a(x: \"\\x\") }", "Syntax Error: Invalid character escape sequence: \"\\x\".", 1, 9),
        ("{ a(x: \"\\u{110000}\") }", "Syntax Error: Invalid Unicode escape sequence: \"\\u{110000}\".", 1, 9),
        ("{ a(x: \"\\uD800\") }", "Syntax Error: Invalid Unicode escape sequence: \"\\uD800\".", 1, 9),
        ("{ a(x: 'b') }", "Syntax Error: Unexpected single quote character ('), did you mean to use a double quote (\")?", 1, 8),
        ("{ a ? }", "Syntax Error: Unexpected character: \"?\".", 1, 5),
        ("fragment on on T { a }", "Syntax Error: Unexpected Name \"on\".", 1, 10),
        ("query Q($a: Int = $b) { a }", "Syntax Error: Unexpected variable \"$b\" in constant value.", 1, 19),
        ("{ ..on }", "Syntax Error: Unexpected character: \".\".", 1, 3),
        ("type T {}", "Syntax Error: Expected Name, found \"}\".", 1, 9),
        ("enum E { true }", "Syntax Error: Name \"true\" is reserved and cannot be used for an enum value.", 1, 10),
        ("directive @d on FOO", "Syntax Error: Unexpected Name \"FOO\".", 1, 17),
        ("extend type T", "Syntax Error: Unexpected <EOF>.", 1, 14),
        ("extend foo", "Syntax Error: Unexpected Name \"foo\".", 1, 8),
        ("\"desc\" extend type T { a: Int }", "Syntax Error: Unexpected description, descriptions are supported only on type definitions.", 1, 1),
        ("{ a(x: 1.5.3) }", "Syntax Error: Invalid number, expected digit but got: \".\".", 1, 11),
        ("{ a(x: -) }", "Syntax Error: Invalid number, expected digit but got: \")\".", 1, 9),
        ("{ é }", "Syntax Error: Unexpected character: U+00E9.", 1, 3),
        ("{\n  a(x: \"é\" y: $) }", "Syntax Error: Expected Name, found \")\".", 2, 16),
        ("...", "Syntax Error: Unexpected \"...\".", 1, 1),
        ("query Q { a } mutation", "Syntax Error: Expected \"{\", found <EOF>.", 1, 23),
        ("{ a(x: 12a) }", "Syntax Error: Invalid number, expected digit but got: \"a\".", 1, 10),
        ("{ a(x: [1, 2) }", "Syntax Error: Unexpected \")\".", 1, 13),
        ("{ a(x: {b 1}) }", "Syntax Error: Expected \":\", found Int \"1\".", 1, 11),
        ("schema {}", "Syntax Error: Expected Name, found \"}\".", 1, 9),
        ("{ a\u{0} }", "Syntax Error: Unexpected character: U+0000.", 1, 4),
        ("\"desc\" \"more\"", "Syntax Error: Unexpected String \"more\".", 1, 8),
        ("\"\"\"d\"\"\" \"\"\"  e \"\"\"", "Syntax Error: Unexpected BlockString \"  e \".", 1, 9),
        ("{ a(x: 1 \"b\\u0041\") }", "Syntax Error: Expected Name, found String \"bA\".", 1, 10),
    ]

    @Test(arguments: cases.indices)
    func matchesTheReference(index: Int) {
        let expected = Self.cases[index]
        do {
            _ = try parse(expected.source)
            Issue.record("\(expected.source) parsed")
        } catch {
            #expect(error.message == expected.message, "\(expected.source)")
            #expect(error.locations == [SourceLocation(line: expected.line, column: expected.column)], "\(expected.source)")
            #expect(error.code == "GRAPHQL_PARSE_FAILED")
        }
    }
}
