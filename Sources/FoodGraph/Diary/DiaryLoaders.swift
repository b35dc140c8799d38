import GraphQLEngine
import Postgres

/// The diary's DataLoaders for one request: each batches the keys asked for on a level into one
/// statement and caches per request.

struct DiaryLoaders {
    let context: RequestContext

    private var database: PostgresDatabase { context.database }

    /// Diary entries by ID (any owner: callers check it).
    var entries: DataLoader<Int64, DiaryEntryRecord> {
        let database = database
        return context.loader("diary.entries") { try await DiaryEntryStore.entries(ids: $0, in: database) }
    }

    /// Weigh-ins by ID (any owner: callers check it).
    var weights: DataLoader<Int64, WeightEntryRecord> {
        let database = database
        return context.loader("diary.weights") { try await WeightStore.entries(ids: $0, in: database) }
    }

    /// Users' entries of one date, by user, with the optional nutrients in `nutrients`.
    func entries(on date: LocalDate, nutrients: DiaryNutrientColumns = .all) -> DataLoader<Int64, [DiaryEntryRecord]> {
        let database = database
        return context.loader("diary.day|\(date)|\(nutrients.mask)") {
            try await DiaryEntryStore.entries(userIDs: $0, on: date, nutrients: nutrients, in: database)
        }
    }

    /// A page of users' entries between two dates, by user.
    func entryPages(_ page: Page, from: LocalDate, to: LocalDate) -> DataLoader<Int64, Connection<DiaryEntryRecord>> {
        let database = database
        return context.loader("diary.entryPages|\(from)|\(to)|\(page.signature)") {
            try await DiaryEntryStore.page(page, userIDs: $0, from: from, to: to, in: database)
        }
    }

    /// A page of users' weigh-ins, by user.
    func weightPages(_ page: Page, from: LocalDate?, to: LocalDate?) -> DataLoader<Int64, Connection<WeightEntryRecord>> {
        let database = database
        return context.loader("diary.weightPages|\(from?.description ?? "")|\(to?.description ?? "")|\(page.signature)") {
            try await WeightStore.page(page, userIDs: $0, from: from, to: to, in: database)
        }
    }

    func nutritionTimelines(_ range: Timelines.Range) -> DataLoader<Int64, [NutritionPeriod]> {
        let database = database
        return context.loader("diary.nutritionTimeline|\(range.signature)") {
            try await Timelines.nutrition(userIDs: $0, range, in: database)
        }
    }

    func weightTimelines(_ range: Timelines.Range) -> DataLoader<Int64, [WeightPeriod]> {
        let database = database
        return context.loader("diary.weightTimeline|\(range.signature)") {
            try await Timelines.weight(userIDs: $0, range, in: database)
        }
    }
}

extension RequestContext {
    /// The diary's loaders of this request.
    var diary: DiaryLoaders { DiaryLoaders(context: self) }
}
