import Foundation
import GraphQLEngine

/// Input rules shared by the kitchen's inputs.
enum KitchenRules {
    static func quantity(_ value: Double, _ decoder: any Decoder, allowZero: Bool = false) throws -> Double {
        guard decoder.isBindingCheck || (value.isFinite && (allowZero ? value >= 0 : value >= 0.001) && value <= PantryStore.maximumQuantity) else {
            throw InputError(decoder, "Give a quantity from \(allowZero ? "0" : "0.001") to 100000.", code: .outOfRange)
        }
        return (value * 1000).rounded() / 1000
    }

    static func units(_ value: Int, _ decoder: any Decoder) throws -> Int {
        guard decoder.isBindingCheck || (1...99).contains(value) else {
            throw InputError(decoder, "Give a quantity from 1 to 99.", code: .outOfRange)
        }
        return value
    }

    static func text(_ value: String?, _ decoder: any Decoder, maximum: Int, name: String) throws -> String? {
        guard let value else { return nil }
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        if decoder.isBindingCheck { return trimmed }
        guard !InputText.hasForbiddenCharacters(trimmed) else { throw InputError(decoder, "Remove the control characters.") }
        guard trimmed.count <= maximum else { throw InputError(decoder, "The \(name) can have at most \(maximum) characters.", code: .tooLong) }
        return trimmed.isEmpty ? nil : trimmed
    }

    /// A payment reference: 1–64 characters, never something that looks like a card number (13–19
    /// digits, spaces and dashes aside).
    static func paymentReference(_ value: String?, _ decoder: any Decoder) throws -> String? {
        guard let text = try text(value, decoder, maximum: 64, name: "payment reference") else { return nil }
        let digits = text.filter(\.isNumber)
        if !decoder.isBindingCheck, digits.count >= 13, text.allSatisfy({ $0.isNumber || $0 == " " || $0 == "-" }) {
            throw InputError(decoder, "Give a payment reference (such as the card's last four digits), never the card number.")
        }
        return text
    }

    static func deliveryTime(_ value: String?, _ decoder: any Decoder) throws -> Date? {
        guard let value else { return nil }
        if decoder.isBindingCheck { return Date() }
        guard let date = RFC3339.parse(value) else { throw InputError(decoder, "Give a date-time such as 2026-11-22T17:30:00Z.") }
        guard date > Date(), date < Date().addingTimeInterval(60 * 86_400) else {
            throw InputError(decoder, "The delivery time must be in the next 60 days.", code: .outOfRange)
        }
        return date
    }
}

struct AddPantryItemInput: Decodable, Sendable {
    var productID: NodeID<ProductRecord>?
    var food: String?
    var quantity: Double
    var unit: QuantityUnit
    var location: StorageLocation
    var expiresOn: LocalDate?
    var source: PantrySource?
    var opened: Bool?

    private enum CodingKeys: String, CodingKey { case productId, food, quantity, unit, location, expiresOn, source, opened }

    init(from decoder: any Decoder) throws {
        let input = try decoder.container(keyedBy: CodingKeys.self)
        productID = try input.decodeIfPresent(NodeID<ProductRecord>.self, forKey: .productId)
        food = try KitchenRules.text(try input.decodeIfPresent(String.self, forKey: .food), try input.superDecoder(forKey: .food), maximum: 200, name: "food")
        quantity = try KitchenRules.quantity(try input.decode(Double.self, forKey: .quantity), try input.superDecoder(forKey: .quantity))
        unit = try input.decode(QuantityUnit.self, forKey: .unit)
        location = try input.decode(StorageLocation.self, forKey: .location)
        expiresOn = try input.decodeIfPresent(LocalDate.self, forKey: .expiresOn)
        source = try input.decodeIfPresent(PantrySource.self, forKey: .source)
        opened = try input.decodeIfPresent(Bool.self, forKey: .opened)
        if !decoder.isBindingCheck, (productID == nil) == (food == nil) {
            throw InputError(decoder, "Give a product (productId) or a food, one of them.", code: .required)
        }
    }
}

