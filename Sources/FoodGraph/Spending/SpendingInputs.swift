import Foundation
import GraphQLEngine

// The Spending area's arguments and inputs, decoded with their bounds (stated in the SDL). Texts
// and amounts use the catalog's input rules (`CatalogInput`).

enum SpendingRule {
    static let lineText = TextRule(length: 1...200)
    static let reviewNote = TextRule(length: 1...1000, multiline: true)
    static let lines = 1...200
    static let quantity = 0.001...10_000.0
    /// Unit prices and discounts.
    static let price = Decimal(0)...Decimal(string: "99999.99")!
    /// Line totals and receipt totals.
    static let total = Decimal(0)...Decimal(string: "999999.99")!
    static let limit = Decimal(string: "0.01")!...Decimal(string: "999999.99")!
    /// A receipt's time: at most 10 years ago, at most a day ahead (time zones).
    static let purchasedAgo: TimeInterval = 3650 * 86_400
    static let purchasedAhead: TimeInterval = 86_400
    /// The longest range of analytics: five years.
    static let maximumRangeDays = 5 * 366
}

extension CatalogInput {
    /// A required instant within `SpendingRule`'s bounds for a purchase.
    func purchasedAt(_ key: Key, now: Date = Date()) throws -> Date {
        let text = try container.decode(String.self, forKey: key)
        guard let instant = RFC3339.parse(text) else {
            let decoder = try container.superDecoder(forKey: key)
            if decoder.isBindingCheck { return now }
            throw InputError(decoder, "Give an RFC 3339 date-time, e.g. 2026-11-22T08:30:00Z.")
        }
        if instant < now.addingTimeInterval(-SpendingRule.purchasedAgo) || instant > now.addingTimeInterval(SpendingRule.purchasedAhead) {
            try refuse(key, "Give a time within the last 10 years, at most a day from now.")
        }
        return instant
    }

    /// A required quantity within `SpendingRule.quantity`.
    func quantity(_ key: Key) throws -> Double {
        let value = try container.decode(Double.self, forKey: key)
        if !SpendingRule.quantity.contains(value) { try refuse(key, "Give a quantity of more than 0 and at most 10000.") }
        return value
    }
}

/// `ReceiptLineInput`.
struct ReceiptLineInput: Decodable, Sendable {
    var text: String
    var quantity: Double
    var unit: PurchaseUnit
    var unitPrice: Decimal
    var discount: Decimal
    var lineTotal: Decimal?
    var productId: NodeID<ProductRecord>?

    private enum Keys: String, CodingKey { case text, quantity, unit, unitPrice, discount, lineTotal, productId }

    init(from decoder: any Decoder) throws {
        let input = try CatalogInput(decoder, keyedBy: Keys.self)
        text = try input.requiredText(.text, SpendingRule.lineText)
        quantity = try input.quantity(.quantity)
        unit = try input.decodeIfPresent(PurchaseUnit.self, .unit) ?? .piece
        unitPrice = try input.amount(.unitPrice, SpendingRule.price)?.decimal ?? 0
        if !input.contains(.unitPrice) { _ = try input.decode(DecimalText.self, .unitPrice) }
        discount = try input.amount(.discount, SpendingRule.price)?.decimal ?? 0
        lineTotal = try input.amount(.lineTotal, SpendingRule.total)?.decimal
        productId = try input.decodeIfPresent(NodeID<ProductRecord>.self, .productId)
    }

    /// The line's total: as given, else quantity × unit price − discount, to the cent, never below 0.
    var total: Decimal {
        lineTotal ?? max(0, Decimal(string: Amount.text(Decimal(quantity) * unitPrice - discount))!)
    }
}

/// `CreateReceiptInput`.
struct CreateReceiptInput: Decodable, Sendable {
    var storeId: NodeID<StoreRecord>
    var purchasedAt: Date
    var total: Decimal
    var lines: [ReceiptLineInput]
    var source: ReceiptSource
    var scanId: NodeID<ScanRecord>?

