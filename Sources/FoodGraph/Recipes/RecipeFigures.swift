import Foundation
import Synchronization

/// What the figures of a recipe need to know of a linked catalog product.
struct ProductFacts: Sendable {
    var id: Int64
    var name: String
    /// Per 100 g, or per 100 ml when `perMillilitre`.
    var nutrition: Nutrition
    var perMillilitre: Bool
    var servingAmount: Double?
    var servingUnit: QuantityUnit?
    var servingDescription: String?
    var packageSize: Quantity?
    var allergens: [Allergen]
    var dietLabels: [DietLabel]
    /// The price paid in the catalog: the sale price while on sale, else the catalog price.
    var catalogPrice: Money?

    init(_ product: ProductRecord) {
        id = product.id
        name = product.name
        nutrition = product.nutrition
        perMillilitre = product.nutrition.basis == .per100Ml
        servingAmount = product.servingSize?.value
        servingUnit = product.servingSize?.unit
        servingDescription = product.servingDescription
        packageSize = product.packageSize
        allergens = product.allergens
        dietLabels = product.dietLabels
        catalogPrice = product.salePrice ?? product.catalogPrice
    }

    init(
        id: Int64, name: String, nutrition: Nutrition, perMillilitre: Bool = false, servingAmount: Double? = nil,
        servingUnit: QuantityUnit? = nil, servingDescription: String? = nil, packageSize: Quantity? = nil, allergens: [Allergen] = [],
        dietLabels: [DietLabel] = [], catalogPrice: Money? = nil
    ) {
        self.id = id
        self.name = name
        self.nutrition = nutrition
        self.perMillilitre = perMillilitre
        self.servingAmount = servingAmount
        self.servingUnit = servingUnit
        self.servingDescription = servingDescription
        self.packageSize = packageSize
        self.allergens = allergens
        self.dietLabels = dietLabels
        self.catalogPrice = catalogPrice
    }

    /// What the label's serving tells: `1/4 cup (30 g)` gives a density, `2 slices (70 g)` the
    /// weight of a piece. Values outside plausible bounds are ignored. Read once per product.
    var labelDensity: Double? { label.density }
    var labelPieceGrams: Double? { label.pieceGrams }

    private var label: (density: Double?, pieceGrams: Double?) {
        if let cached = Self.labels.withLock({ $0[servingDescription ?? ""]?[servingAmount ?? -1] }) { return cached }
        let label = readLabel()
        Self.labels.withLock { $0[servingDescription ?? "", default: [:]][servingAmount ?? -1] = label }
        return label
    }

    /// Labels read, by description and serving size: a few hundred distinct ones in a catalog.
    private static let labels = Mutex<[String: [Double: (density: Double?, pieceGrams: Double?)]]>([:])

    private func readLabel() -> (density: Double?, pieceGrams: Double?) {
        guard let servingDescription else { return (nil, nil) }
        let parsed = IngredientLineParser.parse(servingDescription)
        guard let quantity = parsed.amount, quantity > 0, let unit = parsed.unit else { return (nil, nil) }
        // The serving's mass: the parenthesised grams, else the serving size when it is in grams.
        var grams: Double?
        if let note = parsed.note, let inNote = Self.grams(in: note) { grams = inNote }
        if grams == nil, servingUnit == .gram { grams = servingAmount }
        guard let grams, grams > 0 else { return (nil, nil) }
        switch RecipeUnits.kind(of: unit) {
        case .volume:
            guard let millilitres = RecipeUnits.convert(quantity, from: unit, to: .millilitre) else { return (nil, nil) }
            let density = grams / millilitres
            return ((0.05...2.5).contains(density) ? density : nil, nil)
        case .count:
            return (nil, grams / quantity)
        case .mass:
            return (nil, nil)
        }
    }

    /// "30 g" or "118 g" inside a note.
    private static func grams(in note: String) -> Double? {
        for part in note.split(separator: ",") {
            let parsed = IngredientLineParser.parse(String(part))
            if parsed.unit == .gram, parsed.food.isEmpty, let quantity = parsed.quantity { return quantity }
        }
        return nil
    }
}

/// An ingredient as the figures see it.
struct IngredientFacts: Sendable {
    var quantity: Double?
    var quantityMax: Double?
    var unit: IngredientUnit?
    var pieceName: String?
    var food: String
    var product: ProductFacts?
    var note: String? = nil

    var amount: Double? {
        guard let quantity else { return nil }
        guard let quantityMax else { return quantity }
        return (quantity + quantityMax) / 2
    }

