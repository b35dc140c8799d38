import Foundation
import GraphQLEngine
import Postgres

/// The kitchen (Kitchen Keeper): the pantry with expiry dates and undoable movements, grocery
/// orders with one chain (cart, submission with stock reserved, status flow, payments, the
/// retailer's webhook), recurring orders, and their background jobs.
enum KitchenArea: Area {
    static var jobs: [PeriodicJob] { [RecurringOrders.scheduler, expiryAlerts] }

    static func bind(_ binder: inout SchemaBinder) {
        binder.enumeration(PantrySource.self)
        binder.enumeration(ExpiryKind.self)
        binder.enumeration(PantryMovementKind.self)
        binder.enumeration(OrderStatus.self)
        binder.enumeration(PaymentMethod.self)
        binder.enumeration(OrderActor.self)
        binder.enumeration(PaymentKind.self)
        binder.enumeration(RecurringFrequency.self)
        binder.enumeration(RecurringRunOutcome.self)
        bindUser(&binder)
        bindPantry(&binder)
        bindOrders(&binder)
        bindRecurring(&binder)
        bindPayloads(&binder)
        KitchenMutations.bind(&binder)
    }

    // MARK: - Expiry alerts

    /// Every hour: an "expiring food" notification per item within its owner's alert days, once per
    /// item and expiry date (dedupe key), rows claimed with `SKIP LOCKED`.
    static let expiryAlerts = PeriodicJob("kitchen.expiryAlerts", every: .seconds(3600)) { database, logger in
        var total = 0
        while true {
            let count = try await database.withTransaction { transaction -> Int in
                let due = try await PantryStore.dueExpiryAlerts(limit: 500, in: transaction)
                for item in due {
                    _ = try await Notifications.post(
                        NewNotification(
                            kind: .expiringFood, userID: item.userID, title: "\(item.name) expires on \(item.expiresOn)",
                            body: "Use \(item.name) from your pantry before \(item.expiresOn).",
                            subjectID: GlobalID(typeName: PantryItemRecord.graphQLTypeName, key: item.itemID),
                            dedupeKey: "expiring:\(item.itemID):\(item.expiresOn)"),
                        in: transaction)
                }
                try await PantryStore.markAlerted(due.map(\.itemID), in: transaction)
                return due.count
            }
            total += count
            if count < 500 { break }
        }
        if total > 0 { logger.info("announced expiring food", metadata: ["count": "\(total)"]) }
    }

    // MARK: - User

    private static func bindUser(_ binder: inout SchemaBinder) {
        binder.object(UserRecord.self) { user in
            user.field(.pantry, arguments: PantryArguments.self) { user, arguments, context in
                let page = try Page(arguments.page)
                if let days = arguments.expiringWithinDays, !(0...365).contains(days) {
                    throw DomainError.badUserInput("`expiringWithinDays` must be between 0 and 365.")
                }
                let productID = try arguments.productId.map { try productKey($0) }
                return .run {
                    try await PantryStore.page(
                        of: user.id, location: arguments.location, expiringWithinDays: arguments.expiringWithinDays, productID: productID, page,
                        in: context.database)
                }
            }
            user.field(.expiringSoon, arguments: ExpiringSoonArguments.self) { user, arguments, context in
                if let days = arguments.days, !(0...365).contains(days) { throw DomainError.badUserInput("`days` must be between 0 and 365.") }
                return .run {
                    var days = arguments.days ?? PantryStore.defaultAlertDays
                    if arguments.days == nil, let set = try await PantryStore.alertDays(of: [user.id], in: context.database)[user.id] { days = set }
                    return try await PantryStore.expiring(of: user.id, within: days, in: context.database)
                }
            }
            user.field(.pantryAmount, arguments: PantryAmountArguments.self) { user, arguments, context in
                let productID = try productKey(arguments.productId)
                return .run {
                    let amounts = try await PantryStore.availability(of: [productID], for: user.id, in: context.database)[productID] ?? [:]
                    let product = try await ProductStore.load([productID], from: context.database)[productID]
                    return PantryAmounts.total(amounts, in: arguments.unit, packageSize: product?.packageSize)
                }
            }
            user.field(.pantryMovements, arguments: PageArguments.self) { user, arguments, context in
                let page = try Page(arguments)
                return .run { try await PantryStore.movementPage(of: user.id, page, in: context.database) }
            }
            user.field(.kitchenSettings, resolve: { user, context in
                Resolved<KitchenSettingsRecord>(
                    unchecked: context.kitchen.alertDays.load(user.id).map { days in
                        .value(KitchenSettingsRecord(expiryAlertDays: (days as? Int) ?? PantryStore.defaultAlertDays))
                    })
            })
            user.field(.draftOrder, resolve: { user, context in Resolved<OrderRecord?>(unchecked: context.kitchen.drafts.load(user.id)) })
            user.field(.orders, arguments: OrdersArguments.self) { user, arguments, context in
                let page = try Page(arguments.page)
                return .run { try await OrderStore.page(of: user.id, status: arguments.status, page, in: context.database) }
            }
            user.field(.recurringOrder, resolve: { user, context in
                Resolved<RecurringOrderRecord>(unchecked: context.kitchen.recurringSettings.load(user.id))
            })
        }
    }

