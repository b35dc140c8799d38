import Foundation
import GraphQLEngine

/// Where a grocery item's price comes from (schema enum `GroceryPriceSource`).
enum GroceryPriceSource: String, GraphQLEnum {
    static let graphQLTypeName = "GroceryPriceSource"
    case preferredStore = "PREFERRED_STORE"
    case averageObserved = "AVERAGE_OBSERVED"
    case catalog = "CATALOG"
    case none = "NONE"
}

/// A price of one package of a product, and where it comes from.
struct PackagePrice: Sendable, Equatable {
    var amount: Decimal
    var currency: String
    var source: GroceryPriceSource
}

/// One line of a grocery list (schema type `GroceryItem`): a product (or a food no product
/// matched), the amount the week's meals need in one unit, what to buy in whole packages, and its
/// cost.
struct GroceryItem: ObjectValue, Equatable {
    static let graphQLTypeName = "GroceryItem"
    /// `p:<product id>` or `f:<food words>|<unit>`: what `setGroceryItemChecked` takes.
    var key: String
    var name: String
    var product: ProductRecord?
    var categoryID: Int64?
    var categoryName: String
    /// What the meals need, in `unit`.
    var neededQuantity: Double
    /// What to buy, in `unit`: whole packages when the product's package size is known.
    var quantity: Double
    var unit: QuantityUnit
    var packages: Int?
    var packageSize: Quantity?
    var unitPrice: PackagePrice?
    var cost: Decimal?
    var checked = false
    /// What the pantry holds of it, in `unit`, counted against the need (at most the need).
    var inPantry: Double = 0
    /// The budget's currency: costs are catalog amounts shown in it (no conversion).
    var currency = "USD"

    var priceSource: GroceryPriceSource { unitPrice?.source ?? .none }

    static func == (lhs: GroceryItem, rhs: GroceryItem) -> Bool {
        lhs.key == rhs.key && lhs.quantity == rhs.quantity && lhs.neededQuantity == rhs.neededQuantity && lhs.cost == rhs.cost
            && lhs.checked == rhs.checked && lhs.packages == rhs.packages && lhs.inPantry == rhs.inPantry
    }
}

/// Schema type `GroceryCategoryGroup`: a list's items of one category.
struct GroceryCategoryGroup: ObjectValue {
    static let graphQLTypeName = "GroceryCategoryGroup"
    var categoryName: String
    var category: CategoryRecord?
    var items: [GroceryItem]
    var subtotal: Decimal
}

/// A week's grocery list (schema type `GroceryList`).
struct GroceryList: ObjectValue {
    static let graphQLTypeName = "GroceryList"
    var items: [GroceryItem]
    var total: Decimal
    var currency: String
    var budget: Decimal
    var budgetCurrency: String
    /// Items left out of the total because no price is known.
    var unpriced: [String]
    /// Whether what the pantry holds was taken off the quantities to buy.
    var subtractsPantry = false

    var groups: [GroceryCategoryGroup] {
        var order: [String] = []
        var byName: [String: [GroceryItem]] = [:]
        for item in items {
            if byName[item.categoryName] == nil { order.append(item.categoryName) }
            byName[item.categoryName, default: []].append(item)
        }
        return order.map { name in
            let items = byName[name] ?? []
            return GroceryCategoryGroup(
                categoryName: name, category: nil, items: items, subtotal: items.reduce(Decimal(0)) { $0 + ($1.cost ?? 0) })
        }
    }
}

/// The changes between two grocery lists (schema type `GroceryListDiff`).
struct GroceryListDiff: ObjectValue {
    static let graphQLTypeName = "GroceryListDiff"
    var added: [GroceryItem]
    var removed: [GroceryItem]
    var changed: [GroceryItemChange]
    var previousTotal: Decimal
    var newTotal: Decimal
    var currency: String
    var budget: Decimal
    var budgetCurrency: String

    init(from before: GroceryList, to after: GroceryList) {
        let old = Dictionary(uniqueKeysWithValues: before.items.map { ($0.key, $0) })
        let new = Dictionary(uniqueKeysWithValues: after.items.map { ($0.key, $0) })
        added = after.items.filter { old[$0.key] == nil }
        removed = before.items.filter { new[$0.key] == nil }
        changed = after.items.compactMap { item in
            guard let previous = old[item.key], previous.quantity != item.quantity || previous.neededQuantity != item.neededQuantity
                || previous.cost != item.cost || previous.inPantry != item.inPantry
            else { return nil }
            return GroceryItemChange(item: item, previous: previous)
        }
        previousTotal = before.total
        newTotal = after.total
        currency = after.currency
        budget = after.budget
        budgetCurrency = after.budgetCurrency
    }
}

/// Schema type `GroceryItemChange`.
struct GroceryItemChange: ObjectValue {
    static let graphQLTypeName = "GroceryItemChange"
    var item: GroceryItem
    var previous: GroceryItem
}

/// Aggregates the week's ingredients into grocery items: amounts converted to one unit per item
/// and summed, rounded up to whole packages, priced. Pure: ingredients, products and prices come in.
enum GroceryAggregation {
    /// An ingredient of a planned meal: the recipe's ingredient, scaled by the meal's portions over
    /// the recipe's servings.
    struct Use: Sendable {
        var ingredient: IngredientFacts
        var scale: Double
        var categoryID: Int64?
    }

