import Foundation
import Postgres

/// The first rows of the suitability order found without ranking every match.
///
/// The order's first two keys are a group (within the target, then above it) and a band of
/// energy 5 % of the target wide, counted from the target. Both are monotonic in
/// `r.energy_kcal` within a group, so a band is a range of `recipes_listed_energy`. Reading that
/// index away from the target, the `limit`-th match after the cursor has some band E: at least
/// `limit` matches lie in bands up to E, and every match in a later band sorts after all of
/// them, so the page lies in bands up to E. The branches read that energy range only and sort
/// it by the full keys, which gives exactly the rows the full sort would. When fewer than
/// `limit` matches are left within the target, the rows above it are bounded the same way.
///
/// Holds for a target of at least 1 kcal (below, the band of a recipe above the target is not
/// monotonic in its energy), for forward pages without `before` (`make`) and backward pages without
/// `after` (`makeBackward`); callers rank every match otherwise.
struct RecipeSuitabilityWindow {
    /// The CTEs (without `WITH`) the branches read.
    var ctes: String
    /// One source per scope and group, each a `FROM recipes r WHERE …` with the window's bounds.
    var sources: [String]

    /// - Parameters:
    ///   - target: the placeholder of the target (kcal, at least 1).
    ///   - limit: the placeholder of the rows wanted.
    ///   - after: the cursor's group, band and full key tuple (placeholders), when paging on.
    static func make(
        scopes: [String], filters: String, keys: [Page.Key], target: String, limit: String,
        after: (group: String, band: String, tuple: String)?
    ) -> RecipeSuitabilityWindow {
        let t = "\(target)::float8"
        let width = "(0.05 * greatest(\(t), 1))"
        // The same expression as the band key, so that a row's band here and in the sort agree.
        func band(_ energy: String) -> String { "floor(abs(greatest(\(t), 1) - \(energy)) / \(width))::int" }
        let keyTuple = "(" + keys.map(\.expression).joined(separator: ", ") + ")"
        // Within the target: from the cursor's band on (a millionth of a kcal of slack either way
        // keeps rounding from dropping a row; extra rows are sorted out by the keys).
        var below = "r.energy_kcal <= \(t)"
        // Above it: all of them after a cursor within the target, else from the cursor's band on.
        var above = "r.energy_kcal > \(t)"
        if let after {
            below += " AND \(after.group)::int = 0 AND r.energy_kcal <= \(t) - \(after.band)::int * \(width) + 1e-6 AND \(keyTuple) > \(after.tuple)"
            above += """
                 AND r.energy_kcal >= \(t) + (CASE WHEN \(after.group)::int = 1 THEN \(after.band)::int ELSE 0 END) * \(width) - 1e-6 \
                AND \(keyTuple) > \(after.tuple)
                """
        }
        above += " AND (SELECT band FROM suit_edge_below) IS NULL"
        func edge(_ name: String, _ condition: String, _ direction: String) -> String {
            let reads = scopes.map {
                "(SELECT r.energy_kcal AS e FROM recipes r WHERE \($0) AND \(filters) AND \(condition) ORDER BY r.energy_kcal \(direction) LIMIT \(limit))"
            }
            return """
                \(name) AS (SELECT \(band("x.e")) AS band FROM (SELECT e FROM (\(reads.joined(separator: " UNION ALL "))) AS m
                  ORDER BY e \(direction) OFFSET \(limit) - 1 LIMIT 1) AS x)
                """
        }
        let ctes = edge("suit_edge_below", below, "DESC") + ",\n" + edge("suit_edge_above", above, "ASC")
        let belowWindow = "r.energy_kcal > coalesce(\(t) - ((SELECT band FROM suit_edge_below) + 1) * \(width) - 1e-6, '-infinity'::float8)"
        let aboveWindow = "r.energy_kcal < coalesce(\(t) + ((SELECT band FROM suit_edge_above) + 1) * \(width) + 1e-6, 'infinity'::float8)"
        let sources = scopes.flatMap { scope in
            [
                "FROM recipes r WHERE \(scope) AND \(filters) AND \(below) AND \(belowWindow)",
                "FROM recipes r WHERE \(scope) AND \(filters) AND \(above) AND \(aboveWindow)",
            ]
        }
        return RecipeSuitabilityWindow(ctes: ctes, sources: sources)
    }