    static func productKey(_ id: String) throws -> Int64 {
        guard let global = GlobalID(parsing: id), global.typeName == ProductRecord.graphQLTypeName else {
            throw DomainError.badUserInput("This is not the ID of a Product.")
        }
        return global.key
    }

    // MARK: - Pantry

    private static func bindPantry(_ binder: inout SchemaBinder) {
        binder.object(PantryItemRecord.self) { item in
            item.field("id") { $0.globalID }
            item.field("product", resolve: { item, context -> Resolved<ProductRecord?> in
                guard let productID = item.productID else { return .null }
                return Resolved(unchecked: context.catalog.products.load(productID))
            })
            item.field("food") { $0.food }
            item.field("name", resolve: { item, context -> Resolved<String> in
                guard let productID = item.productID else { return .value(item.food ?? "") }
                return Resolved(unchecked: context.catalog.products.load(productID).map { .value(($0 as? ProductRecord)?.name ?? item.food ?? "") })
            })
            item.field("quantity") { $0.quantity }
            item.field("unit") { $0.unit }
            item.field("location") { $0.location }
            item.field("addedAt") { $0.addedAt }
            item.field("expiresOn") { $0.expiresOn }
            item.field("expiryKind") { $0.expiryKind }
            item.field("daysUntilExpiry") { $0.daysUntilExpiry }
            item.field("source") { $0.source }
            item.field("opened") { $0.opened }
        }
        binder.connection(of: PantryItemRecord.self)
        binder.object(PantryMovementRecord.self) { movement in
            movement.field("id") { $0.globalID }
            movement.field("kind") { $0.kind }
            movement.field("pantryItem", resolve: { movement, context in
                Resolved<PantryItemRecord>(unchecked: context.kitchen.pantryItems.load(movement.pantryItemID))
            })
            movement.field("quantityBefore") { $0.quantityBefore }
            movement.field("quantityAfter") { $0.quantityAfter }
            movement.field("quantityChange") { (($0.quantityAfter - $0.quantityBefore) * 1000).rounded() / 1000 }
            movement.field("undone") { $0.undone }
            movement.field("createdAt") { $0.createdAt }
        }
        binder.connection(of: PantryMovementRecord.self)
        // node(id:): the pantry is the owner's (and administrators'), never an order handler's.
        binder.node(PantryItemRecord.self) { key, context in
            guard context.viewer != nil else { return .null }
            return Resolved<PantryItemRecord?>(unchecked: context.kitchen.pantryItems.load(key)).map { item in
                guard let item, PersonalDataPolicy.allows(.profile, ofUser: item.userID, context) else { return nil }
                return item
            }
        }
        binder.node(PantryMovementRecord.self) { key, context in
            guard context.viewer != nil else { return .null }
            return Resolved<PantryMovementRecord?>(unchecked: context.kitchen.movements.load(key)).map { movement in
                guard let movement, PersonalDataPolicy.allows(.profile, ofUser: movement.userID, context) else { return nil }
                return movement
            }
        }
    }

    // MARK: - Orders

