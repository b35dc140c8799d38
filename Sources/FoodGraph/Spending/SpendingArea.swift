import Foundation
import GraphQLEngine
import Postgres

/// Spending (Grocery Spending Tracker): receipts and their lines mapped to products, purchases,
/// objectives, analytics, suggestions and cheaper alternatives. The `User` fields are the owner's
/// and administrators' (`PersonalDataPolicy`, category spending); `Product.cheaperAlternatives`
/// extends the catalog's type.
enum SpendingArea: Area {
    static func bind(_ binder: inout SchemaBinder) {
        binder.enumeration(ReceiptSource.self)
        binder.enumeration(PurchaseUnit.self)
        binder.enumeration(MappingSource.self)
        binder.enumeration(SpendingPeriod.self)
        binder.enumeration(SpendingGrouping.self)
        binder.enumeration(ObjectiveStatus.self)
        binder.enumeration(ProductMappingStatus.self)
        binder.enumeration(MappingReviewDecision.self)
        binder.enumeration(SpendingChangeKind.self)
        bindUser(&binder)
        bindReceipts(&binder)
        bindObjectives(&binder)
        bindAnalytics(&binder)
        bindMappings(&binder)
        ReceiptMutations.bind(&binder)
        SpendingObjectiveMutations.bind(&binder)
        SpendingUndo.bind(&binder)
        bindPayloads(&binder)
    }

    /// Once a day, the cheaper-alternative notices of everyone who bought something that week
    /// (each user in a transaction of their own; a notice goes once per product and week).
    static var jobs: [PeriodicJob] {
        [
            PeriodicJob("spending.cheaperAlternatives", every: .seconds(24 * 3600)) { database, _ in
                for userID in try await PurchaseStore.recentBuyers(withinDays: 7, in: database) {
                    _ = try await database.withTransaction { try await SpendingAlerts.cheaperAlternativeCheck(of: userID, in: $0) }
                }
            }
        ]
    }

    /// The user's time zone and today there (UTC without a profile).
    static func calendar(_ profile: ProfileRecord?) -> (zone: String, today: LocalDate) {
        (profile?.timeZone ?? "UTC", profile?.today ?? LocalDate(Date(), in: .gmt))
    }

    /// `body` run with the user's profile, read through Accounts' loader: the spending fields of
    /// one request (and `me { profile }`) share one read of it, on one level.
    static func withProfile<Value: OutputValue>(
        of userID: Int64, _ context: RequestContext, _ body: @escaping @Sendable (ProfileRecord?) async throws -> Value
    ) -> Resolved<Value> {
        context.accounts.withProfile(of: userID) { profile in .run { try await body(profile) } }
    }

    // MARK: - User

    private static func bindUser(_ binder: inout SchemaBinder) {
        binder.object(UserRecord.self) { user in
            user.field(.receipts, arguments: PageArguments.self) { user, arguments, context in
                let list = "receipts"
                let page = try Page(arguments, list: list)
                return Resolved<Connection<ReceiptRecord>>(unchecked: context.spending.receiptPages(page, list: list).load(user.id))
            }
            user.field(.purchases, arguments: PurchasesArguments.self) { user, arguments, context in
                let list = "purchases"
                let page = try Page(arguments.page, list: list)
                return withProfile(of: user.id, context) { profile -> Connection<PurchaseRecord> in
                    try await PurchaseStore.page(
                        of: user.id, timeZone: calendar(profile).zone, from: arguments.from, to: arguments.to, productID: arguments.productID, page: page,
                        in: context.database
                    ).sealed(for: list)
                }
            }
            user.field(.spendingObjectives, resolve: { user, context in
                withProfile(of: user.id, context) { profile -> [SpendingObjectiveRecord] in
                    let calendar = calendar(profile)
                    return try await SpendingObjectives.progress(
                        try await SpendingObjectives.objectives(of: user.id, in: context.database), timeZone: calendar.zone, today: calendar.today,
                        in: context.database)
                }
            })
            user.field(.spendingSuggestions, resolve: { user, context in
                withProfile(of: user.id, context) { profile in
                    try await SpendingSuggestions.suggestions(for: user.id, profile: profile, in: context.database)
                }
            })
            user.field(.spending, arguments: SpendingArguments.self) { user, arguments, context in
                withProfile(of: user.id, context) { profile in
                    try await SpendingAnalytics.groups(
                        of: user.id, profile: profile, range: arguments.range, by: arguments.groupBy, in: context.database)
                }
            }
            user.field(.spendingComparison, arguments: SpendingComparisonArguments.self) { user, arguments, context in
                withProfile(of: user.id, context) { profile in
                    try await SpendingAnalytics.comparison(of: user.id, profile: profile, range: arguments.range, in: context.database)
                }
            }
            user.field(.lastSpendingChange, resolve: { user, context in
                Resolved<SpendingChangeRecord?>(unchecked: context.spending.lastChanges.load(user.id))
            })
        }
    }

