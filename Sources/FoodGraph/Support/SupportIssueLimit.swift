import Foundation

/// At most 5 issues a day and 25 a week per user (Scan&Cook US-005), counted by calendar in the
/// user's own time zone: a day runs from local midnight to local midnight, a week from Monday 00:00
/// to the next Monday (ISO 8601). Calendar windows rather than rolling ones because they are what a
/// user can read off a clock ("tomorrow", "next Monday"), and because the refusal's
/// `allowedAgainAt` is then one fixed instant rather than one that depends on which old issue ages
/// out first.
enum SupportIssueLimit {
    static let perDay = 5
    static let perWeek = 25

    /// Why an issue is refused, and from when the next one is accepted.
    struct Refusal: Equatable, Sendable {
        var allowedAgainAt: Date
        var message: String
    }

    /// The calendar the windows are counted in.
    static func calendar(in timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = timeZone
        calendar.firstWeekday = 2
        return calendar
    }

    /// The start of the local week containing `now`: the earliest creation time that can count.
    static func weekStart(of now: Date, in timeZone: TimeZone) -> Date {
        calendar(in: timeZone).dateInterval(of: .weekOfYear, for: now)?.start ?? now.addingTimeInterval(-7 * 86_400)
    }

    /// Whether one more issue may be sent at `now`, given the times of the user's issues sent since
    /// the start of the local week (later ones are ignored).
    static func check(previous: [Date], now: Date, timeZone: TimeZone) -> Refusal? {
        let calendar = calendar(in: timeZone)
        guard let week = calendar.dateInterval(of: .weekOfYear, for: now), let day = calendar.dateInterval(of: .day, for: now) else {
            return nil
        }
        let inWeek = previous.filter { $0 >= week.start && $0 < week.end }.count
        let inDay = previous.filter { $0 >= day.start && $0 < day.end }.count
        if inWeek >= perWeek {
            return Refusal(
                allowedAgainAt: week.end,
                message: "You sent \(perWeek) support issues this week, the most a week allows; send the next one from Monday.")
        }
        if inDay >= perDay {
            return Refusal(
                allowedAgainAt: day.end, message: "You sent \(perDay) support issues today, the most a day allows; send the next one tomorrow.")
        }
        return nil
    }
}
