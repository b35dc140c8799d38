import Foundation
import Testing

@testable import FoodGraph

/// The shortcuts taken on every row and every amount give what the long ways gave.
struct CanonicalFormTests {
    @Test(arguments: [
        ("3.49", "3.49"), ("0", "0"), ("0.50", "0.50"), ("-12.5", "-12.5"), ("120", "120"),
        ("007.10", "7.10"), ("+5", "5"), ("-0", "0"), ("-0.00", "0.00"), ("00", "0"), ("-007", "-7"),
        (String(repeating: "9", count: 30), String(repeating: "9", count: 30)),
    ])
    func decimalsAreWrittenCanonically(text: String, expected: String) {
        #expect(DecimalScalar.canonical(text) == expected)
        #expect(DecimalScalar.isCanonical(text) == (text == expected))
    }

    @Test(arguments: ["", "-", ".", "1.", ".5", "1.2.3", "1e5", "12a", " 1", "--1", "-+1", String(repeating: "9", count: 31)])
    func malformedDecimalsAreRefused(text: String) {
        #expect(DecimalScalar.canonical(text) == nil)
        #expect(!DecimalScalar.isCanonical(text))
    }

    @Test(arguments: [[], ["1"], ["0.5", "3.49", "12345"], ["a\u{1F}b", "ünïcode", String(repeating: "x", count: 40)]])
    func cursorsAreTheBase64URLOfTheirKeys(keys: [String]) throws {
        let cursor = Page.cursor(keys)
        let expected = Array(("k1\u{1F}" + keys.joined(separator: "\u{1F}")).utf8)
        #expect(Base64URL.decode(cursor) == expected)
        #expect(!cursor.contains("=") && !cursor.contains("+") && !cursor.contains("/"))
    }

    @Test(arguments: [
        "CAD", "CAD ", "EUR  ", " USD", "\tGBP\t", "C D", "", " ", "\u{00A0}CHF\u{00A0}", "JPY\u{3000}", "ünï",
        "é ", "\u{2009}AUD",
    ])
    func paddedTextLosesWhatTrimmingWouldRemove(text: String) {
        #expect(text.withoutPadding == text.trimmingCharacters(in: .whitespaces))
    }
}
