import Foundation

/// Units of ingredients and the conversions between them: mass to mass and volume to volume
/// exactly, volume to mass through a density (g/ml), pieces to mass through a piece's weight.
/// Volumes are US customary (a cup is 236.59 ml, a tablespoon 14.79 ml, a teaspoon 4.93 ml, a
/// pinch 1/16 teaspoon). Pure.
enum RecipeUnits {
    enum Kind: Sendable {
        case mass
        case volume
        case count
    }

    static func kind(of unit: IngredientUnit) -> Kind {
        switch unit {
        case .gram, .kilogram, .ounce, .pound: .mass
        case .millilitre, .litre, .teaspoon, .tablespoon, .cup, .fluidOunce, .pinch: .volume
        case .count, .piece: .count
        }
    }

    /// Grams in one unit of mass; millilitres in one unit of volume; nil for counts.
    static func baseAmount(of unit: IngredientUnit) -> Double? {
        switch unit {
        case .gram: 1
        case .kilogram: 1000
        case .ounce: 28.349523125
        case .pound: 453.59237
        case .millilitre: 1
        case .litre: 1000
        case .teaspoon: 4.92892159375
        case .tablespoon: 14.78676478125
        case .cup: 236.5882365
        case .fluidOunce: 29.5735295625
        case .pinch: 4.92892159375 / 16
        case .count, .piece: nil
        }
    }

    /// `quantity` of `from` in the unit `to`; across mass and volume only with a density (g/ml).
    /// Nil when the kinds differ without a density, or either unit is a count.
    static func convert(_ quantity: Double, from: IngredientUnit, to: IngredientUnit, density: Double? = nil) -> Double? {
        guard let fromBase = baseAmount(of: from), let toBase = baseAmount(of: to) else {
            return from == to ? quantity : nil
        }
        let base = quantity * fromBase
        switch (kind(of: from), kind(of: to)) {
        case (.mass, .mass), (.volume, .volume): return base / toBase
        case (.volume, .mass):
            guard let density, density > 0 else { return nil }
            return base * density / toBase
        case (.mass, .volume):
            guard let density, density > 0 else { return nil }
            return base / density / toBase
        default: return nil
        }
    }

    // MARK: - Densities and piece weights by food