    /// The last `limit` rows before the cursor (or of the whole list), for a backward page: the
    /// mirror of `make`. Read backward, the order runs from the farthest above the target to it
    /// (energy descending), then from the farthest below it to it (energy ascending). Reading
    /// the index that way from the cursor, the `limit`-th match above has some band E: the page
    /// lies in bands from E on; only when fewer than `limit` are left above does it go on below,
    /// bounded the same way. (Rows after an `after` cursor are a suffix of the list, so its last
    /// rows are among these; the fetch applies `after` itself.)
    static func makeBackward(
        scopes: [String], filters: String, keys: [Page.Key], target: String, limit: String,
        before: (group: String, band: String, tuple: String)?
    ) -> RecipeSuitabilityWindow {
        let t = "\(target)::float8"
        let width = "(0.05 * greatest(\(t), 1))"
        func band(_ energy: String) -> String { "floor(abs(greatest(\(t), 1) - \(energy)) / \(width))::int" }
        let keyTuple = "(" + keys.map(\.expression).joined(separator: ", ") + ")"
        var above = "r.energy_kcal > \(t)"
        var below = "r.energy_kcal <= \(t)"
        if let before {
            // Above: none before a cursor within the target, else up to the cursor's band.
            above += " AND \(before.group)::int = 1 AND r.energy_kcal <= \(t) + (\(before.band)::int + 1) * \(width) + 1e-6 AND \(keyTuple) < \(before.tuple)"
            // Below: all of them before a cursor above the target, else from the cursor's band on.
            below += """
                 AND (\(before.group)::int = 1 OR r.energy_kcal >= \(t) - (\(before.band)::int + 1) * \(width) - 1e-6) \
                AND \(keyTuple) < \(before.tuple)
                """
        }
        below += " AND (SELECT band FROM suit_edge_above) IS NULL"
        func edge(_ name: String, _ condition: String, _ direction: String) -> String {
            let reads = scopes.map {
                "(SELECT r.energy_kcal AS e FROM recipes r WHERE \($0) AND \(filters) AND \(condition) ORDER BY r.energy_kcal \(direction) LIMIT \(limit))"
            }
            return """
                \(name) AS (SELECT \(band("x.e")) AS band FROM (SELECT e FROM (\(reads.joined(separator: " UNION ALL "))) AS m
                  ORDER BY e \(direction) OFFSET \(limit) - 1 LIMIT 1) AS x)
                """
        }
        let ctes = edge("suit_edge_above", above, "DESC") + ",\n" + edge("suit_edge_below", below, "ASC")
        // Written as ranges (BETWEEN): a bound the planner cannot know alone is estimated at a
        // third of the rows, which made it plan the rows below the target (read only when few are
        // above) as a parallel scan, whose workers started even when the branch read nothing.
        let aboveWindow = """
            r.energy_kcal BETWEEN coalesce(\(t) + (SELECT band FROM suit_edge_above) * \(width) - 1e-6, '-infinity'::float8) \
            AND 'infinity'::float8
            """
        let belowWindow = """
            r.energy_kcal BETWEEN '-infinity'::float8 \
            AND coalesce(\(t) - (SELECT band FROM suit_edge_below) * \(width) + 1e-6, 'infinity'::float8)
            """
        let sources = scopes.flatMap { scope in
            [
                "FROM recipes r WHERE \(scope) AND \(filters) AND \(above) AND \(aboveWindow)",
                "FROM recipes r WHERE \(scope) AND \(filters) AND \(below) AND \(belowWindow)",
            ]
        }
        return RecipeSuitabilityWindow(ctes: ctes, sources: sources)
    }
}
