import Foundation

/// A recipe read from pasted text or from schema.org JSON-LD, before its ingredient lines are
/// parsed and matched.
struct ImportedRecipe: Equatable, Sendable {
    var title: String
    var description: String?
    var servings: Int
    var prepMinutes: Int
    var cookMinutes: Int
    var dishType: DishType
    var ingredientLines: [String]
    var steps: [String]

    static let defaultServings = 4
}

/// Why an import failed: a message for the user.
struct ImportProblem: Error, Equatable {
    var message: String
}

/// Reads recipes from pasted text and from the schema.org `Recipe` JSON-LD recipe sites publish.
/// Pure.
enum RecipeImport {
    // MARK: - Text

    static let ingredientHeadings = ["ingredients", "ingredient list", "you will need", "what you need", "shopping list"]
    static let stepHeadings = ["method", "directions", "instructions", "steps", "preparation", "how to make it", "procedure"]

    static func fromText(_ text: String) throws -> ImportedRecipe {
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard let titleIndex = lines.firstIndex(where: { !$0.isEmpty }) else { throw ImportProblem(message: "The text is empty.") }
        var recipe = ImportedRecipe(
            title: clip(stripMarkup(lines[titleIndex]).trimmingCharacters(in: CharacterSet(charactersIn: "#*= ")), 200),
            description: nil, servings: ImportedRecipe.defaultServings, prepMinutes: 0, cookMinutes: 0, dishType: .mainDish,
            ingredientLines: [], steps: [])
        enum Section { case preamble, ingredients, steps }
        var section = Section.preamble
        var sawHeading = false
        var preamble: [String] = []
        for raw in lines[(titleIndex + 1)...] {
            let line = stripMarkup(raw)
            if line.isEmpty { continue }
            let heading = line.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "#*=:- "))
            if ingredientHeadings.contains(heading) {
                section = .ingredients
                sawHeading = true
                continue
            }
            if stepHeadings.contains(heading) {
                section = .steps
                sawHeading = true
                continue
            }
            if readMetadata(line, into: &recipe) { continue }
            switch section {
            case .preamble:
                // Without headings, lines that start with a quantity are ingredients.
                if !sawHeading, startsWithQuantity(line), !looksLikeStep(line) {
                    section = .ingredients
                    recipe.ingredientLines.append(line)
                } else {
                    preamble.append(line)
                }
            case .ingredients:
                if line.hasSuffix(":") { continue }  // "For the sauce:"
                if !sawHeading && (looksLikeStep(line) || (!startsWithQuantity(line) && line.split(separator: " ").count > 4)) {
                    section = .steps
                    recipe.steps.append(stepText(line))
                } else {
                    recipe.ingredientLines.append(line)
                }
            case .steps:
                if line.hasSuffix(":") && line.count < 40 { continue }
                recipe.steps.append(stepText(line))
            }
        }
        if !preamble.isEmpty { recipe.description = clip(preamble.joined(separator: " "), 2000) }
        recipe.dishType = dishType(category: nil, title: recipe.title)
        return try finished(recipe)
    }

    /// "Serves 4", "Servings: 6", "Prep time: 15 min", "Cook: 1 hr 10 mins".
    static func readMetadata(_ line: String, into recipe: inout ImportedRecipe) -> Bool {
        let lower = line.lowercased()
        for prefix in ["serves", "servings", "yield", "yields", "makes"] where lower.hasPrefix(prefix) {
            let rest = String(lower.dropFirst(prefix.count)).trimmingCharacters(in: CharacterSet(charactersIn: ": "))
            if let servings = firstNumber(rest) {
                recipe.servings = clamp(servings, 1...100)
                return true
            }
        }
        for prefix in ["prep time", "preparation time", "prep", "cook time", "cooking time", "cook", "bake time", "baking time", "total time"]
        where lower.hasPrefix(prefix) {
            let rest = String(lower.dropFirst(prefix.count))
            guard rest.first == ":" || rest.first == " ", let minutes = minutes(inText: rest) else { continue }
            if prefix.hasPrefix("prep") { recipe.prepMinutes = clamp(minutes, 0...2880) }
            if prefix.hasPrefix("cook") || prefix.hasPrefix("bak") { recipe.cookMinutes = clamp(minutes, 0...2880) }
            if prefix == "total time" && recipe.prepMinutes == 0 && recipe.cookMinutes == 0 { recipe.cookMinutes = clamp(minutes, 0...2880) }
            return true
        }
        return false
    }

    /// A line that starts with a number (or a fraction) that is not a step number.
    static func startsWithQuantity(_ line: String) -> Bool {
        guard let first = IngredientLineParser.normalize(line).first, first.isNumber else { return false }
        return IngredientLineParser.parse(line).quantity != nil
    }

    /// Numbered or imperative lines: "1. Preheat", "Step 2", long sentences.
    static func looksLikeStep(_ line: String) -> Bool {
        let lower = line.lowercased()
        if lower.hasPrefix("step ") { return true }
        if let first = lower.first, first.isNumber, lower.contains(". ") || lower.contains(") "),
            let dot = lower.firstIndex(where: { $0 == "." || $0 == ")" }), lower[..<dot].allSatisfy(\.isNumber)
        {
            return true
        }
        return line.count > 90
    }

    /// A step without its number ("1. ", "Step 1:").
    static func stepText(_ line: String) -> String {
        var text = Substring(line)
        if text.lowercased().hasPrefix("step ") { text = text.dropFirst(5) }
        let digits = text.prefix(while: \.isNumber)
        if !digits.isEmpty {
            let rest = text.dropFirst(digits.count)
            if let first = rest.first, ".):".contains(first) { text = rest.dropFirst() }
        }
        return clip(text.trimmingCharacters(in: .whitespaces), 2000)
    }

    // MARK: - JSON-LD

    static func fromJSONLD(_ json: String) throws -> ImportedRecipe {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed]) else {
            throw ImportProblem(message: "This is not JSON.")
        }
        guard let recipe = findRecipe(in: object) else {
            throw ImportProblem(message: "The JSON-LD holds no schema.org Recipe.")
        }
        let title = clip(plain(recipe["name"] ?? recipe["headline"]), 200)
        let ingredients = strings(recipe["recipeIngredient"] ?? recipe["ingredients"]).map(plainText).filter { !$0.isEmpty }
        var imported = ImportedRecipe(
            title: title, description: nil, servings: yield(recipe["recipeYield"]) ?? ImportedRecipe.defaultServings,
            prepMinutes: clamp(duration(recipe["prepTime"]) ?? 0, 0...2880), cookMinutes: clamp(duration(recipe["cookTime"]) ?? 0, 0...2880),
            dishType: dishType(category: strings(recipe["recipeCategory"]).joined(separator: " "), title: title),
            ingredientLines: ingredients, steps: instructions(recipe["recipeInstructions"]))
        let description = plain(recipe["description"])
        imported.description = description.isEmpty ? nil : clip(description, 2000)
        if imported.prepMinutes == 0 && imported.cookMinutes == 0, let total = duration(recipe["totalTime"]) {
            imported.cookMinutes = clamp(total, 0...2880)
        }
        return try finished(imported)
    }

    /// The first object whose `@type` is or includes `Recipe`, searching lists and `@graph`.
    static func findRecipe(in value: Any) -> [String: Any]? {
        if let list = value as? [Any] {
            for item in list { if let found = findRecipe(in: item) { return found } }
            return nil
        }
        guard let object = value as? [String: Any] else { return nil }
        let types = strings(object["@type"]).map { $0.lowercased() }
        if types.contains("recipe") || types.contains("schema:recipe") || types.contains("http://schema.org/recipe") { return object }
        for key in ["@graph", "mainEntity", "mainEntityOfPage", "itemListElement", "item"] {
            if let nested = object[key], let found = findRecipe(in: nested) { return found }
        }
        return nil
    }

    /// Steps from a string, a list of strings, `HowToStep`s, or `HowToSection`s of steps.
    static func instructions(_ value: Any?) -> [String] {
        var steps: [String] = []
        func collect(_ value: Any?) {
            switch value {
            case let text as String:
                let cleaned = text.replacingOccurrences(of: "<br>", with: "\n").replacingOccurrences(of: "</p>", with: "\n")
                for line in plainText(cleaned).split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).isEmpty {
                    steps.append(stepText(String(line)))
                }
            case let list as [Any]:
                for item in list { collect(item) }
            case let object as [String: Any]:
                if let elements = object["itemListElement"] {
                    collect(elements)
                } else if let text = object["text"] ?? object["name"] {
                    collect(text)
                }
            default:
                break
            }
        }
        collect(value)
        return steps.filter { !$0.isEmpty }
    }

    /// "4", 4, "4 servings", "Makes 12 cookies", ["6", "6 servings"].
    static func yield(_ value: Any?) -> Int? {
        if let number = value as? NSNumber { return clamp(number.intValue, 1...100) }
        for text in strings(value) { if let number = firstNumber(text) { return clamp(number, 1...100) } }
        return nil
    }

    /// ISO 8601 durations, "PT1H30M", "P0DT45M", "PT90M"; minutes.
    static func duration(_ value: Any?) -> Int? {
        guard let text = (value as? String)?.uppercased(), text.hasPrefix("P") else { return nil }
        var minutes = 0.0
        var number = ""
        var inTime = false
        for character in text.dropFirst() {
            if character.isNumber || character == "." {
                number.append(character)
                continue
            }
            let amount = Double(number) ?? 0
            number = ""
            switch character {
            case "T": inTime = true
            case "D": minutes += amount * 1440
            case "W": minutes += amount * 10080
            case "H": minutes += amount * 60
            case "M": minutes += inTime ? amount : amount * 43200
            case "S": minutes += amount / 60
            default: return nil
            }
        }
        return Int(minutes.rounded())
    }

    // MARK: - Shared

    static func dishType(category: String?, title: String) -> DishType {
        let text = " " + FoodText.normalized((category ?? "") + " " + title) + " "
        func has(_ words: [String]) -> Bool { words.contains { text.contains(" " + $0) } }
        if has(["cookie", "biscuit", "biscotti", "shortbread", "macaron"]) { return .cookies }
        if has(["salad", "slaw"]) { return .salad }
        if has(["soup", "stew", "chowder", "bisque", "broth", "gazpacho", "borscht", "minestrone"]) { return .soup }
        if has([
            "drink", "beverage", "smoothie", "shake", "cocktail", "lemonade", "latte", "cocoa", "punch", "juice", "lassi", "tea ",
        ]) {
            return .beverage
        }
        if has([
            "dessert", "cake", "pie", "pudding", "brownie", "tart", "ice cream", "sorbet", "mousse", "cheesecake", "crumble",
            "crisp", "cobbler", "fudge", "custard", "muffin",
        ]) {
            return .dessert
        }
        if has(["appetizer", "starter", "snack", "dip", "side", "bruschetta", "canape", "hors", "tapas", "finger food"]) {
            return .appetizer
        }
        return .mainDish
    }

    /// Bounds applied: a title, 1–60 ingredient lines, 1–50 steps.
    static func finished(_ recipe: ImportedRecipe) throws -> ImportedRecipe {
        var recipe = recipe
        if recipe.title.isEmpty { throw ImportProblem(message: "The recipe has no title.") }
        recipe.ingredientLines = Array(recipe.ingredientLines.map { clip($0, 500) }.prefix(60))
        if recipe.ingredientLines.isEmpty { throw ImportProblem(message: "No ingredient lines were found.") }
        recipe.steps = Array(recipe.steps.prefix(50))
        if recipe.steps.isEmpty { recipe.steps = ["Combine the ingredients."] }
        return recipe
    }

    static func strings(_ value: Any?) -> [String] {
        switch value {
        case let text as String: [text]
        case let list as [Any]: list.flatMap { strings($0) }
        case let number as NSNumber: [number.stringValue]
        default: []
        }
    }

    static func plain(_ value: Any?) -> String { plainText(strings(value).first ?? "") }

    /// HTML tags dropped, common entities decoded, white space collapsed.
    static func plainText(_ text: String) -> String {
        var output = ""
        var inTag = false
        for character in text {
            if character == "<" { inTag = true; continue }
            if character == ">" && inTag { inTag = false; output.append(" "); continue }
            if !inTag { output.append(character) }
        }
        let entities = [
            "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": "\"", "&#39;": "'", "&apos;": "'", "&nbsp;": " ", "&#x27;": "'",
            "&frac12;": "½", "&frac14;": "¼", "&frac34;": "¾", "&deg;": "°", "&#8211;": "–", "&ndash;": "–", "&#8217;": "’",
        ]
        for (entity, replacement) in entities { output = output.replacingOccurrences(of: entity, with: replacement) }
        return output.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Markdown list markers and emphasis dropped from a pasted line.
    static func stripMarkup(_ line: String) -> String {
        var text = plainText(line)
        while let first = text.first, "*•#>-".contains(first) {
            text = String(text.dropFirst()).trimmingCharacters(in: .whitespaces)
        }
        return text.replacingOccurrences(of: "**", with: "").replacingOccurrences(of: "__", with: "")
    }

    static func firstNumber(_ text: String) -> Int? {
        let digits = text.drop { !$0.isNumber }.prefix(while: \.isNumber)
        return Int(digits)
    }

    /// "1 hr 10 mins", "45 minutes", "1 1/2 hours", "90".
    static func minutes(inText text: String) -> Int? {
        let words = text.lowercased().replacingOccurrences(of: ":", with: " ").split(separator: " ").map(String.init)
        var total = 0.0
        var pending: Double?
        var found = false
        for word in words {
            if let value = Double(word) {
                pending = (pending ?? 0) + value
                continue
            }
            if word.contains("/"), let slash = word.firstIndex(of: "/"), let a = Double(word[..<slash]),
                let b = Double(word[word.index(after: slash)...]), b > 0
            {
                pending = (pending ?? 0) + a / b
                continue
            }
            let letters = word.prefix(while: \.isLetter)
            let glued = Double(word.prefix(while: { $0.isNumber || $0 == "." }))
            let unit = glued != nil ? String(word.drop(while: { $0.isNumber || $0 == "." })) : String(letters)
            let amount = glued ?? pending
            guard let amount else { continue }
            if unit.hasPrefix("h") {
                total += amount * 60
                found = true
                pending = nil
            } else if unit.hasPrefix("m") {
                total += amount
                found = true
                pending = nil
            }
        }
        if let pending, !found { return Int(pending.rounded()) }
        return found ? Int(total.rounded()) : nil
    }

    static func clamp(_ value: Int, _ range: ClosedRange<Int>) -> Int { min(max(value, range.lowerBound), range.upperBound) }

    static func clip(_ text: String, _ length: Int) -> String {
        text.unicodeScalars.count <= length ? text : String(String.UnicodeScalarView(text.unicodeScalars.prefix(length)))
    }
}
