import Foundation

/// Base64 for uploads (RFC 4648): the standard alphabet (§4) or the URL-safe one (§5), not mixed,
/// padding optional, and optionally behind a `data:<media type>;base64,` prefix (what a browser's
/// `FileReader.readAsDataURL` gives).
enum Base64 {
    static func isWellFormed(_ text: String) -> Bool { body(of: text).map(isWellFormedBody) ?? false }

    /// The media type a `data:` prefix names (`image/jpeg`), if there is one.
    static func declaredMediaType(of text: String) -> String? {
        guard text.utf8.starts(with: "data:".utf8), let comma = text.utf8.firstIndex(of: UInt8(ascii: ",")) else { return nil }
        let header = text[text.index(text.startIndex, offsetBy: 5)..<comma]
        let type = header.split(separator: ";").first.map(String.init) ?? ""
        return type.isEmpty ? nil : type.lowercased()
    }

    /// The text after a `data:…;base64,` prefix (the whole text without one); nil for a `data:`
    /// prefix that does not say base64.
    private static func body(of text: String) -> Substring? {
        guard text.utf8.starts(with: "data:".utf8) else { return Substring(text) }
        guard let comma = text.firstIndex(of: ","), text[..<comma].hasSuffix(";base64") else { return nil }
        return text[text.index(after: comma)...]
    }

    private static func isWellFormedBody(_ text: Substring) -> Bool {
        var count = 0
        var padding = 0
        var standard = false
        var urlSafe = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                if padding > 0 { return false }
            case UInt8(ascii: "+"), UInt8(ascii: "/"):
                if padding > 0 { return false }
                standard = true
            case UInt8(ascii: "-"), UInt8(ascii: "_"):
                if padding > 0 { return false }
                urlSafe = true
            case UInt8(ascii: "="):
                padding += 1
                if padding > 2 { return false }
            default:
                return false
            }
            count += 1
        }
        if standard && urlSafe { return false }
        if padding > 0 { return count % 4 == 0 }
        return count % 4 != 1
    }

    static func decode(_ text: String) -> [UInt8]? {
        guard let body = body(of: text), isWellFormedBody(body) else { return nil }
        var padded = String(body)
        if padded.utf8.contains(UInt8(ascii: "-")) || padded.utf8.contains(UInt8(ascii: "_")) {
            padded = padded.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        }
        let remainder = padded.utf8.count % 4
        if remainder != 0 { padded += String(repeating: "=", count: 4 - remainder) }
        return Data(base64Encoded: padded).map { [UInt8]($0) }
    }

    static func encode(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }
}
