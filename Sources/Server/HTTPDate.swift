import Foundation

/// The `Date` header's value (RFC 9110's IMF-fixdate), formatted once a second however many
/// responses share it. Each connection keeps its own, so no lock is taken for it.
struct HTTPDate {
    private var second = -1
    private var formatted = ""
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The value for the current second.
    mutating func current() -> String {
        let now = time(nil)
        if now != second {
            second = now
            formatted = Self.format(now)
        }
        return formatted
    }

    static func format(_ second: Int) -> String {
        var clock = second
        var parts = tm()
        gmtime_r(&clock, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
