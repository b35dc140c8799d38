import Foundation
import Postgres

/// Mapping receipt texts to products, and screening users' answers into community mappings.
///
/// - A user's own answer for a store's text (`mapping_votes`) maps that text on their later
///   receipts at once: it is theirs alone, and never changes another user's mapping.
/// - A community mapping is made when `agreementNeeded` (3 by default,
///   `FOODGRAPH_MAPPING_AGREEMENT`) independent accounts gave the same product for the same store's
///   text, counting only accounts that are not disabled. It is screened again every time it is
///   applied, so disabling an account takes its answers out at once.
/// - Administrators revoke a community mapping (it stops applying at once, and further agreement
///   does not make it again) or approve one (it then applies whatever the votes).
enum ProductMappings {
    static var agreementNeeded: Int {
        let configured = ProcessInfo.processInfo.environment["FOODGRAPH_MAPPING_AGREEMENT"].flatMap(Int.init) ?? 3
        return min(max(configured, 2), 100)
    }

    /// How many search candidates a line keeps.
    static let candidateCount = 5
    static let communityConfidence = 0.95

    /// A known mapping of a text.
    struct Known: Sendable {
        var productID: Int64
        var source: MappingSource
        var confidence: Double
    }

    /// The user's own answers, then the community's screened mappings, for texts of one store.
    static func known(
        userID: Int64, storeID: Int64, texts: [String], needed: Int = agreementNeeded, in database: some PostgresQuerying
    ) async throws -> [String: Known] {
        guard !texts.isEmpty else { return [:] }
        var known: [String: Known] = [:]
        let community = try await database.query(
            """
            SELECT m.match_text, m.product_id, m.reviewed_at IS NOT NULL, coalesce(array_agg(v.user_id) FILTER (WHERE v.user_id IS NOT NULL), '{}')
            FROM product_mappings m
            LEFT JOIN mapping_votes v ON v.store_id = m.store_id AND v.match_text = m.match_text AND v.product_id = m.product_id
            WHERE m.store_id = $1 AND m.match_text = ANY($2) AND m.status = 'active'
            GROUP BY m.id
            """, [storeID, PostgresArray(texts)])
        var voters: [(text: String, productID: Int64, approved: Bool, users: [Int64])] = []
        for row in community {
            voters.append((try row.decode(String.self, at: 0), try row.decode(Int64.self, at: 1), try row.decode(Bool.self, at: 2),
                           try row.decode([Int64].self, at: 3)))
        }
        let enabled = try await enabledAccounts(Array(Set(voters.flatMap(\.users))), in: database)
        for mapping in voters where mapping.approved || mapping.users.filter(enabled.contains).count >= needed {
            known[mapping.text] = Known(productID: mapping.productID, source: .community, confidence: communityConfidence)
        }
        for row in try await database.query(
            "SELECT match_text, product_id FROM mapping_votes WHERE store_id = $1 AND user_id = $2 AND match_text = ANY($3)",
            [storeID, userID, PostgresArray(texts)])
        {
            known[try row.decode(String.self, at: 0)] = Known(productID: try row.decode(Int64.self, at: 1), source: .personal, confidence: 1)
        }
        return known
    }

    /// The accounts among `userIDs` that exist and are not disabled (the Accounts area's records).
    static func enabledAccounts(_ userIDs: [Int64], in database: some PostgresQuerying) async throws -> Set<Int64> {
        guard !userIDs.isEmpty else { return [] }
        return Set(try await UserStore.load(userIDs, in: database).values.filter { $0.disabledAt == nil }.map(\.id))
    }

    /// Records the user's answer for a store's text (replacing their earlier one), then screens
    /// the text's community mapping again.
    static func vote(
        userID: Int64, storeID: Int64, text: String, productID: Int64, needed: Int = agreementNeeded, in transaction: PostgresTransaction
    ) async throws {
        _ = try await transaction.query(
            """
            INSERT INTO mapping_votes (store_id, match_text, user_id, product_id) VALUES ($1, $2, $3, $4)
            ON CONFLICT (store_id, match_text, user_id) DO UPDATE SET product_id = excluded.product_id, voted_at = now()
            """, [storeID, text, userID, productID])
        try await screen(storeID: storeID, text: text, needed: needed, in: transaction)
    }

