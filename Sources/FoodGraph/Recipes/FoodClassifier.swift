import Foundation

/// What a food is, from its name, for ingredients written as free text (a linked catalog product
/// brings its own allergens and diet labels): allergens, whether it is meat or fish, an animal
/// product, a source of gluten, a concentrated protein or a starch, and the cautions of the
/// documented health rules. Keywords match whole words of the normalised name (a keyword of
/// several words matches them in order); a food that matches nothing counts as plant food with no
/// allergen. Pure.
enum FoodClassifier {
    static let allergenKeywords: [Allergen: [String]] = [
        .milk: [
            "milk", "butter", "cream", "cheese", "cheddar", "mozzarella", "parmesan", "parmigiano", "feta", "ricotta", "brie",
            "camembert", "gouda", "provolone", "yogurt", "yoghurt", "kefir", "skyr", "ghee", "whey", "buttermilk", "custard",
            "ice cream", "bocconcini", "mascarpone", "paneer", "tzatziki", "pesto", "sour cream", "half and half",
        ],
        .eggs: ["egg", "eggs", "mayonnaise", "mayo", "meringue", "aioli"],
        .fish: [
            "fish", "salmon", "tuna", "cod", "tilapia", "trout", "halibut", "sardine", "sardines", "anchovy", "anchovies",
            "mackerel", "haddock", "pollock", "herring", "worcestershire", "fish sauce",
        ],
        .shellfish: [
            "shrimp", "prawn", "prawns", "crab", "lobster", "mussel", "mussels", "scallop", "scallops", "clam", "clams", "oyster",
            "oysters", "squid", "calamari", "crayfish",
        ],
        .treeNuts: [
            "almond", "almonds", "walnut", "walnuts", "pecan", "pecans", "cashew", "cashews", "hazelnut", "hazelnuts", "pistachio",
            "pistachios", "macadamia", "brazil nut", "pine nuts", "praline", "marzipan", "nutella",
        ],
        .peanuts: ["peanut", "peanuts", "peanut butter"],
        .wheat: [
            "flour", "bread", "breadcrumbs", "pasta", "spaghetti", "penne", "macaroni", "fusilli", "linguine", "lasagna", "noodles",
            "couscous", "bulgur", "semolina", "wheat", "tortilla", "tortillas", "pita", "bagel", "bun", "buns", "naan", "croissant",
            "cracker", "crackers", "cookie", "cookies", "cake", "muffin", "seitan", "gluten", "soy sauce", "panko", "croutons",
            "pastry", "pie crust", "waffle", "waffles", "pancake",
        ],
        .soy: ["soy", "soya", "tofu", "tempeh", "edamame", "miso", "soy sauce", "soybean", "soybeans", "tamari"],
        .sesame: ["sesame", "tahini", "hummus"],
        .mustard: ["mustard", "dijon"],
        .sulphites: ["wine", "dried apricots", "balsamic", "sherry", "port"],
    ]

    /// Meat, fish and seafood, and what is made of them: not vegetarian.
    static let fleshKeywords = [
        "beef", "pork", "chicken", "turkey", "lamb", "veal", "bacon", "ham", "sausage", "sausages", "salami", "pepperoni",
        "prosciutto", "meat", "steak", "wiener", "wieners", "hot dog", "bologna", "pastrami", "liver", "duck", "goose", "venison",
        "chorizo", "gelatin", "lard", "broth chicken", "chicken broth", "beef broth", "bone broth", "anchovy", "anchovies",
        "worcestershire", "fish sauce", "ribs", "drumsticks", "wings", "hen", "hens", "mince",
    ] + allergenKeywords[.fish, default: []] + allergenKeywords[.shellfish, default: []]

    /// Animal products that vegetarians eat and vegans do not.
    static let animalProductKeywords = allergenKeywords[.milk, default: []] + allergenKeywords[.eggs, default: []] + [
        "honey", "mayonnaise",
    ]

    /// Gluten besides wheat.
    static let glutenKeywords = allergenKeywords[.wheat, default: []] + ["barley", "rye", "pumpernickel", "malt", "spelt"]

