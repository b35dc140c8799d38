/// One lexical token (spec 2.1): its kind and where it sits. Plain data, so the parser copies tokens
/// freely; their text is read from the source (`Lexer.text(of:)`) only where a node needs it.
struct Token {
    enum Kind: UInt8 {
        case startOfFile, endOfFile
        case bang, dollar, ampersand, parenLeft, parenRight, spread, colon, equals, at
        case bracketLeft, bracketRight, braceLeft, pipe, braceRight
        case name, int, float, string, blockString

        /// graphql-js's description, used in syntax errors: `"{"`, `Name`, `<EOF>`.
        var text: String {
            switch self {
            case .startOfFile: "<SOF>"
            case .endOfFile: "<EOF>"
            case .bang: "!"
            case .dollar: "$"
            case .ampersand: "&"
            case .parenLeft: "("
            case .parenRight: ")"
            case .spread: "..."
            case .colon: ":"
            case .equals: "="
            case .at: "@"
            case .bracketLeft: "["
            case .bracketRight: "]"
            case .braceLeft: "{"
            case .pipe: "|"
            case .braceRight: "}"
            case .name: "Name"
            case .int: "Int"
            case .float: "Float"
            case .string: "String"
            case .blockString: "BlockString"
            }
        }

        var isPunctuator: Bool {
            switch self {
            case .bang, .dollar, .ampersand, .parenLeft, .parenRight, .spread, .colon, .equals, .at,
                .bracketLeft, .bracketRight, .braceLeft, .pipe, .braceRight:
                true
            default: false
            }
        }

        var description: String { isPunctuator ? "\"\(text)\"" : text }
    }

    var kind: Kind
    var start: Int32
    var end: Int32
    var line: Int32
    var column: Int32
}