    /// The user's answers for texts of one store, as JSON `{"storeId", "texts", "answers": [rows]}`
    /// (kept by undo: texts without an answer had none).
    static func answers(userID: Int64, storeID: Int64, texts: [String], in database: some PostgresQuerying) async throws -> String {
        try await database.query(
            """
            SELECT jsonb_build_object('storeId', $1::bigint, 'texts', to_jsonb($3::text[]),
              'answers', coalesce(jsonb_agg(to_jsonb(v) - 'user_id'), '[]'))::text
            FROM mapping_votes v WHERE v.store_id = $1 AND v.user_id = $2 AND v.match_text = ANY($3)
            """, [storeID, userID, PostgresArray(texts)])[0].decode(String.self, at: 0)
    }

    /// Puts the user's answers back as `answers` kept them (those for products gone are left
    /// out, as deleting a product deletes its answers), then screens each text again.
    static func restoreAnswers(_ answers: String, userID: Int64, in transaction: PostgresTransaction) async throws {
        let kept = try await transaction.query(
            """
            SELECT (j->>'storeId')::bigint, ARRAY(SELECT jsonb_array_elements_text(j->'texts')), x.match_text, x.product_id, x.voted_at::text
            FROM (SELECT $1::jsonb AS j) p LEFT JOIN LATERAL jsonb_populate_recordset(null::mapping_votes, j->'answers') x ON true
            """, [answers])
        guard let first = kept.first else { return }
        let storeID = try first.decode(Int64.self, at: 0)
        let texts = try first.decode([String].self, at: 1)
        guard !texts.isEmpty else { return }
        var rows: [(text: String, productID: Int64, votedAt: String)] = []
        for row in kept {
            if let text = try row.decode(String?.self, at: 2), let product = try row.decode(Int64?.self, at: 3), let at = try row.decode(String?.self, at: 4) {
                rows.append((text, product, at))
            }
        }
        let products = try await ProductStore.load(rows.map(\.productID), from: transaction)
        _ = try await transaction.query(
            "DELETE FROM mapping_votes WHERE store_id = $1 AND user_id = $2 AND match_text = ANY($3)", [storeID, userID, PostgresArray(texts)])
        for row in rows where products[row.productID] != nil {
            _ = try await transaction.query(
                "INSERT INTO mapping_votes (store_id, match_text, user_id, product_id, voted_at) VALUES ($1, $2, $3, $4, $5::timestamptz)",
                [storeID, row.text, userID, row.productID, row.votedAt])
        }
        for text in texts { try await screen(storeID: storeID, text: text, in: transaction) }
    }

    /// Makes, updates or drops the community mapping of one store's text from the answers of
    /// enabled accounts: the product `needed` or more of them agree on (a tie makes none). A
    /// revoked mapping stays revoked; an approved one stays.
    static func screen(storeID: Int64, text: String, needed: Int = agreementNeeded, in transaction: PostgresTransaction) async throws {
        // Serialise screenings of one text (two last votes at once must not both insert).
        _ = try await transaction.query("SELECT pg_advisory_xact_lock(hashtextextended($1, $2))", ["spending.mapping:\(text)", storeID])
        let votes = try await transaction.query(
            "SELECT user_id, product_id FROM mapping_votes WHERE store_id = $1 AND match_text = $2", [storeID, text]
        ).map { (try $0.decode(Int64.self, at: 0), try $0.decode(Int64.self, at: 1)) }
        let enabled = try await enabledAccounts(votes.map(\.0), in: transaction)
        var counts: [Int64: Int] = [:]
        for (user, product) in votes where enabled.contains(user) { counts[product, default: 0] += 1 }
        let top = counts.values.max() ?? 0
        let leaders = counts.filter { $0.value == top }.map(\.key)
        let winner = top >= needed && leaders.count == 1 ? leaders[0] : nil
        let existing = try await transaction.query(
            "SELECT id, product_id, status, reviewed_at IS NOT NULL FROM product_mappings WHERE store_id = $1 AND match_text = $2",
            [storeID, text]
        ).map { (id: try $0.decode(Int64.self, at: 0), product: try $0.decode(Int64.self, at: 1), status: try $0.decode(String.self, at: 2),
                 approved: try $0.decode(Bool.self, at: 3)) }
        // An active mapping that no longer passes (and no administrator approved) goes.
        for mapping in existing where mapping.status == "active" && !mapping.approved && mapping.product != winner {
            _ = try await transaction.query("DELETE FROM product_mappings WHERE id = $1", [mapping.id])
        }
        guard let winner else { return }
        if let mapping = existing.first(where: { $0.product == winner }) {
            _ = try await transaction.query("UPDATE product_mappings SET agreeing_users = $2 WHERE id = $1", [mapping.id, top])
            return
        }
        // An approved mapping of another product keeps the text.
        if existing.contains(where: { $0.status == "active" && $0.approved }) { return }
        _ = try await transaction.query(
            """
            INSERT INTO product_mappings (store_id, match_text, product_id, status, agreeing_users) VALUES ($1, $2, $3, 'active', $4)
            """, [storeID, text, winner, top])
    }

