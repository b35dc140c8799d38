import GraphQLEngine

// The diary's arguments and mutation inputs, decoded from the coerced GraphQL values. Ranges are
// checked by `DiaryRules` in the mutations, so that every problem of an input is reported at once.

/// `User.diaryDay(date:)`.
struct DiaryDayArguments: Decodable, Sendable {
    var date: LocalDate?
}

/// `User.diaryEntries(from:to:…)`: a date range and a page.
struct DiaryEntriesArguments: Decodable, Sendable {
    var from: LocalDate
    var to: LocalDate
    var page: PageArguments

    private enum Keys: String, CodingKey { case from, to }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        from = try container.decode(LocalDate.self, forKey: .from)
        to = try container.decode(LocalDate.self, forKey: .to)
        page = try PageArguments(from: decoder)
    }
}

/// `User.weightEntries(from:to:…)`: an optional date range and a page.
struct WeightEntriesArguments: Decodable, Sendable {
    var from: LocalDate?
    var to: LocalDate?
    var page: PageArguments

    private enum Keys: String, CodingKey { case from, to }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        from = try container.decodeIfPresent(LocalDate.self, forKey: .from)
        to = try container.decodeIfPresent(LocalDate.self, forKey: .to)
        page = try PageArguments(from: decoder)
    }
}

/// `NutrientOverrideInput`: a value for the whole entry, or nil to remove the override.
struct NutrientOverrideInput: Decodable, Sendable {
    var nutrient: NutrientKey
    var value: Double?
}

/// `NutritionInput` as a custom food gives it: values per 100 g (or 100 ml, counted as grams).
struct CustomFoodNutritionInput: Decodable, Sendable {
    var basis: String?
    var energyKj: Double?
    /// The nutrients given, energy in kcal included when given so.
    var values: [NutrientKey: Double] = [:]

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(basis: String? = nil, energyKj: Double? = nil, values: [NutrientKey: Double] = [:]) {
        self.basis = basis
        self.energyKj = energyKj
        self.values = values
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        basis = try container.decodeIfPresent(String.self, forKey: Key("basis"))
        energyKj = try container.decodeIfPresent(Double.self, forKey: Key("energyKj"))
        for key in NutrientKey.allCases {
            if let value = try container.decodeIfPresent(Double.self, forKey: Key(key.fieldName)) { values[key] = value }
        }
    }
}

/// `CustomFoodInput`.
struct CustomFoodInput: Decodable, Sendable {
    var name: String
    var nutrition: CustomFoodNutritionInput
    var servingGrams: Double?
    var pieceGrams: Double?
}

/// `DiaryFoodInput` (`@oneOf`): a catalog product or a custom food.
struct DiaryFoodInput: Decodable, Sendable {
    var productId: NodeID<ProductRecord>?
    var customFood: CustomFoodInput?
}

struct AddDiaryEntryInput: Decodable, Sendable {
    var food: DiaryFoodInput
    var date: LocalDate?
    var meal: Meal
    var quantity: Double
    var unit: DiaryQuantityUnit
    /// `MANUAL` by the schema's default.
    var source: DiaryEntrySource?
    var overrides: [NutrientOverrideInput]?
}

struct UpdateDiaryEntryInput: Decodable, Sendable {
    var entryId: NodeID<DiaryEntryRecord>
    var date: LocalDate?
    var meal: Meal?
    var quantity: Double?
    var unit: DiaryQuantityUnit?
    var overrides: [NutrientOverrideInput]?
}

struct LogDiaryEntryAgainInput: Decodable, Sendable {
    var entryId: NodeID<DiaryEntryRecord>
    var date: LocalDate?
    var meal: Meal?
}

struct DeleteDiaryEntryInput: Decodable, Sendable {
    var entryId: NodeID<DiaryEntryRecord>
}

struct LogWeightInput: Decodable, Sendable {
    var date: LocalDate?
    var kilograms: Double?
    var pounds: Double?
}

struct DeleteWeightEntryInput: Decodable, Sendable {
    var entryId: NodeID<WeightEntryRecord>
}
