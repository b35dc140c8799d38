import Foundation
import GraphQLEngine
import Postgres

/// Amounts of money as the area computes them: `Decimal`s, shown with two decimals.
enum Amount {
    static func decimal(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? 0 }

    /// `12.5` → `"12.50"`, rounded half away from zero to the cent.
    static func text(_ value: Decimal) -> String {
        var value = value
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 2, .plain)
        let negative = rounded < 0
        let cents = NSDecimalNumber(decimal: (negative ? -rounded : rounded) * 100).int64Value
        return (negative ? "-" : "") + "\(cents / 100)." + String(format: "%02lld", cents % 100)
    }

    static func money(_ value: Decimal, _ currency: String) -> Money { Money(amount: DecimalText(text(value)), currency: currency) }
}

/// A receipt (schema type `Receipt`).
struct ReceiptRecord: IdentifiedRecord, ObjectValue {
    static let graphQLTypeName = "Receipt"

    var id: Int64
    var userID: Int64
    var storeID: Int64?
    var purchasedAt: Date
    var total: Decimal
    var currency: String
    var source: ReceiptSource
    var createdAt: Date
    var linesTotal: Decimal

    var globalID: GlobalID { GlobalID(typeName: Self.graphQLTypeName, key: id) }
    var difference: Decimal { total - linesTotal }

    static let columns = """
        r.id, r.user_id, r.store_id, r.purchased_at, r.total::text, r.currency, r.source, r.created_at,
        (SELECT coalesce(sum(l.line_total), 0)::text FROM receipt_lines l WHERE l.receipt_id = r.id)
        """

    init(_ row: PostgresRow) throws {
        id = try row.decode(Int64.self, at: 0)
        userID = try row.decode(Int64.self, at: 1)
        storeID = try row.decode(Int64?.self, at: 2)
        purchasedAt = try row.decode(Date.self, at: 3)
        total = Amount.decimal(try row.decode(String.self, at: 4))
        currency = try row.decode(String.self, at: 5).trimmingCharacters(in: .whitespaces)
        source = ReceiptSource(databaseName: try row.decode(String.self, at: 6)) ?? .manual
        createdAt = try row.decode(Date.self, at: 7)
        linesTotal = Amount.decimal(try row.decode(String.self, at: 8))
    }
}

/// A line of a receipt (schema type `ReceiptLine`).
struct ReceiptLineRecord: IdentifiedRecord, ObjectValue {
    static let graphQLTypeName = "ReceiptLine"

    var id: Int64
    var receiptID: Int64
    var userID: Int64
    var position: Int
    var text: String
    var matchText: String
    var quantity: Double
    var unit: PurchaseUnit
    var unitPrice: Decimal
    var discount: Decimal
    var lineTotal: Decimal
    var productID: Int64?
    var mappingConfidence: Double?
    var mappingSource: MappingSource?
    var mappingConfirmed: Bool
    var candidateIDs: [Int64]
    var currency: String

    var globalID: GlobalID { GlobalID(typeName: Self.graphQLTypeName, key: id) }

    static let columns = """
        l.id, l.receipt_id, l.user_id, l.position, l.text, l.match_text, l.quantity::float8, l.unit, l.unit_price::text,
        l.discount::text, l.line_total::text, l.product_id, l.mapping_confidence, l.mapping_source, l.mapping_confirmed,
        l.candidate_ids, (SELECT r.currency FROM receipts r WHERE r.id = l.receipt_id)
        """

    init(_ row: PostgresRow) throws {
        id = try row.decode(Int64.self, at: 0)
        receiptID = try row.decode(Int64.self, at: 1)
        userID = try row.decode(Int64.self, at: 2)
        position = try row.decode(Int.self, at: 3)
        text = try row.decode(String.self, at: 4)
        matchText = try row.decode(String.self, at: 5)
        quantity = try row.decode(Double.self, at: 6)
        unit = PurchaseUnit(databaseName: try row.decode(String.self, at: 7)) ?? .piece
        unitPrice = Amount.decimal(try row.decode(String.self, at: 8))
        discount = Amount.decimal(try row.decode(String.self, at: 9))
        lineTotal = Amount.decimal(try row.decode(String.self, at: 10))
        productID = try row.decode(Int64?.self, at: 11)
        mappingConfidence = try row.decode(Double?.self, at: 12)
        mappingSource = try row.decode(String?.self, at: 13).flatMap(MappingSource.init(databaseName:))
        mappingConfirmed = try row.decode(Bool.self, at: 14)
        candidateIDs = try row.decode([Int64].self, at: 15)
        currency = (try row.decode(String?.self, at: 16) ?? "CAD").trimmingCharacters(in: .whitespaces)
    }
}

/// A purchase (schema type `Purchase`).
struct PurchaseRecord: IdentifiedRecord, ObjectValue {
    static let graphQLTypeName = "Purchase"

    var id: Int64
    var userID: Int64
    var receiptLineID: Int64?
    var purchasedAt: Date
    var storeID: Int64?
    var productID: Int64
    var unitPrice: Money
    var quantity: Double
    var unit: PurchaseUnit
    var total: Money

    var globalID: GlobalID { GlobalID(typeName: Self.graphQLTypeName, key: id) }

    static let columns = """
        u.id, u.user_id, u.receipt_line_id, u.purchased_at, u.store_id, u.product_id, u.unit_price::text, u.quantity::float8, u.unit,
        u.amount::text, u.currency
        """

