import Foundation
import Postgres

/// The order status machine (pure): IN_PROCESS → ACCEPTED → PENDING_DELIVERY → DELIVERED, or
/// CANCELLED from any status before DELIVERED. Customers may cancel only while IN_PROCESS.
enum OrderStatusMachine {
    static func allows(_ from: OrderStatus, _ to: OrderStatus) -> Bool {
        switch (from, to) {
        case (.inProcess, .accepted), (.accepted, .pendingDelivery), (.pendingDelivery, .delivered): true
        case (.inProcess, .cancelled), (.accepted, .cancelled), (.pendingDelivery, .cancelled): true
        default: false
        }
    }

    /// Whether the customer may still change or cancel the order.
    static func customerMayChange(_ status: OrderStatus) -> Bool { status == .inProcess }
}

/// What submitting, changing and moving an order does, in the caller's transaction: shared by the
/// mutations and the recurring order's run.
enum OrderFlow {
    /// Reserves the draft's stock, fixes its prices, submits it, records its payment, its first
    /// status and its webhook event. Returns the order, or the user errors (short stock names each
    /// product; the caller's transaction then rolls back, so nothing of the order is written).
    static func submit(
        _ draft: OrderRecord, address: Address, submission: OrderSubmission, by userID: Int64?, actor: OrderActor,
        in transaction: PostgresTransaction
    ) async throws -> OrderOutcome {
        let items = try await OrderStore.items(of: [draft.id], from: transaction)[draft.id] ?? []
        guard !items.isEmpty else { return .refused([UserError(field: nil, message: "The cart is empty.", code: .invalidState)]) }
        let quantities = Dictionary(items.map { ($0.productID, $0.quantity) }, uniquingKeysWith: +)
        let (offers, short) = try await OfferStore.reserve(quantities, chainID: draft.chainID, in: transaction)
        guard short.isEmpty else {
            let products = try await ProductStore.load(short, from: transaction)
            return .refused(
                short.map { productID in
                    let name = products[productID]?.name ?? "A product"
                    let stock = offers[productID]?.stock ?? 0
                    return UserError(
                        field: ["items", GlobalID(typeName: "Product", key: productID).description],
                        message: "\(name) is short of stock: \(stock) left, \(quantities[productID]!) ordered.", code: .outOfStock)
                })
        }
        var prices: [Int64: String] = [:]
        var currency = "CAD"
        for (productID, offer) in offers {
            prices[productID] = (offer.salePrice ?? offer.price).amount.text
            currency = offer.price.currency
        }
        let order = try await OrderStore.submit(draft, prices: prices, currency: currency, address: address, submission: submission, in: transaction)
        try await OrderStore.recordChange(order.id, from: nil, to: .inProcess, by: userID, as: actor, in: transaction)
        try await OrderStore.recordPayment(order, kind: .payment, method: submission.paymentMethod, reference: submission.paymentReference, in: transaction)
        try await OrderWebhook.enqueue(order.id, previous: nil, in: transaction)
        return .done(order)
    }

    /// Moves a locked order to `status` (checked by the machine); cancellation returns the stock and
    /// refunds the payment; delivery adds the items to the customer's pantry. Tells the customer.
    static func move(
        _ order: OrderRecord, to status: OrderStatus, by userID: Int64, actor: OrderActor, in transaction: PostgresTransaction
    ) async throws -> OrderOutcome {
        guard let current = order.status, OrderStatusMachine.allows(current, status) else {
            let from = order.status?.rawValue ?? "a draft"
            return .refused([UserError(field: ["status"], message: "An order cannot go from \(from) to \(status.rawValue).", code: .invalidState)])
        }
        let items = try await OrderStore.items(of: [order.id], from: transaction)[order.id] ?? []
        if status == .cancelled {
            try await OfferStore.release(
                Dictionary(items.map { ($0.productID, $0.quantity) }, uniquingKeysWith: +), chainID: order.chainID, in: transaction)
            if let method = order.paymentMethod {
                try await OrderStore.recordPayment(order, kind: .refund, method: method, reference: nil, in: transaction)
            }
        }
        if status == .delivered, let customer = order.userID {
            try await addToPantry(items, of: order, for: customer, in: transaction)
        }
        let moved = try await OrderStore.setStatus(order, to: status, by: userID, as: actor, in: transaction)
        try await OrderWebhook.enqueue(order.id, previous: current, in: transaction)
        if let customer = order.userID, customer != userID {
            _ = try await Notifications.post(
                NewNotification(
                    kind: .orderStatusChanged, userID: customer, title: "Order \(order.number ?? "") \(describe(status))",
                    body: "Your order \(order.number ?? "") is now \(describe(status)).", subjectID: order.globalID,
                    dedupeKey: "order:\(order.id):\(status.databaseName)"),
                in: transaction)
        }
        return .done(moved)
    }

    static func describe(_ status: OrderStatus) -> String {
        switch status {
        case .inProcess: "in process"
        case .accepted: "accepted"
        case .pendingDelivery: "on its way"
        case .delivered: "delivered"
        case .cancelled: "cancelled"
        }
    }

    /// A delivered order's items, as pantry lots (source ORDER): each product in pieces (the
    /// chain's units), in its storage place, its expiry estimated.
    static func addToPantry(_ items: [OrderItemRecord], of order: OrderRecord, for userID: Int64, in transaction: PostgresTransaction) async throws {
        let products = try await ProductStore.load(items.map(\.productID), from: transaction)
        let categories = try await CategoryRecord.load(Array(Set(products.values.map(\.categoryID))), from: transaction)
        let today = LocalDate(Date(), in: TimeZone(identifier: "UTC")!)
        for item in items {
            let product = products[item.productID]
            let location = product?.storage ?? .pantry
            let expiry = ShelfLife.estimate(
                addedOn: today, shelfLifeDays: product?.shelfLifeDays, storage: product?.storage,
                category: ShelfLife.topLevel(ofPath: product.flatMap { categories[$0.categoryID]?.path }), at: location)
            _ = try await PantryStore.insert(
                NewPantryItem(
                    productID: item.productID, food: nil, quantity: Double(item.quantity), unit: .piece, location: location, expiresOn: expiry,
                    expiryIsExact: false, source: .order, orderID: order.id),
                for: userID, in: transaction)
        }
    }

    /// The chain a new cart orders from: the one asked for, else the user's preferred store's, else
    /// the chain with the cheapest offer of `product` in stock, else the first chain.
    static func chain(for userID: Int64, asked: Int64?, product: Int64? = nil, in database: some PostgresQuerying) async throws -> Int64? {
        if let asked { return try await StoreDirectory.chains([asked], from: database)[asked]?.id }
        let marks = try await ProfileStore.storeMarks(of: [userID], in: database)[userID]
        if let preferred = marks?.preferred, !preferred.isEmpty {
            let stores = try await StoreDirectory.stores(preferred, from: database)
            if let chain = preferred.compactMap({ stores[$0]?.chainID }).first { return chain }
        }
        if let product, let offer = try await OfferStore.offers(of: [product], in: database)[product]?.first(where: { $0.stock > 0 }) {
            return offer.chainID
        }
        let first = try await StoreDirectory.chains(page: try Page(PageArguments(first: 1, after: nil, last: nil, before: nil)), in: database)
        return first.edges.first?.node.id
    }
}

/// What an order change did: the order, or why not (user errors; the caller rolls back).
enum OrderOutcome: Sendable {
    case done(OrderRecord)
    case refused([UserError])
}
