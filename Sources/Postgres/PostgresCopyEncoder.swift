/// Encodes rows in COPY's text format: tab-separated, `\N` for NULL, backslash escapes.
enum PostgresCopyEncoder {
    static func append(_ row: [String?], to buffer: inout [UInt8]) {
        for (index, value) in row.enumerated() {
            if index > 0 { buffer.append(UInt8(ascii: "\t")) }
            guard let value else {
                buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "N")])
                continue
            }
            for byte in value.utf8 {
                switch byte {
                case UInt8(ascii: "\\"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
                case UInt8(ascii: "\t"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
                case UInt8(ascii: "\n"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                case UInt8(ascii: "\r"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
                default: buffer.append(byte)
                }
            }
        }
        buffer.append(UInt8(ascii: "\n"))
    }
}
