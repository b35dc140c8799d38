import Foundation
import GraphQLEngine
import Postgres

/// The kitchen's mutations, each in the one lifecycle (one transaction; user errors roll it back).
enum KitchenMutations {
    static func bind(_ binder: inout SchemaBinder) {
        bindPantry(&binder)
        bindOrders(&binder)
        bindRecurring(&binder)
    }

    static let utc = TimeZone(identifier: "UTC")!

    static func notFound(_ field: String, _ what: String) -> [UserError] {
        [UserError(field, "No \(what) of yours has this ID.", code: .notFound)]
    }

    /// The top-level category slug and storage of a product, for the expiry estimate.
    static func estimate(productID: Int64?, location: StorageLocation, addedOn: LocalDate, in database: some PostgresQuerying) async throws -> LocalDate {
        guard let productID, let product = try await ProductStore.load([productID], from: database)[productID] else {
            return ShelfLife.estimate(addedOn: addedOn, shelfLifeDays: nil, storage: nil, category: nil, at: location)
        }
        let category = try await CategoryRecord.load([product.categoryID], from: database)[product.categoryID]
        return ShelfLife.estimate(
            addedOn: addedOn, shelfLifeDays: product.shelfLifeDays, storage: product.storage, category: ShelfLife.topLevel(ofPath: category?.path),
            at: location)
    }

    // MARK: Pantry

    private static func bindPantry(_ binder: inout SchemaBinder) {
        binder.mutation("addPantryItem", input: AddPantryItemInput.self, access: .signedIn) { input, scope in
            let viewer = try scope.requireViewer()
            if let productID = input.productID?.key {
                guard try await ProductStore.load([productID], from: scope.transaction)[productID]?.isActive == true else {
                    return AddPantryItemPayload(failing: [UserError("productId", "No product in the catalog has this ID.", code: .notFound)])!
                }
            }
            let today = LocalDate(Date(), in: utc)
            var expiry = input.expiresOn
            if expiry == nil {
                expiry = try await estimate(productID: input.productID?.key, location: input.location, addedOn: today, in: scope.transaction)
            }
            let (item, _) = try await PantryStore.insert(
                NewPantryItem(
                    productID: input.productID?.key, food: input.food, quantity: input.quantity, unit: input.unit, location: input.location,
                    expiresOn: expiry, expiryIsExact: input.expiresOn != nil, source: input.source ?? .manual, opened: input.opened ?? false),
                for: viewer.userID, in: scope.transaction)
            return AddPantryItemPayload(pantryItem: item)
        }
        binder.mutation("updatePantryItem", input: UpdatePantryItemInput.self, access: .signedIn) { input, scope in
            let viewer = try scope.requireViewer()
            guard let item = try await PantryStore.lock(input.pantryItemID.key, of: viewer.userID, in: scope.transaction), !item.removed else {
                return UpdatePantryItemPayload(failing: notFound("pantryItemId", "pantry item"))!
            }
            let location = input.location ?? item.location
            var expiresOn = item.expiresOn
            var exact = item.expiryIsExact
            switch input.expiresOn {
            case .some(.some(let date)):
                expiresOn = date
                exact = true
            case .some(.none):
                exact = false
                expiresOn = try await estimate(productID: item.productID, location: location, addedOn: LocalDate(item.addedAt, in: utc), in: scope.transaction)
            case .none:
                if !exact && location != item.location {
                    expiresOn = try await estimate(productID: item.productID, location: location, addedOn: LocalDate(item.addedAt, in: utc), in: scope.transaction)
                }
            }
            let movement = try await PantryStore.update(
                item, quantity: input.quantity ?? item.quantity, unit: input.unit ?? item.unit, location: location, expiresOn: expiresOn, exact: exact,
                opened: input.opened ?? item.opened, in: scope.transaction)
            return UpdatePantryItemPayload(
                pantryItem: try await PantryStore.load([item.id], from: scope.transaction)[item.id], movement: movement)
        }
        binder.mutation("consumePantryItem", input: ConsumePantryItemInput.self, access: .signedIn) { input, scope in
            let viewer = try scope.requireViewer()
            guard let item = try await PantryStore.lock(input.pantryItemID.key, of: viewer.userID, in: scope.transaction), !item.removed, item.quantity > 0
            else { return ConsumePantryItemPayload(failing: notFound("pantryItemId", "pantry item"))! }
            guard let movements = try await PantryStore.consume(input.quantity, startingWith: item, in: scope.transaction) else {
                return ConsumePantryItemPayload(failing: [
                    UserError("quantity", "The pantry holds less than that of this food in \(item.unit.rawValue.lowercased())s.", code: .outOfRange)
                ])!
            }
            return ConsumePantryItemPayload(
                pantryItem: try await PantryStore.load([item.id], from: scope.transaction)[item.id], movements: movements)
        }
        binder.mutation("removePantryItem", input: RemovePantryItemInput.self, access: .signedIn) { input, scope in
            let viewer = try scope.requireViewer()
            guard let item = try await PantryStore.lock(input.pantryItemId.key, of: viewer.userID, in: scope.transaction), !item.removed else {
                return RemovePantryItemPayload(failing: notFound("pantryItemId", "pantry item"))!
            }
            let movement = try await PantryStore.remove(item, in: scope.transaction)
            return RemovePantryItemPayload(pantryItem: try await PantryStore.load([item.id], from: scope.transaction)[item.id], movement: movement)
        }
        binder.mutation("undoPantryMovement", input: UndoPantryMovementInput.self, access: .signedIn) { input, scope in
            let viewer = try scope.requireViewer()
            guard try await PantryStore.movements([input.movementId.key], from: scope.transaction)[input.movementId.key]?.userID == viewer.userID else {
                return UndoPantryMovementPayload(failing: notFound("movementId", "pantry movement"))!
            }
            guard let undos = try await PantryStore.undo(input.movementId.key, of: viewer.userID, in: scope.transaction), let first = undos.first else {
                return UndoPantryMovementPayload(failing: [
                    UserError("movementId", "This movement was undone already, or is itself an undo.", code: .invalidState)
                ])!
            }
            return UndoPantryMovementPayload(
                pantryItem: try await PantryStore.load([first.pantryItemID], from: scope.transaction)[first.pantryItemID], movement: first)
        }
        binder.mutation("updateKitchenSettings", input: UpdateKitchenSettingsInput.self, access: .signedIn) { input, scope in
            let viewer = try scope.requireViewer()
            if let days = input.expiryAlertDays { try await PantryStore.setAlertDays(days, of: viewer.userID, in: scope.transaction) }
            let days = try await PantryStore.alertDays(of: [viewer.userID], in: scope.transaction)[viewer.userID] ?? PantryStore.defaultAlertDays
            return UpdateKitchenSettingsPayload(kitchenSettings: KitchenSettingsRecord(expiryAlertDays: days))
        }
    }