    private static func bindOrders(_ binder: inout SchemaBinder) {
        binder.query { query in
            query.field("orderQueue", arguments: OrdersArguments.self) { arguments, context in
                let page = try Page(arguments.page)
                return Resolved<Connection<OrderRecord>>.run { try await OrderStore.queue(status: arguments.status, page, in: context.database) }
            }
        }
        binder.object(OrderRecord.self) { order in
            order.field("id") { $0.globalID }
            order.field("number") { $0.number }
            order.field("status") { $0.status }
            order.field("isDraft") { $0.isDraft }
            order.field("chain", prepare: { $0.catalog.keptOrLoadedChains }, resolve: { order, chains in chains.load(order.chainID) })
            order.field("items", resolve: { order, context in
                Resolved<[OrderItemView]>(unchecked: itemViews(of: order, context).map { .value($0 as? [OrderItemView] ?? []) })
            })
            order.field("subtotal", resolve: { order, context -> Resolved<Money> in
                if let subtotal = order.subtotal { return .value(Money(amount: DecimalText(subtotal), currency: order.currency)) }
                return Resolved(unchecked: itemViews(of: order, context).map { views in .value(draftSubtotal(views as? [OrderItemView] ?? [], order)) })
            })
            order.field("deliveryFee") { order in
                Money(amount: DecimalText(order.deliveryFee ?? (order.quickDelivery ? OrderStore.quickDeliveryFee : "0.00")), currency: order.currency)
            }
            order.field("total", resolve: { order, context -> Resolved<Money> in
                if let total = order.total { return .value(Money(amount: DecimalText(total), currency: order.currency)) }
                return Resolved(unchecked: itemViews(of: order, context).map { views in .value(draftSubtotal(views as? [OrderItemView] ?? [], order)) })
            })
            order.field("quickDelivery") { $0.quickDelivery }
            order.field("deliveryAddress") { $0.deliveryAddress }
            order.field("deliveryInstructions") { $0.deliveryInstructions }
            order.field("deliveryTime") { $0.deliveryTime }
            order.field("mealDate") { $0.mealDate }
            order.field("paymentMethod") { $0.paymentMethod }
            order.field("paymentReference", resolve: { order, context -> Resolved<String?> in
                guard order.showsPayments(to: context.viewer) else { return .null }
                return Resolved(
                    unchecked: context.kitchen.orderPayments.load(order.id).map { payments in
                        .value((payments as? [OrderPaymentRecord])?.first(where: { $0.kind == .payment })?.reference)
                    })
            })
            order.field("payments", resolve: { order, context -> Resolved<[OrderPaymentRecord]> in
                guard order.showsPayments(to: context.viewer) else { return .value([]) }
                return Resolved(unchecked: context.kitchen.orderPayments.load(order.id))
            })
            order.field("statusHistory", resolve: { order, context in
                Resolved<[OrderStatusChangeRecord]>(unchecked: context.kitchen.orderHistory.load(order.id))
            })
            order.field("recurring") { $0.recurring }
            order.field("createdAt") { $0.createdAt }
            order.field("submittedAt") { $0.submittedAt }
        }
        binder.connection(of: OrderRecord.self)
        binder.object(OrderItemView.self) { item in
            item.field("product", loadingFrom: { $0.catalog.products }, key: \.item.productID)
            item.field("quantity") { $0.item.quantity }
            item.field("unitPrice") { $0.unitPrice }
            item.field("lineTotal") { $0.lineTotal }
            item.field("inStock") { $0.inStock }
        }
        binder.object(OrderStatusChangeRecord.self) { change in
            change.field("status") { $0.status }
            change.field("previousStatus") { $0.previousStatus }
            change.field("changedBy") { $0.changedBy }
            change.field("changedAt") { $0.changedAt }
        }
        binder.object(OrderPaymentRecord.self) { payment in
            payment.field("kind") { $0.kind }
            payment.field("method") { $0.method }
            payment.field("reference") { $0.reference }
            payment.field("amount") { $0.amount }
            payment.field("createdAt") { $0.createdAt }
        }
        // node(id:): as every other path: the owner, order handlers once submitted, administrators.
        binder.node(OrderRecord.self) { key, context in
            guard context.viewer != nil else { return .null }
            return Resolved<OrderRecord?>(unchecked: context.kitchen.orders.load(key)).map { order in
                guard let order, order.isVisible(to: context.viewer) else { return nil }
                return order
            }
        }
    }

