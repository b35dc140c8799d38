import Postgres

/// A search text as SQL over `recipes r`, typos included, in the page's own statement.
///
/// Each word of the text that no listed recipe holds (it is not in `recipe_words`, the lexicon
/// migration 0028 keeps) is widened to itself or its nearest lexicon words by trigram similarity;
/// words the lexicon holds are left alone. Every word as written matches as a prefix, so its
/// plural or a longer form is found too. The corrected text is then one full-text query on
/// the `recipes_search` GIN index, like the exact one: testing a trigram similarity on every
/// title the trigram index proposed cost ~100 ms at 100 000 recipes, the lexicon holds a few
/// hundred words. Recipes that match the text as written list before those found only through
/// a correction (`exact` and `correctedOnly` are disjoint).
struct RecipeTextQuery {
    /// How close a lexicon word must be to a misspelt one (pg_trgm's `similarity`): "brocoli" →
    /// "broccoli" is 0.7, "chedar" → "cheddar" 0.67, "lasagne" → "lasagna" 0.6, "chedar" →
    /// "chewy" 0.3.
    static let minimumSimilarity = 0.4
    /// The nearest lexicon words a misspelt word may stand for.
    static let corrections = 3

    /// The common table expression `recipe_text`: one row with the corrected query, or no row
    /// when no word needed correcting.
    let commonTableExpression: String
    /// The recipe matches the text as written.
    let exact: String
    /// The recipe matches only through a correction.
    let correctedOnly: String
    /// The recipe matches the text, as written or corrected.
    var any: String { "(\(exact) OR \(corrected))" }
    /// 0 for a recipe matching as written, 1 for one found through a correction.
    var exactness: Page.Key { Page.Key(expression: "(CASE WHEN \(exact) THEN 0 ELSE 1 END)", type: "int") }

    private let corrected = "r.search @@ (SELECT corrected FROM recipe_text)"

    /// The text's words (runs of letters and digits, lowercased, as the `simple` configuration
    /// splits them), each matching as a prefix, all required: `'pepper':* & 'soup':*`. Built here
    /// rather than in SQL so PostgreSQL plans the statement knowing the query (a query computed
    /// in the statement planned "soup" as if it matched few recipes: 37 ms instead of 9).
    static func prefixQuery(_ text: String) -> String {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.map { "'\($0)':*" }.joined(separator: " & ")
    }

    /// `placeholder` is the text's parameter (`$n`), `prefixQuery` the parameter holding its
    /// `prefixQuery(_:)`.
    init(placeholder: String, prefixQuery: String) {
        let text = "\(placeholder)::text"
        exact = "r.search @@ to_tsquery('simple', \(prefixQuery)::text)"
        // The `EXISTS` is a one-time filter: with no correction the branch reads nothing (a
        // plan walking the title index would otherwise test every recipe against a null query).
        correctedOnly = "(EXISTS (SELECT FROM recipe_text) AND \(corrected) AND NOT \(exact))"
        // Alternatives are quoted as tsquery lexemes (quotes doubled, backslashes escaped), so a
        // word cannot add operators. Numbers and words under 3 letters are not corrected: the
        // lexicon leaves them out.
        commonTableExpression = """
            recipe_text AS (
              SELECT string_agg(w.alternatives, ' & ')::tsquery AS corrected
              FROM (
                SELECT '(' || string_agg('''' || replace(replace(a.word, '\\', '\\\\'), '''', '''''') || '''', ' | ') || ')' AS alternatives,
                  bool_or(a.corrected) AS corrected
                FROM unnest(tsvector_to_array(to_tsvector('simple', \(text)))) AS q(word)
                CROSS JOIN LATERAL (
                  SELECT q.word, false AS corrected
                  UNION ALL
                  (SELECT l.word, true FROM recipe_words l
                   WHERE char_length(q.word) >= 3 AND q.word !~ '[0-9]'
                     AND NOT EXISTS (SELECT FROM recipe_words e WHERE e.word = q.word)
                     AND l.word % q.word AND similarity(l.word, q.word) >= \(Self.minimumSimilarity)
                   ORDER BY l.word <-> q.word LIMIT \(Self.corrections))) AS a
                GROUP BY q.word) AS w
              HAVING bool_or(w.corrected))
            """
    }
}