    /// Grams per millilitre of common ingredients as measured in a kitchen (a cup of flour spooned
    /// and levelled weighs 125 g: 0.53 g/ml), by keyword; the longest keyword in the food wins.
    static let densities: [String: Double] = [
        "water": 1.0, "ice": 0.92, "milk": 1.03, "buttermilk": 1.03, "cream": 1.0, "whipping cream": 0.99, "half and half": 1.01,
        "sour cream": 1.01, "yogurt": 1.05, "yoghurt": 1.05, "kefir": 1.03, "evaporated milk": 1.07, "condensed milk": 1.3,
        "coconut milk": 0.97, "oil": 0.92, "olive oil": 0.91, "butter": 0.96, "melted butter": 0.91, "margarine": 0.96,
        "shortening": 0.87, "lard": 0.9, "honey": 1.42, "maple syrup": 1.32, "syrup": 1.33, "molasses": 1.4, "sugar": 0.85,
        "brown sugar": 0.93, "icing sugar": 0.51, "powdered sugar": 0.51, "confectioners sugar": 0.51, "flour": 0.53,
        "whole wheat flour": 0.51, "bread flour": 0.55, "cornstarch": 0.54, "corn starch": 0.54, "cornmeal": 0.65,
        "cocoa": 0.36, "baking soda": 0.97, "baking powder": 0.81, "salt": 1.22, "kosher salt": 0.6, "sea salt": 1.1,
        "pepper": 0.47, "black pepper": 0.47, "cinnamon": 0.53, "paprika": 0.46, "cumin": 0.43, "chili powder": 0.54,
        "curry powder": 0.43, "turmeric": 0.64, "ginger": 0.38, "nutmeg": 0.48, "oregano": 0.2, "basil": 0.15, "thyme": 0.29,
        "dried herbs": 0.2, "vanilla": 0.88, "vanilla extract": 0.88, "yeast": 0.64, "rice": 0.78, "quinoa": 0.72,
        "oats": 0.38, "rolled oats": 0.38, "quick oats": 0.4, "steel cut oats": 0.67, "lentils": 0.81, "split peas": 0.83,
        "chickpeas": 0.68, "beans": 0.75, "black beans": 0.73, "kidney beans": 0.75, "couscous": 0.73, "bulgur": 0.59,
        "barley": 0.85, "macaroni": 0.44, "pasta": 0.44, "noodles": 0.32, "cheese": 0.47, "cheddar": 0.47, "mozzarella": 0.47,
        "parmesan": 0.42, "feta": 0.64, "ricotta": 1.04, "cottage cheese": 0.95, "cream cheese": 0.98, "nuts": 0.51,
        "almonds": 0.6, "walnuts": 0.5, "pecans": 0.42, "cashews": 0.58, "peanuts": 0.61, "pistachios": 0.52,
        "sunflower seeds": 0.59, "pumpkin seeds": 0.55, "chia": 0.68, "flax": 0.47, "flaxseed": 0.47, "sesame": 0.6,
        "hemp": 0.68, "peanut butter": 1.08, "almond butter": 1.08, "tahini": 1.01, "jam": 1.35, "marmalade": 1.35,
        "ketchup": 1.14, "mayonnaise": 0.93, "mustard": 1.05, "soy sauce": 1.08, "vinegar": 1.01, "lemon juice": 1.03,
        "lime juice": 1.03, "orange juice": 1.04, "juice": 1.04, "broth": 1.0, "stock": 1.0, "tomato sauce": 1.03,
        "pasta sauce": 1.04, "salsa": 1.0, "crushed tomatoes": 1.04, "diced tomatoes": 1.0, "tomato paste": 1.1,
        "chocolate chips": 0.71, "raisins": 0.62, "dried cranberries": 0.5, "berries": 0.6, "blueberries": 0.63,
        "strawberries": 0.61, "raspberries": 0.52, "spinach": 0.13, "kale": 0.28, "lettuce": 0.2, "greens": 0.15,
        "onion": 0.68, "onions": 0.68, "carrot": 0.54, "carrots": 0.54, "celery": 0.51, "peas": 0.57, "corn": 0.65,
        "mushrooms": 0.3, "broccoli": 0.38, "cauliflower": 0.45, "tomato": 0.76, "tomatoes": 0.76, "cucumber": 0.5,
        "bell pepper": 0.63, "cabbage": 0.38, "zucchini": 0.5, "potatoes": 0.64, "sweet potato": 0.56, "squash": 0.59,
        "parsley": 0.25, "cilantro": 0.17, "mint": 0.25, "dill": 0.19, "chives": 0.2, "coconut": 0.36, "breadcrumbs": 0.45,
        "bread crumbs": 0.45, "cereal": 0.12, "corn flakes": 0.12, "granola": 0.51, "coffee": 1.0, "tea": 1.0, "wine": 0.99,
        "beer": 1.01, "cola": 1.04, "soda": 1.0, "hummus": 1.04, "egg": 1.03, "eggs": 1.03, "egg whites": 1.03,
        "tofu": 1.0, "apple": 0.52, "apples": 0.52, "banana": 0.95, "mango": 0.7, "pineapple": 0.7, "grapes": 0.64,
        "avocado": 0.97, "applesauce": 1.03, "gelatin": 0.6, "sprinkles": 0.85, "tortilla chips": 0.15, "chips": 0.12,
        "popcorn kernels": 0.8, "bread": 0.2, "loaf": 0.2, "crackers": 0.25, "graham crackers": 0.4, "pretzels": 0.25,
        "edamame": 0.63, "green beans": 0.46, "cut green beans": 0.57, "pineapple chunks": 0.7, "watermelon": 0.64,
        "cherries": 0.65, "mixed vegetables": 0.57, "cabbage shredded": 0.38, "red cabbage": 0.38,
    ]

