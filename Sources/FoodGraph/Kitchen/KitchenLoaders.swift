import GraphQLEngine
import Postgres

/// The kitchen's DataLoaders of one request: a page of orders costs one statement for all their
/// items, one for their histories, one for their payments (and the catalog's loaders for products
/// and chains), never one per order.
struct KitchenLoaders {
    let context: RequestContext

    var pantryItems: DataLoader<Int64, PantryItemRecord> {
        let database = context.database
        return context.loader("kitchen.pantryItems") { try await PantryStore.load($0, from: database) }
    }

    var movements: DataLoader<Int64, PantryMovementRecord> {
        let database = context.database
        return context.loader("kitchen.movements") { try await PantryStore.movements($0, from: database) }
    }

    var orders: DataLoader<Int64, OrderRecord> {
        let database = context.database
        return context.loader("kitchen.orders") { try await OrderStore.load($0, from: database) }
    }

    var drafts: DataLoader<Int64, OrderRecord> {
        let database = context.database
        return context.loader("kitchen.drafts") { try await OrderStore.drafts(of: $0, from: database) }
    }

    var orderItems: DataLoader<Int64, [OrderItemRecord]> {
        let database = context.database
        return context.loader("kitchen.orderItems") { try await OrderStore.items(of: $0, from: database) }
    }

    var orderHistory: DataLoader<Int64, [OrderStatusChangeRecord]> {
        let database = context.database
        return context.loader("kitchen.orderHistory") { try await OrderStore.history(of: $0, from: database) }
    }

    var orderPayments: DataLoader<Int64, [OrderPaymentRecord]> {
        let database = context.database
        return context.loader("kitchen.orderPayments") { try await OrderStore.payments(of: $0, from: database) }
    }

    var recurringSettings: DataLoader<Int64, RecurringOrderRecord> {
        let database = context.database
        return context.loader("kitchen.recurringSettings") { try await RecurringOrders.settings(of: $0, from: database) }
    }

    var recurringItems: DataLoader<Int64, [RecurringOrderItemRecord]> {
        let database = context.database
        return context.loader("kitchen.recurringItems") { try await RecurringOrders.items(of: $0, from: database) }
    }

    var recurringRuns: DataLoader<Int64, [RecurringOrderRunRecord]> {
        let database = context.database
        return context.loader("kitchen.recurringRuns") { try await RecurringOrders.runs(of: $0, from: database) }
    }

    var alertDays: DataLoader<Int64, Int> {
        let database = context.database
        return context.loader("kitchen.alertDays") { try await PantryStore.alertDays(of: $0, in: database) }
    }
}

extension RequestContext {
    /// The kitchen's loaders of this request.
    var kitchen: KitchenLoaders { KitchenLoaders(context: self) }
}