    // MARK: Orders

    /// Checks a product is active and the chain offers it with enough stock.
    static func checkOffer(_ productID: Int64, quantity: Int, chainID: Int64, field: String, in transaction: PostgresTransaction) async throws -> [UserError] {
        guard let product = try await ProductStore.load([productID], from: transaction)[productID], product.isActive else {
            return [UserError(field, "No product in the catalog has this ID.", code: .notFound)]
        }
        let offer = try await OfferStore.offer(of: productID, by: chainID, in: transaction)
        guard let offer, offer.stock >= quantity else {
            return [UserError(field, "\(product.name) is not in stock at this chain (\(offer?.stock ?? 0) left).", code: .outOfStock)]
        }
        return []
    }

    static func cleanAddress(_ address: Address) -> Address? {
        func clean(_ value: String?) -> String? {
            guard let value = value?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty, !InputText.hasForbiddenCharacters(value)
            else { return nil }
            return String(value.prefix(200))
        }
        guard let line1 = clean(address.line1), let city = clean(address.city), let region = clean(address.region),
            let postalCode = clean(address.postalCode), let country = clean(address.country)
        else { return nil }
        return Address(
            recipient: clean(address.recipient), line1: line1, line2: clean(address.line2), city: city, region: region, postalCode: postalCode,
            country: country, phone: clean(address.phone))
    }

    static let addressError = UserError("deliveryAddress", "An address needs a street, city, region, postal code and country.", code: .required)