    private enum Keys: String, CodingKey { case storeId, purchasedAt, total, lines, source, scanId }

    init(from decoder: any Decoder) throws {
        let input = try CatalogInput(decoder, keyedBy: Keys.self)
        storeId = try input.decode(NodeID<StoreRecord>.self, .storeId)
        purchasedAt = try input.purchasedAt(.purchasedAt)
        total = try input.amount(.total, SpendingRule.total)?.decimal ?? 0
        if !input.contains(.total) { _ = try input.decode(DecimalText.self, .total) }
        lines = try input.decode([ReceiptLineInput].self, .lines)
        if !SpendingRule.lines.contains(lines.count) { try input.refuse(.lines, "Give 1 to 200 lines.") }
        let given = try input.decodeIfPresent(ReceiptSource.self, .source) ?? .manual
        scanId = try input.decodeIfPresent(NodeID<ScanRecord>.self, .scanId)
        source = scanId == nil ? given : .scan
    }
}

/// `UpdateReceiptLineInput`: fields left out stay.
struct UpdateReceiptLineInput: Decodable, Sendable {
    var receiptLineId: NodeID<ReceiptLineRecord>
    var text: String?
    var quantity: Double?
    var unit: PurchaseUnit?
    var unitPrice: Decimal?
    var discount: Decimal?
    var lineTotal: Decimal?

    private enum Keys: String, CodingKey { case receiptLineId, text, quantity, unit, unitPrice, discount, lineTotal }

    init(from decoder: any Decoder) throws {
        let input = try CatalogInput(decoder, keyedBy: Keys.self)
        receiptLineId = try input.decode(NodeID<ReceiptLineRecord>.self, .receiptLineId)
        text = try input.text(.text, SpendingRule.lineText)
        quantity = try input.decodeIfPresent(Double.self, .quantity) != nil ? try input.quantity(.quantity) : nil
        unit = try input.decodeIfPresent(PurchaseUnit.self, .unit)
        unitPrice = try input.amount(.unitPrice, SpendingRule.price)?.decimal
        discount = try input.amount(.discount, SpendingRule.price)?.decimal
        lineTotal = try input.amount(.lineTotal, SpendingRule.total)?.decimal
    }
}

struct ConfirmReceiptLineMappingInput: Decodable, Sendable {
    var receiptLineId: NodeID<ReceiptLineRecord>
    var productId: NodeID<ProductRecord>
}

struct DeleteReceiptInput: Decodable, Sendable {
    var receiptId: NodeID<ReceiptRecord>
}

/// `SetSpendingObjectiveInput`.
struct SetSpendingObjectiveInput: Decodable, Sendable {
    var period: SpendingPeriod
    var limit: Decimal
    var categoryId: NodeID<CategoryRecord>?
    var productId: NodeID<ProductRecord>?

    private enum Keys: String, CodingKey { case period, limit, categoryId, productId }

    init(from decoder: any Decoder) throws {
        let input = try CatalogInput(decoder, keyedBy: Keys.self)
        period = try input.decode(SpendingPeriod.self, .period)
        limit = try input.amount(.limit, SpendingRule.limit)?.decimal ?? 1
        if !input.contains(.limit) { _ = try input.decode(DecimalText.self, .limit) }
        categoryId = try input.decodeIfPresent(NodeID<CategoryRecord>.self, .categoryId)
        productId = try input.decodeIfPresent(NodeID<ProductRecord>.self, .productId)
        if categoryId != nil && productId != nil { try input.refuse(.productId, "Give a category or a product, not both.", code: .invalidFormat) }
    }
}

struct RemoveSpendingObjectiveInput: Decodable, Sendable {
    var objectiveId: NodeID<SpendingObjectiveRecord>
}

/// `ReviewProductMappingInput`.
struct ReviewProductMappingInput: Decodable, Sendable {
    var mappingId: NodeID<ProductMappingRecord>
    var decision: MappingReviewDecision
    var note: String?

    private enum Keys: String, CodingKey { case mappingId, decision, note }

