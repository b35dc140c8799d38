import GraphQLEngine
import Postgres

/// A user's today and the dates their diary accepts, from their profile's time zone (read through
/// Accounts' `ProfileRecord`; UTC without a profile).
enum DiaryCalendar {
    /// Today in the user's time zone, from a loaded profile.
    static func today(_ profile: ProfileRecord?) -> LocalDate {
        profile?.today ?? .utcToday
    }

    /// The date window of a user, read in `database` (a mutation's transaction).
    static func window(for userID: Int64, in database: some PostgresQuerying) async throws -> DiaryDateWindow {
        let profile = try await ProfileRecord.load([userID], from: database)[userID]
        return DiaryDateWindow(userToday: today(profile), utcToday: .utcToday)
    }

    /// The fields of `DiaryDay` that read the user's profile.
    static let fieldsReadingProfile: Set<String> = ["isToday", "targets", "remaining"]

    /// A user's day of the diary (today in their time zone by default): the entries through the
    /// diary's loader and, when the day is today or `readingProfile` (its selection has one of
    /// `fieldsReadingProfile`), their profile through Accounts' on the same level, both batched
    /// across users. A day of a given date not read with its profile works out `isToday` later,
    /// if asked. The entries carry the optional nutrients in `nutrients`.
    static func day(
        of userID: Int64, date: LocalDate?, readingProfile: Bool, nutrients: DiaryNutrientColumns = .all, _ context: RequestContext
    ) -> Resolved<DiaryDay> {
        guard let date else {
            return Resolved(unchecked: context.accounts.profiles.load(userID).map { profile in
                let today = today(profile as? ProfileRecord)
                return context.diary.entries(on: today, nutrients: nutrients).load(userID).map { entries in
                    .value(DiaryDay(userID: userID, date: today, isToday: true, entries: entries as? [DiaryEntryRecord] ?? []))
                }
            })
        }
        let entries = context.diary.entries(on: date, nutrients: nutrients).load(userID)
        guard readingProfile else {
            return Resolved(unchecked: entries.map { entries in
                .value(DiaryDay(userID: userID, date: date, isToday: nil, entries: entries as? [DiaryEntryRecord] ?? []))
            })
        }
        return Resolved(unchecked: context.accounts.profiles.load(userID).map { profile in
            let isToday = today(profile as? ProfileRecord) == date
            return entries.map { entries in
                .value(DiaryDay(userID: userID, date: date, isToday: isToday, entries: entries as? [DiaryEntryRecord] ?? []))
            }
        })
    }

    /// A user's day read in a mutation's transaction, so it shows the mutation's own writes.
    static func day(of userID: Int64, date: LocalDate, window: DiaryDateWindow, in database: some PostgresQuerying) async throws -> DiaryDay {
        let entries = try await DiaryEntryStore.entries(userIDs: [userID], on: date, in: database)[userID] ?? []
        return DiaryDay(userID: userID, date: date, isToday: date == window.today, entries: entries)
    }
}
