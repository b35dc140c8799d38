import Foundation

/// `timestamptz` text as PostgreSQL reads and writes it with `DateStyle = ISO` and `TimeZone = UTC`
/// (which every pooled connection sets).
enum PostgresTimestamp {
    static func format(_ instant: Date) -> String {
        let micros = Int64((instant.timeIntervalSince1970 * 1_000_000).rounded())
        var seconds = micros / 1_000_000
        var fraction = micros % 1_000_000
        if fraction < 0 {
            fraction += 1_000_000
            seconds -= 1
        }
        let days = Int(floor(Double(seconds) / 86_400))
        let secondOfDay = Int(seconds) - days * 86_400
        let (year, month, day) = civil(days: days)
        return String(
            format: "%04d-%02d-%02d %02d:%02d:%02d.%06d+00", year, month, day, secondOfDay / 3600,
            secondOfDay / 60 % 60, secondOfDay % 60, Int(fraction))
    }

    /// Parses `YYYY-MM-DD HH:MM:SS[.ffffff]+HH[:MM]`; nil for anything else (BC dates, infinity).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count >= 22, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x20, bytes[13] == 0x3A,
            bytes[16] == 0x3A,
            let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2),
            let hour = number(bytes, 11, 2), let minute = number(bytes, 14, 2), let second = number(bytes, 17, 2)
        else { return nil }
        var index = 19
        var micros = 0
        if bytes[index] == 0x2E {
            index += 1
            var scale = 100_000
            while index < bytes.count, let digit = digit(bytes[index]) {
                micros += digit * scale
                scale /= 10
                index += 1
            }
        }
        guard index + 3 <= bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D,
            let offsetHours = number(bytes, index + 1, 2)
        else { return nil }
        var offset = offsetHours * 3600
        if index + 6 <= bytes.count, bytes[index + 3] == 0x3A, let offsetMinutes = number(bytes, index + 4, 2) {
            offset += offsetMinutes * 60
        }
        if bytes[index] == 0x2D { offset = -offset }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + Double(micros) / 1_000_000)
    }

    static func civil(days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        return era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 719_468
    }

    private static func digit(_ byte: UInt8) -> Int? { byte >= 0x30 && byte <= 0x39 ? Int(byte - 0x30) : nil }

    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for index in start..<(start + count) {
            guard let digit = digit(bytes[index]) else { return nil }
            value = value * 10 + digit
        }
        return value
    }
}
