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
        return best(for: food, among: found.edges.map(\.node))
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

    /// How sure it is that `food` means the product named `product`, 0–1: 0.7 × the share of the
    /// food's words the name has, plus 0.3 × the share of the name's words the food has (words
    /// compared singular, numbers and neutral words aside), halved when the food's last word (its
    /// head noun, `flour` in `all-purpose flour`) is not in the name, and × 0.8 when the name ends
    /// with another noun than the food (`Flour Tortillas`).
    static func confidence(food: String, product: String) -> Double {
        let foodWords = stems(food)
        let productWords = stems(product)
        guard !foodWords.isEmpty, !productWords.isEmpty else { return 0 }
        let shared = foodWords.intersection(productWords)
        let significantProduct = productWords.subtracting(neutralWords)
        let significantFood = foodWords.subtracting(neutralWords)
        let coverage = Double(shared.count) / Double(foodWords.count)
        let precision = significantProduct.isEmpty
            ? 1 : Double(shared.intersection(significantProduct).count) / Double(significantProduct.count)
        var score = 0.7 * coverage + 0.3 * precision
        let head = FoodText.words(food).last.map(stem)
        if let head, !productWords.contains(head) { score /= 2 }
        // The product's own head noun should be the food's: "flour" is not "Flour Tortillas".
        if let head, let productHead = FoodText.words(product).last(where: { !$0.allSatisfy(\.isNumber) }).map(stem), productHead != head {
            score *= 0.8
        }
        if significantFood.isEmpty { score /= 2 }
        return (score * 100).rounded() / 100
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
