import Foundation

/// Standard base64 (RFC 4648 §4) for uploads; padding is optional on input.
enum Base64 {
    static func isWellFormed(_ text: String) -> Bool {
        var count = 0
        var padding = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"):
                if padding > 0 { return false }
            case UInt8(ascii: "="):
                padding += 1
                if padding > 2 { return false }
            default:
                return false
            }
            count += 1
        }
        if padding > 0 { return count % 4 == 0 }
        return count % 4 != 1
    }

    static func decode(_ text: String) -> [UInt8]? {
        guard isWellFormed(text) else { return nil }
        var padded = text
        let remainder = padded.utf8.count % 4
        if remainder != 0 { padded += String(repeating: "=", count: 4 - remainder) }
        return Data(base64Encoded: padded).map { [UInt8]($0) }
    }

    static func encode(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }
}
