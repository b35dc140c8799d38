import GraphQLEngine

/// Where a pantry item came from (schema enum `PantrySource`), stored lower-case.
enum PantrySource: String, GraphQLEnum, LowercaseStored {
    case manual = "MANUAL"
    case order = "ORDER"
    case scan = "SCAN"
    case receipt = "RECEIPT"

    static let graphQLTypeName = "PantrySource"
}

/// Whether a pantry item's expiry date is the server's estimate or the date the user gave (schema
/// enum `ExpiryKind`).
enum ExpiryKind: String, GraphQLEnum {
    case estimated = "ESTIMATED"
    case exact = "EXACT"

    static let graphQLTypeName = "ExpiryKind"
}

/// What a pantry movement did (schema enum `PantryMovementKind`), stored lower-case.
enum PantryMovementKind: String, GraphQLEnum, LowercaseStored {
    case add = "ADD"
    case edit = "EDIT"
    case consume = "CONSUME"
    case remove = "REMOVE"
    case undo = "UNDO"

    static let graphQLTypeName = "PantryMovementKind"
}

/// Schema enum `OrderStatus`; a draft (cart) has none. Stored lower-case (`in_process`).
enum OrderStatus: String, GraphQLEnum, LowercaseStored {
    case inProcess = "IN_PROCESS"
    case accepted = "ACCEPTED"
    case pendingDelivery = "PENDING_DELIVERY"
    case delivered = "DELIVERED"
    case cancelled = "CANCELLED"

    static let graphQLTypeName = "OrderStatus"
}

/// Schema enum `PaymentMethod`: the method, never card numbers (a reference at most).
enum PaymentMethod: String, GraphQLEnum, LowercaseStored {
    case cash = "CASH"
    case creditCard = "CREDIT_CARD"
    case debitCard = "DEBIT_CARD"
    case paypal = "PAYPAL"

    static let graphQLTypeName = "PaymentMethod"
}

/// Who changed an order's status (schema enum `OrderActor`).
enum OrderActor: String, GraphQLEnum, LowercaseStored {
    case customer = "CUSTOMER"
    case orderHandler = "ORDER_HANDLER"
    case administrator = "ADMINISTRATOR"
    case system = "SYSTEM"

    static let graphQLTypeName = "OrderActor"
}

/// A payment or a refund (schema enum `PaymentKind`).
enum PaymentKind: String, GraphQLEnum, LowercaseStored {
    case payment = "PAYMENT"
    case refund = "REFUND"

    static let graphQLTypeName = "PaymentKind"
}

/// How often a recurring order runs (schema enum `RecurringFrequency`).
enum RecurringFrequency: String, GraphQLEnum, LowercaseStored {
    case weekly = "WEEKLY"
    case biweekly = "BIWEEKLY"
    case monthly = "MONTHLY"
    case everyNDays = "EVERY_N_DAYS"

    static let graphQLTypeName = "RecurringFrequency"
}

/// What a recurring order's run did (schema enum `RecurringRunOutcome`).
enum RecurringRunOutcome: String, GraphQLEnum, LowercaseStored {
    case ordered = "ORDERED"
    case nothingMissing = "NOTHING_MISSING"
    case notOrdered = "NOT_ORDERED"

    static let graphQLTypeName = "RecurringRunOutcome"
}

extension LowercaseStored where Self: CaseIterable {
    /// The stored name (`in_process`) read back; nil for a name this server does not know.
    static func stored(_ name: String) -> Self? { Self(databaseName: name) }
}