    /// Concentrated proteins and starches, for separate nutrition (food combining).
    static let proteinKeywords = fleshKeywords + [
        "egg", "eggs", "cheese", "cheddar", "mozzarella", "parmesan", "feta", "tofu", "tempeh", "lentils", "chickpeas", "beans",
    ]
    static let starchKeywords = [
        "bread", "pasta", "spaghetti", "penne", "macaroni", "fusilli", "linguine", "lasagna", "noodles", "rice", "potato",
        "potatoes", "flour", "couscous", "bulgur", "quinoa", "oats", "barley", "tortilla", "tortillas", "pita", "bagel", "bun",
        "buns", "naan", "cornmeal", "corn", "crackers", "cereal", "sugar",
    ]

    /// Foods pregnant women are advised to avoid: raw or cold-smoked fish, deli and cured meats,
    /// mould-ripened and blue cheeses, liver (vitamin A), high-mercury fish, and alcohol.
    static let pregnancyKeywords = [
        "smoked salmon", "cold smoked", "sushi", "sashimi", "raw fish", "ceviche", "oysters", "salami", "pepperoni", "prosciutto",
        "bologna", "pastrami", "smoked meat", "pate", "pâté", "brie", "camembert", "blue cheese", "gorgonzola", "roquefort",
        "liver", "swordfish", "shark", "king mackerel", "marlin", "tilefish", "wine", "beer", "rum", "vodka", "brandy", "liqueur",
        "bourbon", "whisky", "whiskey", "sherry", "gin", "tequila",
    ]

    /// Purine-rich foods, avoided with gout.
    static let purineKeywords = [
        "liver", "kidney", "sweetbreads", "anchovy", "anchovies", "sardine", "sardines", "mussel", "mussels", "scallop",
        "scallops", "herring", "mackerel", "beer", "trout", "venison",
    ]

    /// Foods with no energy worth counting: an unlinked one does not make the figures incomplete.
    static let negligibleFoods: Set<String> = [
        "water", "cold water", "warm water", "hot water", "boiling water", "ice", "ice cubes", "ice water", "sparkling water",
    ]

    /// Phrases whose words would match a keyword they do not mean (`coconut milk` is no milk,
    /// `hot dog buns` no meat), with what they do mean: replaced before matching.
    static let phraseMeanings: [String: String] = [
        "coconut milk": "coconut", "coconut cream": "coconut", "almond milk": "almond", "soy milk": "soy", "oat milk": "oat",
        "rice milk": "rice", "cashew milk": "cashew", "peanut butter": "peanut", "almond butter": "almond",
        "cocoa butter": "cocoa", "apple butter": "apple", "cream of tartar": "tartar", "dairy free": "", "plant based": "",
        "vegan butter": "", "vegan cheese": "", "egg free": "", "hot dog buns": "buns", "hot dog bun": "bun",
        "hamburger buns": "buns", "almond beverage": "almond", "soy beverage": "soy", "oat beverage": "oat",
        "coconut beverage": "coconut", "coconut yogurt": "coconut", "yogurt alternative": "", "gluten free": "", "wheat free": "",
        "nut free": "", "peanut free": "", "cream soda": "soda", "mozzarella style": "", "butter alternative": "",
        "butter sticks": "", "eggplant": "eggplant", "nutmeg": "spice", "butternut": "squash",
    ]

    static func matches(_ text: String, _ keywords: [String]) -> Bool {
        var normalized = " " + FoodText.normalized(text) + " "
        for (phrase, meaning) in phraseMeanings where normalized.contains(" " + phrase + " ") {
            normalized = normalized.replacingOccurrences(of: " " + phrase + " ", with: " " + meaning + " ")
        }
        return keywords.contains { normalized.contains(" " + FoodText.normalized($0) + " ") }
    }

    static func allergens(of text: String) -> Set<Allergen> {
        Set(allergenKeywords.compactMap { allergen, keywords in matches(text, keywords) ? allergen : nil })
    }

    static func isNegligible(_ food: String) -> Bool { negligibleFoods.contains(FoodText.normalized(food)) }