    /// The name shown for the ingredient: its food, else its product's name.
    var name: String { food.isEmpty ? product?.name ?? "" : food }
}

/// An ingredient's amount in grams and millilitres, where they can be known.
struct IngredientAmount: Equatable, Sendable {
    var grams: Double?
    var millilitres: Double?
    /// The amount in the product's nutrition basis (grams, or millilitres for liquids).
    var basisAmount: Double?
}

/// The derived figures of a recipe: nutrition and cost per serving, completeness, the measures
/// its search uses. Pure: the products and prices come in.
enum RecipeFigures {
    /// The density used for an ingredient: the product label's, else the food's by keyword, else
    /// the product name's, else 1 g/ml for a product measured per 100 ml.
    static func density(of ingredient: IngredientFacts) -> Double? {
        if let density = ingredient.product?.labelDensity { return density }
        if let density = RecipeUnits.density(of: ingredient.food) { return density }
        if let product = ingredient.product {
            if let density = RecipeUnits.density(of: product.name) { return density }
            if product.perMillilitre { return 1 }
        }
        return nil
    }

    /// The weight of one piece: as the note says (`150 g each`), else by the piece's name (a
    /// clove), else the product label's serving piece, else by keyword of the food or product name.
    static func pieceGrams(of ingredient: IngredientFacts) -> Double? {
        if let note = ingredient.note, let each = weightEach(in: note) { return each }
        if let pieceName = ingredient.pieceName {
            return RecipeUnits.pieceWeight(of: ingredient.name + " " + (ingredient.product?.name ?? ""), pieceName: pieceName)
        }
        if let grams = ingredient.product?.labelPieceGrams { return grams }
        return RecipeUnits.pieceWeight(of: ingredient.food, pieceName: nil)
            ?? ingredient.product.flatMap { RecipeUnits.pieceWeight(of: $0.name, pieceName: nil) }
    }

    /// "150 g each", "6 oz each": the weight of one piece given in a note.
    static func weightEach(in note: String) -> Double? {
        for part in note.split(separator: ",") where part.lowercased().contains("each") {
            let text = part.lowercased().replacingOccurrences(of: "each", with: "").replacingOccurrences(of: "about", with: "")
            let parsed = IngredientLineParser.parse(text)
            if let quantity = parsed.quantity, let unit = parsed.unit, RecipeUnits.kind(of: unit) == .mass {
                return RecipeUnits.convert(quantity, from: unit, to: .gram)
            }
        }
        return nil
    }

    /// What is eaten of an ingredient noted "for frying" (the oil food absorbs): 10 %.
    static let fryingShare = 0.1

    static func eatenShare(of ingredient: IngredientFacts) -> Double {
        guard let note = ingredient.note?.lowercased() else { return 1 }
        return note.contains("for frying") || note.contains("for deep frying") || note.contains("for greasing") ? fryingShare : 1
    }

    static func amount(of ingredient: IngredientFacts) -> IngredientAmount {
        guard let quantity = ingredient.amount, let unit = ingredient.unit else { return IngredientAmount() }
        let density = density(of: ingredient)
        var result = IngredientAmount()
        switch RecipeUnits.kind(of: unit) {
        case .mass:
            let grams = RecipeUnits.convert(quantity, from: unit, to: .gram)
            result.grams = grams
            result.millilitres = grams.flatMap { grams in density.map { grams / $0 } }
        case .volume:
            let millilitres = RecipeUnits.convert(quantity, from: unit, to: .millilitre)
            result.millilitres = millilitres
            result.grams = millilitres.flatMap { millilitres in density.map { millilitres * $0 } }
        case .count:
            let grams = pieceGrams(of: ingredient).map { $0 * quantity }
            result.grams = grams
            result.millilitres = grams.flatMap { grams in density.map { grams / $0 } }
        }
        if let product = ingredient.product {
            result.basisAmount = product.perMillilitre ? (result.millilitres ?? result.grams) : result.grams
        }
        return result
    }

    /// Per-serving figures of a recipe.
    struct Summary: Sendable {
        var nutrition: Nutrition
        /// Whether any ingredient's nutrition was counted.
        var hasNutrition: Bool
        /// Foods whose nutrition could not be counted (no product, or an amount that cannot be weighed).
        var missingNutrition: [String]
        var cost: Money?
        /// Foods without a price or a package size to price the amount used.
        var missingPrice: [String]
        /// Grams per ingredient, in order (nil where unknown).
        var grams: [Double?]
        var vitaminMineralScore: Double
    }

