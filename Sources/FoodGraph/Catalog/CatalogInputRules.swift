import Foundation
import GraphQLEngine

// The rules of the catalog's inputs, read while decoding: every text has a length range and no
// control characters, every number and date a range. Each range is stated in the field's SDL
// description. A refusal is an `InputError` naming the field: a user error in a mutation's
// payload (`OUT_OF_RANGE`, `TOO_LONG`, `INVALID_FORMAT`, …), `BAD_USER_INPUT` for a query's
// arguments (see `InputError.asArgumentError`).

/// What a text may hold.
struct TextRule: Sendable {
    /// Length in characters (Unicode scalars, as PostgreSQL's `char_length` counts them), after
    /// surrounding white space is trimmed.
    var length: ClosedRange<Int>
    /// Whether line breaks and tabs may appear inside (a note); other control characters never may.
    var multiline = false

    static let productName = TextRule(length: 1...200)
    static let brand = TextRule(length: 1...100)
    static let servingDescription = TextRule(length: 1...100)
    static let categorySlug = TextRule(length: 1...100)
    static let reviewNote = TextRule(length: 1...1000, multiline: true)
    static let storeName = TextRule(length: 1...120)
    static let searchText = TextRule(length: 0...200)
    static let addressRecipient = TextRule(length: 1...100)
    static let addressLine = TextRule(length: 1...200)
    static let city = TextRule(length: 1...100)
    static let region = TextRule(length: 1...100)
    static let postalCode = TextRule(length: 1...20)
    static let country = TextRule(length: 2...2)
    static let phone = TextRule(length: 1...30)
    static let chainDescription = TextRule(length: 1...2000, multiline: true)
    static let website = TextRule(length: 1...300)
    static let contactEmail = TextRule(length: 6...256)
    static let contactPhone = TextRule(length: 7...30)

    /// The text trimmed, or why it is refused.
    func check(_ text: String) -> (message: String, code: UserErrorCode)? {
        for scalar in text.unicodeScalars where scalar.properties.generalCategory == .control {
            if multiline, scalar == "\n" || scalar == "\r" || scalar == "\t" { continue }
            return ("Control characters are not allowed here.", .invalidFormat)
        }
        let count = text.unicodeScalars.count
        if count < length.lowerBound {
            return count == 0 && length.lowerBound == 1
                ? ("This cannot be blank.", .required) : ("Use at least \(length.lowerBound) characters.", .tooShort)
        }
        if count > length.upperBound { return ("Use at most \(length.upperBound) characters.", .tooLong) }
        return nil
    }
}

/// The catalog's numeric and date ranges.
enum NumberRule {
    static let shelfLifeDays = 1...3650
    static let stock = 0...1_000_000
    static let statisticsDays = 1...365
    /// Prices: 0.01 to 99999.99, at most two decimals.
    static let price = Decimal(string: "0.01")!...Decimal(string: "99999.99")!
    /// Price filters: 0 to 99999.99.
    static let priceFilter = Decimal(0)...Decimal(string: "99999.99")!
    /// Package and serving sizes: more than 0, at most 100000.
    static let quantity = 0.01...100_000.0
    static let latitude = -90.0...90.0
    static let longitude = -180.0...180.0
    /// When a price was seen: at most 10 years ago, and not later than 5 minutes from now.
    static let observedAgo: TimeInterval = 3650 * 86_400
    static let observedAhead: TimeInterval = 5 * 60
}

/// Reads one input object of the catalog with its rules: a thin wrapper of the decoding container
/// (a type of the catalog's own, so other areas' helpers never collide with these).
struct CatalogInput<Key: CodingKey> {
    let container: KeyedDecodingContainer<Key>

    init(_ decoder: any Decoder, keyedBy _: Key.Type) throws {
        container = try decoder.container(keyedBy: Key.self)
    }

    func contains(_ key: Key) -> Bool { container.contains(key) }

    func decode<Value: Decodable>(_ type: Value.Type, _ key: Key) throws -> Value {
        try container.decode(type, forKey: key)
    }

    func decodeIfPresent<Value: Decodable>(_ type: Value.Type, _ key: Key) throws -> Value? {
        try container.decodeIfPresent(type, forKey: key)
    }

    /// An optional text: nil when left out or null, otherwise trimmed and checked.
    func text(_ key: Key, _ rule: TextRule) throws -> String? {
        guard let raw = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
        return try checked(raw, key, rule)
    }

    /// A required text, trimmed and checked.
    func requiredText(_ key: Key, _ rule: TextRule) throws -> String {
        try checked(try container.decode(String.self, forKey: key), key, rule)
    }

