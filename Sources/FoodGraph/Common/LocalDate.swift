import Foundation

/// A calendar date without a time zone (the schema's `Date`), e.g. a diary day.
///
/// Stored as days since 1970-01-01 in the proleptic Gregorian calendar, so arithmetic and
/// comparison are integer operations.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let daysSinceEpoch: Int

    public init(daysSinceEpoch: Int) {
        self.daysSinceEpoch = daysSinceEpoch
    }

    /// Nil when the components do not name a real date (e.g. February 30) or the year is outside 1–9999.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...LocalDate.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        daysSinceEpoch = LocalDate.days(year: year, month: month, day: day)
    }

    /// Parses exactly `YYYY-MM-DD`.
    public init?(iso8601 text: String) {
        // Read in place: every diary row's date comes through here.
        var text = text
        guard let (year, month, day) = text.withUTF8({ bytes -> (Int, Int, Int)? in
            guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
                let year = LocalDate.number(bytes[0..<4]), let month = LocalDate.number(bytes[5..<7]),
                let day = LocalDate.number(bytes[8..<10])
            else { return nil }
            return (year, month, day)
        }) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The date of an instant in a time zone.
    public init(_ instant: Date, in timeZone: TimeZone) {
        let seconds = Int(floor(instant.timeIntervalSince1970)) + timeZone.secondsFromGMT(for: instant)
        daysSinceEpoch = Int(floor(Double(seconds) / 86_400))
    }

    public var components: (year: Int, month: Int, day: Int) {
        // Civil-from-days (H. Hinnant's algorithm), exact for the whole Gregorian range.
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    public var year: Int { components.year }
    public var month: Int { components.month }
    public var day: Int { components.day }

    /// ISO weekday: 1 = Monday … 7 = Sunday.
    public var isoWeekday: Int {
        let weekday = (daysSinceEpoch + 3) % 7  // 1970-01-01 was a Thursday.
        return (weekday < 0 ? weekday + 7 : weekday) + 1
    }

    public func adding(days: Int) -> LocalDate { LocalDate(daysSinceEpoch: daysSinceEpoch + days) }

    public func days(until other: LocalDate) -> Int { other.daysSinceEpoch - daysSinceEpoch }

    public var description: String {
        let (year, month, day) = components
        guard (0...9999).contains(year) else { return String(format: "%04d-%02d-%02d", year, month, day) }
        // Digit by digit: `String(format:)` goes through Foundation's formatter, which was 3 % of a
        // diary day's CPU (every entry's date, the day's date and the statements' parameters).
        return String(unsafeUninitializedCapacity: 10) { text in
            func put(_ value: Int, digits: Int, at start: Int) {
                var rest = value
                for offset in (start..<start + digits).reversed() {
                    text[offset] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
            }
            put(year, digits: 4, at: 0)
            text[4] = UInt8(ascii: "-")
            put(month, digits: 2, at: 5)
            text[7] = UInt8(ascii: "-")
            put(day, digits: 2, at: 8)
            return 10
        }
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool { lhs.daysSinceEpoch < rhs.daysSinceEpoch }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func days(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func number(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        var value = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
