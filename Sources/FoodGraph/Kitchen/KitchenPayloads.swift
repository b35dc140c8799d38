import GraphQLEngine

// The kitchen's mutation payloads: the record changed (nil with user errors) and the user errors.

struct AddPantryItemPayload: MutationPayload {
    static let graphQLTypeName = "AddPantryItemPayload"
    var pantryItem: PantryItemRecord?
    var userErrors: [UserError] = []
    init(pantryItem: PantryItemRecord?) {
        self.pantryItem = pantryItem
    }
    init?(failing errors: [UserError]) { userErrors = errors }
}

struct UpdatePantryItemPayload: MutationPayload {
    static let graphQLTypeName = "UpdatePantryItemPayload"
    var pantryItem: PantryItemRecord?
    var movement: PantryMovementRecord?
    var userErrors: [UserError] = []
    init(pantryItem: PantryItemRecord?, movement: PantryMovementRecord?) {
        self.pantryItem = pantryItem
        self.movement = movement
    }
    init?(failing errors: [UserError]) { userErrors = errors }
}

struct RemovePantryItemPayload: MutationPayload {
    static let graphQLTypeName = "RemovePantryItemPayload"
    var pantryItem: PantryItemRecord?
    var movement: PantryMovementRecord?
    var userErrors: [UserError] = []
    init(pantryItem: PantryItemRecord?, movement: PantryMovementRecord?) {
        self.pantryItem = pantryItem
        self.movement = movement
    }
    init?(failing errors: [UserError]) { userErrors = errors }
}

struct UndoPantryMovementPayload: MutationPayload {
    static let graphQLTypeName = "UndoPantryMovementPayload"
    var pantryItem: PantryItemRecord?
    var movement: PantryMovementRecord?
    var userErrors: [UserError] = []
    init(pantryItem: PantryItemRecord?, movement: PantryMovementRecord?) {
        self.pantryItem = pantryItem
        self.movement = movement
    }
    init?(failing errors: [UserError]) { userErrors = errors }
}

struct UpdateKitchenSettingsPayload: MutationPayload {
    static let graphQLTypeName = "UpdateKitchenSettingsPayload"
    var kitchenSettings: KitchenSettingsRecord?
    var userErrors: [UserError] = []
    init(kitchenSettings: KitchenSettingsRecord?) {
        self.kitchenSettings = kitchenSettings
    }
    init?(failing errors: [UserError]) { userErrors = errors }
}

struct AddToDraftOrderPayload: MutationPayload {
    static let graphQLTypeName = "AddToDraftOrderPayload"
    var order: OrderRecord?
    var userErrors: [UserError] = []
    init(order: OrderRecord?) {
        self.order = order
    }
    init?(failing errors: [UserError]) { userErrors = errors }
}

struct UpdateDraftOrderItemPayload: MutationPayload {
    static let graphQLTypeName = "UpdateDraftOrderItemPayload"
    var order: OrderRecord?
    var userErrors: [UserError] = []
    init(order: OrderRecord?) {
        self.order = order
    }
    init?(failing errors: [UserError]) { userErrors = errors }
}

struct RemoveFromDraftOrderPayload: MutationPayload {
    static let graphQLTypeName = "RemoveFromDraftOrderPayload"
    var order: OrderRecord?
    var userErrors: [UserError] = []
    init(order: OrderRecord?) {
        self.order = order
    }
    init?(failing errors: [UserError]) { userErrors = errors }
}

struct SubmitOrderPayload: MutationPayload {
    static let graphQLTypeName = "SubmitOrderPayload"
    var order: OrderRecord?
    var userErrors: [UserError] = []
    init(order: OrderRecord?) {
        self.order = order
    }
    init?(failing errors: [UserError]) { userErrors = errors }
}

struct UpdateOrderPayload: MutationPayload {
    static let graphQLTypeName = "UpdateOrderPayload"
    var order: OrderRecord?
    var userErrors: [UserError] = []
    init(order: OrderRecord?) {
        self.order = order
    }
    init?(failing errors: [UserError]) { userErrors = errors }
}

struct SetOrderStatusPayload: MutationPayload {
    static let graphQLTypeName = "SetOrderStatusPayload"
    var order: OrderRecord?
    var userErrors: [UserError] = []
    init(order: OrderRecord?) {
        self.order = order
    }
    init?(failing errors: [UserError]) { userErrors = errors }
}