    private func checked(_ raw: String, _ key: Key, _ rule: TextRule) throws -> String {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if let (message, code) = rule.check(text) {
            let decoder = try container.superDecoder(forKey: key)
            if !decoder.isBindingCheck { throw InputError(decoder, message, code: code) }
        }
        return text
    }

    /// An optional whole number within `range`.
    func int(_ key: Key, _ range: ClosedRange<Int>) throws -> Int? {
        guard let value = try container.decodeIfPresent(Int.self, forKey: key) else { return nil }
        if !range.contains(value) { try refuse(key, "Give a whole number from \(range.lowerBound) to \(range.upperBound).") }
        return value
    }

    /// An optional number within `range`.
    func double(_ key: Key, _ range: ClosedRange<Double>) throws -> Double? {
        guard let value = try container.decodeIfPresent(Double.self, forKey: key) else { return nil }
        if !range.contains(value) { try refuse(key, "Give a number from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound)).") }
        return value
    }

    /// A required number within `range`.
    func requiredDouble(_ key: Key, _ range: ClosedRange<Double>) throws -> Double {
        let value = try container.decode(Double.self, forKey: key)
        if !range.contains(value) { try refuse(key, "Give a number from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound)).") }
        return value
    }

    /// An optional amount of money: within `range`, at most two decimals.
    func amount(_ key: Key, _ range: ClosedRange<Decimal> = NumberRule.price) throws -> DecimalText? {
        guard let value = try container.decodeIfPresent(DecimalText.self, forKey: key) else { return nil }
        try checkAmount(value, key, range)
        return value
    }

    func requiredAmount(_ key: Key) throws -> DecimalText {
        let value = try container.decode(DecimalText.self, forKey: key)
        try checkAmount(value, key, NumberRule.price)
        return value
    }

    private func checkAmount(_ value: DecimalText, _ key: Key, _ range: ClosedRange<Decimal>) throws {
        guard let number = value.decimal, range.contains(number), Self.hasAtMostTwoDecimals(number) else {
            try refuse(key, "Give an amount from \(range.lowerBound) to \(range.upperBound) with at most two decimals.")
            return
        }
    }

    /// An optional instant within `NumberRule`'s bounds for when a price was seen.
    func observedAt(_ key: Key, now: Date = Date()) throws -> Date? {
        guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let instant = RFC3339.parse(text) else {
            let decoder = try container.superDecoder(forKey: key)
            if decoder.isBindingCheck { return now }
            throw InputError(decoder, "Give an RFC 3339 date-time, e.g. 2026-11-22T08:30:00Z.")
        }
        if instant < now.addingTimeInterval(-NumberRule.observedAgo) || instant > now.addingTimeInterval(NumberRule.observedAhead) {
            try refuse(key, "Give a time within the last 10 years, not in the future.")
        }
        return instant
    }

    /// A field of a patch: nil when left out, `.some(nil)` when given as null, else the value.
    func patch<Value>(_ key: Key, _ read: () throws -> Value?) throws -> Value?? {
        guard contains(key) else { return nil }
        return .some(try read())
    }

    /// An optional barcode, normalised; an invalid one is refused with `INVALID_FORMAT` or
    /// `INVALID_CHECK_DIGIT`.
    func barcode(_ key: Key) throws -> String? {
        guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
        switch Barcode.validate(text) {
        case .success(let code): return code
        case .failure(let error):
            if error.problem == .invalidCheckDigit {
                try refuse(key, "The barcode's check digit is wrong.", code: .invalidCheckDigit)
            } else {
                try refuse(key, "A barcode is 8, 12, 13 or 14 digits.", code: .invalidFormat)
            }
            return nil
        }
    }

    /// Refuses the value at `key` as out of range (not while the schema check samples inputs).
    func refuse(_ key: Key, _ message: String, code: UserErrorCode = .outOfRange) throws {
        let decoder = try container.superDecoder(forKey: key)
        if !decoder.isBindingCheck { throw InputError(decoder, message, code: code) }
    }

    private static func hasAtMostTwoDecimals(_ value: Decimal) -> Bool {
        var scaled = value * 100
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        return rounded == scaled
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

extension InputError {
    /// The error for a refused query argument: the engine reports a `DecodingError` of an
    /// arguments type as `BAD_USER_INPUT` naming the argument (`Argument "filter.maxPrice": …`).
    var asArgumentError: DecodingError {
        DecodingError.dataCorrupted(DecodingError.Context(codingPath: path.map { InputPathKey($0) }, debugDescription: message))
    }
}

/// A step of an input path, for errors.
private struct InputPathKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(_ name: String) {
        stringValue = name
        intValue = Int(name)
    }

    init(stringValue: String) { self.init(stringValue) }
    init(intValue: Int) { self.init(String(intValue)) }
}