    // MARK: - Receipts and purchases

    /// Whom a user's spending record is visible to: `PersonalDataPolicy` (the owner and administrators).
    static func visible<Record: Sendable>(_ record: Record?, owner: (Record) -> Int64, _ context: RequestContext) -> Record? {
        guard let record, PersonalDataPolicy.allows(.spending, ofUser: owner(record), context) else { return nil }
        return record
    }

    private static func bindReceipts(_ binder: inout SchemaBinder) {
        binder.object(ReceiptRecord.self) { receipt in
            receipt.field("id") { $0.globalID }
            receipt.field("store", prepare: { $0.catalog.keptOrLoadedStores }, resolve: { receipt, stores in stores.load(receipt.storeID) })
            receipt.field("purchasedAt") { $0.purchasedAt }
            receipt.field("total") { Amount.money($0.total, $0.currency) }
            receipt.field("linesTotal") { Amount.money($0.linesTotal, $0.currency) }
            receipt.field("totalsMatch") { $0.difference == 0 }
            receipt.field("difference") { Amount.money($0.difference, $0.currency) }
            receipt.field("source") { $0.source }
            receipt.field("lines", resolve: { receipt, context in
                Resolved<[ReceiptLineRecord]>(unchecked: context.spending.receiptLines.load(receipt.id))
            })
            receipt.field("createdAt") { $0.createdAt }
        }
        binder.connection(of: ReceiptRecord.self)
        binder.node(ReceiptRecord.self) { key, context in
            guard context.viewer != nil else { return .null }
            return Resolved<ReceiptRecord?>(unchecked: context.spending.receipts.load(key)).map { visible($0, owner: \.userID, context) }
        }
        binder.object(ReceiptLineRecord.self) { line in
            line.field("id") { $0.globalID }
            line.field("text") { $0.text }
            line.field("quantity") { $0.quantity }
            line.field("unit") { $0.unit }
            line.field("unitPrice") { Amount.money($0.unitPrice, $0.currency) }
            line.field("discount") { Amount.money($0.discount, $0.currency) }
            line.field("lineTotal") { Amount.money($0.lineTotal, $0.currency) }
            line.field("product", resolve: { line, context -> Resolved<ProductRecord?> in
                guard let productID = line.productID else { return .null }
                return Resolved(unchecked: context.catalog.products.load(productID))
            })
            line.field("mappingConfidence") { $0.productID == nil ? nil : $0.mappingConfidence }
            line.field("mappingConfirmed") { $0.mappingConfirmed }
            line.field("mappingSource") { $0.productID == nil ? nil : $0.mappingSource }
            line.field("candidates", resolve: { line, context in
                let viewer = context.viewer
                return Resolved<[ProductRecord]>(
                    unchecked: context.catalog.products.loadMany(line.candidateIDs).map { loaded in
                        .value((loaded as? [(any Sendable)?] ?? []).compactMap { ($0 as? ProductRecord)?.isVisible(to: viewer) == true ? $0 : nil })
                    })
            })
        }
        binder.node(ReceiptLineRecord.self) { key, context in
            guard context.viewer != nil else { return .null }
            return Resolved<ReceiptLineRecord?>(unchecked: context.spending.lines.load(key)).map { visible($0, owner: \.userID, context) }
        }
        binder.object(PurchaseRecord.self) { purchase in
            purchase.field("id") { $0.globalID }
            purchase.field("purchasedAt") { $0.purchasedAt }
            purchase.field(
                "store", prepare: { $0.catalog.keptOrLoadedStores }, resolve: { purchase, stores in stores.load(purchase.storeID) })
            purchase.field("product", loadingFrom: { $0.catalog.products }, key: \.productID)
            purchase.field("unitPrice") { $0.unitPrice }
            purchase.field("quantity") { $0.quantity }
            purchase.field("unit") { $0.unit }
            purchase.field("total") { $0.total }
            purchase.field("receiptLine", resolve: { purchase, context -> Resolved<ReceiptLineRecord?> in
                guard let lineID = purchase.receiptLineID else { return .null }
                return Resolved(unchecked: context.spending.lines.load(lineID))
            })
        }
        binder.connection(of: PurchaseRecord.self)
        binder.node(PurchaseRecord.self) { key, context in
            guard context.viewer != nil else { return .null }
            return Resolved<PurchaseRecord?>(unchecked: context.spending.purchases.load(key)).map { visible($0, owner: \.userID, context) }
        }
    }

