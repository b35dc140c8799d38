/// Approximate expiry dates (Kitchen Keeper §3.6): from the product's shelf life and where it is
/// kept. docs/kitchen.md prints the table.
///
/// - A product's `shelfLifeDays` is for its own storage place (`Product.storage`; pantry when it
///   names none). Kept there, the estimate is that many days after it was added.
/// - Kept elsewhere, the shelf life is scaled by the ratio of the category's typical days in the two
///   places (the table below, by top-level category): milk in the pantry lasts a tenth of its
///   fridge life; bread in the freezer lasts 90/4 times its pantry life. Frozen food never lasts
///   less than at its own storage place.
/// - A free-text food, or a product without a shelf life, gets its category's typical days (free
///   text: the `other` row).
enum ShelfLife {
    /// Typical days by top-level category slug: pantry, fridge, freezer.
    static let table: [String: (pantry: Int, fridge: Int, freezer: Int)] = [
        "produce": (5, 10, 240),
        "dairy": (1, 10, 90),
        "bakery": (4, 7, 90),
        "meat-seafood": (1, 3, 180),
        "pantry": (365, 365, 365),
        "frozen": (1, 3, 270),
        "beverages": (180, 180, 180),
        "plant-based": (3, 10, 90),
        "other": (7, 7, 180),
    ]

    static func typicalDays(_ category: String?, _ location: StorageLocation) -> Int {
        let row = table[category ?? "other"] ?? table["other"]!
        switch location {
        case .pantry: return row.pantry
        case .fridge: return row.fridge
        case .freezer: return row.freezer
        }
    }

    /// Days an item keeps at `location`: see the type's description. `category` is the top-level
    /// category's slug (nil for free-text food).
    static func days(shelfLifeDays: Int?, storage: StorageLocation?, category: String?, at location: StorageLocation) -> Int {
        guard let shelfLife = shelfLifeDays, shelfLife > 0 else { return typicalDays(category, location) }
        let home = storage ?? .pantry
        if home == location { return shelfLife }
        let scaled = Double(shelfLife) * Double(typicalDays(category, location)) / Double(max(1, typicalDays(category, home)))
        let days = max(1, Int(scaled.rounded()))
        return location == .freezer ? max(days, shelfLife) : days
    }

    /// The estimated expiry date of an item added on `addedOn`.
    static func estimate(
        addedOn: LocalDate, shelfLifeDays: Int?, storage: StorageLocation?, category: String?, at location: StorageLocation
    ) -> LocalDate {
        addedOn.adding(days: days(shelfLifeDays: shelfLifeDays, storage: storage, category: category, at: location))
    }

    /// The top-level slug of a category path (`dairy/milk-cream` → `dairy`).
    static func topLevel(ofPath path: String?) -> String? {
        path.flatMap { $0.split(separator: "/").first.map(String.init) }
    }
}