    /// Adds `quantity` packages of a product to the user's draft order (the cart), making the cart
    /// at `chainID` (else the user's preferred chain offering the product) when there is none: the
    /// kitchen's Swift API for `addToDraftOrder` and for recipes' missing ingredients. Returns the
    /// draft, or user errors (fields `chainId`, `quantity`, `productId`) and writes no item then.
    static func addToDraft(
        _ productID: Int64, quantity: Int, chainID askedChain: Int64? = nil, for userID: Int64, in transaction: PostgresTransaction
    ) async throws -> (order: OrderRecord?, errors: [UserError]) {
        var draft = try await OrderStore.lockDraft(of: userID, in: transaction)
        if let draft, let asked = askedChain, asked != draft.chainID,
            !(try await OrderStore.items(of: [draft.id], from: transaction)[draft.id] ?? []).isEmpty
        {
            return (nil, [UserError("chainId", "The cart orders from another chain: empty it first.", code: .invalidState)])
        }
        if draft == nil || askedChain != nil {
            guard let chainID = try await OrderFlow.chain(for: userID, asked: askedChain, product: productID, in: transaction) else {
                return (nil, [UserError("chainId", "No chain has this ID.", code: .notFound)])
            }
            if let existing = draft {
                if existing.chainID != chainID {
                    _ = try await transaction.query("UPDATE orders SET chain_id = $2 WHERE id = $1", [existing.id, chainID])
                    draft = try await OrderStore.lock(existing.id, in: transaction)
                }
            } else {
                draft = try await OrderStore.createDraft(for: userID, chainID: chainID, in: transaction)
            }
        }
        guard let draft else { throw DomainError(.serviceUnavailable, "The cart could not be made.") }
        let current = (try await OrderStore.items(of: [draft.id], from: transaction)[draft.id] ?? [])
            .first { $0.productID == productID }?.quantity ?? 0
        guard current + quantity <= 99 else {
            return (nil, [UserError("quantity", "At most 99 of one product.", code: .outOfRange)])
        }
        let errors = try await checkOffer(productID, quantity: current + quantity, chainID: draft.chainID, field: "productId", in: transaction)
        guard errors.isEmpty else { return (nil, errors) }
        _ = try await OrderStore.setItem(productID, quantity: quantity, adding: true, in: draft.id, transaction: transaction)
        return (draft, [])
    }