    /// The allergens a profile's free-text allergy names mean (`peanuts` → `PEANUTS`, `dairy` →
    /// `MILK`, `gluten` → `WHEAT`, `nuts` → tree nuts and peanuts); names that mean none are
    /// returned apart, to be treated as foods the user avoids.
    static func allergens(fromProfile names: [String]) -> (allergens: Set<Allergen>, others: [String]) {
        var allergens: Set<Allergen> = []
        var others: [String] = []
        for name in names {
            let key = FoodText.normalized(name)
            if let allergen = Allergen(rawValue: name.uppercased().replacingOccurrences(of: " ", with: "_")) {
                allergens.insert(allergen)
                continue
            }
            switch key {
            case "peanut", "peanuts", "groundnut", "groundnuts": allergens.insert(.peanuts)
            case "nut", "nuts": allergens.formUnion([.treeNuts, .peanuts])
            case "tree nut", "tree nuts", "almond", "almonds", "walnut", "walnuts", "cashew", "cashews", "hazelnut", "hazelnuts",
                "pecan", "pecans", "pistachio", "pistachios", "macadamia":
                allergens.insert(.treeNuts)
            case "milk", "dairy", "lactose", "cow s milk", "cows milk", "casein", "whey": allergens.insert(.milk)
            case "egg", "eggs": allergens.insert(.eggs)
            case "fish": allergens.insert(.fish)
            case "shellfish", "crustacean", "crustaceans", "mollusc", "molluscs", "mollusk", "mollusks", "shrimp", "seafood":
                allergens.insert(.shellfish)
                if key == "seafood" { allergens.insert(.fish) }
            case "wheat", "gluten": allergens.insert(.wheat)
            case "soy", "soya", "soybean", "soybeans": allergens.insert(.soy)
            case "sesame", "sesame seeds": allergens.insert(.sesame)
            case "mustard": allergens.insert(.mustard)
            case "sulphite", "sulphites", "sulfite", "sulfites", "sulphur dioxide", "sulfur dioxide": allergens.insert(.sulphites)
            default: others.append(name)
            }
        }
        return (allergens, others)
    }
}

/// The health rules a profile's restrictions apply to recipe lists, documented in the schema.
/// Illness names are matched ignoring case; unknown ones change nothing.
struct HealthRules: Equatable, Sendable {
    /// Per serving.
    var maximumSugarsG: Double?
    var maximumSodiumMg: Double?
    var maximumSaturatedFatG: Double?
    var maximumProteinG: Double?
    var glutenFree = false
    var excludedAllergens: Set<Allergen> = []
    /// Recipe caution flags to exclude (`pregnancy`, `purine`).
    var excludedCautions: Set<String> = []

    static let diabetesSugarsG = 15.0
    static let lowSodiumMg = 600.0
    static let lowSaturatedFatG = 5.0
    static let kidneyProteinG = 30.0

    init() {}

    init(illnesses: [String], pregnant: Bool) {
        if pregnant { excludedCautions.insert(RecipeCaution.pregnancy) }
        for illness in illnesses {
            switch FoodText.normalized(illness) {
            case "diabetes", "type 1 diabetes", "type 2 diabetes", "diabetic", "prediabetes", "gestational diabetes":
                maximumSugarsG = Self.diabetesSugarsG
            case "hypertension", "high blood pressure":
                maximumSodiumMg = Self.lowSodiumMg
            case "celiac disease", "coeliac disease", "celiac", "coeliac", "gluten intolerance", "gluten sensitivity":
                glutenFree = true
            case "lactose intolerance", "lactose intolerant":
                excludedAllergens.insert(.milk)
            case "high cholesterol", "hypercholesterolemia", "hypercholesterolaemia":
                maximumSaturatedFatG = Self.lowSaturatedFatG
            case "gout":
                excludedCautions.insert(RecipeCaution.purine)
            case "kidney disease", "chronic kidney disease", "ckd":
                maximumSodiumMg = Self.lowSodiumMg
                maximumProteinG = Self.kidneyProteinG
            case "heart disease", "cardiovascular disease", "coronary heart disease":
                maximumSodiumMg = Self.lowSodiumMg
                maximumSaturatedFatG = Self.lowSaturatedFatG
            default: continue
            }
        }
    }
}

/// Flags a recipe carries for the health rules.
enum RecipeCaution {
    static let pregnancy = "pregnancy"
    static let purine = "purine"
}
