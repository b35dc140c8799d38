/// Base64url (RFC 4648 §5) without padding, for opaque IDs and cursors that travel in URLs.
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    private static let decodeTable: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        return table
    }()

    static func encode<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let count = (bytes.count * 4 + 2) / 3
        // Written straight into the string's storage: one allocation, none up to 15 characters.
        return String(unsafeUninitializedCapacity: count) { output in
            var written = 0
            var iterator = bytes.makeIterator()
            while let first = iterator.next() {
                let second = iterator.next()
                let third = iterator.next()
                let chunk = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
                output[written] = alphabet[Int(chunk >> 18 & 0x3F)]
                output[written + 1] = alphabet[Int(chunk >> 12 & 0x3F)]
                written += 2
                if second != nil {
                    output[written] = alphabet[Int(chunk >> 6 & 0x3F)]
                    written += 1
                }
                if third != nil {
                    output[written] = alphabet[Int(chunk & 0x3F)]
                    written += 1
                }
            }
            return written
        }
    }

    /// Nil for anything that is not canonical unpadded base64url.
    static func decode(_ text: String) -> [UInt8]? {
        let input = Array(text.utf8)
        if input.count % 4 == 1 { return nil }
        var output = [UInt8]()
        output.reserveCapacity(input.count * 3 / 4)
        var index = 0
        while index < input.count {
            let end = min(index + 4, input.count)
            var chunk: UInt32 = 0
            for position in index..<end {
                let value = decodeTable[Int(input[position])]
                if value == 0xFF { return nil }
                chunk |= UInt32(value) << (18 - 6 * UInt32(position - index))
            }
            let length = end - index
            output.append(UInt8(chunk >> 16 & 0xFF))
            if length > 2 { output.append(UInt8(chunk >> 8 & 0xFF)) }
            if length > 3 { output.append(UInt8(chunk & 0xFF)) }
            // Reject non-canonical encodings whose unused low bits are set.
            if length == 2, chunk & 0xFFFF != 0 { return nil }
            if length == 3, chunk & 0xFF != 0 { return nil }
            index = end
        }
        return output
    }
}
