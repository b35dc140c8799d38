import Foundation
import Synchronization

/// The `Date` header's value (RFC 9110's IMF-fixdate), formatted once a second however many
/// responses share it.
enum HTTPDate {
    private static let latest = Mutex<(second: Int, text: String)>((-1, ""))
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static var now: String {
        let second = time(nil)
        return latest.withLock { latest in
            if latest.second != second { latest = (second, format(second)) }
            return latest.text
        }
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
