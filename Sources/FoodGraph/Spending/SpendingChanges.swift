import Foundation
import GraphQLEngine
import Postgres

/// The schema's `SpendingChangeKind`; stored in snake case.
enum SpendingChangeKind: String, GraphQLEnum, CaseIterable {
    case createReceipt = "CREATE_RECEIPT"
    case updateReceiptLine = "UPDATE_RECEIPT_LINE"
    case confirmReceiptLineMapping = "CONFIRM_RECEIPT_LINE_MAPPING"
    case deleteReceipt = "DELETE_RECEIPT"
    case setSpendingObjective = "SET_SPENDING_OBJECTIVE"
    case removeSpendingObjective = "REMOVE_SPENDING_OBJECTIVE"

    static let graphQLTypeName = "SpendingChangeKind"

    var databaseName: String { rawValue.lowercased() }
    init?(databaseName: String) { self.init(rawValue: databaseName.uppercased()) }
}

/// One recorded change of a user's spending (schema type `SpendingChange`); `previous` is the
/// state before it, as JSON (the rows as PostgreSQL gave them).
struct SpendingChangeRecord: ObjectValue {
    static let graphQLTypeName = "SpendingChange"
    var id: Int64
    var userID: Int64
    var kind: SpendingChangeKind
    var description: String
    var at: Date
    var previous: String

    static let columns = "c.id, c.user_id, c.kind, c.description, c.made_at, c.previous::text"

    init(_ row: PostgresRow) throws {
        id = try row.decode(Int64.self, at: 0)
        userID = try row.decode(Int64.self, at: 1)
        kind = SpendingChangeKind(databaseName: try row.decode(String.self, at: 2)) ?? .createReceipt
        description = try row.decode(String.self, at: 3)
        at = try row.decode(Date.self, at: 4)
        previous = try row.decode(String.self, at: 5)
    }

    /// A number of `previous` (an id the change made or changed).
    func id(_ key: String) -> Int64? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(previous.utf8)) as? [String: Any] else { return nil }
        return (object[key] as? NSNumber)?.int64Value
    }
}

/// The SQL of `spending_changes` and of the snapshots it keeps: the rows of receipts, lines and
/// objectives as they were, restored as they were (same ids, same times) by undo. Purchases and
/// the catalog's receipt price observations are not kept: undo derives them again from the
/// restored lines through `ReceiptStore.syncPurchases`, as the mutations do.
enum SpendingChanges {
    /// How many changes a user keeps, and for how long.
    static let keptPerUser = 20
    static let keptDays = 30

    static func record(
        _ kind: SpendingChangeKind, of userID: Int64, description: String, previous: String, in transaction: PostgresTransaction
    ) async throws {
        _ = try await transaction.query(
            "INSERT INTO spending_changes (user_id, kind, description, previous) VALUES ($1, $2, $3, $4::jsonb)",
            [userID, kind.databaseName, String(description.prefix(300)), previous])
        _ = try await transaction.query(
            """
            DELETE FROM spending_changes WHERE user_id = $1
              AND (made_at < now() - make_interval(days => $2)
                   OR id NOT IN (SELECT id FROM spending_changes WHERE user_id = $1 ORDER BY id DESC LIMIT $3))
            """, [userID, keptDays, keptPerUser])
    }

    /// Each user's last change still kept.
    static func last(of userIDs: [Int64], in database: some PostgresQuerying) async throws -> [Int64: SpendingChangeRecord] {
        var found: [Int64: SpendingChangeRecord] = [:]
        for row in try await database.query(
            """
            SELECT DISTINCT ON (c.user_id) \(SpendingChangeRecord.columns) FROM spending_changes c
            WHERE c.user_id = ANY($1) AND c.made_at >= now() - make_interval(days => $2)
            ORDER BY c.user_id, c.id DESC
            """, [PostgresArray(userIDs), keptDays])
        {
            let change = try SpendingChangeRecord(row)
            found[change.userID] = change
        }
        return found
    }

    /// The user's last change, locked and taken off the list (an undo is not undone).
    static func takeLast(of userID: Int64, in transaction: PostgresTransaction) async throws -> SpendingChangeRecord? {
        guard
            let change = try await transaction.query(
                """
                SELECT \(SpendingChangeRecord.columns) FROM spending_changes c
                WHERE c.user_id = $1 AND c.made_at >= now() - make_interval(days => $2) ORDER BY c.id DESC LIMIT 1 FOR UPDATE
                """, [userID, keptDays]
            ).first.map(SpendingChangeRecord.init)
        else { return nil }
        _ = try await transaction.query("DELETE FROM spending_changes WHERE id = $1", [change.id])
        return change
    }

    // MARK: - Snapshots

    /// A receipt of the user's and its lines, as JSON `{"receipt": …, "lines": […]}`; nil when not theirs.
    static func receiptSnapshot(_ receiptID: Int64, of userID: Int64, in database: some PostgresQuerying) async throws -> String? {
        try await database.query(
            """
            SELECT jsonb_build_object('receipt', to_jsonb(r), 'lines',
              coalesce((SELECT jsonb_agg(to_jsonb(l) ORDER BY l.position) FROM receipt_lines l WHERE l.receipt_id = r.id), '[]'))::text
            FROM receipts r WHERE r.id = $1 AND r.user_id = $2
            """, [receiptID, userID]).first?.decode(String.self, at: 0)
    }

    static func lineSnapshot(_ lineID: Int64, in database: some PostgresQuerying) async throws -> String {
        try await database.query("SELECT to_jsonb(l)::text FROM receipt_lines l WHERE l.id = $1", [lineID])[0].decode(String.self, at: 0)
    }