    /// Grams of one piece, by keyword of the food (and the piece's name when it has one: a clove of
    /// garlic is not a head of garlic).
    static let pieceWeights: [String: Double] = [
        "egg": 50, "eggs": 50, "large egg": 50, "egg yolk": 17, "egg white": 33, "quail egg": 9, "duck egg": 70, "banana": 118,
        "apple": 182, "pear": 178, "orange": 140, "clementine": 74, "mandarin": 88, "lemon": 58, "lime": 44, "grapefruit": 246,
        "peach": 150, "nectarine": 142, "plum": 66, "kiwi": 69, "kiwifruit": 69, "mango": 200, "avocado": 150, "strawberry": 12,
        "date": 7, "fig": 50, "tomato": 123, "cherry tomato": 17, "potato": 213, "sweet potato": 130, "onion": 110,
        "red onion": 110, "green onion": 15, "scallion": 15, "shallot": 25, "garlic": 5, "carrot": 61, "celery": 40,
        "bell pepper": 119, "pepper": 119, "jalapeno": 14, "jalapeño": 14, "chili": 45, "cucumber": 300, "zucchini": 196,
        "eggplant": 458, "mushroom": 18, "beet": 82, "parsnip": 170, "corn": 90, "ear of corn": 90, "chicken breast": 174,
        "chicken breasts": 174, "chicken thigh": 110, "chicken thighs": 110, "drumstick": 105, "chicken wing": 35,
        "pork chop": 150, "pork chops": 150, "steak": 225, "sausage": 75, "sausages": 75, "wiener": 45, "hot dog": 45,
        "bacon": 28, "tortilla": 45, "tortillas": 45, "corn tortilla": 26, "pita": 60, "bagel": 98, "english muffin": 57,
        "bun": 52, "buns": 52, "naan": 90, "croissant": 57, "bread": 35, "roll": 40, "lettuce": 600, "cabbage": 900,
        "cauliflower": 575, "broccoli": 300, "bay leaf": 0.2, "bay leaves": 0.2, "cinnamon stick": 3, "basil": 0.5,
        "mint": 0.5, "rosemary": 1, "thyme": 0.5, "cracker": 3, "crackers": 3, "cookie": 15, "graham cracker": 7,
        "salmon fillet": 150, "cod fillet": 150, "fillet": 150, "shrimp": 8, "scallop": 20, "sardine": 12, "tofu": 350,
        "tempeh": 240, "patty": 113, "burger": 113, "waffle": 35, "perogy": 30, "nugget": 16, "ice cube": 25, "chop": 130,
        "lamb chop": 90, "romaine": 250, "romaine heart": 250, "cantaloupe": 800, "honeydew": 1000, "honeydew melon": 1000,
        "pineapple": 900, "watermelon": 4500, "butternut squash": 1000, "squash": 1000, "parsley": 60, "cilantro": 60,
        "kale": 200, "dill": 30, "chives": 20, "whole chicken": 1800, "cornish game hen": 600, "lemon juice": 30,
        "lime juice": 20, "tea bag": 2, "muffin": 60,
    ]

