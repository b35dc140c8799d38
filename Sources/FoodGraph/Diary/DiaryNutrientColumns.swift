import GraphQLEngine
import Synchronization

/// The optional nutrients (those that may be unknown) a diary day's statement reads, from what the
/// day's selection shows: its totals, its meals' totals and its entries' nutrition. Energy, fat,
/// carbohydrates and protein are always read: they are never unknown, and the macro split and
/// `remaining` need them. Formatting the nutrients no field shows was about 5 % of PostgreSQL's CPU
/// for the benchmark's diary day (docs/performance.md, twelfth session).
struct DiaryNutrientColumns: Hashable, Sendable {
    /// A bit per optional `NutrientKey`, in the order of `NutrientKey.allCases`.
    let mask: UInt16

    static let all = DiaryNutrientColumns(mask: UInt16.max)

    /// Below `User.diaryDay`: where `Nutrition` objects are selected, and the fields of the objects
    /// on the way (`DiaryDay`, `MealSummary`, `DiaryEntry`) that read no optional nutrient other
    /// than through those `Nutrition` objects.
    private static let nutritionPaths = [["totals"], ["meals", "totals"], ["meals", "entries", "nutrition"]]
    private static let fieldsReadingNoneAlong: [(path: [String], fields: Set<String>)] = [
        ([], ["__typename", "date", "isToday", "meals", "totals", "targets", "remaining", "macroSplit"]),
        (["meals"], ["__typename", "meal", "entries", "totals"]),
        (["meals", "entries"], [
            "__typename", "id", "date", "meal", "product", "foodName", "quantity", "unit", "grams", "source", "nutrition",
            "overriddenNutrients", "createdAt",
        ]),
    ]
    /// Fields of `Nutrition` that read no optional nutrient (`energyKj` is worked out from energy).
    private static let fieldsReadingNone: Set<String> =
        Set(["__typename", "basis", "energyKj"] + NutrientKey.allCases.filter(\.isRequired).map(\.fieldName))
    /// Each optional nutrient's bit, by its field of `Nutrition` and by its key.
    private static let bitsByField = Dictionary(uniqueKeysWithValues: optionalBits.map { ($0.key.fieldName, $0.value) })
    private static let optionalBits = Dictionary(
        uniqueKeysWithValues: NutrientKey.allCases.enumerated().filter { !$0.element.isRequired }.map { ($0.element, UInt16(1) << $0.offset) })

    /// What the day selected by `info` (a `User.diaryDay` field) shows. A field not known here
    /// (of `Nutrition`: micronutrients, daily values; or one added later to any of these types)
    /// reads them all, so a day is never answered from a row that lacks what it shows.
    static func needed(by info: ResolveInfo) -> DiaryNutrientColumns {
        for (path, known) in fieldsReadingNoneAlong where !info.selectedFieldNames(along: path).isSubset(of: known) {
            return .all
        }
        var mask: UInt16 = 0
        for path in nutritionPaths {
            for name in info.selectedFieldNames(along: path) where !fieldsReadingNone.contains(name) {
                guard let bit = bitsByField[name] else { return .all }
                mask |= bit
            }
        }
        return DiaryNutrientColumns(mask: mask)
    }

    /// `DiaryEntryRecord.columns` with NULL in place of the nutrients left out, so that every
    /// column keeps its position. Kept per mask: a statement's text is its key in the prepared
    /// statements of a connection.
    var select: String {
        if self == .all { return DiaryEntryRecord.columns }
        if let known = Self.selects.withLock({ $0[mask] }) { return known }
        let select = DiaryEntryRecord.columnList.map { column in
            guard let key = column.nutrient, let bit = Self.optionalBits[key], mask & bit == 0 else { return column.expression }
            return "NULL"
        }.joined(separator: ", ")
        Self.selects.withLock { $0[mask] = select }
        return select
    }

    private static let selects = Mutex<[UInt16: String]>([:])
}