    static func load(_ ids: [Int64], from database: some PostgresQuerying) async throws -> [Int64: ProductMappingRecord] {
        try await ProductMappingRecord.load(
            "SELECT \(ProductMappingRecord.columns) FROM product_mappings m WHERE m.id = ANY($1)", ids: ids, from: database)
    }

    /// Community mappings, the newest first, optionally of one status.
    static func page(status: ProductMappingStatus?, page: Page, in database: some PostgresQuerying) async throws -> Connection<ProductMappingRecord> {
        try await page.fetch(
            select: ProductMappingRecord.columns,
            from: "SELECT * FROM product_mappings WHERE ($1::text IS NULL OR status = $1)", as: "m",
            keys: [.init(expression: "m.created_at", type: "timestamptz"), .init(expression: "m.id", type: "bigint")], descending: true,
            parameters: [status?.databaseName], count: .none, in: database, decode: ProductMappingRecord.init)
    }

    /// An administrator's decision; nil when no mapping has the id.
    static func review(
        _ id: Int64, decision: MappingReviewDecision, note: String?, reviewer: Int64, in transaction: PostgresTransaction
    ) async throws -> ProductMappingRecord? {
        guard let current = try await load([id], from: transaction)[id] else { return nil }
        if decision == .approve {
            // Another active mapping of the same text gives way to the approved one.
            _ = try await transaction.query(
                "DELETE FROM product_mappings WHERE store_id = $1 AND match_text = $2 AND status = 'active' AND id <> $3",
                [current.storeID, current.text, id])
        }
        _ = try await transaction.query(
            "UPDATE product_mappings SET status = $2, reviewed_by = $3, reviewed_at = now(), review_note = $4 WHERE id = $1",
            [id, decision == .approve ? "active" : "revoked", reviewer, note])
        return try await load([id], from: transaction)[id]
    }

    // MARK: - Candidates from text search

    struct Guess: Sendable {
        var candidates: [Int64]
        var best: (productID: Int64, confidence: Double)?
    }

    /// Candidates for a text by the catalog's search (name and brand, typo tolerant) with the
    /// abbreviations expanded; when all the words find nothing, the last two, then the last one.
    /// The best candidate's confidence compares the words (`ProductMatcher.confidence`).
    static func guess(_ text: String, in database: some PostgresQuerying) async throws -> Guess {
        let words = ReceiptText.foodWords(text).split(separator: " ").map(String.init)
        guard !words.isEmpty else { return Guess(candidates: []) }
        var attempts = [words.joined(separator: " ")]
        if words.count > 2 { attempts.append(words.suffix(2).joined(separator: " ")) }
        if words.count > 1 { attempts.append(words.last!) }
        let page = try Page(PageArguments(first: candidateCount, after: nil, last: nil, before: nil))
        for attempt in attempts where attempt.count >= 2 {
            let found = try await ProductStore.search(
                ProductSearch(text: String(attempt.prefix(200)), filter: ProductFilter(), order: .relevance), page: page, in: database)
            let products = found.connection.edges.map(\.node)
            guard !products.isEmpty else { continue }
            let food = words.joined(separator: " ")
            let scored = products.map { ($0.id, ProductMatcher.confidence(food: food, product: [$0.brand, $0.name].compactMap { $0 }.joined(separator: " "))) }
            let best = scored.max { $0.1 < $1.1 }
            return Guess(candidates: products.map(\.id), best: best.map { ($0.0, max(0.05, min(1, $0.1))) })
        }
        return Guess(candidates: [])
    }
}