    /// Grams of a piece named by its piece word, by food keyword: `clove` of garlic, `slice` of
    /// bread, `stick` of butter, `can` of beans.
    static let namedPieceWeights: [String: [String: Double]] = [
        "clove": ["garlic": 3, "": 3],
        "head": ["garlic": 40, "lettuce": 600, "cabbage": 900, "cauliflower": 575, "broccoli": 300, "": 500],
        "slice": ["bread": 35, "cheese": 21, "bacon": 15, "ham": 18, "turkey": 18, "lemon": 7, "tomato": 20, "": 25],
        "stick": ["butter": 113, "cinnamon": 3, "celery": 40, "": 113],
        "can": ["tuna": 120, "salmon": 160, "sardines": 85, "tomatoes": 796, "beans": 398, "chickpeas": 398, "lentils": 398,
            "coconut milk": 400, "corn": 341, "soup": 284, "": 400],
        "tin": ["": 400],
        "bunch": ["parsley": 60, "cilantro": 60, "kale": 200, "spinach": 340, "green onions": 100, "dill": 30, "mint": 30,
            "": 50],
        "sprig": ["": 1],
        "stalk": ["celery": 40, "lemongrass": 20, "": 40],
        "rib": ["celery": 40, "": 40],
        "fillet": ["salmon": 150, "cod": 150, "tilapia": 120, "trout": 120, "": 140],
        "leaf": ["bay": 0.2, "basil": 0.5, "lettuce": 10, "": 0.5],
        "block": ["tofu": 350, "": 250],
        "package": ["tofu": 350, "spinach": 300, "yeast": 8, "": 250],
        "packet": ["yeast": 8, "": 10],
        "jar": ["": 500],
        "bottle": ["": 500],
        "handful": ["spinach": 30, "nuts": 30, "": 30],
        "bag": ["spinach": 142, "": 300],
        "wedge": ["lemon": 8, "lime": 6, "": 10],
        "strip": ["bacon": 15, "": 15],
        "scoop": ["ice cream": 66, "": 30],
        "knob": ["butter": 10, "ginger": 10, "": 10],
        "ear": ["corn": 90, "": 90],
        "cube": ["ice": 25, "bouillon": 4, "": 5],
        "sheet": ["nori": 3, "puff pastry": 245, "": 10],
        "loaf": ["": 450],
        "link": ["": 75],
        "drop": ["": 0.05],
        "container": ["yogurt": 175, "": 500],
        "carton": ["": 1000],
    ]

    /// A keyword table prepared for lookups: keywords as their singular words, found in a text by
    /// hashing its runs of up to `longest` words (no substring search).
    struct Keywords<Value: Sendable>: Sendable {
        let entries: [String: Value]
        let longest: Int

        init(_ table: [String: Value]) {
            var entries: [String: Value] = [:]
            var longest = 1
            for (keyword, value) in table where !keyword.isEmpty {
                let words = RecipeUnits.singularWords(keyword)
                longest = max(longest, words.count)
                entries[words.joined(separator: " ")] = value
            }
            self.entries = entries
            self.longest = longest
        }

        /// The value of the longest keyword (in characters) contained in `text` as whole words,
        /// compared singular (`salmon fillet` is found in `atlantic salmon fillets`), or nil.
        func lookup(_ text: String) -> Value? {
            let words = RecipeUnits.singularWords(text)
            var best: (length: Int, value: Value)?
            for start in words.indices {
                var run = ""
                for end in start..<min(words.count, start + longest) {
                    run += end == start ? words[end] : " " + words[end]
                    if let value = entries[run], run.count > best?.length ?? 0 { best = (run.count, value) }
                }
            }
            return best?.value
        }
    }

    static let densityKeywords = Keywords(densities)
    static let pieceKeywords = Keywords(pieceWeights)
    static let namedPieceKeywords = namedPieceWeights.mapValues { Keywords($0) }

    static func lookup<Value: Sendable>(_ table: [String: Value], in text: String) -> Value? { Keywords(table).lookup(text) }

    /// A text's words, each in the singular.
    static func singularWords(_ text: String) -> [String] {
        FoodText.words(text).map(ProductMatcher.stem)
    }

    /// The density of a food by keyword, or nil.
    static func density(of food: String) -> Double? { densityKeywords.lookup(food) }

    /// The weight of one piece of a food: by the piece's name when given, else by the food.
    static func pieceWeight(of food: String, pieceName: String?) -> Double? {
        if let pieceName, let byFood = namedPieceWeights[pieceName] {
            return namedPieceKeywords[pieceName]?.lookup(food) ?? byFood[""]
        }
        return pieceKeywords.lookup(food)
    }
}

/// Food names compared by their words: lower case, accents kept, punctuation dropped.
enum FoodText {
    static func normalized(_ text: String) -> String {
        var output = ""
        var lastWasSpace = true
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                output.append(character)
                lastWasSpace = false
            } else if !lastWasSpace {
                output.append(" ")
                lastWasSpace = true
            }
        }
        return output.trimmingCharacters(in: .whitespaces)
    }

    static func words(_ text: String) -> [String] {
        normalized(text).split(separator: " ").map(String.init)
    }
}
