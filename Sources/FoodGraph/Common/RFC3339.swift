import Foundation

/// RFC 3339 date-times (the schema's `DateTime`): parsing any offset, formatting in UTC.
public enum RFC3339 {
    /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`; `t`, `z` and a space separator are accepted
    /// as RFC 3339 allows. Leap seconds are refused.
    public static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.count <= 40,
            let date = LocalDate(iso8601: String(decoding: bytes[0..<10], as: UTF8.self)),
            [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(bytes[10]),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let hour = number(bytes[11..<13]), let minute = number(bytes[14..<16]),
            let second = number(bytes[17..<19]), hour < 24, minute < 60, second < 60
        else { return nil }

        var index = 19
        var fraction = 0.0
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, let digit = digitValue(bytes[index]) {
                fraction += Double(digit) * scale
                scale /= 10
                index += 1
            }
            guard index > start, index - start <= 9 else { return nil }
        }
        guard index < bytes.count else { return nil }

        var offsetSeconds = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == bytes.count else { return nil }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard index + 6 == bytes.count, bytes[index + 3] == UInt8(ascii: ":"),
                let offsetHours = number(bytes[(index + 1)..<(index + 3)]),
                let offsetMinutes = number(bytes[(index + 4)..<(index + 6)]),
                offsetHours < 24, offsetMinutes < 60
            else { return nil }
            offsetSeconds = (offsetHours * 3600 + offsetMinutes * 60) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
        default:
            return nil
        }
        let seconds = date.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// `2026-11-22T08:30:00Z`, with microseconds only when the instant has them.
    public static func format(_ instant: Date) -> String {
        let interval = instant.timeIntervalSince1970
        var wholeSeconds = Int(floor(interval))
        var micros = Int(((interval - Double(wholeSeconds)) * 1_000_000).rounded())
        if micros == 1_000_000 {
            wholeSeconds += 1
            micros = 0
        }
        let days = Int(floor(Double(wholeSeconds) / 86_400))
        let secondOfDay = wholeSeconds - days * 86_400
        let date = LocalDate(daysSinceEpoch: days)
        var text = "\(date)T" + String(
            format: "%02d:%02d:%02d", secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60)
        if micros != 0 {
            var fraction = String(format: "%06d", micros)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        return text + "Z"
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in digits {
            guard let digit = digitValue(byte) else { return nil }
            value = value * 10 + digit
        }
        return value
    }
}