    init(from decoder: any Decoder) throws {
        let input = try CatalogInput(decoder, keyedBy: Keys.self)
        mappingId = try input.decode(NodeID<ProductMappingRecord>.self, .mappingId)
        decision = try input.decode(MappingReviewDecision.self, .decision)
        note = try input.text(.note, SpendingRule.reviewNote)
    }
}

// MARK: - Arguments

/// A range of local dates for analytics, checked: `from` not after `to`, at most five years apart.
struct SpendingRange: Sendable, Hashable {
    var from: LocalDate
    var to: LocalDate

    init(from: LocalDate, to: LocalDate, isBindingCheck: Bool = false) throws {
        self.from = from
        self.to = to
        if isBindingCheck { return }
        guard from <= to else { throw DomainError.badUserInput("`from` must not be after `to`.") }
        guard from.days(until: to) <= SpendingRule.maximumRangeDays else { throw DomainError.badUserInput("A range covers at most 5 years.") }
    }
}

/// `User.spending(from:to:groupBy:)`.
struct SpendingArguments: Decodable, Sendable {
    var range: SpendingRange
    var groupBy: SpendingGrouping

    private enum Keys: String, CodingKey { case from, to, groupBy }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        range = try SpendingRange(
            from: try container.decode(LocalDate.self, forKey: .from), to: try container.decode(LocalDate.self, forKey: .to),
            isBindingCheck: decoder.isBindingCheck)
        groupBy = try container.decode(SpendingGrouping.self, forKey: .groupBy)
    }
}

/// `User.spendingComparison(from:to:)`.
struct SpendingComparisonArguments: Decodable, Sendable {
    var range: SpendingRange

    private enum Keys: String, CodingKey { case from, to }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        range = try SpendingRange(
            from: try container.decode(LocalDate.self, forKey: .from), to: try container.decode(LocalDate.self, forKey: .to),
            isBindingCheck: decoder.isBindingCheck)
    }
}

/// `User.purchases(from:to:productId:…)`.
struct PurchasesArguments: Decodable, Sendable {
    var from: LocalDate?
    var to: LocalDate?
    var productID: Int64?
    var page: PageArguments

    private enum Keys: String, CodingKey { case from, to, productId }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        from = try container.decodeIfPresent(LocalDate.self, forKey: .from)
        to = try container.decodeIfPresent(LocalDate.self, forKey: .to)
        do {
            productID = try container.decodeIfPresent(NodeID<ProductRecord>.self, forKey: .productId)?.key
        } catch let error as InputError { throw error.asArgumentError }
        page = try PageArguments(from: decoder)
    }
}

/// `Product.cheaperAlternatives(near:)`.
struct CheaperAlternativesArguments: Decodable, Sendable {
    var near: GeoRadius?

    private enum Keys: String, CodingKey { case near }

    init(from decoder: any Decoder) throws {
        do {
            near = try CatalogInput(decoder, keyedBy: Keys.self).decodeIfPresent(GeoRadius.self, .near)
        } catch let error as InputError { throw error.asArgumentError }
    }
}

/// `Query.productMappings(status:…)`.
struct ProductMappingsArguments: Decodable, Sendable {
    var status: ProductMappingStatus?
    var page: PageArguments

    private enum Keys: String, CodingKey { case status }

    init(from decoder: any Decoder) throws {
        status = try decoder.container(keyedBy: Keys.self).decodeIfPresent(ProductMappingStatus.self, forKey: .status)
        page = try PageArguments(from: decoder)
    }
}

/// `SpendingObjective.history(periods:)`: 1–24.
struct ObjectiveHistoryArguments: Decodable, Sendable {
    var periods: Int

    private enum Keys: String, CodingKey { case periods }

    init(from decoder: any Decoder) throws {
        periods = try decoder.container(keyedBy: Keys.self).decodeIfPresent(Int.self, forKey: .periods) ?? 6
        if !decoder.isBindingCheck, !(1...24).contains(periods) { throw DomainError.badUserInput("`periods` must be between 1 and 24.") }
    }
}