    /// The user's objective of this period and scope (nil when none), as JSON.
    static func objectiveSnapshot(
        of userID: Int64, period: SpendingPeriod, categoryID: Int64?, productID: Int64?, in database: some PostgresQuerying
    ) async throws -> String? {
        try await database.query(
            """
            SELECT to_jsonb(o)::text FROM spending_objectives o WHERE o.user_id = $1 AND o.period = $2
              AND coalesce(o.category_id, 0) = coalesce($3::bigint, 0) AND coalesce(o.product_id, 0) = coalesce($4::bigint, 0)
            """, [userID, period.databaseName, categoryID, productID]).first?.decode(String.self, at: 0)
    }

    static func objectiveSnapshot(_ id: Int64, of userID: Int64, in database: some PostgresQuerying) async throws -> String? {
        try await database.query("SELECT to_jsonb(o)::text FROM spending_objectives o WHERE o.id = $1 AND o.user_id = $2", [id, userID])
            .first?.decode(String.self, at: 0)
    }

    // MARK: - What a snapshot refers to

    /// The store and products a snapshot (`path` into `previous`: a receipt, a line, an objective) names.
    static func references(_ previous: String, in database: some PostgresQuerying) async throws -> (
        stores: [Int64], products: [Int64], categories: [Int64]
    ) {
        let row = try await database.query(
            """
            WITH p AS (SELECT $1::jsonb AS j)
            SELECT ARRAY(SELECT DISTINCT v::bigint FROM p, LATERAL (VALUES (j->'receipt'->>'store_id')) s(v) WHERE v IS NOT NULL),
              ARRAY(SELECT DISTINCT v::bigint FROM p, LATERAL (
                SELECT e->>'product_id' FROM jsonb_array_elements(coalesce(j->'lines', '[]')) e
                UNION ALL SELECT j->'line'->>'product_id' UNION ALL SELECT j->'objective'->>'product_id') x(v) WHERE v IS NOT NULL),
              ARRAY(SELECT DISTINCT v::bigint FROM p, LATERAL (VALUES (j->'objective'->>'category_id')) c(v) WHERE v IS NOT NULL)
            """, [previous])[0]
        return (try row.decode([Int64].self, at: 0), try row.decode([Int64].self, at: 1), try row.decode([Int64].self, at: 2))
    }

    // MARK: - Restoring

    /// Puts back a deleted receipt of the user's and its lines (same ids and times); its id, nil
    /// when it exists again already.
    static func restoreReceipt(_ previous: String, of userID: Int64, in transaction: PostgresTransaction) async throws -> Int64? {
        guard
            let id = try await transaction.query(
                """
                INSERT INTO receipts OVERRIDING SYSTEM VALUE
                SELECT x.* FROM jsonb_populate_record(null::receipts, ($1::jsonb)->'receipt') x
                WHERE x.user_id = $2 AND NOT EXISTS (SELECT 1 FROM receipts WHERE id = x.id)
                RETURNING id
                """, [previous, userID]
            ).first?.decode(Int64.self, at: 0)
        else { return nil }
        _ = try await transaction.query(
            """
            INSERT INTO receipt_lines OVERRIDING SYSTEM VALUE
            SELECT x.* FROM jsonb_populate_recordset(null::receipt_lines, ($1::jsonb)->'lines') x WHERE x.user_id = $2 AND x.receipt_id = $3
            """, [previous, userID, id])
        return id
    }

    /// Sets a line of the user's back as it was; its receipt's id, nil when the line is gone.
    static func restoreLine(_ previous: String, of userID: Int64, in transaction: PostgresTransaction) async throws -> Int64? {
        try await transaction.query(
            """
            UPDATE receipt_lines l SET text = x.text, match_text = x.match_text, quantity = x.quantity, unit = x.unit,
              unit_price = x.unit_price, discount = x.discount, line_total = x.line_total, product_id = x.product_id,
              mapping_confidence = x.mapping_confidence, mapping_source = x.mapping_source, mapping_confirmed = x.mapping_confirmed,
              candidate_ids = x.candidate_ids
            FROM jsonb_populate_record(null::receipt_lines, ($1::jsonb)->'line') x
            WHERE l.id = x.id AND l.user_id = $2
            RETURNING l.receipt_id
            """, [previous, userID]
        ).first?.decode(Int64.self, at: 0)
    }

    /// Sets an objective of the user's back to its limit before; false when it is gone.
    static func restoreObjectiveLimit(_ previous: String, of userID: Int64, in transaction: PostgresTransaction) async throws -> Bool {
        !(try await transaction.query(
            """
            UPDATE spending_objectives o SET limit_amount = x.limit_amount, currency = x.currency
            FROM jsonb_populate_record(null::spending_objectives, ($1::jsonb)->'objective') x
            WHERE o.id = x.id AND o.user_id = $2 RETURNING o.id
            """, [previous, userID])).isEmpty
    }

    /// Puts back a removed objective of the user's (same id and time); false when another of the
    /// same period and scope, or the same id, exists now.
    static func restoreObjective(_ previous: String, of userID: Int64, in transaction: PostgresTransaction) async throws -> Bool {
        !(try await transaction.query(
            """
            INSERT INTO spending_objectives OVERRIDING SYSTEM VALUE
            SELECT x.* FROM jsonb_populate_record(null::spending_objectives, ($1::jsonb)->'objective') x
            WHERE x.user_id = $2 AND NOT EXISTS (SELECT 1 FROM spending_objectives WHERE id = x.id)
            ON CONFLICT DO NOTHING RETURNING id
            """, [previous, userID])).isEmpty
    }

    // MARK: - Personal data

    static func erase(_ userID: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query("DELETE FROM spending_changes WHERE user_id = $1", [userID])
    }
}
