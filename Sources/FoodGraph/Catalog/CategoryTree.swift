import Postgres
import Synchronization

/// The category tree, read whole and kept by the application for `timeToLive`. Categories are
/// reference data that only the seed catalog and migrations write, and a few dozen rows; nearly
/// every product answer shows one, so keeping them saved a request's one or two statements (its
/// category, then its parent's) for a product's category. An id the kept tree lacks (a category
/// added since) reads the tree again; so does the first request after `timeToLive`, which bounds
/// how long another instance's or an operator's change goes unseen.
final class CategoryTree: Sendable {
    struct Categories: Sendable {
        var byID: [Int64: CategoryRecord] = [:]
        /// Each category's sub-categories, by name.
        var children: [Int64: [CategoryRecord]] = [:]
        let readAt: ContinuousClock.Instant
    }

    static let timeToLive = Duration.seconds(60)

    private let kept = Mutex<Categories?>(nil)

    /// The kept tree while it is fresh.
    var fresh: Categories? {
        kept.withLock { categories in
            guard let categories, ContinuousClock.now - categories.readAt < Self.timeToLive else { return nil }
            return categories
        }
    }

    /// The tree holding every id of `ids`: the kept one while fresh and complete, else read again.
    func categories(holding ids: [Int64], in database: some PostgresQuerying) async throws -> Categories {
        if let fresh, ids.allSatisfy({ fresh.byID[$0] != nil }) { return fresh }
        var categories = Categories(readAt: .now)
        for category in try await CategoryStore.all(in: database) {
            categories.byID[category.id] = category
            if let parentID = category.parentID { categories.children[parentID, default: []].append(category) }
        }
        let read = categories
        kept.withLock { $0 = read }
        return categories
    }
}