    // MARK: - Objectives and suggestions

    private static func bindObjectives(_ binder: inout SchemaBinder) {
        binder.object(SpendingObjectiveRecord.self) { objective in
            objective.field("id") { $0.globalID }
            objective.field("period") { $0.period }
            objective.field("limit") { Amount.money($0.limit, $0.currency) }
            objective.field("category", resolve: { objective, context -> Resolved<CategoryRecord?> in
                guard let categoryID = objective.categoryID else { return .null }
                return Resolved(unchecked: context.catalog.categories.load(categoryID))
            })
            objective.field("product", resolve: { objective, context -> Resolved<ProductRecord?> in
                guard let productID = objective.productID else { return .null }
                return Resolved(unchecked: context.catalog.products.load(productID))
            })
            objective.field("spent") { Amount.money($0.spent, $0.currency) }
            objective.field("remaining") { Amount.money($0.limit - $0.spent, $0.currency) }
            objective.field("progress") { ($0.progress * 1000).rounded() / 1000 }
            objective.field("exceeded") { $0.exceeded }
            objective.field("status") { $0.status }
            objective.field("periodStart") { $0.periodStart }
            objective.field("periodEnd") { $0.periodEnd }
            objective.field("history", arguments: ObjectiveHistoryArguments.self) { objective, arguments, context in
                withProfile(of: objective.userID, context) { profile in
                    try await SpendingObjectives.history(
                        of: objective, periods: arguments.periods, timeZone: calendar(profile).zone, in: context.database)
                }
            }
        }
        binder.node(SpendingObjectiveRecord.self) { key, context in
            guard context.viewer != nil else { return .null }
            return Resolved<SpendingObjectiveRecord?>.run {
                guard let objective = visible(try await SpendingObjectives.load([key], from: context.database)[key], owner: \.userID, context) else {
                    return nil
                }
                return try await SpendingObjectiveMutations.withProgress(objective, in: context.database)
            }
        }
        binder.object(ObjectivePeriod.self) { period in
            period.field("start") { $0.start }
            period.field("end") { $0.end }
            period.field("spent") { $0.spent }
            period.field("met") { !$0.exceeded }
            period.field("exceeded") { $0.exceeded }
        }
        binder.object(SpendingSuggestion.self) { suggestion in
            suggestion.field("objective") { $0.objective }
            suggestion.field("status") { $0.objective.status }
            suggestion.field("largestContributors") { $0.largestContributors }
            suggestion.field("cheaperAlternatives") { $0.cheaperAlternatives }
        }
        binder.object(CheaperAlternative.self) { alternative in
            alternative.field("product", loadingFrom: { $0.catalog.products }, key: \.productID)
            alternative.field(
                "store", prepare: { $0.catalog.keptOrLoadedStores }, resolve: { alternative, stores in stores.load(alternative.storeID) })
            alternative.field("price") { $0.price }
            alternative.field("observedAt") { $0.observedAt }
            alternative.field("insteadOf", loadingFrom: { $0.catalog.products }, key: \.insteadOfID)
            alternative.field("sameProduct") { $0.sameProduct }
            alternative.field("savingPerUnit") { Amount.money($0.savingPerUnit, $0.currency) }
            alternative.field("savingPerMonth") { alternative in alternative.savingPerMonth.map { Amount.money($0, alternative.currency) } }
            alternative.field("distanceKm") { $0.distanceKm }
        }
        binder.object(ProductRecord.self) { product in
            product.field(
                "cheaperAlternatives", arguments: CheaperAlternativesArguments.self,
                prepare: { arguments, context in context.spending.cheaperAlternatives(near: arguments.near) },
                resolve: { product, alternatives in Resolved<[CheaperAlternative]>(unchecked: alternatives.load(product.id)) })
        }
    }