struct UpdatePantryItemInput: Decodable, Sendable {
    var pantryItemID: NodeID<PantryItemRecord>
    var quantity: Double?
    var unit: QuantityUnit?
    var location: StorageLocation?
    /// `.some(nil)`: back to the estimate.
    var expiresOn: LocalDate??
    var opened: Bool?

    private enum CodingKeys: String, CodingKey { case pantryItemId, quantity, unit, location, expiresOn, opened }

    init(from decoder: any Decoder) throws {
        let input = try decoder.container(keyedBy: CodingKeys.self)
        pantryItemID = try input.decode(NodeID<PantryItemRecord>.self, forKey: .pantryItemId)
        if let quantity = try input.decodeIfPresent(Double.self, forKey: .quantity) {
            self.quantity = try KitchenRules.quantity(quantity, try input.superDecoder(forKey: .quantity), allowZero: true)
        }
        unit = try input.decodeIfPresent(QuantityUnit.self, forKey: .unit)
        location = try input.decodeIfPresent(StorageLocation.self, forKey: .location)
        expiresOn = try kitchenPatch(input, .expiresOn) { try input.decodeIfPresent(LocalDate.self, forKey: .expiresOn) }
        opened = try input.decodeIfPresent(Bool.self, forKey: .opened)
    }
}

struct ConsumePantryItemInput: Decodable, Sendable {
    var pantryItemID: NodeID<PantryItemRecord>
    var quantity: Double

    private enum CodingKeys: String, CodingKey { case pantryItemId, quantity }

    init(from decoder: any Decoder) throws {
        let input = try decoder.container(keyedBy: CodingKeys.self)
        pantryItemID = try input.decode(NodeID<PantryItemRecord>.self, forKey: .pantryItemId)
        quantity = try KitchenRules.quantity(try input.decode(Double.self, forKey: .quantity), try input.superDecoder(forKey: .quantity))
    }
}

struct RemovePantryItemInput: Decodable, Sendable {
    var pantryItemId: NodeID<PantryItemRecord>
}

struct UndoPantryMovementInput: Decodable, Sendable {
    var movementId: NodeID<PantryMovementRecord>
}

struct UpdateKitchenSettingsInput: Decodable, Sendable {
    var expiryAlertDays: Int?

    private enum CodingKeys: String, CodingKey { case expiryAlertDays }

    init(from decoder: any Decoder) throws {
        let input = try decoder.container(keyedBy: CodingKeys.self)
        expiryAlertDays = try input.decodeIfPresent(Int.self, forKey: .expiryAlertDays)
        if let days = expiryAlertDays, !decoder.isBindingCheck, !(0...30).contains(days) {
            throw InputError(try input.superDecoder(forKey: .expiryAlertDays), "Give 0 to 30 days.", code: .outOfRange)
        }
    }
}

struct AddToDraftOrderInput: Decodable, Sendable {
    var productID: NodeID<ProductRecord>
    var quantity: Int
    var chainID: NodeID<RetailChainRecord>?

    private enum CodingKeys: String, CodingKey { case productId, quantity, chainId }

    init(from decoder: any Decoder) throws {
        let input = try decoder.container(keyedBy: CodingKeys.self)
        productID = try input.decode(NodeID<ProductRecord>.self, forKey: .productId)
        quantity = try KitchenRules.units(try input.decode(Int.self, forKey: .quantity), try input.superDecoder(forKey: .quantity))
        chainID = try input.decodeIfPresent(NodeID<RetailChainRecord>.self, forKey: .chainId)
    }
}

struct UpdateDraftOrderItemInput: Decodable, Sendable {
    var productID: NodeID<ProductRecord>
    var quantity: Int

    private enum CodingKeys: String, CodingKey { case productId, quantity }

    init(from decoder: any Decoder) throws {
        let input = try decoder.container(keyedBy: CodingKeys.self)
        productID = try input.decode(NodeID<ProductRecord>.self, forKey: .productId)
        quantity = try KitchenRules.units(try input.decode(Int.self, forKey: .quantity), try input.superDecoder(forKey: .quantity))
    }
}

