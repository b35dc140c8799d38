import Foundation
import Postgres

/// Finds the catalog product a free-text food most likely is: the catalog's own search (typo
/// tolerant) proposes candidates, and `confidence` scores each by the words they share. A match
/// below `threshold` is no match. Water and ice are never matched (their bottled products would
/// price tap water).
enum ProductMatcher {
    static let threshold = 0.5
    static let candidates = 8

    struct Match: Sendable {
        var product: ProductRecord
        var confidence: Double
    }

    /// The best active product for `food`, or nil: one search statement.
    static func match(_ food: String, in database: some PostgresQuerying) async throws -> Match? {
        let text = String(FoodText.normalized(food).prefix(200))
        guard !text.isEmpty, !FoodClassifier.isNegligible(food) else { return nil }
        let page = try Page(PageArguments(first: candidates, after: nil, last: nil, before: nil))
        let found = try await ProductStore.search(
            ProductSearch(text: text, filter: ProductFilter(), order: .relevance), page: page, in: database)
        return best(for: food, among: found.connection.edges.map(\.node))
    }

    /// Matches several foods, each once.
    static func match(_ foods: [String], in database: some PostgresQuerying) async throws -> [String: Match] {
        var matches: [String: Match] = [:]
        for food in Set(foods) {
            if let match = try await match(food, in: database) { matches[food] = match }
        }
        return matches
    }

    /// The candidate with the highest confidence (the earlier, by the catalog's relevance, on a tie).
    static func best(for food: String, among products: [ProductRecord]) -> Match? {
        var best: Match?
        for product in products where product.isActive {
            let score = confidence(food: food, product: product.name)
            if score >= threshold && score > (best?.confidence ?? 0) + 1e-9 { best = Match(product: product, confidence: score) }
        }
        return best
    }

    /// Words that describe a product without naming the food: they do not count against a match.
    static let neutralWords: Set<String> = [
        "fresh", "large", "medium", "small", "raw", "organic", "plain", "original", "classic", "natural", "pure", "regular",
        "whole", "extra", "fancy", "premium", "select", "style", "homogenized", "the", "of", "and", "with", "in",
    ]

    /// A name's words as matching compares them.
    struct Words: Sendable {
        var stems: Set<String>
        var significant: Set<String>
        /// The last word (the head noun), singular.
        var head: String?

        init(_ text: String) {
            let all = Set(FoodText.words(text).map(ProductMatcher.stem))
            // Numbers count when the food names them ("1% milk"), never against a match.
            stems = all
            significant = all.subtracting(ProductMatcher.neutralWords).filter { !$0.allSatisfy(\.isNumber) }
            head = FoodText.words(text).last(where: { !$0.allSatisfy(\.isNumber) }).map(ProductMatcher.stem)
        }
    }

    /// How sure it is that `food` means the product named `product`, 0–1: 0.7 × the share of the
    /// food's words the name has, plus 0.3 × the share of the name's words the food has (words
    /// compared singular, numbers and neutral words aside), halved when the food's last word (its
    /// head noun, `flour` in `all-purpose flour`) is not in the name, and × 0.8 when the name ends
    /// with another noun than the food (`Flour Tortillas`).
    static func confidence(food: String, product: String) -> Double {
        confidence(food: Words(food), product: Words(product))
    }

    static func confidence(food: Words, product: Words) -> Double {
        guard !food.stems.isEmpty, !product.stems.isEmpty else { return 0 }
        let shared = food.stems.intersection(product.stems)
        // A food's number the name lacks lowers the match less than a word would.
        let missingNumbers = food.stems.subtracting(shared).filter { $0.allSatisfy(\.isNumber) }.count
        let coverage = (Double(shared.count) + 0.5 * Double(missingNumbers)) / Double(food.stems.count)
        let precision = product.significant.isEmpty
            ? 1 : Double(shared.intersection(product.significant).count) / Double(product.significant.count)
        var score = 0.7 * coverage + 0.3 * precision
        if let head = food.head {
            if !product.stems.contains(head) { score /= 2 }
            if let productHead = product.head, productHead != head { score *= 0.8 }
        }
        if food.significant.isEmpty { score /= 2 }
        return (score * 100).rounded() / 100
    }

    /// The best of many names for a food (the earlier on a tie), when its confidence reaches the
    /// threshold: for matching against a list held in memory (the seed catalog).
    static func best(for food: String, among names: [(name: String, words: Words)]) -> (name: String, confidence: Double)? {
        let words = Words(food)
        var best: (name: String, confidence: Double)?
        for candidate in names {
            let score = confidence(food: words, product: candidate.words)
            if score >= threshold && score > (best?.confidence ?? 0) + 1e-9 { best = (candidate.name, score) }
        }
        return best
    }

    static func stems(_ text: String) -> Set<String> {
        Set(FoodText.words(text).filter { !$0.allSatisfy(\.isNumber) }.map(stem))
    }

    /// A word in the singular, roughly: `berries` → `berry`, `tomatoes` → `tomato`, `eggs` → `egg`.
    static func stem(_ word: String) -> String {
        if word.count > 4 && word.hasSuffix("ies") { return String(word.dropLast(3)) + "y" }
        if word.count > 4 && (word.hasSuffix("oes") || word.hasSuffix("shes") || word.hasSuffix("ches") || word.hasSuffix("xes")) {
            return String(word.dropLast(2))
        }
        if word.count > 3 && word.hasSuffix("s") && !word.hasSuffix("ss") && !word.hasSuffix("us") { return String(word.dropLast()) }
        return word
    }
}
