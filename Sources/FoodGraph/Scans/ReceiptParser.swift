import Foundation

/// A receipt read from OCR text: the store (its first line of words), the date, the bought lines
/// with their prices, and the total. Pure: unit-tested on text, and run on what Tesseract reads.
struct ParsedReceipt: Sendable, Codable, Equatable {
    struct Line: Sendable, Codable, Equatable {
        var text: String
        var quantity: Int
        /// In cents.
        var priceCents: Int
    }

    var storeName: String?
    var date: String?
    var lines: [Line]
    var totalCents: Int?
    /// The OCR text the receipt was parsed from.
    var text: String

    /// The lines' sum, in cents.
    var linesTotalCents: Int { lines.reduce(0) { $0 + $1.priceCents } }
}

enum ReceiptParser {
    /// Lines that are not bought items even though they end with an amount.
    private static let notItems = [
        "SUBTOTAL", "SUB TOTAL", "SUB-TOTAL", "TAX", "VAT", "GST", "HST", "PST", "CHANGE", "CASH", "CARD", "VISA", "MASTERCARD",
        "DEBIT", "CREDIT", "BALANCE", "TENDER", "PAYMENT", "PAID", "AMOUNT DUE", "SAVINGS", "DISCOUNT TOTAL", "ROUNDING",
    ]

    static func parse(_ text: String) -> ParsedReceipt {
        var receipt = ParsedReceipt(storeName: nil, date: nil, lines: [], totalCents: nil, text: text)
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty else { continue }
            if receipt.date == nil, let date = date(in: line) { receipt.date = date }
            let upper = line.uppercased()
            guard let (label, cents) = amountAtEnd(of: line) else {
                if receipt.storeName == nil, receipt.lines.isEmpty, line.filter(\.isLetter).count >= 3, date(in: line) == nil {
                    receipt.storeName = String(line.prefix(120))
                }
                continue
            }
            let words = upper.replacingOccurrences(of: "-", with: " ")
            if words.contains("TOTAL") && !words.contains("SUB") {
                if receipt.totalCents == nil { receipt.totalCents = cents }
                continue
            }
            if notItems.contains(where: { upper.contains($0) }) { continue }
            guard label.filter(\.isLetter).count >= 2 else { continue }
            var name = label
            var quantity = 1
            if let match = name.firstMatch(of: /^(\d{1,2})\s*[xX@*]\s+(.+)$/), let count = Int(match.1), count > 0 {
                quantity = count
                name = String(match.2)
            }
            receipt.lines.append(ParsedReceipt.Line(text: String(name.prefix(200)), quantity: quantity, priceCents: cents))
            if receipt.lines.count >= 200 { break }
        }
        return receipt
    }

    /// The amount a line ends with (`2.49`, `$2.49`, `2,49`, `-0.50`, `2.49 A`), and what comes
    /// before it. Letters OCR confuses with digits inside the amount (`O`, `o`, `l`, `I`, `S`) are
    /// read as the digits.
    static func amountAtEnd(of line: String) -> (label: String, cents: Int)? {
        guard
            let match = line.firstMatch(
                of: /^(.*?)[\s.:]+(-?)[$€£]?\s?([0-9OoIlS]{1,5})\s?[.,]\s?([0-9OoIlS]{2})(?:\s*[A-Z*]{0,2})?$/)
        else { return nil }
        func digits(_ text: Substring) -> Int? {
            Int(
                String(
                    text.map { character -> Character in
                        switch character {
                        case "O", "o": "0"
                        case "I", "l": "1"
                        case "S": "5"
                        default: character
                        }
                    }))
        }
        guard let whole = digits(match.3), let fraction = digits(match.4) else { return nil }
        let label = match.1.trimmingCharacters(in: .whitespaces.union(.punctuationCharacters))
        let cents = whole * 100 + fraction
        return (label, match.2.isEmpty ? cents : -cents)
    }

    /// The first date of a line, as `yyyy-MM-dd`: ISO (`2026-03-14`), `14/03/2026` or `03/14/2026`
    /// (day first when the first number is over 12, month first otherwise), with `/`, `.` or `-`.
    static func date(in line: String) -> String? {
        if let match = line.firstMatch(of: /(20\d{2})[-\/.](\d{1,2})[-\/.](\d{1,2})/),
            let year = Int(match.1), let month = Int(match.2), let day = Int(match.3)
        {
            return iso(year, month, day)
        }
        if let match = line.firstMatch(of: /(\d{1,2})[-\/.](\d{1,2})[-\/.](20\d{2}|\d{2})\b/),
            let first = Int(match.1), let second = Int(match.2), var year = Int(match.3)
        {
            if year < 100 { year += 2000 }
            return first > 12 ? iso(year, second, first) : iso(year, first, second)
        }
        return nil
    }

    private static func iso(_ year: Int, _ month: Int, _ day: Int) -> String? {
        guard (1...12).contains(month), (1...31).contains(day) else { return nil }
        return String(format: "%04d-%02d-%02d", year, month, day)
    }
}
