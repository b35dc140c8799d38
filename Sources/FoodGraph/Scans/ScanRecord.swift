import Foundation
import GraphQLEngine
import Postgres

enum ScanKind: String, GraphQLEnum, CaseIterable {
    case barcode = "BARCODE"
    case receipt = "RECEIPT"
    case food = "FOOD"

    static let graphQLTypeName = "ScanKind"
    var storedName: String { rawValue.lowercased() }
    init?(storedName: String) { self.init(rawValue: storedName.uppercased()) }
}

enum ScanStatus: String, GraphQLEnum, CaseIterable {
    case pending = "PENDING"
    case processing = "PROCESSING"
    case recognised = "RECOGNISED"
    case failed = "FAILED"

    static let graphQLTypeName = "ScanStatus"
    var storedName: String { rawValue.lowercased() }
    init?(storedName: String) { self.init(rawValue: storedName.uppercased()) }
}

/// Where a food candidate came from.
enum FoodCandidateSource: String, GraphQLEnum, CaseIterable, Codable {
    case barcode = "BARCODE"
    case packagingText = "PACKAGING_TEXT"
    case recentFood = "RECENT_FOOD"
    case external = "EXTERNAL"

    static let graphQLTypeName = "FoodCandidateSource"
}

/// One thing a food photo may show (schema type `FoodCandidate`), as stored on the scan.
struct FoodCandidate: ObjectValue, Codable, Equatable {
    static let graphQLTypeName = "FoodCandidate"
    var label: String
    /// 0–1.
    var confidence: Double
    /// The portion the photo suggests, in grams, when known.
    var portionGrams: Double?
    var productID: Int64?
    var source: FoodCandidateSource
}

/// A scan (schema type `Scan`): the row without its image.
struct ScanRecord: IdentifiedRecord, ObjectValue {
    static let graphQLTypeName = "Scan"

    var id: Int64
    var userID: Int64
    var kind: ScanKind
    var status: ScanStatus
    var createdAt: Date
    var expiresAt: Date
    var recognisedAt: Date?
    var failureReason: String?
    var barcode: String?
    var barcodeFormat: String?
    var productID: Int64?
    var parsedReceipt: ParsedReceipt?
    var candidates: [FoodCandidate]
    var recogniser: String?
    var confirmedAt: Date?
    /// Receipt scans: the receipt entered from this scan (`createReceipt(scanId:)`).
    var receiptID: Int64?

    var globalID: GlobalID { GlobalID(typeName: Self.graphQLTypeName, key: id) }

    static let columns = """
        s.id, s.user_id, s.kind, s.status, s.created_at, s.expires_at, s.recognised_at, s.failure_reason, s.barcode,
        s.barcode_format, s.product_id, s.parsed_receipt::text, s.candidates::text, s.recogniser, s.confirmed_at, s.receipt_id
        """

    init(_ row: PostgresRow) throws {
        id = try row.decode(Int64.self, at: 0)
        userID = try row.decode(Int64.self, at: 1)
        kind = ScanKind(storedName: try row.decode(String.self, at: 2)) ?? .barcode
        status = ScanStatus(storedName: try row.decode(String.self, at: 3)) ?? .failed
        createdAt = try row.decode(Date.self, at: 4)
        expiresAt = try row.decode(Date.self, at: 5)
        recognisedAt = try row.decode(Date?.self, at: 6)
        failureReason = try row.decode(String?.self, at: 7)
        barcode = try row.decode(String?.self, at: 8)
        barcodeFormat = try row.decode(String?.self, at: 9)
        productID = try row.decode(Int64?.self, at: 10)
        let decoder = JSONDecoder()
        parsedReceipt = try row.decode(String?.self, at: 11).flatMap { try? decoder.decode(ParsedReceipt.self, from: Data($0.utf8)) }
        candidates = try row.decode(String?.self, at: 12).flatMap { try? decoder.decode([FoodCandidate].self, from: Data($0.utf8)) } ?? []
        recogniser = try row.decode(String?.self, at: 13)
        confirmedAt = try row.decode(Date?.self, at: 14)
        receiptID = try row.decode(Int64?.self, at: 15)
    }

    /// Only its owner sees a scan (administrators included: a scan is a private photo).
    func isVisible(to viewer: Viewer?) -> Bool { viewer?.userID == userID }
}

/// A parsed receipt as the schema shows it (`ScannedReceipt`).
struct ScannedReceipt: ObjectValue {
    static let graphQLTypeName = "ScannedReceipt"
    var parsed: ParsedReceipt
}

struct ScannedReceiptLine: ObjectValue {
    static let graphQLTypeName = "ScannedReceiptLine"
    var line: ParsedReceipt.Line
}

extension Int {
    /// Cents as a `Decimal` scalar's text (`249` → `2.49`).
    var centsText: DecimalText {
        let sign = self < 0 ? "-" : ""
        let magnitude = abs(self)
        return DecimalText("\(sign)\(magnitude / 100).\(String(format: "%02d", magnitude % 100))")
    }
}