struct RemoveFromDraftOrderInput: Decodable, Sendable {
    var productId: NodeID<ProductRecord>
}

struct SubmitOrderInput: Decodable, Sendable {
    var confirmed: Bool
    var paymentMethod: PaymentMethod
    var paymentReference: String?
    var deliveryAddress: Address?
    var quickDelivery: Bool
    var mealDate: LocalDate?
    var deliveryInstructions: String?
    var deliveryTime: Date?

    private enum CodingKeys: String, CodingKey {
        case confirmed, paymentMethod, paymentReference, deliveryAddress, quickDelivery, mealDate, deliveryInstructions, deliveryTime
    }

    init(from decoder: any Decoder) throws {
        let input = try decoder.container(keyedBy: CodingKeys.self)
        confirmed = try input.decode(Bool.self, forKey: .confirmed)
        paymentMethod = try input.decode(PaymentMethod.self, forKey: .paymentMethod)
        paymentReference = try KitchenRules.paymentReference(
            try input.decodeIfPresent(String.self, forKey: .paymentReference), try input.superDecoder(forKey: .paymentReference))
        deliveryAddress = try input.decodeIfPresent(Address.self, forKey: .deliveryAddress)
        quickDelivery = try input.decodeIfPresent(Bool.self, forKey: .quickDelivery) ?? false
        mealDate = try input.decodeIfPresent(LocalDate.self, forKey: .mealDate)
        deliveryInstructions = try KitchenRules.text(
            try input.decodeIfPresent(String.self, forKey: .deliveryInstructions), try input.superDecoder(forKey: .deliveryInstructions), maximum: 500,
            name: "delivery instructions")
        deliveryTime = try KitchenRules.deliveryTime(
            try input.decodeIfPresent(String.self, forKey: .deliveryTime), try input.superDecoder(forKey: .deliveryTime))
        if !decoder.isBindingCheck, !confirmed {
            throw InputError(try input.superDecoder(forKey: .confirmed), "Confirm the order (confirmed: true) to send it.", code: .required)
        }
    }
}

struct OrderItemInput: Decodable, Sendable {
    var productID: NodeID<ProductRecord>
    var quantity: Int

    private enum CodingKeys: String, CodingKey { case productId, quantity }

    init(from decoder: any Decoder) throws {
        let input = try decoder.container(keyedBy: CodingKeys.self)
        productID = try input.decode(NodeID<ProductRecord>.self, forKey: .productId)
        quantity = try KitchenRules.units(try input.decode(Int.self, forKey: .quantity), try input.superDecoder(forKey: .quantity))
    }
}

struct UpdateOrderInput: Decodable, Sendable {
    var orderID: NodeID<OrderRecord>
    var items: [OrderItemInput]?
    var deliveryAddress: Address?
    var deliveryTime: Date??
    var deliveryInstructions: String??
    var mealDate: LocalDate??

    private enum CodingKeys: String, CodingKey { case orderId, items, deliveryAddress, deliveryTime, deliveryInstructions, mealDate }

    init(from decoder: any Decoder) throws {
        let input = try decoder.container(keyedBy: CodingKeys.self)
        orderID = try input.decode(NodeID<OrderRecord>.self, forKey: .orderId)
        items = try input.decodeIfPresent([OrderItemInput].self, forKey: .items)
        if let items, !decoder.isBindingCheck, !(1...100).contains(items.count) {
            throw InputError(try input.superDecoder(forKey: .items), "Give 1 to 100 items (cancel the order to drop them all).", code: .outOfRange)
        }
        deliveryAddress = try input.decodeIfPresent(Address.self, forKey: .deliveryAddress)
        deliveryTime = try kitchenPatch(input, .deliveryTime) {
            try KitchenRules.deliveryTime(try input.decodeIfPresent(String.self, forKey: .deliveryTime), try input.superDecoder(forKey: .deliveryTime))
        }
        deliveryInstructions = try kitchenPatch(input, .deliveryInstructions) {
            try KitchenRules.text(
                try input.decodeIfPresent(String.self, forKey: .deliveryInstructions), try input.superDecoder(forKey: .deliveryInstructions),
                maximum: 500, name: "delivery instructions")
        }
        mealDate = try kitchenPatch(input, .mealDate) { try input.decodeIfPresent(LocalDate.self, forKey: .mealDate) }
    }
}