    // MARK: - Analytics

    private static func bindAnalytics(_ binder: inout SchemaBinder) {
        binder.object(SpendingGroup.self) { group in
            group.field("key") { $0.key }
            group.field("label") { $0.label }
            group.field("total") { $0.total }
            group.field("purchaseCount") { $0.purchaseCount }
        }
        binder.object(SpendingComparison.self) { comparison in
            comparison.field("from") { $0.from }
            comparison.field("to") { $0.to }
            comparison.field("previousFrom") { $0.previousFrom }
            comparison.field("previousTo") { $0.previousTo }
            comparison.field("current") { Amount.money($0.current, $0.currency) }
            comparison.field("previous") { Amount.money($0.previous, $0.currency) }
            comparison.field("change") { Amount.money($0.change, $0.currency) }
            comparison.field("changePercent") { $0.changePercent }
        }
    }

    // MARK: - Community mappings

    private static func bindMappings(_ binder: inout SchemaBinder) {
        binder.query { query in
            query.field("productMappings", arguments: ProductMappingsArguments.self) { arguments, context in
                let list = "productMappings"
                let page = try Page(arguments.page, list: list)
                return Resolved<Connection<ProductMappingRecord>>.run {
                    try await ProductMappings.page(status: arguments.status, page: page, in: context.database).sealed(for: list)
                }
            }
        }
        binder.object(ProductMappingRecord.self) { mapping in
            mapping.field("id") { $0.globalID }
            mapping.field("store", resolve: { mapping, context in Resolved<StoreRecord?>(unchecked: context.catalog.stores.load(mapping.storeID)) })
            mapping.field("text") { $0.text }
            mapping.field("product", resolve: { mapping, context in
                Resolved<ProductRecord?>(unchecked: context.catalog.products.load(mapping.productID))
            })
            mapping.field("status") { $0.status }
            mapping.field("agreeingUsers") { $0.agreeingUsers }
            mapping.field("createdAt") { $0.createdAt }
            mapping.field("reviewedAt") { $0.reviewedAt }
            mapping.field("reviewNote") { $0.reviewNote }
        }
        binder.connection(of: ProductMappingRecord.self)
        // Community mappings are administrators' to review (they say nothing of who agreed).
        binder.node(ProductMappingRecord.self) { key, context in
            guard context.viewer?.isAdministrator == true else { return .null }
            return Resolved<ProductMappingRecord?>(unchecked: context.spending.mappings.load(key))
        }
    }

    private static func bindPayloads(_ binder: inout SchemaBinder) {
        binder.object(ReceiptPayload.self) { payload in
            payload.field("receipt") { $0.receipt }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(ReceiptLinePayload.self) { payload in
            payload.field("line") { $0.line }
            payload.field("receipt") { $0.receipt }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(DeleteReceiptPayload.self) { payload in
            payload.field("deletedReceiptId") { $0.deletedReceiptId }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(SpendingObjectivePayload.self) { payload in
            payload.field("objective") { $0.objective }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(RemoveSpendingObjectivePayload.self) { payload in
            payload.field("removedObjectiveId") { $0.removedObjectiveId }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(ProductMappingPayload.self) { payload in
            payload.field("mapping") { $0.mapping }
            payload.field("userErrors") { $0.userErrors }
        }
    }
}