    /// An order's items with their prices: fixed once submitted; the chain's current price paid
    /// (and stock) while a draft, from the catalog's offers loader.
    static func itemViews(of order: OrderRecord, _ context: RequestContext) -> Resolution {
        let offers = context.catalog.offers
        return context.kitchen.orderItems.load(order.id).map { value in
            let items = value as? [OrderItemRecord] ?? []
            if !order.isDraft {
                return .value(items.map { OrderItemView(item: $0, price: $0.unitPrice.map { Money(amount: DecimalText($0), currency: order.currency) }, inStock: true) })
            }
            return offers.loadMany(items.map(\.productID)).map { loaded in
                let lists = loaded as? [(any Sendable)?] ?? []
                return .value(
                    zip(items, lists).map { item, list in
                        let offer = (list as? [ChainOfferRecord])?.first { $0.chainID == order.chainID }
                        return OrderItemView(item: item, price: offer.map { $0.salePrice ?? $0.price }, inStock: (offer?.stock ?? 0) >= item.quantity)
                    })
            }
        }
    }

    static func draftSubtotal(_ views: [OrderItemView], _ order: OrderRecord) -> Money {
        let sum = views.reduce(Decimal(0)) { $0 + ($1.lineTotal?.amount.decimal ?? 0) }
        return Money(amount: DecimalText(MoneyText.format(sum)), currency: views.first?.unitPrice?.currency ?? order.currency)
    }

    // MARK: - Recurring

    private static func bindRecurring(_ binder: inout SchemaBinder) {
        binder.object(RecurringOrderRecord.self) { recurring in
            recurring.field("enabled") { $0.enabled }
            recurring.field("frequency") { $0.frequency }
            recurring.field("everyDays") { $0.everyDays }
            recurring.field("nextRunOn") { $0.enabled ? $0.nextRunOn : nil }
            recurring.field("noticeDays") { $0.noticeDays }
            recurring.field("paymentMethod") { $0.paymentMethod }
            recurring.field("items", resolve: { recurring, context in
                Resolved<[RecurringOrderItemRecord]>(unchecked: context.kitchen.recurringItems.load(recurring.userID))
            })
            recurring.field("runs", resolve: { recurring, context in
                Resolved<[RecurringOrderRunRecord]>(unchecked: context.kitchen.recurringRuns.load(recurring.userID))
            })
        }
        binder.object(RecurringOrderItemRecord.self) { item in
            item.field("product", loadingFrom: { $0.catalog.products }, key: \.productID)
            item.field("parQuantity") { $0.parQuantity }
            item.field("unit") { $0.unit }
            item.field("inPantry") { $0.inPantry }
            item.field("missing") { $0.missing }
        }
        binder.object(RecurringOrderRunRecord.self) { run in
            run.field("runOn") { $0.runOn }
            run.field("outcome") { $0.outcome }
            run.field("order", resolve: { run, context -> Resolved<OrderRecord?> in
                guard let orderID = run.orderID else { return .null }
                return Resolved(unchecked: context.kitchen.orders.load(orderID))
            })
            run.field("message") { $0.message }
            run.field("createdAt") { $0.createdAt }
        }
    }
}

/// Schema type `OrderItem`: an item with the price it shows.
struct OrderItemView: ObjectValue {
    static let graphQLTypeName = "OrderItem"
    var item: OrderItemRecord
    var price: Money?
    var inStock: Bool

    var unitPrice: Money? { price }
    var lineTotal: Money? {
        guard let price, let amount = price.amount.decimal else { return nil }
        return Money(amount: DecimalText(MoneyText.format(amount * Decimal(item.quantity))), currency: price.currency)
    }
}

/// Amounts of money as text with two decimals.
enum MoneyText {
    static func format(_ value: Decimal) -> String {
        var input = value
        var rounded = Decimal()
        NSDecimalRound(&rounded, &input, 2, .bankers)
        let text = NSDecimalNumber(decimal: rounded).stringValue
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let fraction = parts.count > 1 ? String(parts[1]) : ""
        return String(parts[0]) + "." + (fraction + "00").prefix(2)
    }
}

struct PantryArguments: Decodable, Sendable {
    var location: StorageLocation?
    var expiringWithinDays: Int?
    var productId: String?
    var first: Int?
    var after: String?
    var last: Int?
    var before: String?
    var page: PageArguments { PageArguments(first: first, after: after, last: last, before: before) }
}

struct ExpiringSoonArguments: Decodable, Sendable {
    var days: Int?
}

struct PantryAmountArguments: Decodable, Sendable {
    var productId: String
    var unit: QuantityUnit
}

struct OrdersArguments: Decodable, Sendable {
    var status: OrderStatus?
    var first: Int?
    var after: String?
    var last: Int?
    var before: String?
    var page: PageArguments { PageArguments(first: first, after: after, last: last, before: before) }
}