    /// Sums the ingredients, then divides by the servings. Ingredients without a quantity ("salt to
    /// taste") and negligible ones (water, ice) are left out and do not make the figures
    /// incomplete; one noted "for frying" counts 10 % of its nutrition (what food absorbs) and all
    /// of its cost. A nutrient no counted ingredient knows stays unknown; energy and macros are 0.
    /// `prices` gives the price paid per product where the viewer's stores know one (else the
    /// catalog price is used).
    static func summary(_ ingredients: [IngredientFacts], servings: Int, prices: [Int64: Money] = [:]) -> Summary {
        var parts: [Nutrition] = []
        var missingNutrition: [String] = []
        var missingPrice: [String] = []
        var grams: [Double?] = []
        var cost = Decimal(0)
        var currency: String?
        for ingredient in ingredients {
            let amount = amount(of: ingredient)
            grams.append(amount.grams.map { ($0 * 10).rounded() / 10 })
            guard ingredient.amount != nil else { continue }
            guard let product = ingredient.product else {
                if !FoodClassifier.isNegligible(ingredient.food) {
                    missingNutrition.append(ingredient.name)
                    missingPrice.append(ingredient.name)
                }
                continue
            }
            if let basis = amount.basisAmount {
                parts.append(product.nutrition.scaled(by: basis * eatenShare(of: ingredient) / 100))
            } else {
                missingNutrition.append(ingredient.name)
            }
            if let (price, share) = priced(ingredient, product, amount, prices[product.id]) {
                cost += price.amount.decimal.map { $0 * Decimal(share) } ?? 0
                currency = currency ?? price.currency
            } else {
                missingPrice.append(ingredient.name)
            }
        }
        let divisor = Double(max(servings, 1))
        let nutrition = sum(parts).scaled(by: 1 / divisor)
        var perServing = cost / Decimal(max(servings, 1))
        var rounded = Decimal()
        NSDecimalRound(&rounded, &perServing, 2, .plain)
        let money = currency.map { Money(amount: DecimalText(Self.text(rounded)), currency: $0) }
        return Summary(
            nutrition: nutrition, hasNutrition: !parts.isEmpty, missingNutrition: missingNutrition, cost: money, missingPrice: missingPrice, grams: grams,
            vitaminMineralScore: vitaminMineralScore(nutrition))
    }

    /// The price of the package and the share of it the ingredient uses: the amount in the
    /// package's unit (grams, millilitres or pieces) over the package size.
    static func priced(
        _ ingredient: IngredientFacts, _ product: ProductFacts, _ amount: IngredientAmount, _ viewerPrice: Money?
    ) -> (Money, Double)? {
        guard let price = viewerPrice ?? product.catalogPrice, let package = product.packageSize, package.value > 0 else { return nil }
        let used: Double?
        switch package.unit {
        case .gram: used = amount.grams ?? (product.perMillilitre ? amount.millilitres : nil)
        case .millilitre: used = amount.millilitres ?? amount.grams
        case .piece:
            if let unit = ingredient.unit, RecipeUnits.kind(of: unit) == .count, ingredient.pieceName == nil {
                used = ingredient.amount
            } else if let grams = amount.grams, let piece = product.labelPieceGrams ?? pieceGrams(of: ingredient), piece > 0 {
                used = grams / piece
            } else {
                used = nil
            }
        }
        guard let used else { return nil }
        return (price, used / package.value)
    }

    /// Adds nutrients; one no part knows stays nil.
    static func sum(_ parts: [Nutrition]) -> Nutrition {
        func total(_ value: (Nutrition) -> Double?) -> Double? {
            var sum = 0.0
            var known = false
            for part in parts {
                if let value = value(part) {
                    sum += value
                    known = true
                }
            }
            return known ? sum : nil
        }
        var micronutrients: [String: Micronutrient] = [:]
        for part in parts {
            for micronutrient in part.micronutrients {
                let key = micronutrient.name + "|" + micronutrient.unit
                micronutrients[key, default: Micronutrient(name: micronutrient.name, amount: 0, unit: micronutrient.unit)].amount +=
                    micronutrient.amount
            }
        }
        return Nutrition(
            basis: nil, energyKcal: total(\.energyKcal) ?? 0, fatG: total(\.fatG) ?? 0, saturatedFatG: total(\.saturatedFatG),
            transFatG: total(\.transFatG), cholesterolMg: total(\.cholesterolMg), carbohydratesG: total(\.carbohydratesG) ?? 0,
            fibreG: total(\.fibreG), sugarsG: total(\.sugarsG), sodiumMg: total(\.sodiumMg), proteinG: total(\.proteinG) ?? 0,
            vitaminAUg: total(\.vitaminAUg), vitaminCMg: total(\.vitaminCMg), calciumMg: total(\.calciumMg), ironMg: total(\.ironMg),
            micronutrients: micronutrients.values.sorted { $0.name < $1.name })
    }