struct SetOrderStatusInput: Decodable, Sendable {
    var orderId: NodeID<OrderRecord>
    var status: OrderStatus
}

struct CancelOrderInput: Decodable, Sendable {
    var orderId: NodeID<OrderRecord>
}

struct SetRecurringOrderItemInput: Decodable, Sendable {
    var productID: NodeID<ProductRecord>
    var parQuantity: Double
    var unit: QuantityUnit

    private enum CodingKeys: String, CodingKey { case productId, parQuantity, unit }

    init(from decoder: any Decoder) throws {
        let input = try decoder.container(keyedBy: CodingKeys.self)
        productID = try input.decode(NodeID<ProductRecord>.self, forKey: .productId)
        parQuantity = try KitchenRules.quantity(try input.decode(Double.self, forKey: .parQuantity), try input.superDecoder(forKey: .parQuantity))
        unit = try input.decode(QuantityUnit.self, forKey: .unit)
    }
}

struct RemoveRecurringOrderItemInput: Decodable, Sendable {
    var productId: NodeID<ProductRecord>
}

struct SetRecurringOrdersEnabledInput: Decodable, Sendable {
    var enabled: Bool
    var frequency: RecurringFrequency?
    var everyDays: Int?
    var noticeDays: Int?
    var firstRunOn: LocalDate?
    var paymentMethod: PaymentMethod?
    var paymentReference: String?

    private enum CodingKeys: String, CodingKey { case enabled, frequency, everyDays, noticeDays, firstRunOn, paymentMethod, paymentReference }

    init(from decoder: any Decoder) throws {
        let input = try decoder.container(keyedBy: CodingKeys.self)
        enabled = try input.decode(Bool.self, forKey: .enabled)
        frequency = try input.decodeIfPresent(RecurringFrequency.self, forKey: .frequency)
        everyDays = try input.decodeIfPresent(Int.self, forKey: .everyDays)
        noticeDays = try input.decodeIfPresent(Int.self, forKey: .noticeDays)
        firstRunOn = try input.decodeIfPresent(LocalDate.self, forKey: .firstRunOn)
        paymentMethod = try input.decodeIfPresent(PaymentMethod.self, forKey: .paymentMethod)
        paymentReference = try KitchenRules.paymentReference(
            try input.decodeIfPresent(String.self, forKey: .paymentReference), try input.superDecoder(forKey: .paymentReference))
        guard !decoder.isBindingCheck else { return }
        if let everyDays, !(1...365).contains(everyDays) {
            throw InputError(try input.superDecoder(forKey: .everyDays), "Give 1 to 365 days.", code: .outOfRange)
        }
        if let noticeDays, !(0...14).contains(noticeDays) {
            throw InputError(try input.superDecoder(forKey: .noticeDays), "Give 0 to 14 days.", code: .outOfRange)
        }
        let today = LocalDate(Date(), in: TimeZone(identifier: "UTC")!)
        if let firstRunOn, firstRunOn < today || today.adding(days: 366) < firstRunOn {
            throw InputError(try input.superDecoder(forKey: .firstRunOn), "Give a date from today to a year ahead.", code: .outOfRange)
        }
    }
}

/// A patch field: nil when left out, `.some(nil)` when given as null, else the value `read` gives.
func kitchenPatch<Key: CodingKey, Value>(
    _ container: KeyedDecodingContainer<Key>, _ key: Key, _ read: () throws -> Value?
) throws -> Value?? {
    guard container.contains(key) else { return nil }
    if try container.decodeNil(forKey: key) { return .some(nil) }
    return .some(try read())
}
