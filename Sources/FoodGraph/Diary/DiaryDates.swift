import Foundation
import Postgres

/// The dates the diary accepts for a user: from the retention horizon (five years before today,
/// so nothing logged is purged at the next start) to tomorrow in the user's time zone. Pure, so it
/// is tested without a database.
struct DiaryDateWindow: Sendable, Equatable {
    /// Today in the user's time zone.
    var today: LocalDate
    var earliest: LocalDate
    var latest: LocalDate

    /// - Parameters:
    ///   - userToday: today in the user's time zone.
    ///   - utcToday: today in UTC, the calendar of the retention purge.
    init(userToday: LocalDate, utcToday: LocalDate) {
        today = userToday
        earliest = DiaryRetention.earliestKept(today: max(userToday, utcToday))
        latest = userToday.adding(days: 1)
    }

    /// A user error naming `field` when `date` is outside the window.
    func problem(with date: LocalDate, field: [String]) -> UserError? {
        if date > latest {
            return UserError(field: field, message: "Choose a date no later than tomorrow (\(latest)).", code: .dateInFuture)
        }
        if date < earliest {
            return UserError(
                field: field, message: "Choose a date from \(earliest) on: the diary keeps \(DiaryRetention.years) years.",
                code: .outOfRange)
        }
        return nil
    }
}

extension LocalDate {
    /// A date as PostgreSQL prints one (`date::text`, ISO style).
    init(stored text: String) throws {
        guard let date = LocalDate(iso8601: text) else { throw DiaryDataError("Unexpected date \(text.debugDescription) from the database.") }
        self = date
    }

    /// The same day `years` later (earlier when negative); 29 February becomes the 28th in other
    /// years, as PostgreSQL's `date - interval 'n years'` does.
    func adding(years: Int) -> LocalDate {
        let (year, month, day) = components
        let target = year + years
        return LocalDate(year: target, month: month, day: min(day, LocalDate.daysIn(month: month, year: target)))
            ?? LocalDate(daysSinceEpoch: daysSinceEpoch + 365 * years)
    }

    /// Today in UTC.
    static var utcToday: LocalDate { LocalDate(Date(), in: TimeZone(identifier: "UTC")!) }
}

/// A row the diary's SQL returned in a form it does not expect (a bug, not the user's).
struct DiaryDataError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