    /// A food's amount in one unit: the product's package unit when it has one, else grams when
    /// the mass is known, else millilitres, else pieces. Nil for an amount "to taste" or one that
    /// cannot be expressed in the chosen unit.
    static func measure(_ ingredient: IngredientFacts) -> (unit: QuantityUnit, amount: Double)? {
        guard let quantity = ingredient.amount, let unit = ingredient.unit else { return nil }
        let amount = RecipeFigures.amount(of: ingredient)
        let isCount = RecipeUnits.kind(of: unit) == .count
        if let package = ingredient.product?.packageSize {
            switch package.unit {
            case .gram: return (amount.grams ?? (ingredient.product?.perMillilitre == true ? amount.millilitres : nil)).map { (.gram, $0) }
            case .millilitre: return (amount.millilitres ?? amount.grams).map { (.millilitre, $0) }
            case .piece:
                if isCount && ingredient.pieceName == nil { return (.piece, quantity) }
                if let grams = amount.grams, let piece = ingredient.product?.labelPieceGrams ?? RecipeFigures.pieceGrams(of: ingredient), piece > 0 {
                    return (.piece, grams / piece)
                }
                return nil
            }
        }
        if isCount && ingredient.pieceName == nil { return (.piece, quantity) }
        if let grams = amount.grams { return (.gram, grams) }
        if let millilitres = amount.millilitres { return (.millilitre, millilitres) }
        return isCount ? (.piece, quantity) : nil
    }

    /// The item key of an ingredient measured in `unit`.
    static func key(_ ingredient: IngredientFacts, unit: QuantityUnit) -> String {
        if let product = ingredient.product { return "p:\(product.id)" }
        let words = RecipeUnits.singularWords(ingredient.food).joined(separator: " ")
        return "f:\(words)|\(unit.rawValue.lowercased())"
    }

    /// Whole packages for a need (a hair over a package, from rounding, is not a second one).
    static func packages(needed: Double, packageSize: Double) -> Int {
        guard packageSize > 0, needed > 0 else { return 0 }
        return Int((needed / packageSize - 1e-6).rounded(.up))
    }

    static func round(_ value: Double) -> Double { (value * 10).rounded() / 10 }

    static func money(_ decimal: Decimal) -> Decimal {
        var value = decimal
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 2, .plain)
        return rounded
    }

    /// The list: items grouped by category name (alphabetical, uncategorised last), by name inside.
    /// With `pantry` (what the owner holds of each product, by unit: the Kitchen's
    /// `PantryStore.availability`), what is held is converted to the item's unit and taken off the
    /// need before rounding up to packages; an item the pantry covers stays with nothing to buy.
    static func list(
        _ uses: [Use], products: [Int64: ProductRecord], categoryNames: [Int64: String], prices: [Int64: PackagePrice], checked: Set<String>,
        budget: Decimal, budgetCurrency: String, pantry: [Int64: [QuantityUnit: Double]]? = nil
    ) -> GroceryList {
        var needs: [String: (unit: QuantityUnit, amount: Double, use: Use)] = [:]
        var order: [String] = []
        for use in uses {
            guard !FoodClassifier.isNegligible(use.ingredient.food) || use.ingredient.product != nil,
                let measured = measure(use.ingredient)
            else { continue }
            let key = key(use.ingredient, unit: measured.unit)
            if needs[key] == nil {
                order.append(key)
                needs[key] = (measured.unit, 0, use)
            }
            needs[key]?.amount += measured.amount * use.scale
        }
        var items: [GroceryItem] = []
        var unpriced: [String] = []
        for key in order {
            guard let need = needs[key] else { continue }
            let ingredient = need.use.ingredient
            let productID = ingredient.product?.id
            let product = productID.flatMap { products[$0] }
            let categoryID = need.use.categoryID
            var item = GroceryItem(
                key: key, name: product?.name ?? ingredient.name, product: product, categoryID: categoryID,
                categoryName: categoryID.flatMap { categoryNames[$0] } ?? "Other", neededQuantity: round(need.amount),
                quantity: round(need.amount), unit: need.unit, checked: checked.contains(key), currency: budgetCurrency)
            var toBuy = need.amount
            if let productID, let held = pantry?[productID] {
                let amount = PantryAmounts.total(held, in: need.unit, packageSize: ingredient.product?.packageSize ?? product?.packageSize)
                if amount > 0 {
                    item.inPantry = round(min(amount, need.amount))
                    toBuy = max(0, need.amount - amount)
                    if toBuy < 1e-6 { toBuy = 0 }
                    item.quantity = round(toBuy)
                }
            }
            if let package = ingredient.product?.packageSize, package.unit == need.unit, package.value > 0 {
                let count = packages(needed: toBuy, packageSize: package.value)
                item.packages = count
                item.packageSize = package
                item.quantity = round(Double(count) * package.value)
                if let productID, let price = prices[productID] {
                    item.unitPrice = price
                    item.cost = money(price.amount * Decimal(count))
                }
            }
            if item.cost == nil && toBuy > 0 { unpriced.append(item.name) }
            items.append(item)
        }
        items.sort { ($0.categoryName == "Other" ? 1 : 0, $0.categoryName, $0.name.lowercased(), $0.key) < ($1.categoryName == "Other" ? 1 : 0, $1.categoryName, $1.name.lowercased(), $1.key) }
        let total = money(items.reduce(Decimal(0)) { $0 + ($1.cost ?? 0) })
        return GroceryList(
            items: items, total: total, currency: budgetCurrency, budget: budget, budgetCurrency: budgetCurrency, unpriced: unpriced,
            subtractsPantry: pantry != nil)
    }
}