    private static func bindOrders(_ binder: inout SchemaBinder) {
        binder.mutation("addToDraftOrder", input: AddToDraftOrderInput.self, access: .signedIn) { input, scope in
            let viewer = try scope.requireViewer()
            let added = try await addToDraft(
                input.productID.key, quantity: input.quantity, chainID: input.chainID?.key, for: viewer.userID, in: scope.transaction)
            guard let order = added.order else { return AddToDraftOrderPayload(failing: added.errors)! }
            return AddToDraftOrderPayload(order: order)
        }
        binder.mutation("updateDraftOrderItem", input: UpdateDraftOrderItemInput.self, access: .signedIn) { input, scope in
            let viewer = try scope.requireViewer()
            guard let draft = try await OrderStore.lockDraft(of: viewer.userID, in: scope.transaction),
                (try await OrderStore.items(of: [draft.id], from: scope.transaction)[draft.id] ?? []).contains(where: { $0.productID == input.productID.key })
            else { return UpdateDraftOrderItemPayload(failing: [UserError("productId", "This product is not in the cart.", code: .notFound)])! }
            let errors = try await checkOffer(input.productID.key, quantity: input.quantity, chainID: draft.chainID, field: "quantity", in: scope.transaction)
            guard errors.isEmpty else { return UpdateDraftOrderItemPayload(failing: errors)! }
            _ = try await OrderStore.setItem(input.productID.key, quantity: input.quantity, adding: false, in: draft.id, transaction: scope.transaction)
            return UpdateDraftOrderItemPayload(order: draft)
        }
        binder.mutation("removeFromDraftOrder", input: RemoveFromDraftOrderInput.self, access: .signedIn) { input, scope in
            let viewer = try scope.requireViewer()
            guard let draft = try await OrderStore.lockDraft(of: viewer.userID, in: scope.transaction),
                try await OrderStore.removeItem(input.productId.key, from: draft.id, in: scope.transaction)
            else { return RemoveFromDraftOrderPayload(failing: [UserError("productId", "This product is not in the cart.", code: .notFound)])! }
            if (try await OrderStore.items(of: [draft.id], from: scope.transaction)[draft.id] ?? []).isEmpty {
                try await OrderStore.deleteDraft(draft.id, in: scope.transaction)
                return RemoveFromDraftOrderPayload(order: nil)
            }
            return RemoveFromDraftOrderPayload(order: draft)
        }
        binder.mutation("submitOrder", input: SubmitOrderInput.self, access: .signedIn) { input, scope in
            let viewer = try scope.requireViewer()
            guard let draft = try await OrderStore.lockDraft(of: viewer.userID, in: scope.transaction) else {
                return SubmitOrderPayload(failing: [UserError(field: nil, message: "The cart is empty.", code: .invalidState)])!
            }
            let given = input.deliveryAddress
            let profileAddress = given == nil ? try await ProfileRecord.load([viewer.userID], from: scope.transaction)[viewer.userID]?.shippingAddress : nil
            guard let raw = given ?? profileAddress, let address = cleanAddress(raw) else {
                return SubmitOrderPayload(failing: [
                    UserError("deliveryAddress", "Give a delivery address, or set a shipping address in your profile.", code: .required)
                ])!
            }
            let submission = OrderSubmission(
                paymentMethod: input.paymentMethod, paymentReference: input.paymentReference, quickDelivery: input.quickDelivery,
                mealDate: input.mealDate, deliveryInstructions: input.deliveryInstructions, deliveryTime: input.deliveryTime)
            switch try await OrderFlow.submit(draft, address: address, submission: submission, by: viewer.userID, actor: .customer, in: scope.transaction) {
            case .done(let order): return SubmitOrderPayload(order: order)
            case .refused(let errors): return SubmitOrderPayload(failing: errors)!
            }
        }
        binder.mutation("updateOrder", input: UpdateOrderInput.self, access: .signedIn) { input, scope in
            let viewer = try scope.requireViewer()
            guard let order = try await OrderStore.lock(input.orderID.key, in: scope.transaction), order.userID == viewer.userID, !order.isDraft else {
                return UpdateOrderPayload(failing: notFound("orderId", "order"))!
            }
            guard let status = order.status, OrderStatusMachine.customerMayChange(status) else {
                return UpdateOrderPayload(failing: [
                    UserError("orderId", "The order was accepted by an order handler: it cannot be changed any more.", code: .invalidState)
                ])!
            }
            var address: Address?
            if let given = input.deliveryAddress {
                guard let cleaned = cleanAddress(given) else { return UpdateOrderPayload(failing: [addressError])! }
                address = cleaned
            }
            if let items = input.items {
                let old = try await OrderStore.items(of: [order.id], from: scope.transaction)[order.id] ?? []
                try await OfferStore.release(Dictionary(old.map { ($0.productID, $0.quantity) }, uniquingKeysWith: +), chainID: order.chainID, in: scope.transaction)
                let quantities = Dictionary(items.map { ($0.productID.key, $0.quantity) }, uniquingKeysWith: { min(99, $0 + $1) })
                let (offers, short) = try await OfferStore.reserve(quantities, chainID: order.chainID, in: scope.transaction)
                guard short.isEmpty else {
                    let products = try await ProductStore.load(short, from: scope.transaction)
                    return UpdateOrderPayload(failing: short.map {
                        UserError(
                            field: ["items", GlobalID(typeName: "Product", key: $0).description],
                            message: "\(products[$0]?.name ?? "A product") is short of stock: \(offers[$0]?.stock ?? 0) left.", code: .outOfStock)
                    })!
                }
                try await OrderStore.replaceItems(of: order.id, with: quantities, in: scope.transaction)
                try await OrderStore.reprice(order.id, prices: offers.mapValues { ($0.salePrice ?? $0.price).amount.text }, in: scope.transaction)
            }
            try await OrderStore.updateDelivery(
                order.id, address: address, deliveryTime: input.deliveryTime, instructions: input.deliveryInstructions, mealDate: input.mealDate,
                in: scope.transaction)
            try await OrderWebhook.enqueue(order.id, previous: status, in: scope.transaction)
            return UpdateOrderPayload(order: try await OrderStore.load([order.id], from: scope.transaction)[order.id])
        }
        binder.mutation("setOrderStatus", input: SetOrderStatusInput.self, access: .roles([.orderHandler])) { input, scope in
            let viewer = try scope.requireViewer()
            guard let order = try await OrderStore.lock(input.orderId.key, in: scope.transaction), !order.isDraft else {
                return SetOrderStatusPayload(failing: [UserError("orderId", "No submitted order has this ID.", code: .notFound)])!
            }
            let actor: OrderActor = viewer.isAdministrator ? .administrator : .orderHandler
            switch try await OrderFlow.move(order, to: input.status, by: viewer.userID, actor: actor, in: scope.transaction) {
            case .done(let moved): return SetOrderStatusPayload(order: moved)
            case .refused(let errors): return SetOrderStatusPayload(failing: errors)!
            }
        }
        binder.mutation("cancelOrder", input: CancelOrderInput.self, access: .signedIn) { input, scope in
            let viewer = try scope.requireViewer()
            guard let order = try await OrderStore.lock(input.orderId.key, in: scope.transaction), !order.isDraft, order.isVisible(to: viewer) else {
                return CancelOrderPayload(failing: notFound("orderId", "order"))!
            }
            let staff = viewer.holds(.orderHandler)
            let actor: OrderActor = viewer.isAdministrator ? .administrator : (staff && order.userID != viewer.userID ? .orderHandler : .customer)
            if actor == .customer, let status = order.status, !OrderStatusMachine.customerMayChange(status) {
                return CancelOrderPayload(failing: [
                    UserError("orderId", "The order was accepted by an order handler: ask them to cancel it.", code: .invalidState)
                ])!
            }
            switch try await OrderFlow.move(order, to: .cancelled, by: viewer.userID, actor: actor, in: scope.transaction) {
            case .done(let moved): return CancelOrderPayload(order: moved)
            case .refused(let errors): return CancelOrderPayload(failing: errors)!
            }
        }
    }

