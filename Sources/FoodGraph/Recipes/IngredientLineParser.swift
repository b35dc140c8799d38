import Foundation

/// An ingredient line split into its parts: `"2 1/2 cups all-purpose flour, sifted"` is 2.5
/// `CUP` of `all-purpose flour`, note `sifted`.
struct ParsedIngredientLine: Equatable, Sendable {
    /// Nil when the line gives none (`salt to taste`).
    var quantity: Double?
    /// The upper end of a range (`2-3 cloves`), else nil.
    var quantityMax: Double?
    /// Nil when the line gives no quantity; `COUNT` when it gives a number and no unit (`3 eggs`).
    var unit: IngredientUnit?
    /// The word naming a piece (`clove`, `slice`, `can`) when the unit is `PIECE`.
    var pieceName: String?
    var food: String
    var note: String?

    /// The quantity used in calculations: the middle of a range.
    var amount: Double? {
        guard let quantity else { return nil }
        guard let quantityMax else { return quantity }
        return (quantity + quantityMax) / 2
    }
}

/// Reads ingredient lines as recipe sites and cookbooks write them: whole numbers, decimals (with a
/// point, or a comma before one or two digits), fractions (`1/2`, `1 1/2`, `1½`, `1⁄2`), number
/// words (`a`, `one` … `twelve`, `half`, `a dozen`), ranges (`2-3`, `2 to 3`, `2 or 3`), sizes in
/// parentheses (`1 (400 g) can`), multiples (`2 x 400 g`), sums (`1 cup plus 2 tablespoons`), units
/// of both systems written out, abbreviated or glued to the number (`500g`, `2 Tbsp.`, `1 fl. oz`,
/// `T` for tablespoon and `t` for teaspoon), and notes after a comma, in parentheses, or as
/// trailing phrases (`to taste`, `for garnish`) and leading preparations (`finely chopped`). Pure.
enum IngredientLineParser {
    static func parse(_ line: String) -> ParsedIngredientLine {
        var scanner = Scanner(normalize(line))
        var notes: [String] = []
        var result = ParsedIngredientLine(food: "")

        if var quantity = scanner.readQuantity() {
            var quantityMax: Double?
            if let upper = scanner.readRangeEnd(after: quantity) { quantityMax = upper }
            // "2 x 400 g": a count of sized items.
            if let multiplied = scanner.readMultiplier() {
                quantity *= multiplied
                quantityMax = quantityMax.map { $0 * multiplied }
            }
            // A size in parentheses, "1 (14.5 oz) can": the size is the quantity.
            var unit: IngredientUnit?
            var pieceName: String?
            if let size = scanner.readParenthesizedSize() {
                quantity *= size.quantity
                quantityMax = quantityMax.map { $0 * size.quantity }
                unit = size.unit
                notes += scanner.readModifiers()
                notes += scanner.readPieceWord()
            } else {
                notes += scanner.readModifiers()
                if let read = scanner.readUnit() {
                    unit = read.unit
                    pieceName = read.pieceName
                    quantity *= read.factor
                    quantityMax = quantityMax.map { $0 * read.factor }
                    // "1 cup plus 2 tablespoons": add a second amount of the same kind.
                    if let extra = scanner.readPlusAmount(), let added = RecipeUnits.convert(extra.quantity, from: extra.unit, to: read.unit) {
                        quantity += added
                        quantityMax = quantityMax.map { $0 + added }
                    }
                    notes += scanner.readModifiers()
                    // "2 x 400 g cans": the can is a note.
                    if read.unit != .piece { notes += scanner.readPieceWord() }
                } else {
                    unit = .count
                }
                notes += scanner.readModifiers()
            }
            scanner.skipWord("of")
            result.quantity = quantity
            result.quantityMax = quantityMax
            result.unit = unit
            result.pieceName = pieceName
        }
        let (food, foodNotes) = splitFood(scanner.rest)
        result.food = food
        notes += foodNotes
        let note = notes.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: ", ")
        result.note = note.isEmpty ? nil : note
        return result
    }

    // MARK: - Normalisation

    static let vulgarFractions: [Character: String] = [
        "½": "1/2", "⅓": "1/3", "⅔": "2/3", "¼": "1/4", "¾": "3/4", "⅕": "1/5", "⅖": "2/5", "⅗": "3/5", "⅘": "4/5",
        "⅙": "1/6", "⅚": "5/6", "⅛": "1/8", "⅜": "3/8", "⅝": "5/8", "⅞": "7/8", "⅐": "1/7", "⅑": "1/9", "⅒": "1/10",
    ]

    /// Unicode fractions spelt out (`1½` → `1 1/2`), dashes and fraction slashes made ASCII,
    /// list bullets dropped, white space collapsed.
    static func normalize(_ line: String) -> String {
        var output = ""
        var previous: Character = " "
        for character in line {
            if let fraction = vulgarFractions[character] {
                if previous.isNumber { output.append(" ") }
                output += fraction
                previous = "0"
                continue
            }
            var character = character
            switch character {
            case "⁄", "∕": character = "/"
            case "–", "—", "‒", "−": character = "-"
            case "\u{00A0}", "\t", "\n", "\r": character = " "
            default: break
            }
            if character == " " && previous == " " { continue }
            output.append(character)
            previous = character
        }
        var text = output.trimmingCharacters(in: .whitespaces)
        while let first = text.first, "-•*▢□◻☐✓✔·".contains(first) {
            text = String(text.dropFirst()).trimmingCharacters(in: .whitespaces)
        }
        return text
    }

    // MARK: - Food and notes

    /// Phrases that are notes wherever they stand at the end of the food.
    static let trailingNotes = [
        "or more to taste", "or to taste", "to taste", "for garnish", "for garnishing", "to garnish", "for serving", "to serve",
        "for decoration", "for dusting", "for greasing", "for frying", "for the pan", "as needed", "if needed", "optional", "divided",
        "at room temperature", "room temperature", "plus more as needed", "or as needed",
    ]

    /// Preparations written before the food (`finely chopped onion`): moved to the note.
    static let preparations: Set<String> = [
        "chopped", "diced", "minced", "sliced", "grated", "melted", "softened", "beaten", "peeled", "cubed", "julienned", "halved",
        "quartered", "trimmed", "rinsed", "drained", "crumbled", "mashed", "pitted", "seeded", "deveined", "zested", "juiced",
        "sifted", "thawed", "torn", "cored", "shelled", "lightly", "finely", "roughly", "coarsely", "thinly", "freshly", "well",
    ]

    /// Preparations that name what is sold (`diced tomatoes` come in cans): they stay in the food.
    static let productForms: Set<String> = [
        "diced tomatoes", "crushed tomatoes", "grated parmesan", "shredded mozzarella", "shredded cheddar", "shredded coconut",
        "sliced almonds", "crushed pineapple", "sliced pepperoni", "diced ham", "shredded cheese", "grated cheese",
    ]

    static func splitFood(_ text: String) -> (food: String, notes: [String]) {
        var notes: [String] = []
        var food = ""
        // Parenthesised parts are notes.
        var depth = 0
        var parenthesis = ""
        for character in text {
            if character == "(" || character == "[" {
                depth += 1
                if depth == 1 { parenthesis = "" ; continue }
            } else if (character == ")" || character == "]") && depth > 0 {
                depth -= 1
                if depth == 0 {
                    notes.append(parenthesis)
                    continue
                }
            }
            if depth > 0 { parenthesis.append(character) } else { food.append(character) }
        }
        if depth > 0 { notes.append(parenthesis) }
        // The first comma (or " - ", or ";") ends the food.
        for separator in [",", ";", " - ", " – "] {
            if let range = food.range(of: separator) {
                notes.insert(String(food[range.upperBound...]), at: 0)
                food = String(food[..<range.lowerBound])
            }
        }
        food = food.trimmingCharacters(in: .whitespaces)
        // Trailing phrases.
        var changed = true
        while changed {
            changed = false
            let lower = food.lowercased()
            for phrase in trailingNotes where lower.hasSuffix(" " + phrase) || lower == phrase {
                let cut = food.index(food.endIndex, offsetBy: -phrase.count)
                notes.insert(String(food[cut...]), at: 0)
                food = String(food[..<cut]).trimmingCharacters(in: .whitespaces)
                for connective in [" or", " and", ","] where food.lowercased().hasSuffix(connective) {
                    food = String(food.dropLast(connective.count)).trimmingCharacters(in: .whitespaces)
                }
                changed = !food.isEmpty
                break
            }
        }
        // Leading preparations.
        var words = food.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var leading: [String] = []
        while words.count > 1, preparations.contains(words[0].lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ","))),
            !productForms.contains((words[0] + " " + words[1]).lowercased())
        {
            leading.append(words.removeFirst().trimmingCharacters(in: CharacterSet(charactersIn: ",")))
            if words.first?.lowercased() == "and", words.count > 1 {
                leading.append(words.removeFirst())
            }
        }
        if !leading.isEmpty { notes.insert(leading.joined(separator: " "), at: 0) }
        food = words.joined(separator: " ")
        food = food.trimmingCharacters(in: CharacterSet(charactersIn: " .,:;-*"))
        return (food, notes.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " ,.;")) })
    }

    // MARK: - Units

    struct UnitWord: Sendable {
        var unit: IngredientUnit
        /// Multiplies the quantity (`dash` is 1/8 teaspoon).
        var factor: Double = 1
        var pieceName: String?
    }

    /// Unit spellings, lower case, without a trailing full stop. Case matters for `T` and `t` only
    /// (handled apart).
    static let unitWords: [String: UnitWord] = {
        var words: [String: UnitWord] = [:]
        func add(_ unit: IngredientUnit, _ names: [String], factor: Double = 1) {
            for name in names { words[name] = UnitWord(unit: unit, factor: factor) }
        }
        add(.gram, ["g", "gr", "grs", "gm", "gms", "gram", "grams", "gramme", "grammes"])
        add(.kilogram, ["kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "kilogramme", "kilogrammes"])
        add(.millilitre, ["ml", "mls", "millilitre", "millilitres", "milliliter", "milliliters", "cc"])
        add(.millilitre, ["cl", "centilitre", "centilitres", "centiliter", "centiliters"], factor: 10)
        add(.millilitre, ["dl", "decilitre", "decilitres", "deciliter", "deciliters"], factor: 100)
        add(.litre, ["l", "litre", "litres", "liter", "liters", "lt", "ltr"])
        add(.teaspoon, ["tsp", "tsps", "teaspoon", "teaspoons", "teasp", "tspn"])
        add(.tablespoon, ["tbsp", "tbsps", "tbs", "tbl", "tbls", "tblsp", "tablespoon", "tablespoons", "tbspn"])
        add(.cup, ["cup", "cups", "c"])
        add(.fluidOunce, ["fl oz", "floz", "fl. oz", "fluid ounce", "fluid ounces", "fl ounce", "fl ounces"])
        add(.ounce, ["oz", "ozs", "ounce", "ounces"])
        add(.pound, ["lb", "lbs", "pound", "pounds", "#"])
        add(.pinch, ["pinch", "pinches", "pn"])
        add(.teaspoon, ["dash", "dashes"], factor: 0.125)
        add(.teaspoon, ["smidgen", "smidgens"], factor: 1.0 / 32)
        add(.piece, ["piece", "pieces", "pc", "pcs"])
        for (plural, singular) in pieceWords { words[plural] = UnitWord(unit: .piece, pieceName: singular) }
        for singular in Set(pieceWords.values) { words[singular] = UnitWord(unit: .piece, pieceName: singular) }
        return words
    }()

    /// Words naming a piece of food, plural → singular.
    static let pieceWords: [String: String] = [
        "cloves": "clove", "slices": "slice", "sticks": "stick", "cans": "can", "tins": "tin", "heads": "head",
        "bunches": "bunch", "sprigs": "sprig", "stalks": "stalk", "ribs": "rib", "fillets": "fillet", "filets": "fillet",
        "leaves": "leaf", "packages": "package", "pkgs": "package", "pkg": "package", "packets": "packet", "jars": "jar",
        "bottles": "bottle", "blocks": "block", "handfuls": "handful", "bags": "bag", "sheets": "sheet", "wedges": "wedge",
        "strips": "strip", "scoops": "scoop", "knobs": "knob", "ears": "ear", "cubes": "cube", "containers": "container",
        "cartons": "carton", "loaves": "loaf", "links": "link", "drops": "drop",
    ]

    /// Words before or after the unit that qualify the measure (`heaping`, `packed`): notes.
    static let measureModifiers: Set<String> = [
        "heaping", "heaped", "level", "scant", "generous", "rounded", "packed", "lightly packed", "firmly packed", "good", "large",
        "medium", "small", "big", "extra-large", "extra large", "jumbo",
    ]

    // MARK: - Scanner

    struct Scanner {
        let characters: [Character]
        var index = 0

        init(_ text: String) { characters = Array(text) }

        var rest: String { String(characters[index...]) }
        var atEnd: Bool { index >= characters.count }

        mutating func skipSpaces() {
            while index < characters.count, characters[index] == " " { index += 1 }
        }

        /// The word starting at `position` (letters, digits, `.`, `'`, `-`), and where it ends.
        func word(at position: Int) -> (text: String, end: Int)? {
            var end = position
            while end < characters.count, characters[end].isLetter || characters[end] == "'" || characters[end] == "#" { end += 1 }
            guard end > position else { return nil }
            return (String(characters[position..<end]), end)
        }

        mutating func skipWord(_ expected: String) {
            let saved = index
            skipSpaces()
            if let (text, end) = word(at: index), text.lowercased() == expected, end >= characters.count || !characters[end].isLetter {
                index = end
                skipSpaces()
            } else {
                index = saved
            }
        }

        static let numberWords: [String: Double] = [
            "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
            "ten": 10, "eleven": 11, "twelve": 12, "half": 0.5, "dozen": 12, "a dozen": 12, "a half": 0.5, "a couple": 2,
            "a couple of": 2, "couple": 2, "a few": 3, "few": 3, "quarter": 0.25, "a quarter": 0.25,
        ]

        /// A number at the scanner: digits, a decimal, a fraction, a mixed number, or a number
        /// word. Leaves the scanner after it (and its spaces).
        mutating func readNumber() -> Double? {
            skipSpaces()
            let start = index
            if let value = readNumeral() {
                var total = value
                // A mixed number: "2 1/2" or "2-1/2".
                let afterWhole = index
                if value == value.rounded(), index < characters.count, characters[index] == " " || characters[index] == "-" {
                    index += 1
                    if let fraction = readFraction(), fraction < 1 {
                        total += fraction
                    } else {
                        index = afterWhole
                    }
                }
                skipSpaces()
                return total
            }
            index = start
            // Number words, longest first ("a couple of" before "a").
            let lowered = String(characters[index...]).lowercased()
            for (phrase, value) in Self.numberWords.sorted(by: { $0.key.count > $1.key.count }) {
                guard lowered.hasPrefix(phrase) else { continue }
                let end = index + phrase.count
                if end < characters.count, characters[end].isLetter { continue }
                index = end
                skipSpaces()
                // "half a cup", "a half cup": half of one.
                if phrase == "half" || phrase == "a half" || phrase == "quarter" || phrase == "a quarter" {
                    let saved = index
                    skipWord("a")
                    if index == saved { skipWord("an") }
                }
                return value
            }
            return nil
        }

        /// Digits with an optional decimal part, or a fraction `a/b`.
        private mutating func readNumeral() -> Double? {
            let start = index
            guard let whole = readDigits() else { return nil }
            if index < characters.count, characters[index] == "/" {
                index += 1
                if let denominator = readDigits(), let numerator = Double(whole), let divisor = Double(denominator), divisor > 0 {
                    return numerator / divisor
                }
                index = start
                return nil
            }
            if index + 1 < characters.count, characters[index] == "." || characters[index] == ",", characters[index + 1].isNumber {
                let separator = characters[index]
                let saved = index
                index += 1
                let fraction = readDigits() ?? ""
                if separator == "," && fraction.count == 3 {
                    // A thousands separator: "1,000 g".
                    return Double(whole + fraction)
                }
                if separator == "," && fraction.count > 2 {
                    index = saved
                    return Double(whole)
                }
                return Double(whole + "." + fraction)
            }
            return Double(whole)
        }

        private mutating func readFraction() -> Double? {
            let start = index
            guard let numerator = readDigits(), index < characters.count, characters[index] == "/" else {
                index = start
                return nil
            }
            index += 1
            guard let denominator = readDigits(), let a = Double(numerator), let b = Double(denominator), b > 0 else {
                index = start
                return nil
            }
            return a / b
        }

        private mutating func readDigits() -> String? {
            let start = index
            while index < characters.count, characters[index].isASCII, characters[index].isNumber { index += 1 }
            return index > start ? String(characters[start..<index]) : nil
        }

        /// A quantity at the start of the line, or nil (the scanner then stays at the start).
        mutating func readQuantity() -> Double? {
            let start = index
            guard let value = readNumber() else {
                index = start
                return nil
            }
            // A number word must be followed by something that makes it a quantity: "a pinch" yes,
            // "a lot" too, "an apple" yes; but a lone "a" at the end is not.
            if atEnd && value == 1 && characters[start].isLetter {
                index = start
                return nil
            }
            return value
        }

        /// The upper end of a range: "-3", "to 3", "or 3".
        mutating func readRangeEnd(after lower: Double) -> Double? {
            let start = index
            skipSpaces()
            var found = false
            if index < characters.count, characters[index] == "-" {
                index += 1
                found = true
            } else {
                for connective in ["to", "or"] {
                    let saved = index
                    skipWord(connective)
                    if index != saved {
                        found = true
                        break
                    }
                }
            }
            if found, let upper = readNumber(), upper > lower {
                return upper
            }
            index = start
            return nil
        }

        /// "x 400" in "2 x 400 g".
        mutating func readMultiplier() -> Double? {
            let start = index
            skipSpaces()
            if index < characters.count, characters[index] == "x" || characters[index] == "×" || characters[index] == "X" {
                index += 1
                if let value = readNumber() { return value }
            }
            index = start
            return nil
        }

        /// "(400 g)", "(14.5-ounce)", "(14 oz.)": a size in a unit of mass or volume.
        mutating func readParenthesizedSize() -> (quantity: Double, unit: IngredientUnit)? {
            let start = index
            skipSpaces()
            guard index < characters.count, characters[index] == "(" else {
                index = start
                return nil
            }
            index += 1
            guard let value = readNumber() else {
                index = start
                return nil
            }
            if index < characters.count, characters[index] == "-" { index += 1 }
            guard let unit = readUnit(), unit.unit != .piece, unit.unit != .count else {
                index = start
                return nil
            }
            skipSpaces()
            guard index < characters.count, characters[index] == ")" else {
                index = start
                return nil
            }
            index += 1
            skipSpaces()
            return (value * unit.factor, unit.unit)
        }

        /// Size words before or after a unit: "heaping", "packed", "large".
        mutating func readModifiers() -> [String] {
            var found: [String] = []
            while true {
                skipSpaces()
                guard let (text, end) = word(at: index) else { return found }
                let lower = text.lowercased()
                // Sizes ("large") stay with the food unless a unit follows: "2 large eggs" keeps
                // them, "1 large can" does not.
                if lower == "large" || lower == "medium" || lower == "small" || lower == "big" || lower == "jumbo" {
                    var lookahead = self
                    lookahead.index = end
                    lookahead.skipSpaces()
                    if lookahead.readUnit() == nil { return found }
                }
                guard measureModifiers.contains(lower) else { return found }
                found.append(text)
                index = end
            }
        }

        /// A piece word ("can" in "1 (400 g) can"), consumed, as a note.
        mutating func readPieceWord() -> [String] {
            let start = index
            if let read = readUnit(), read.unit == .piece { return [read.pieceName ?? "piece"] }
            index = start
            return []
        }

        /// A unit at the scanner (glued to a number or after a space), or nil.
        mutating func readUnit() -> UnitWord? {
            let start = index
            skipSpaces()
            guard let (text, end) = word(at: index) else {
                index = start
                return nil
            }
            // "T" is a tablespoon, "t" a teaspoon, as older cookbooks write them.
            if text == "T" || text == "Tb" || text == "Tbl" {
                index = end
                skipPeriod()
                return UnitWord(unit: .tablespoon)
            }
            if text == "t" {
                index = end
                skipPeriod()
                return UnitWord(unit: .teaspoon)
            }
            let lower = text.lowercased()
            // Two-word units: "fl oz", "fl. oz.", "fluid ounces".
            if lower == "fl" || lower == "fluid" {
                var lookahead = self
                lookahead.index = end
                lookahead.skipPeriod()
                lookahead.skipSpaces()
                if let (second, secondEnd) = lookahead.word(at: lookahead.index) {
                    let secondLower = second.lowercased()
                    if ["oz", "ozs", "ounce", "ounces"].contains(secondLower) {
                        index = secondEnd
                        skipPeriod()
                        return UnitWord(unit: .fluidOunce)
                    }
                }
            }
            guard let unit = unitWords[lower] else {
                index = start
                return nil
            }
            // A one-letter unit must stand alone: "c" in "c. sugar" yes, "l" only before a space.
            if lower.count == 1 && lower != "g" && lower != "l" && lower != "c" && lower != "#" {
                index = start
                return nil
            }
            if lower == "c" || lower == "l" {
                // "c" or "l" must be followed by a full stop or a space, not a word part.
                guard end >= characters.count || characters[end] == "." || characters[end] == " " else {
                    index = start
                    return nil
                }
            }
            index = end
            skipPeriod()
            return unit
        }

        private mutating func skipPeriod() {
            if index < characters.count, characters[index] == "." { index += 1 }
        }

        /// "plus 2 tablespoons", "+ 1 tsp".
        mutating func readPlusAmount() -> (quantity: Double, unit: IngredientUnit)? {
            let start = index
            skipSpaces()
            if index < characters.count, characters[index] == "+" {
                index += 1
            } else {
                let saved = index
                skipWord("plus")
                if index == saved {
                    index = start
                    return nil
                }
            }
            guard let value = readNumber(), let unit = readUnit() else {
                index = start
                return nil
            }
            return (value * unit.factor, unit.unit)
        }
    }
}
