/// Turns UTF-8 bytes into tokens (spec 2.1), one at a time, as graphql-js 16 does: the same token
/// boundaries, the same values, the same error messages.
///
/// Works on the bytes in place: tokens are plain ranges, and only string values with escapes or
/// block strings are processed into new storage. Lines and columns are tracked incrementally so
/// that locating every token stays linear.
struct Lexer {
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var token: Token
    /// The processed value of the current token when it is a string with escapes or a block string.
    private var processedString: String?
    private var position = 0
    private var line: Int32 = 1
    private var lineStart = 0
    // A cursor on the current line that turns byte offsets into UTF-16 columns without rescanning.
    private var columnCursorByte = 0
    private var columnCursorColumn: Int32 = 1
    /// In ASCII text (nearly every document) a column is a byte offset; no cursor is needed.
    private let isASCII: Bool

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        self.token = Token(kind: .startOfFile, start: 0, end: 0, line: 0, column: 0)
        isASCII = bytes.reduce(0, |) < 0x80
    }

    /// Moves to the next significant token.
    mutating func advance() throws(GraphQLError) {
        processedString = nil
        token = try readNextToken()
    }

    /// The token's text: a name's or number's characters, a string's value.
    func text(of token: Token) -> String {
        switch token.kind {
        case .name, .int, .float:
            return text(Int(token.start), Int(token.end))
        case .string, .blockString:
            if token.start == self.token.start, let processedString { return processedString }
            if token.kind == .string, token.start == self.token.start { return text(Int(token.start) + 1, Int(token.end) - 1) }
            // An earlier string token: lex it again (only error messages get here).
            var relexer = Lexer(bytes: bytes)
            relexer.position = Int(token.start)
            guard (try? relexer.advance()) != nil else { return "" }
            return relexer.text(of: relexer.token)
        default:
            return ""
        }
    }

    /// Whether the token is the name `keyword`, compared on the bytes.
    func isName(_ token: Token, _ keyword: StaticString) -> Bool {
        guard token.kind == .name, Int(token.end - token.start) == keyword.utf8CodeUnitCount else { return false }
        let start = Int(token.start)
        let keywordBytes = keyword.utf8Start
        for offset in 0..<keyword.utf8CodeUnitCount where bytes[start + offset] != keywordBytes[offset] { return false }
        return true
    }

    /// graphql-js's `getTokenDesc`: `Name "foo"`, `"{"`, `<EOF>`.
    func describe(_ token: Token) -> String {
        switch token.kind {
        case .name, .int, .float, .string, .blockString: "\(token.kind.text) \"\(text(of: token))\""
        default: token.kind.description
        }
    }

    /// The token after the current one, without consuming it.
    func lookahead() throws(GraphQLError) -> Token {
        var copy = self
        try copy.advance()
        return copy.token
    }

    // MARK: - Tokens

    private mutating func readNextToken() throws(GraphQLError) -> Token {
        let count = bytes.count
        while position < count {
            let byte = bytes[position]
            switch byte {
            case 0x09, 0x20, 0x2C:  // tab, space, comma
                position += 1
                continue
            case 0xEF where position + 2 < count && bytes[position + 1] == 0xBB && bytes[position + 2] == 0xBF:
                position += 3  // byte order mark
                continue
            case 0x0A:
                position += 1
                newLine()
                continue
            case 0x0D:
                position += position + 1 < count && bytes[position + 1] == 0x0A ? 2 : 1
                newLine()
                continue
            case 0x23:  // # comment
                position += 1
                while position < count, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
                continue
            case 0x21: return punctuator(.bang)
            case 0x24: return punctuator(.dollar)
            case 0x26: return punctuator(.ampersand)
            case 0x28: return punctuator(.parenLeft)
            case 0x29: return punctuator(.parenRight)
            case 0x2E:
                if position + 2 < count, bytes[position + 1] == 0x2E, bytes[position + 2] == 0x2E {
                    return punctuator(.spread, length: 3)
                }
            case 0x3A: return punctuator(.colon)
            case 0x3D: return punctuator(.equals)
            case 0x40: return punctuator(.at)
            case 0x5B: return punctuator(.bracketLeft)
            case 0x5D: return punctuator(.bracketRight)
            case 0x7B: return punctuator(.braceLeft)
            case 0x7C: return punctuator(.pipe)
            case 0x7D: return punctuator(.braceRight)
            case 0x22:
                if position + 2 < count, bytes[position + 1] == 0x22, bytes[position + 2] == 0x22 {
                    return try readBlockString()
                }
                return try readString()
            default:
                break
            }
            if Self.isDigit(byte) || byte == 0x2D { return try readNumber() }
            if Self.isNameStart(byte) { return readName() }
            throw syntaxError(
                at: position,
                byte == 0x27
                    ? "Unexpected single quote character ('), did you mean to use a double quote (\")?"
                    : "Unexpected character: \(describeCharacter(at: position)).")
        }
        return makeToken(.endOfFile, start: count, end: count)
    }

    private mutating func newLine() {
        line += 1
        lineStart = position
        columnCursorByte = position
        columnCursorColumn = 1
    }

    private mutating func punctuator(_ kind: Token.Kind, length: Int = 1) -> Token {
        let start = position
        position += length
        return makeToken(kind, start: start, end: position)
    }

    private mutating func makeToken(_ kind: Token.Kind, start: Int, end: Int) -> Token {
        Token(kind: kind, start: Int32(start), end: Int32(end), line: line, column: column(of: start))
    }

    /// The UTF-16 column of a byte on the current line.
    private mutating func column(of byte: Int) -> Int32 {
        if isASCII { return Int32(truncatingIfNeeded: byte - lineStart + 1) }
        if byte < columnCursorByte || columnCursorByte < lineStart {
            columnCursorByte = lineStart
            columnCursorColumn = 1
        }
        var index = columnCursorByte
        var column = columnCursorColumn
        while index < byte {
            let lead = bytes[index]
            if lead & 0xC0 != 0x80 { column += lead >= 0xF0 ? 2 : 1 }
            index += 1
        }
        columnCursorByte = byte
        columnCursorColumn = column
        return column
    }

    private mutating func readName() -> Token {
        let start = position
        position += 1
        while position < bytes.count, Self.isNameContinue(bytes[position]) { position += 1 }
        return makeToken(.name, start: start, end: position)
    }

    private mutating func readNumber() throws(GraphQLError) -> Token {
        let start = position
        var isFloat = false
        if byte(at: position) == 0x2D { position += 1 }
        if byte(at: position) == 0x30 {
            position += 1
            if let next = byte(at: position), Self.isDigit(next) {
                throw syntaxError(at: position, "Invalid number, unexpected digit after 0: \(describeCharacter(at: position)).")
            }
        } else {
            try readDigits()
        }
        if byte(at: position) == 0x2E {
            isFloat = true
            position += 1
            try readDigits()
        }
        if let next = byte(at: position), next == 0x45 || next == 0x65 {
            isFloat = true
            position += 1
            if let sign = byte(at: position), sign == 0x2B || sign == 0x2D { position += 1 }
            try readDigits()
        }
        if let next = byte(at: position), next == 0x2E || Self.isNameStart(next) {
            throw syntaxError(at: position, "Invalid number, expected digit but got: \(describeCharacter(at: position)).")
        }
        return makeToken(isFloat ? .float : .int, start: start, end: position)
    }

    private mutating func readDigits() throws(GraphQLError) {
        guard let first = byte(at: position), Self.isDigit(first) else {
            throw syntaxError(at: position, "Invalid number, expected digit but got: \(describeCharacter(at: position)).")
        }
        position += 1
        while let next = byte(at: position), Self.isDigit(next) { position += 1 }
    }

    private mutating func readString() throws(GraphQLError) -> Token {
        let start = position
        position += 1
        var chunkStart = position
        var value: [UInt8] = []
        var hasEscapes = false
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x22 {
                if hasEscapes {
                    value.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<position]))
                    processedString = String(decoding: value, as: UTF8.self)
                }
                position += 1
                return makeToken(.string, start: start, end: position)
            }
            if byte == 0x5C {
                hasEscapes = true
                value.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<position]))
                try readEscape(into: &value)
                chunkStart = position
                continue
            }
            if byte == 0x0A || byte == 0x0D { break }
            position += 1
        }
        throw syntaxError(at: position, "Unterminated string.")
    }

    /// Reads the escape sequence at `position` (a backslash) and appends its UTF-8.
    private mutating func readEscape(into value: inout [UInt8]) throws(GraphQLError) {
        let start = position
        switch byte(at: position + 1) {
        case 0x22: value.append(0x22)
        case 0x5C: value.append(0x5C)
        case 0x2F: value.append(0x2F)
        case 0x62: value.append(0x08)
        case 0x66: value.append(0x0C)
        case 0x6E: value.append(0x0A)
        case 0x72: value.append(0x0D)
        case 0x74: value.append(0x09)
        case 0x75:
            if byte(at: position + 2) == 0x7B {
                // \u{…}: up to 8 hex digits (size 12 including the braces) naming a scalar value.
                var point: UInt64 = 0
                var size = 3
                while size < 12 {
                    guard let next = byte(at: position + size) else { break }
                    size += 1
                    if next == 0x7D {
                        guard size >= 5, point <= 0x10FFFF, let scalar = Unicode.Scalar(UInt32(point)) else { break }
                        append(scalar, to: &value)
                        position += size
                        return
                    }
                    guard let digit = Self.hexValue(next) else { break }
                    point = (point << 4) | UInt64(digit)
                }
                throw syntaxError(at: start, "Invalid Unicode escape sequence: \"\(text(start, min(start + size, bytes.count)))\".")
            }
            let code = readFourHexDigits(at: position + 2)
            if let code, let scalar = Unicode.Scalar(code) {
                append(scalar, to: &value)
                position += 6
                return
            }
            if let code, (0xD800...0xDBFF).contains(code), byte(at: position + 6) == 0x5C,
                byte(at: position + 7) == 0x75, let trailing = readFourHexDigits(at: position + 8),
                (0xDC00...0xDFFF).contains(trailing),
                let scalar = Unicode.Scalar(0x10000 + ((code - 0xD800) << 10) + (trailing - 0xDC00))
            {
                append(scalar, to: &value)
                position += 12
                return
            }
            throw syntaxError(at: start, "Invalid Unicode escape sequence: \"\(text(start, min(start + 6, bytes.count)))\".")
        default:
            throw syntaxError(at: start, "Invalid character escape sequence: \"\(text(start, min(start + 2, bytes.count)))\".")
        }
        position += 2
    }

    private func readFourHexDigits(at index: Int) -> UInt32? {
        var code: UInt32 = 0
        for offset in 0..<4 {
            guard let byte = byte(at: index + offset), let digit = Self.hexValue(byte) else { return nil }
            code = (code << 4) | UInt32(digit)
        }
        return code
    }

    private func append(_ scalar: Unicode.Scalar, to value: inout [UInt8]) {
        UTF8.encode(scalar) { value.append($0) }
    }

    private mutating func readBlockString() throws(GraphQLError) -> Token {
        let start = position
        let startLine = line
        let startColumn = column(of: start)
        position += 3
        var chunkStart = position
        var currentLine: [UInt8] = []
        var lines: [[UInt8]] = []
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x22, self.byte(at: position + 1) == 0x22, self.byte(at: position + 2) == 0x22 {
                currentLine.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<position]))
                lines.append(currentLine)
                position += 3
                processedString = BlockString.dedentedValue(of: lines)
                return Token(
                    kind: .blockString, start: Int32(start), end: Int32(position), line: startLine, column: startColumn)
            }
            if byte == 0x5C, self.byte(at: position + 1) == 0x22, self.byte(at: position + 2) == 0x22,
                self.byte(at: position + 3) == 0x22
            {
                currentLine.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<position]))
                chunkStart = position + 1
                position += 4
                continue
            }
            if byte == 0x0A || byte == 0x0D {
                currentLine.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<position]))
                lines.append(currentLine)
                currentLine = []
                position += byte == 0x0D && self.byte(at: position + 1) == 0x0A ? 2 : 1
                newLine()
                chunkStart = position
                continue
            }
            position += 1
        }
        throw syntaxError(at: position, "Unterminated string.")
    }

    // MARK: - Helpers

    private func byte(at index: Int) -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private func text(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// graphql-js's `printCodePointAt`: `"a"`, `'"'`, `U+00E9` or `<EOF>`.
    private func describeCharacter(at index: Int) -> String {
        guard index < bytes.count else { return "<EOF>" }
        let byte = bytes[index]
        if byte >= 0x20, byte <= 0x7E { return byte == 0x22 ? "'\"'" : "\"\(Character(Unicode.Scalar(byte)))\"" }
        var scalars = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<min(index + 4, bytes.count)]), as: UTF8.self)
            .unicodeScalars.makeIterator()
        let value = scalars.next()?.value ?? UInt32(byte)
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    func syntaxError(at index: Int, _ description: String) -> GraphQLError {
        SourceText.syntaxError(in: bytes, at: index, description)
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }

    static func isNameContinue(_ byte: UInt8) -> Bool { isNameStart(byte) || isDigit(byte) }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}

/// Positions in a source for errors: found by a scan from the start, which errors can afford.
enum SourceText {
    static func location(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> SourceLocation {
        var line = 1
        var column = 1
        var position = 0
        let end = min(index, bytes.count)
        while position < end {
            let byte = bytes[position]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte == 0x0D {
                if position + 1 < end, bytes[position + 1] == 0x0A { position += 1 }
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += byte >= 0xF0 ? 2 : 1
            }
            position += 1
        }
        return SourceLocation(line: line, column: column)
    }

    static func syntaxError(in bytes: UnsafeBufferPointer<UInt8>, at index: Int, _ description: String) -> GraphQLError {
        GraphQLError(
            "Syntax Error: \(description)", locations: [location(in: bytes, at: index)],
            extensions: GraphQLObject([("code", .string("GRAPHQL_PARSE_FAILED"))]))
    }
}