struct CancelOrderPayload: MutationPayload {
    static let graphQLTypeName = "CancelOrderPayload"
    var order: OrderRecord?
    var userErrors: [UserError] = []
    init(order: OrderRecord?) {
        self.order = order
    }
    init?(failing errors: [UserError]) { userErrors = errors }
}

struct SetRecurringOrderItemPayload: MutationPayload {
    static let graphQLTypeName = "SetRecurringOrderItemPayload"
    var recurringOrder: RecurringOrderRecord?
    var userErrors: [UserError] = []
    init(recurringOrder: RecurringOrderRecord?) {
        self.recurringOrder = recurringOrder
    }
    init?(failing errors: [UserError]) { userErrors = errors }
}

struct RemoveRecurringOrderItemPayload: MutationPayload {
    static let graphQLTypeName = "RemoveRecurringOrderItemPayload"
    var recurringOrder: RecurringOrderRecord?
    var userErrors: [UserError] = []
    init(recurringOrder: RecurringOrderRecord?) {
        self.recurringOrder = recurringOrder
    }
    init?(failing errors: [UserError]) { userErrors = errors }
}

struct SetRecurringOrdersEnabledPayload: MutationPayload {
    static let graphQLTypeName = "SetRecurringOrdersEnabledPayload"
    var recurringOrder: RecurringOrderRecord?
    var userErrors: [UserError] = []
    init(recurringOrder: RecurringOrderRecord?) {
        self.recurringOrder = recurringOrder
    }
    init?(failing errors: [UserError]) { userErrors = errors }
}

struct ConsumePantryItemPayload: MutationPayload {
    static let graphQLTypeName = "ConsumePantryItemPayload"
    var pantryItem: PantryItemRecord?
    var movement: PantryMovementRecord?
    var movements: [PantryMovementRecord] = []
    var userErrors: [UserError] = []
    init(pantryItem: PantryItemRecord?, movements: [PantryMovementRecord]) {
        self.pantryItem = pantryItem
        self.movement = movements.first
        self.movements = movements
    }
    init?(failing errors: [UserError]) { userErrors = errors }
}

/// Schema type `KitchenSettings`.
struct KitchenSettingsRecord: ObjectValue {
    static let graphQLTypeName = "KitchenSettings"
    var expiryAlertDays: Int
}

extension KitchenArea {
    static func bindPayloads(_ binder: inout SchemaBinder) {
        binder.object(AddPantryItemPayload.self) { payload in
            payload.field("pantryItem") { $0.pantryItem }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(UpdatePantryItemPayload.self) { payload in
            payload.field("pantryItem") { $0.pantryItem }
            payload.field("movement") { $0.movement }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(RemovePantryItemPayload.self) { payload in
            payload.field("pantryItem") { $0.pantryItem }
            payload.field("movement") { $0.movement }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(UndoPantryMovementPayload.self) { payload in
            payload.field("pantryItem") { $0.pantryItem }
            payload.field("movement") { $0.movement }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(UpdateKitchenSettingsPayload.self) { payload in
            payload.field("kitchenSettings") { $0.kitchenSettings }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(AddToDraftOrderPayload.self) { payload in
            payload.field("order") { $0.order }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(UpdateDraftOrderItemPayload.self) { payload in
            payload.field("order") { $0.order }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(RemoveFromDraftOrderPayload.self) { payload in
            payload.field("order") { $0.order }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(SubmitOrderPayload.self) { payload in
            payload.field("order") { $0.order }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(UpdateOrderPayload.self) { payload in
            payload.field("order") { $0.order }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(SetOrderStatusPayload.self) { payload in
            payload.field("order") { $0.order }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(CancelOrderPayload.self) { payload in
            payload.field("order") { $0.order }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(SetRecurringOrderItemPayload.self) { payload in
            payload.field("recurringOrder") { $0.recurringOrder }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(RemoveRecurringOrderItemPayload.self) { payload in
            payload.field("recurringOrder") { $0.recurringOrder }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(SetRecurringOrdersEnabledPayload.self) { payload in
            payload.field("recurringOrder") { $0.recurringOrder }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(ConsumePantryItemPayload.self) { payload in
            payload.field("pantryItem") { $0.pantryItem }
            payload.field("movement") { $0.movement }
            payload.field("movements") { $0.movements }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(KitchenSettingsRecord.self) { settings in
            settings.field("expiryAlertDays") { $0.expiryAlertDays }
        }
    }
}