    // MARK: - Measures

    /// Daily values (FDA, adults) of the vitamins and minerals the score counts, in the unit each
    /// is stored in.
    static let dailyValues: [String: (amount: Double, unit: String)] = [
        "potassium": (4700, "mg"), "magnesium": (420, "mg"), "zinc": (11, "mg"), "phosphorus": (1250, "mg"),
        "vitamin_d": (20, "µg"), "vitamin_e": (15, "mg"), "vitamin_k": (120, "µg"), "folate": (400, "µg"),
        "vitamin_b12": (2.4, "µg"), "vitamin_b6": (1.7, "mg"), "thiamin": (1.2, "mg"), "riboflavin": (1.3, "mg"),
        "niacin": (16, "mg"), "selenium": (55, "µg"), "copper": (0.9, "mg"), "manganese": (2.3, "mg"),
    ]
    static let vitaminADailyUg = 900.0
    static let vitaminCDailyMg = 90.0
    static let calciumDailyMg = 1300.0
    static let ironDailyMg = 18.0

    /// The vitamin and mineral score of a serving: the sum, over vitamin A, vitamin C, calcium,
    /// iron and every further micronutrient with a daily value, of its percentage of the daily
    /// value, each capped at 100. Rounded to a tenth.
    static func vitaminMineralScore(_ nutrition: Nutrition) -> Double {
        func percent(_ amount: Double?, _ daily: Double) -> Double { min(100, max(0, (amount ?? 0) / daily * 100)) }
        var score = percent(nutrition.vitaminAUg, vitaminADailyUg) + percent(nutrition.vitaminCMg, vitaminCDailyMg)
            + percent(nutrition.calciumMg, calciumDailyMg) + percent(nutrition.ironMg, ironDailyMg)
        for micronutrient in nutrition.micronutrients {
            guard let daily = dailyValues[micronutrient.name.lowercased()] else { continue }
            let factor = unitFactor(from: micronutrient.unit, to: daily.unit)
            guard let factor else { continue }
            score += percent(micronutrient.amount * factor, daily.amount)
        }
        return (score * 10).rounded() / 10
    }

    private static func unitFactor(from: String, to: String) -> Double? {
        func micrograms(_ unit: String) -> Double? {
            switch unit.lowercased() {
            case "g": 1_000_000
            case "mg": 1000
            case "µg", "ug", "mcg", "μg": 1
            default: nil
            }
        }
        guard let a = micrograms(from), let b = micrograms(to) else { return nil }
        return a / b
    }

    /// Shares of energy from protein (4 kcal/g), fat (9) and carbohydrates (4), 0–1.
    static func energyShares(proteinG: Double, fatG: Double, carbohydratesG: Double) -> (protein: Double, fat: Double, carbohydrates: Double) {
        let protein = proteinG * 4
        let fat = fatG * 9
        let carbohydrates = carbohydratesG * 4
        let total = protein + fat + carbohydrates
        guard total > 0 else { return (0, 0, 0) }
        return (protein / total, fat / total, carbohydrates / total)
    }

    /// The macro profile thresholds, as shares of energy from the macronutrients.
    static let highProteinShare = 0.25
    static let lowFatShare = 0.20
    static let highCarbShare = 0.55
    static let lowCarbShare = 0.26

    static func profiles(proteinG: Double, fatG: Double, carbohydratesG: Double) -> Set<MacroProfile> {
        let shares = energyShares(proteinG: proteinG, fatG: fatG, carbohydratesG: carbohydratesG)
        guard proteinG + fatG + carbohydratesG > 0 else { return [] }
        var profiles: Set<MacroProfile> = []
        if shares.protein >= highProteinShare { profiles.insert(.highProtein) }
        if shares.fat <= lowFatShare { profiles.insert(.lowFat) }
        if shares.carbohydrates >= highCarbShare { profiles.insert(.highCarb) }
        return profiles
    }

    static func text(_ decimal: Decimal) -> String {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.minimumFractionDigits = 2
        formatter.maximumFractionDigits = 2
        formatter.minimumIntegerDigits = 1
        formatter.usesGroupingSeparator = false
        return formatter.string(from: decimal as NSDecimalNumber) ?? "\(decimal)"
    }
}
