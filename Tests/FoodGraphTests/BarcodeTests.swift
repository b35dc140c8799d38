import Testing

@testable import FoodGraph

/// Barcodes in every form a scanner sends normalise to one stored form; bad ones are refused.
struct BarcodeTests {
    @Test(arguments: [
        // EAN-13 as printed, and as GTIN-14 with a leading zero.
        ("5011157630014", "5011157630014"), ("05011157630014", "5011157630014"),
        // UPC-A (12 digits) gains the EAN-13 leading zero; as EAN-13 and GTIN-14 it is the same code.
        ("068700011009", "0068700011009"), ("0068700011009", "0068700011009"), ("00068700011009", "0068700011009"),
        // Eight significant digits pad to 13, as Open Food Facts stores them; fewer pad to 8.
        ("00123457", "00123457"),
        ("96385074", "0000096385074"),
        // Surrounding spaces are ignored.
        (" 0064420001139 ", "0064420001139"),
    ])
    func validCodesNormalise(input: String, expected: String) {
        #expect(Barcode.normalized(input) == expected)
    }

    @Test(arguments: [
        ("5011157630015", Barcode.Problem.invalidCheckDigit), ("068700011008", .invalidCheckDigit),
        ("96385075", .invalidCheckDigit), ("12345", .invalidFormat), ("50111576300a4", .invalidFormat),
        ("", .invalidFormat), ("501115763001400", .invalidFormat), ("12345678901234567890", .invalidFormat),
        // A GTIN-14 with a packaging indicator is a case of products, not one product.
        ("15011157630011", .invalidFormat),
    ])
    func invalidCodesAreRefused(input: String, problem: Barcode.Problem) {
        #expect(Barcode.validate(input) == .failure(Barcode.ProblemError(problem: problem)))
    }

    @Test func seedBarcodesAreValid() async throws {
        let api = try await CatalogTests.seeded()
        defer { Task { await api.close() } }
        let rows = try await api.database.database.query("SELECT barcode FROM products WHERE barcode IS NOT NULL")
        #expect(rows.count >= 10)
        for row in rows {
            let code = try row.decode(String.self, at: 0)
            #expect(Barcode.normalized(code) == code, "\(code)")
        }
    }
}
