import Foundation

/// A mailbox: an address and an optional display name (`FoodGraph <no-reply@example.com>`).
public struct MailAddress: Sendable, Equatable, CustomStringConvertible {
    public let address: String
    public let displayName: String?

    /// Reads `address@domain` or `Display Name <address@domain>`; nil when it is not one address
    /// (no `@`, spaces or line breaks in the address, several addresses).
    public init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasSuffix(">"), let open = trimmed.lastIndex(of: "<") {
            var name = trimmed[..<open].trimmingCharacters(in: .whitespaces)
            if name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") { name = String(name.dropFirst().dropLast()) }
            let address = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
            self.init(address: address, displayName: name.isEmpty ? nil : name)
        } else {
            self.init(address: trimmed, displayName: nil)
        }
    }

    public init?(address: String, displayName: String? = nil) {
        guard Self.isValid(address), displayName?.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) != true
        else { return nil }
        self.address = address
        self.displayName = displayName
    }

    /// One `local@domain`, at most 254 bytes, with no whitespace, control characters, angle
    /// brackets or commas: what can go into `MAIL FROM:<…>`, `RCPT TO:<…>` and a header unquoted.
    static func isValid(_ address: String) -> Bool {
        guard address.utf8.count <= 254, let at = address.lastIndex(of: "@") else { return false }
        let local = address[..<at]
        let domain = address[address.index(after: at)...]
        guard !local.isEmpty, !domain.isEmpty, !domain.contains("@") else { return false }
        return !address.unicodeScalars.contains {
            $0.properties.isWhitespace || $0.properties.generalCategory == .control || "<>,;\"\\()[]".unicodeScalars.contains($0)
        }
    }

    var domain: Substring { address[address.index(after: address.lastIndex(of: "@")!)...] }
    var isASCII: Bool { address.utf8.allSatisfy { $0 < 0x80 } }

    /// The mailbox as a header writes it: the display name as an atom phrase, a quoted string, or
    /// RFC 2047 encoded words when it is not ASCII.
    var headerValue: String {
        guard let displayName, !displayName.isEmpty else { return address }
        return "\(MailHeader.phrase(displayName)) <\(address)>"
    }

    public var description: String { headerValue }

    /// The address with most of its local part hidden, for logs: `ma***@example.com`.
    public static func redacted(_ address: String) -> String {
        guard let at = address.lastIndex(of: "@") else { return "***" }
        let local = address[..<at]
        let kept = local.count >= 6 ? 2 : (local.count >= 3 ? 1 : 0)
        return "\(local.prefix(kept))***\(address[at...])"
    }
}

/// Header field values as RFC 5322 and RFC 2047 want them.
enum MailHeader {
    /// Characters an atom may hold (RFC 5322 3.2.3), besides letters and digits.
    private static let atomSpecials = Set("!#$%&'*+-/=?^_`{|}~ ".unicodeScalars)

    /// A display name: as is when it is made of atoms, a quoted string when it has other printable
    /// ASCII, encoded words when it has anything else.
    static func phrase(_ text: String) -> String {
        if text.unicodeScalars.allSatisfy({ ($0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil)) || atomSpecials.contains($0) }),
            !text.hasPrefix(" "), !text.hasSuffix(" ")
        {
            return text
        }
        if text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) {
            return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        return encodedWords(text)
    }

    /// An unstructured value (a subject): as is when it is short printable ASCII, otherwise RFC 2047
    /// encoded words, which also keep any line break in the text from reaching the header.
    static func unstructured(_ text: String) -> String {
        if text.utf8.count <= 70, text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) { return text }
        return encodedWords(text)
    }

    /// `=?UTF-8?B?…?=` words of at most 39 bytes of text each (so a word with its header name or
    /// folding space stays within 76 characters), split only between characters, folded with CRLF
    /// and a space.
    static func encodedWords(_ text: String) -> String {
        var words: [String] = []
        var chunk: [UInt8] = []
        for character in text {
            let bytes = Array(String(character).utf8)
            if chunk.count + bytes.count > 39, !chunk.isEmpty {
                words.append(encodedWord(chunk))
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty || words.isEmpty { words.append(encodedWord(chunk)) }
        return words.joined(separator: "\r\n ")
    }

    private static func encodedWord(_ bytes: [UInt8]) -> String { "=?UTF-8?B?\(Data(bytes).base64EncodedString())?=" }

    /// RFC 5322 date-time in UTC: `Tue, 24 Nov 2026 16:26:00 +0000`.
    static func date(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.weekday, .day, .month, .year, .hour, .minute, .second], from: date)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
        return "\(days[(parts.weekday ?? 1) - 1]), \(two(parts.day)) \(months[(parts.month ?? 1) - 1]) \(parts.year ?? 1970) "
            + "\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second)) +0000"
    }
}

/// One outgoing email rendered as an RFC 5322 message: plain UTF-8 text, 7bit when it is short-lined
/// ASCII and quoted-printable otherwise, so the message is 7-bit clean for any SMTP server.
struct MailMessage: Equatable {
    var from: MailAddress
    var to: MailAddress
    var subject: String
    var body: String
    var date: Date
    /// Without angle brackets; stable for one outbox row, so a receiver can tell a redelivery.
    var messageID: String

    /// The message with CRLF line ends, ending in CRLF; not yet dot-stuffed.
    var rendered: String {
        let (encoding, text) = Self.bodyText(body)
        let headers = [
            "Date: \(MailHeader.date(date))",
            "From: \(from.headerValue)",
            "To: \(to.headerValue)",
            "Subject: \(MailHeader.unstructured(subject))",
            "Message-ID: <\(messageID)>",
            "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: \(encoding)",
            "Auto-Submitted: auto-generated",
        ]
        return headers.joined(separator: "\r\n") + "\r\n\r\n" + text + (text.hasSuffix("\r\n") ? "" : "\r\n")
    }

    /// The body with CRLF line ends and the transfer encoding it needs.
    static func bodyText(_ body: String) -> (encoding: String, text: String) {
        let lines = body.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false)
        if lines.allSatisfy({ line in line.utf8.count <= 998 && line.utf8.allSatisfy { $0 < 0x80 && ($0 >= 0x20 || $0 == 0x09) } }) {
            return ("7bit", lines.joined(separator: "\r\n"))
        }
        return ("quoted-printable", lines.map { quotedPrintable(Array($0.utf8)) }.joined(separator: "\r\n"))
    }

    /// RFC 2045 6.7 for one line of text: lines of at most 76 characters joined by soft breaks.
    static func quotedPrintable(_ bytes: [UInt8]) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var output: [UInt8] = []
        var lineLength = 0
        for (index, byte) in bytes.enumerated() {
            let isLast = index == bytes.count - 1
            var piece: [UInt8]
            if (byte >= 33 && byte <= 126 && byte != UInt8(ascii: "=")) || ((byte == 0x20 || byte == 0x09) && !isLast) {
                piece = [byte]
            } else {
                piece = [UInt8(ascii: "="), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
            // Room for a soft break ("=") unless this is the line's last piece.
            let limit = isLast ? 76 : 75
            if lineLength + piece.count > limit {
                output += Array("=\r\n".utf8)
                lineLength = 0
            }
            output += piece
            lineLength += piece.count
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The DATA payload: every line starting with "." gets another (RFC 5321 4.5.2).
    static func dotStuffed(_ message: String) -> String {
        var lines = message.components(separatedBy: "\r\n")
        for index in lines.indices where lines[index].hasPrefix(".") { lines[index] = "." + lines[index] }
        return lines.joined(separator: "\r\n")
    }
}
