/// Block strings (spec 2.9.5): the indentation rules for reading them and the layout for printing.
enum BlockString {
    /// The value of a block string from its raw lines: common indentation removed from every line
    /// but the first, and blank leading and trailing lines dropped.
    static func dedentedValue(of lines: [[UInt8]]) -> String {
        var commonIndent = Int.max
        var firstNonEmpty: Int?
        var lastNonEmpty = -1
        for (index, line) in lines.enumerated() {
            var indent = 0
            while indent < line.count, line[indent] == 0x20 || line[indent] == 0x09 { indent += 1 }
            if indent == line.count { continue }
            if firstNonEmpty == nil { firstNonEmpty = index }
            lastNonEmpty = index
            if index != 0, indent < commonIndent { commonIndent = indent }
        }
        guard let first = firstNonEmpty else { return "" }
        var result: [UInt8] = []
        for index in first...lastNonEmpty {
            if index != first { result.append(0x0A) }
            let line = lines[index]
            if index == 0 {
                result.append(contentsOf: line)
            } else {
                result.append(contentsOf: line.dropFirst(min(commonIndent, line.count)))
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// graphql-js's `printBlockString`.
    static func print(_ value: String) -> String {
        let escaped = value.replacing("\"\"\"", with: "\\\"\"\"")
        let lines = value.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
        let isSingleLine = lines.count == 1
        let forceLeadingNewLine =
            lines.count > 1
            && lines.dropFirst().allSatisfy { line in line.isEmpty || line.first == " " || line.first == "\t" }
        let hasTrailingTripleQuotes = escaped.hasSuffix("\\\"\"\"")
        let hasTrailingQuote = value.hasSuffix("\"") && !hasTrailingTripleQuotes
        let hasTrailingSlash = value.hasSuffix("\\")
        let forceTrailingNewline = hasTrailingQuote || hasTrailingSlash
        let printAsMultipleLines =
            !isSingleLine || value.utf16.count > 70 || forceTrailingNewline || forceLeadingNewLine
            || hasTrailingTripleQuotes
        var result = ""
        let skipLeadingNewLine = isSingleLine && (value.first == " " || value.first == "\t")
        if (printAsMultipleLines && !skipLeadingNewLine) || forceLeadingNewLine { result += "\n" }
        result += escaped
        if printAsMultipleLines || forceTrailingNewline { result += "\n" }
        return "\"\"\"" + result + "\"\"\""
    }
}
