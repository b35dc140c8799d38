import Foundation
import Postgres

/// The dashboard's figures: totals by period, category, store or product, and a comparison with
/// the period before, in the user's currency and time zone.
enum SpendingAnalytics {
    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]

    static func label(_ start: LocalDate, _ period: SpendingPeriod) -> String {
        switch period {
        case .day: "\(start)"
        case .week: "Week of \(start)"
        case .month: "\(monthNames[start.month - 1]) \(start.year)"
        case .year: "\(start.year)"
        }
    }

    /// A user's time zone and currency (UTC and CAD without a profile).
    static func zoneAndCurrency(_ profile: ProfileRecord?) -> (zone: String, currency: String) {
        (profile?.timeZone ?? "UTC", profile?.currency ?? "CAD")
    }

    static func groups(
        of userID: Int64, profile: ProfileRecord?, range: SpendingRange, by grouping: SpendingGrouping, limit: Int? = nil,
        in database: some PostgresQuerying
    ) async throws -> [SpendingGroup] {
        let (zone, currency) = zoneAndCurrency(profile)
        if let period = grouping.period {
            return try await PurchaseStore.totals(of: userID, timeZone: zone, from: range.from, to: range.to, per: period, in: database).map {
                SpendingGroup(key: "\($0.start)", label: label($0.start, period), total: Amount.money($0.total, currency), purchaseCount: $0.count)
            }
        }
        let totals = try await PurchaseStore.totals(
            of: userID, timeZone: zone, from: range.from, to: range.to, by: grouping, limit: limit, in: database)
        return try await named(totals, grouping: grouping, currency: currency, in: database)
    }

    /// Groups by category, store or product with their IDs and names (the catalog's records).
    static func named(
        _ totals: [(id: Int64?, total: Decimal, count: Int)], grouping: SpendingGrouping, currency: String, in database: some PostgresQuerying
    ) async throws -> [SpendingGroup] {
        let ids = totals.compactMap(\.id)
        var names: [Int64: String] = [:]
        let typeName: String
        switch grouping {
        case .category:
            typeName = CategoryRecord.graphQLTypeName
            names = try await CategoryStore.load(ids, from: database).mapValues(\.name)
        case .store:
            typeName = StoreRecord.graphQLTypeName
            names = try await StoreDirectory.stores(ids, from: database).mapValues(\.name)
        default:
            typeName = ProductRecord.graphQLTypeName
            names = try await ProductStore.load(ids, from: database).mapValues(\.name)
        }
        return totals.map { group in
            SpendingGroup(
                key: group.id.map { GlobalID(typeName: typeName, key: $0).description } ?? "",
                label: group.id.flatMap { names[$0] } ?? "Unknown", total: Amount.money(group.total, currency), purchaseCount: group.count)
        }
    }

    static func comparison(
        of userID: Int64, profile: ProfileRecord?, range: SpendingRange, in database: some PostgresQuerying
    ) async throws -> SpendingComparison {
        let (zone, currency) = zoneAndCurrency(profile)
        let days = range.from.days(until: range.to) + 1
        let previousTo = range.from.adding(days: -1)
        let previousFrom = range.from.adding(days: -days)
        let current = try await PurchaseStore.sum(of: userID, timeZone: zone, from: range.from, to: range.to, in: database)
        let previous = try await PurchaseStore.sum(of: userID, timeZone: zone, from: previousFrom, to: previousTo, in: database)
        return SpendingComparison(
            from: range.from, to: range.to, previousFrom: previousFrom, previousTo: previousTo, current: current, previous: previous, currency: currency)
    }
}

/// Suggestions for objectives exceeded or near: the largest contributors, and cheaper alternatives.
enum SpendingSuggestions {
    static let contributors = 3
    static let alternatives = 5

    static func suggestions(for userID: Int64, profile: ProfileRecord?, in database: some PostgresQuerying) async throws -> [SpendingSuggestion] {
        let (zone, today) = SpendingArea.calendar(profile)
        let objectives = try await SpendingObjectives.progress(
            try await SpendingObjectives.objectives(of: userID, in: database), timeZone: zone, today: today, in: database
        ).filter { $0.status != .onTrack }
        guard !objectives.isEmpty else { return [] }
        let place = try await CheaperAlternatives.place(for: userID, near: nil, profile: profile, in: database)
        var suggestions: [SpendingSuggestion] = []
        for objective in objectives {
            let top = try await PurchaseStore.totals(
                of: userID, timeZone: zone, from: objective.periodStart, to: objective.periodEnd, by: .product,
                scope: try await SpendingObjectives.scope(of: objective, in: database), limit: contributors, in: database)
            let groups = try await SpendingAnalytics.named(top, grouping: .product, currency: objective.currency, in: database)
            let products = try await ProductStore.load(top.compactMap(\.id), from: database)
            let found = try await CheaperAlternatives.find(
                for: top.compactMap { $0.id.flatMap { products[$0] } }, userID: userID, place: place, in: database)
            let best = found.values.flatMap { $0 }.sorted {
                ($0.savingPerMonth ?? -1, $0.savingPerUnit, $1.productID) > ($1.savingPerMonth ?? -1, $1.savingPerUnit, $0.productID)
            }
            suggestions.append(
                SpendingSuggestion(objective: objective, largestContributors: groups, cheaperAlternatives: Array(best.prefix(alternatives))))
        }
        return suggestions
    }
}
