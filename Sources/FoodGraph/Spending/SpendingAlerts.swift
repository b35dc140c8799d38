import Foundation
import Postgres

/// The Spending area's notifications: "budget exceeded" on the write path (cheap: one sum per
/// objective of the user, after a receipt changes their purchases), and "cheaper alternative"
/// from `cheaperAlternativeCheck`, for the job runner to call (it runs the alternatives' search,
/// too much for every write).
enum SpendingAlerts {
    /// A notification to send.
    struct Notice: Sendable, Equatable {
        enum Kind: Sendable, Equatable { case budgetExceeded, cheaperAlternative }
        var kind: Kind
        var userID: Int64
        var title: String
        var body: String
        var subject: GlobalID?
        /// One notice per objective and period, per product and week.
        var dedupeKey: String
    }

    /// The budget-exceeded notices of the user's objectives, now.
    static func budgetNotices(of userID: Int64, now: Date = Date(), in database: some PostgresQuerying) async throws -> [Notice] {
        let objectives = try await SpendingObjectives.objectives(of: userID, in: database)
        guard !objectives.isEmpty else { return [] }
        let profile = try await ProfileStore.load([userID], in: database)[userID]
        let zone = profile?.timeZone ?? "UTC"
        let today = LocalDate(now, in: TimeZone(identifier: zone) ?? .gmt)
        return try await SpendingObjectives.progress(objectives, timeZone: zone, today: today, in: database).filter(\.exceeded).map { objective in
            Notice(
                kind: .budgetExceeded, userID: userID, title: "Spending objective exceeded",
                body: "You spent \(Amount.text(objective.spent)) \(objective.currency) of your \(objective.period.rawValue.lowercased()) limit of "
                    + "\(Amount.text(objective.limit)) \(objective.currency) (\(objective.periodStart) to \(objective.periodEnd)).",
                subject: objective.globalID, dedupeKey: "spending.budget:\(objective.id):\(objective.periodStart)")
        }
    }

    /// After a user's purchases change: notifies each objective exceeded in its current period
    /// (once per objective and period).
    static func afterPurchases(of userID: Int64, in transaction: PostgresTransaction) async throws {
        for notice in try await budgetNotices(of: userID, in: transaction) { _ = try await deliver(notice, in: transaction) }
    }

    /// The cheaper-alternative notices for what the user bought in the last 30 days (the five
    /// products they spent most on), one per product and ISO week: for the job runner.
    static func cheaperAlternativeNotices(of userID: Int64, now: Date = Date(), in database: some PostgresQuerying) async throws -> [Notice] {
        let profile = try await ProfileStore.load([userID], in: database)[userID]
        let zone = profile?.timeZone ?? "UTC"
        let today = LocalDate(now, in: TimeZone(identifier: zone) ?? .gmt)
        let top = try await PurchaseStore.totals(
            of: userID, timeZone: zone, from: today.adding(days: -30), to: today, by: .product, limit: 5, in: database)
        let products = try await ProductStore.load(top.compactMap(\.id), from: database)
        let place = try await CheaperAlternatives.place(for: userID, near: nil, profile: profile, in: database)
        let found = try await CheaperAlternatives.find(
            for: top.compactMap { $0.id.flatMap { products[$0] } }, userID: userID, place: place, now: now, in: database)
        let stores = try await StoreDirectory.stores(Array(Set(found.values.flatMap { $0.map(\.storeID) })), from: database)
        let week = SpendingPeriod.week.start(of: today)
        return found.compactMap { productID, alternatives -> Notice? in
            guard let best = alternatives.first, let product = products[productID] else { return nil }
            let name = best.sameProduct ? product.name : "an equivalent of \(product.name)"
            return Notice(
                kind: .cheaperAlternative, userID: userID, title: "A cheaper \(product.name)",
                body: "Others paid \(best.price.amount.text) \(best.price.currency) for \(name) at \(stores[best.storeID]?.name ?? "a store near you"), "
                    + "\(Amount.text(best.savingPerUnit)) less than you.",
                subject: GlobalID(typeName: ProductRecord.graphQLTypeName, key: productID), dedupeKey: "spending.cheaper:\(productID):\(week)")
        }.sorted { $0.dedupeKey < $1.dedupeKey }
    }

    /// For the job runner: sends the user's cheaper-alternative notices; returns how many were new.
    static func cheaperAlternativeCheck(of userID: Int64, in transaction: PostgresTransaction) async throws -> Int {
        var sent = 0
        for notice in try await cheaperAlternativeNotices(of: userID, in: transaction) where try await deliver(notice, in: transaction) { sent += 1 }
        return sent
    }

    /// Hands a notice to the Notifications area; false when the user switched the kind off or the
    /// notice was sent already.
    static func deliver(_ notice: Notice, in database: some PostgresQuerying) async throws -> Bool {
        try await Notifications.post(
            NewNotification(
                kind: notice.kind == .budgetExceeded ? .budgetExceeded : .cheaperAlternative, userID: notice.userID, title: notice.title,
                body: notice.body, subjectID: notice.subject, dedupeKey: notice.dedupeKey), in: database)
    }
}