    // MARK: Recurring

    static func recurring(of userID: Int64, in database: some PostgresQuerying) async throws -> RecurringOrderRecord {
        try await RecurringOrders.settings(of: [userID], from: database)[userID] ?? RecurringOrderRecord(userID: userID)
    }

    private static func bindRecurring(_ binder: inout SchemaBinder) {
        binder.mutation("setRecurringOrderItem", input: SetRecurringOrderItemInput.self, access: .signedIn) { input, scope in
            let viewer = try scope.requireViewer()
            guard try await ProductStore.load([input.productID.key], from: scope.transaction)[input.productID.key]?.isActive == true else {
                return SetRecurringOrderItemPayload(failing: [UserError("productId", "No product in the catalog has this ID.", code: .notFound)])!
            }
            try await RecurringOrders.setItem(input.productID.key, par: input.parQuantity, unit: input.unit, for: viewer.userID, in: scope.transaction)
            return SetRecurringOrderItemPayload(recurringOrder: try await recurring(of: viewer.userID, in: scope.transaction))
        }
        binder.mutation("removeRecurringOrderItem", input: RemoveRecurringOrderItemInput.self, access: .signedIn) { input, scope in
            let viewer = try scope.requireViewer()
            guard try await RecurringOrders.removeItem(input.productId.key, for: viewer.userID, in: scope.transaction) else {
                return RemoveRecurringOrderItemPayload(failing: [UserError("productId", "This product is not on the recurring order.", code: .notFound)])!
            }
            return RemoveRecurringOrderItemPayload(recurringOrder: try await recurring(of: viewer.userID, in: scope.transaction))
        }
        binder.mutation("setRecurringOrdersEnabled", input: SetRecurringOrdersEnabledInput.self, access: .signedIn) { input, scope in
            let viewer = try scope.requireViewer()
            var settings = try await recurring(of: viewer.userID, in: scope.transaction)
            if let frequency = input.frequency { settings.frequency = frequency }
            if let everyDays = input.everyDays { settings.everyDays = everyDays }
            if settings.frequency == .everyNDays && settings.everyDays == nil {
                return SetRecurringOrdersEnabledPayload(failing: [UserError("everyDays", "Say every how many days.", code: .required)])!
            }
            if settings.frequency != .everyNDays { settings.everyDays = nil }
            if let noticeDays = input.noticeDays { settings.noticeDays = noticeDays }
            if let method = input.paymentMethod { settings.paymentMethod = method }
            if input.enabled && settings.paymentMethod == nil {
                return SetRecurringOrdersEnabledPayload(failing: [UserError("paymentMethod", "Choose how recurring orders are paid.", code: .required)])!
            }
            let today = LocalDate(Date(), in: utc)
            if input.enabled {
                if let first = input.firstRunOn {
                    settings.nextRunOn = first
                } else if !settings.enabled || settings.nextRunOn == nil || input.frequency != nil || input.everyDays != nil {
                    settings.nextRunOn = RecurringOrders.next(after: today, settings.frequency, everyDays: settings.everyDays)
                }
            }
            settings.enabled = input.enabled
            try await RecurringOrders.save(
                settings, paymentReference: input.paymentReference.map { .some($0) } ?? (input.paymentMethod != nil ? .some(nil) : nil),
                in: scope.transaction)
            return SetRecurringOrdersEnabledPayload(recurringOrder: settings)
        }
    }
}