    init(_ row: PostgresRow) throws {
        id = try row.decode(Int64.self, at: 0)
        userID = try row.decode(Int64.self, at: 1)
        receiptLineID = try row.decode(Int64?.self, at: 2)
        purchasedAt = try row.decode(Date.self, at: 3)
        storeID = try row.decode(Int64?.self, at: 4)
        productID = try row.decode(Int64.self, at: 5)
        let currency = try row.decode(String.self, at: 10)
        unitPrice = Money(amount: DecimalText(try row.decode(String.self, at: 6)), currency: currency)
        quantity = try row.decode(Double.self, at: 7)
        unit = PurchaseUnit(databaseName: try row.decode(String.self, at: 8)) ?? .piece
        total = Money(amount: DecimalText(try row.decode(String.self, at: 9)), currency: currency)
    }
}

/// A spending objective (schema type `SpendingObjective`), with its current period's figures.
struct SpendingObjectiveRecord: IdentifiedRecord, ObjectValue {
    static let graphQLTypeName = "SpendingObjective"

    var id: Int64
    var userID: Int64
    var period: SpendingPeriod
    var limit: Decimal
    var currency: String
    var categoryID: Int64?
    var productID: Int64?
    /// Filled by `SpendingObjectives.progress` for the current period.
    var spent: Decimal = 0
    var periodStart = LocalDate(daysSinceEpoch: 0)
    var periodEnd = LocalDate(daysSinceEpoch: 0)

    var globalID: GlobalID { GlobalID(typeName: Self.graphQLTypeName, key: id) }
    var exceeded: Bool { spent > limit }
    var progress: Double { limit > 0 ? NSDecimalNumber(decimal: spent / limit).doubleValue : 0 }
    var status: ObjectiveStatus {
        exceeded ? .exceeded : progress >= ObjectiveStatus.nearShare ? .near : .onTrack
    }

    static let columns = "o.id, o.user_id, o.period, o.limit_amount::text, o.currency, o.category_id, o.product_id"

    init(_ row: PostgresRow) throws {
        id = try row.decode(Int64.self, at: 0)
        userID = try row.decode(Int64.self, at: 1)
        period = SpendingPeriod(databaseName: try row.decode(String.self, at: 2)) ?? .month
        limit = Amount.decimal(try row.decode(String.self, at: 3))
        currency = try row.decode(String.self, at: 4).trimmingCharacters(in: .whitespaces)
        categoryID = try row.decode(Int64?.self, at: 5)
        productID = try row.decode(Int64?.self, at: 6)
    }
}

/// One past period of an objective (schema type `ObjectivePeriod`).
struct ObjectivePeriod: ObjectValue {
    static let graphQLTypeName = "ObjectivePeriod"
    var start: LocalDate
    var end: LocalDate
    var spent: Money
    var exceeded: Bool
}

/// A community mapping (schema type `ProductMapping`).
struct ProductMappingRecord: IdentifiedRecord, ObjectValue {
    static let graphQLTypeName = "ProductMapping"

    var id: Int64
    var storeID: Int64
    var text: String
    var productID: Int64
    var status: ProductMappingStatus
    var agreeingUsers: Int
    var createdAt: Date
    var reviewedAt: Date?
    var reviewNote: String?

    var globalID: GlobalID { GlobalID(typeName: Self.graphQLTypeName, key: id) }

    static let columns = "m.id, m.store_id, m.match_text, m.product_id, m.status, m.agreeing_users, m.created_at, m.reviewed_at, m.review_note"

    init(_ row: PostgresRow) throws {
        id = try row.decode(Int64.self, at: 0)
        storeID = try row.decode(Int64.self, at: 1)
        text = try row.decode(String.self, at: 2)
        productID = try row.decode(Int64.self, at: 3)
        status = ProductMappingStatus(databaseName: try row.decode(String.self, at: 4)) ?? .active
        agreeingUsers = try row.decode(Int.self, at: 5)
        createdAt = try row.decode(Date.self, at: 6)
        reviewedAt = try row.decode(Date?.self, at: 7)
        reviewNote = try row.decode(String?.self, at: 8)
    }
}

/// Schema type `SpendingGroup`.
struct SpendingGroup: ObjectValue {
    static let graphQLTypeName = "SpendingGroup"
    var key: String
    var label: String
    var total: Money
    var purchaseCount: Int
}

/// Schema type `SpendingComparison`.
struct SpendingComparison: ObjectValue {
    static let graphQLTypeName = "SpendingComparison"
    var from: LocalDate
    var to: LocalDate
    var previousFrom: LocalDate
    var previousTo: LocalDate
    var current: Decimal
    var previous: Decimal
    var currency: String

    var change: Decimal { current - previous }
    var changePercent: Double? {
        previous == 0 ? nil : (NSDecimalNumber(decimal: change / previous * 100).doubleValue * 10).rounded() / 10
    }
}

/// Schema type `CheaperAlternative`.
struct CheaperAlternative: ObjectValue {
    static let graphQLTypeName = "CheaperAlternative"
    var productID: Int64
    var storeID: Int64
    var price: Money
    var observedAt: Date
    var insteadOfID: Int64
    var savingPerUnit: Decimal
    var savingPerMonth: Decimal?
    var currency: String
    var distanceKm: Double?

    var sameProduct: Bool { productID == insteadOfID }
}

/// Schema type `SpendingSuggestion`.
struct SpendingSuggestion: ObjectValue {
    static let graphQLTypeName = "SpendingSuggestion"
    var objective: SpendingObjectiveRecord
    var largestContributors: [SpendingGroup]
    var cheaperAlternatives: [CheaperAlternative]
}
