/// GTIN barcodes (EAN-13, UPC-A, EAN-8, GTIN-14): validated by their check digit and normalised as
/// Open Food Facts does — leading zeros stripped, then padded to 8 digits when 7 or fewer remain,
/// otherwise to 13 — so a product is found whichever form a scanner sends.
enum Barcode {
    enum Problem: Equatable {
        case invalidFormat
        case invalidCheckDigit
    }

    static func normalized(_ text: String) -> String? {
        if case .success(let code) = validate(text) { return code }
        return nil
    }

    static func validate(_ text: String) -> Result<String, ProblemError> {
        // Bytes, not characters: trimming by `Character` (grapheme breaking, reversed twice) was
        // 3 % of a request that looks up one product by barcode.
        var digits = text.utf8.drop { $0 == 0x20 }
        while digits.last == 0x20 { digits = digits.dropLast() }
        guard [8, 12, 13, 14].contains(digits.count), digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            return .failure(ProblemError(problem: .invalidFormat))
        }
        let values = digits.map { Int($0 - 0x30) }
        guard checkDigit(of: values.dropLast()) == values.last else { return .failure(ProblemError(problem: .invalidCheckDigit)) }
        let stripped = digits.drop { $0 == 0x30 }
        let width = stripped.count <= 7 ? 8 : 13
        guard stripped.count <= width else { return .failure(ProblemError(problem: .invalidFormat)) }
        return .success(String(repeating: "0", count: width - stripped.count) + String(decoding: stripped, as: UTF8.self))
    }

    struct ProblemError: Error, Equatable {
        var problem: Problem
    }

    /// The GS1 check digit: weights 3 and 1 alternate from the rightmost data digit.
    static func checkDigit(of data: some BidirectionalCollection<Int>) -> Int {
        var sum = 0
        for (index, digit) in data.reversed().enumerated() { sum += digit * (index % 2 == 0 ? 3 : 1) }
        return (10 - sum % 10) % 10
    }
}
