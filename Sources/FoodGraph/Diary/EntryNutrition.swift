import Foundation

/// An entry's nutrients: the food's values per 100 g scaled to the portion, with the user's
/// overrides on top. The computed value of each overridden nutrient is kept, so clearing an
/// override restores it and the entry can say which values are the user's.
struct EntryNutrition: Sendable {
    var effective: Nutrition
    var computedOverridden: [NutrientKey: Double?]

    /// - Parameters:
    ///   - current: the overrides in force before this change (user values by nutrient).
    ///   - changes: overrides to set (a value) or remove (nil).
    init(per100 basis: Nutrition, grams: Double, current: [NutrientKey: Double] = [:], changes: [NutrientKey: Double?] = [:]) {
        let computed = basis.scaled(by: grams / 100)
        var overrides = current
        for (key, value) in changes { overrides[key] = value }
        var effective = computed
        var kept: [NutrientKey: Double?] = [:]
        for (key, value) in overrides {
            effective[key] = value
            kept[key] = .some(computed[key])
        }
        self.effective = effective
        self.computedOverridden = kept
    }

    /// `computed_overridden` as JSON: `{"PROTEIN_G": 12.5, "FIBRE_G": null}`.
    var computedOverriddenJSON: String {
        let object = Dictionary(uniqueKeysWithValues: computedOverridden.map { key, value in (key.rawValue, value.map { $0 as Any } ?? NSNull()) })
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
