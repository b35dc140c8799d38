/// PostgreSQL's text forms of arrays (`{1,2,"a b",NULL}`) and of bytea (`\x0a1b`).
enum PostgresArrayLiteral {
    /// The elements of a one-dimensional array literal; nil elements are SQL NULLs.
    static func elements(_ bytes: UnsafeBufferPointer<UInt8>) throws -> [[UInt8]?] {
        guard bytes.count >= 2, bytes.first == UInt8(ascii: "{"), bytes.last == UInt8(ascii: "}") else {
            throw PostgresError(.decoding, "\"\(String(decoding: bytes, as: UTF8.self))\" is not an array literal.")
        }
        var elements: [[UInt8]?] = []
        var index = 1
        let end = bytes.count - 1
        if index == end { return [] }
        while index <= end {
            var element: [UInt8] = []
            var quoted = false
            if bytes[index] == UInt8(ascii: "\"") {
                quoted = true
                index += 1
                while index < end, bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\") { index += 1 }
                    guard index < end else { break }
                    element.append(bytes[index])
                    index += 1
                }
                index += 1  // closing quote
            } else {
                while index < end, bytes[index] != UInt8(ascii: ",") {
                    guard bytes[index] != UInt8(ascii: "{") else {
                        throw PostgresError(.decoding, "Multi-dimensional arrays are not supported.")
                    }
                    element.append(bytes[index])
                    index += 1
                }
            }
            let isNull = !quoted && element == Array("NULL".utf8)
            elements.append(isNull ? nil : element)
            index += 1  // the comma, or past the end
        }
        return elements
    }

    static func decodeBytea(_ bytes: UnsafeBufferPointer<UInt8>) throws -> [UInt8] {
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "\\"), bytes[1] == UInt8(ascii: "x"), bytes.count % 2 == 0 else {
            throw PostgresError(.decoding, "A bytea value is not in hex format.")
        }
        var output = [UInt8]()
        output.reserveCapacity((bytes.count - 2) / 2)
        var index = 2
        while index < bytes.count {
            guard let high = hexValue(bytes[index]), let low = hexValue(bytes[index + 1]) else {
                throw PostgresError(.decoding, "A bytea value has a non-hex digit.")
            }
            output.append(high << 4 | low)
            index += 2
        }
        return output
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
