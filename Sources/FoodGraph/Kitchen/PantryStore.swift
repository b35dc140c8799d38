import Foundation
import GraphQLEngine
import Postgres

/// A lot of food at home (schema type `PantryItem`).
struct PantryItemRecord: IdentifiedRecord, ObjectValue {
    static let graphQLTypeName = "PantryItem"

    var id: Int64
    var userID: Int64
    var productID: Int64?
    var food: String?
    var quantity: Double
    var unit: QuantityUnit
    var location: StorageLocation
    var expiresOn: LocalDate?
    var expiryIsExact: Bool
    var source: PantrySource
    var opened: Bool
    var addedAt: Date
    var removed: Bool
    /// Today in UTC when read (for `daysUntilExpiry`).
    var today: LocalDate

    var globalID: GlobalID { GlobalID(typeName: Self.graphQLTypeName, key: id) }
    var expiryKind: ExpiryKind? { expiresOn == nil ? nil : (expiryIsExact ? .exact : .estimated) }
    var daysUntilExpiry: Int? { expiresOn.map { today.days(until: $0) } }

    static let columns = """
        i.id, i.user_id, i.product_id, i.food, i.quantity::float8, i.unit, i.location, i.expires_on::text, i.expiry_is_exact,
        i.source, i.opened, i.added_at, i.removed_at IS NOT NULL, current_date::text
        """

    init(_ row: PostgresRow) throws {
        id = try row.decode(Int64.self, at: 0)
        userID = try row.decode(Int64.self, at: 1)
        productID = try row.decode(Int64?.self, at: 2)
        food = try row.decode(String?.self, at: 3)
        quantity = try row.decode(Double.self, at: 4)
        unit = QuantityUnit(databaseName: try row.decode(String.self, at: 5)) ?? .piece
        location = StorageLocation(databaseName: try row.decode(String.self, at: 6)) ?? .pantry
        expiresOn = try row.decode(String?.self, at: 7).flatMap { LocalDate(iso8601: $0) }
        expiryIsExact = try row.decode(Bool.self, at: 8)
        source = PantrySource(databaseName: try row.decode(String.self, at: 9)) ?? .manual
        opened = try row.decode(Bool.self, at: 10)
        addedAt = try row.decode(Date.self, at: 11)
        removed = try row.decode(Bool.self, at: 12)
        today = LocalDate(iso8601: try row.decode(String.self, at: 13)) ?? LocalDate(Date(), in: TimeZone(identifier: "UTC")!)
    }
}

/// A change to a pantry item (schema type `PantryMovement`).
struct PantryMovementRecord: IdentifiedRecord, ObjectValue {
    static let graphQLTypeName = "PantryMovement"

    var id: Int64
    var userID: Int64
    var pantryItemID: Int64
    var kind: PantryMovementKind
    var quantityBefore: Double
    var quantityAfter: Double
    var groupID: Int64?
    var undoesID: Int64?
    var undone: Bool
    var createdAt: Date

    var globalID: GlobalID { GlobalID(typeName: Self.graphQLTypeName, key: id) }

    static let columns = """
        m.id, m.user_id, m.pantry_item_id, m.kind, m.quantity_before::float8, m.quantity_after::float8, m.group_id, m.undoes_id,
        m.undone_at IS NOT NULL, m.created_at
        """

    init(_ row: PostgresRow) throws {
        id = try row.decode(Int64.self, at: 0)
        userID = try row.decode(Int64.self, at: 1)
        pantryItemID = try row.decode(Int64.self, at: 2)
        kind = PantryMovementKind(databaseName: try row.decode(String.self, at: 3)) ?? .edit
        quantityBefore = try row.decode(Double.self, at: 4)
        quantityAfter = try row.decode(Double.self, at: 5)
        groupID = try row.decode(Int64?.self, at: 6)
        undoesID = try row.decode(Int64?.self, at: 7)
        undone = try row.decode(Bool.self, at: 8)
        createdAt = try row.decode(Date.self, at: 9)
    }
}

/// A new pantry lot, as the mutations and delivered orders add it.
struct NewPantryItem: Sendable {
    var productID: Int64?
    var food: String?
    var quantity: Double
    var unit: QuantityUnit
    var location: StorageLocation
    var expiresOn: LocalDate?
    var expiryIsExact: Bool
    var source: PantrySource
    var opened = false
    var orderID: Int64?
}

/// The pantry's SQL. Every statement filters by the owner: another user's item is simply not found.
/// Every change writes a movement (quantity before and after, and the lot as it was for edits and
/// removals), so that it can be undone exactly. Recipes use `consume(productID:…)` and
/// `availability(of:…)` (cooking a recipe deducts its ingredients; "what is at home").
enum PantryStore {
    static let maximumQuantity = 100_000.0

    // MARK: Reads

    static func load(_ ids: [Int64], from database: some PostgresQuerying) async throws -> [Int64: PantryItemRecord] {
        try await PantryItemRecord.load("SELECT \(PantryItemRecord.columns) FROM pantry_items i WHERE i.id = ANY($1)", ids: ids, from: database)
    }

    static func movements(_ ids: [Int64], from database: some PostgresQuerying) async throws -> [Int64: PantryMovementRecord] {
        try await PantryMovementRecord.load(
            "SELECT \(PantryMovementRecord.columns) FROM pantry_movements m WHERE m.id = ANY($1)", ids: ids, from: database)
    }

    /// The user's items, oldest expiry first (no date last), filtered.
    static func page(
        of userID: Int64, location: StorageLocation?, expiringWithinDays: Int?, productID: Int64?, _ page: Page,
        in database: some PostgresQuerying
    ) async throws -> Connection<PantryItemRecord> {
        try await page.fetch(
            select: PantryItemRecord.columns,
            from: """
                SELECT *, coalesce(expires_on, 'infinity'::date) AS expiry_key FROM pantry_items
                WHERE user_id = $1 AND removed_at IS NULL AND quantity > 0
                  AND ($2::text IS NULL OR location = $2)
                  AND ($3::int IS NULL OR expires_on <= current_date + $3::int)
                  AND ($4::int8 IS NULL OR product_id = $4)
                """,
            as: "i", keys: [Page.Key(expression: "i.expiry_key", type: "date"), Page.Key(expression: "i.id", type: "int8")],
            parameters: [userID, location?.databaseName, expiringWithinDays, productID], count: .none, in: database,
            decode: PantryItemRecord.init)
    }

    /// Items expiring within `days` (expired included), soonest first, at most 100.
    static func expiring(of userID: Int64, within days: Int, in database: some PostgresQuerying) async throws -> [PantryItemRecord] {
        try await database.query(
            """
            SELECT \(PantryItemRecord.columns) FROM pantry_items i
            WHERE i.user_id = $1 AND i.removed_at IS NULL AND i.quantity > 0 AND i.expires_on <= current_date + $2::int
            ORDER BY i.expires_on, i.id LIMIT 100
            """, [userID, days]
        ).map(PantryItemRecord.init)
    }

    static func movementPage(of userID: Int64, _ page: Page, in database: some PostgresQuerying) async throws -> Connection<PantryMovementRecord> {
        try await page.fetch(
            select: PantryMovementRecord.columns, from: "SELECT * FROM pantry_movements WHERE user_id = $1", as: "m",
            keys: [Page.Key(expression: "m.id", type: "int8")], descending: true, parameters: [userID], count: .none, in: database,
            decode: PantryMovementRecord.init)
    }

    /// What the user has of each product, by unit (items left, not removed): for `pantryAmount`,
    /// recurring orders and recipes. Convert with `PantryAmounts.total`.
    static func availability(of productIDs: [Int64], for userID: Int64, in database: some PostgresQuerying) async throws
        -> [Int64: [QuantityUnit: Double]]
    {
        let rows = try await database.query(
            """
            SELECT product_id, unit, sum(quantity)::float8 FROM pantry_items
            WHERE user_id = $1 AND product_id = ANY($2) AND removed_at IS NULL AND quantity > 0
            GROUP BY product_id, unit
            """, [userID, PostgresArray(productIDs)])
        var amounts: [Int64: [QuantityUnit: Double]] = [:]
        for row in rows {
            guard let unit = QuantityUnit(databaseName: try row.decode(String.self, at: 1)) else { continue }
            amounts[try row.decode(Int64.self, at: 0), default: [:]][unit] = try row.decode(Double.self, at: 2)
        }
        return amounts
    }

    /// The products and free-text foods (lower-cased) the user has some of (items left, not
    /// removed): for recipes from the pantry.
    static func heldFoods(of userID: Int64, in database: some PostgresQuerying) async throws -> (productIDs: [Int64], foods: [String]) {
        let rows = try await database.query(
            """
            SELECT coalesce(array_agg(DISTINCT product_id) FILTER (WHERE product_id IS NOT NULL), '{}'),
                   coalesce(array_agg(DISTINCT lower(food)) FILTER (WHERE product_id IS NULL AND food IS NOT NULL), '{}')
            FROM pantry_items WHERE user_id = $1 AND removed_at IS NULL AND quantity > 0
            """, [userID])
        return (try rows[0].decode([Int64].self, at: 0), try rows[0].decode([String].self, at: 1))
    }

    // MARK: Writes (in the mutation's transaction)

    /// Locks and reads the owner's item.
    static func lock(_ id: Int64, of userID: Int64, in transaction: PostgresTransaction) async throws -> PantryItemRecord? {
        try await transaction.query(
            "SELECT \(PantryItemRecord.columns) FROM pantry_items i WHERE i.id = $1 AND i.user_id = $2 FOR UPDATE", [id, userID]
        ).first.map(PantryItemRecord.init)
    }

    static func insert(_ item: NewPantryItem, for userID: Int64, in transaction: PostgresTransaction) async throws -> (PantryItemRecord, PantryMovementRecord) {
        let rows = try await transaction.query(
            """
            INSERT INTO pantry_items AS i (user_id, product_id, food, quantity, unit, location, expires_on, expiry_is_exact, source, opened, order_id)
            VALUES ($1, $2, $3, $4, $5, $6, $7::date, $8, $9, $10, $11)
            RETURNING \(PantryItemRecord.columns)
            """,
            [
                userID, item.productID, item.food, item.quantity, item.unit.databaseName, item.location.databaseName,
                item.expiresOn?.description, item.expiryIsExact, item.source.databaseName, item.opened, item.orderID,
            ])
        let added = try PantryItemRecord(rows[0])
        let movement = try await record(.add, of: added.id, for: userID, before: 0, after: item.quantity, previous: false, in: transaction)
        return (added, movement)
    }

    /// Writes a movement.
    static func record(
        _ kind: PantryMovementKind, of itemID: Int64, for userID: Int64, before: Double, after: Double, previous: Bool,
        group: Int64? = nil, undoes: Int64? = nil, in transaction: PostgresTransaction
    ) async throws -> PantryMovementRecord {
        try await record(kind, of: itemID, for: userID, before: before, after: after, previous: previous ? "snapshot" : nil, group: group, undoes: undoes, in: transaction)
    }

    private static func record(
        _ kind: PantryMovementKind, of itemID: Int64, for userID: Int64, before: Double, after: Double, previous: String?,
        group: Int64? = nil, undoes: Int64? = nil, in transaction: PostgresTransaction
    ) async throws -> PantryMovementRecord {
        // `previous`: the lot as it is before this change, read in the same statement.
        let rows = try await transaction.query(
            """
            INSERT INTO pantry_movements AS m (user_id, pantry_item_id, kind, quantity_before, quantity_after, previous, group_id, undoes_id)
            SELECT $1, $2, $3, $4, $5, CASE WHEN $6::boolean THEN to_jsonb(p) - 'user_id' END, $7, $8
            FROM pantry_items p WHERE p.id = $2
            RETURNING \(PantryMovementRecord.columns)
            """, [userID, itemID, kind.databaseName, before, after, previous != nil, group, undoes])
        return try PantryMovementRecord(rows[0])
    }

    /// Applies an edit (the movement keeps the lot as it was).
    static func update(
        _ item: PantryItemRecord, quantity: Double, unit: QuantityUnit, location: StorageLocation, expiresOn: LocalDate?, exact: Bool,
        opened: Bool, in transaction: PostgresTransaction
    ) async throws -> PantryMovementRecord {
        let movement = try await record(.edit, of: item.id, for: item.userID, before: item.quantity, after: quantity, previous: true, in: transaction)
        _ = try await transaction.query(
            """
            UPDATE pantry_items SET quantity = $2, unit = $3, location = $4, expires_on = $5::date, expiry_is_exact = $6, opened = $7,
              expiry_notified_on = CASE WHEN expires_on IS DISTINCT FROM $5::date THEN NULL ELSE expiry_notified_on END, updated_at = now()
            WHERE id = $1
            """, [item.id, quantity, unit.databaseName, location.databaseName, expiresOn?.description, exact, opened])
        return movement
    }

    static func remove(_ item: PantryItemRecord, in transaction: PostgresTransaction) async throws -> PantryMovementRecord {
        let movement = try await record(.remove, of: item.id, for: item.userID, before: item.quantity, after: 0, previous: true, in: transaction)
        _ = try await transaction.query("UPDATE pantry_items SET removed_at = now(), updated_at = now() WHERE id = $1", [item.id])
        return movement
    }

    /// Consumes `quantity` from `first` and then from the user's other lots of the same product (or
    /// food) in the same unit, oldest expiry first. Returns the movements (one per lot, one group),
    /// or nil when there is not that much.
    static func consume(
        _ quantity: Double, startingWith first: PantryItemRecord, in transaction: PostgresTransaction
    ) async throws -> [PantryMovementRecord]? {
        let others = try await transaction.query(
            """
            SELECT \(PantryItemRecord.columns) FROM pantry_items i
            WHERE i.user_id = $1 AND i.id <> $2 AND i.unit = $3 AND i.removed_at IS NULL AND i.quantity > 0
              AND (($4::int8 IS NOT NULL AND i.product_id = $4) OR ($4::int8 IS NULL AND i.product_id IS NULL AND lower(i.food) = lower($5)))
            ORDER BY i.expires_on NULLS LAST, i.id FOR UPDATE
            """, [first.userID, first.id, first.unit.databaseName, first.productID, first.food ?? ""]
        ).map(PantryItemRecord.init)
        return try await consume(quantity, from: [first] + others, in: transaction)
    }

    /// The Swift API recipes use (cooking deducts the ingredients): consumes `quantity` `unit` of a
    /// product (or a free-text food) from the user's lots in that unit, oldest expiry first, in the
    /// caller's transaction. Returns the movements (undo any of them with `undo` to restore all), or
    /// nil when the pantry holds less (nothing is changed then).
    /// `group`: the id of an earlier movement whose group these movements join (cooking a recipe
    /// makes one group of all its ingredients, so one `undo` restores them all).
    static func consume(
        productID: Int64?, food: String?, quantity: Double, unit: QuantityUnit, for userID: Int64, group: Int64? = nil,
        in transaction: PostgresTransaction
    ) async throws -> [PantryMovementRecord]? {
        let lots = try await transaction.query(
            """
            SELECT \(PantryItemRecord.columns) FROM pantry_items i
            WHERE i.user_id = $1 AND i.unit = $2 AND i.removed_at IS NULL AND i.quantity > 0
              AND (($3::int8 IS NOT NULL AND i.product_id = $3) OR ($3::int8 IS NULL AND i.product_id IS NULL AND lower(i.food) = lower($4)))
            ORDER BY i.expires_on NULLS LAST, i.id FOR UPDATE
            """, [userID, unit.databaseName, productID, food ?? ""]
        ).map(PantryItemRecord.init)
        return try await consume(quantity, from: lots, group: group, in: transaction)
    }

    private static func consume(
        _ quantity: Double, from lots: [PantryItemRecord], group startingGroup: Int64? = nil, in transaction: PostgresTransaction
    ) async throws -> [PantryMovementRecord]? {
        let total = lots.reduce(0) { $0 + $1.quantity }
        guard quantity > 0, total + 1e-9 >= quantity, let userID = lots.first?.userID else { return nil }
        var left = quantity
        var movements: [PantryMovementRecord] = []
        var group: Int64? = startingGroup
        for lot in lots where left > 1e-9 {
            let taken = min(lot.quantity, left)
            let after = (lot.quantity - taken) < 1e-9 ? 0 : lot.quantity - taken
            let movement = try await record(.consume, of: lot.id, for: userID, before: lot.quantity, after: after, previous: false, group: group, in: transaction)
            if group == nil {
                group = movement.id
                _ = try await transaction.query("UPDATE pantry_movements SET group_id = id WHERE id = $1", [movement.id])
            }
            _ = try await transaction.query(
                "UPDATE pantry_items SET quantity = quantity - $2, updated_at = now() WHERE id = $1", [lot.id, lot.quantity - after])
            var grouped = movement
            grouped.groupID = group
            movements.append(grouped)
            left -= taken
        }
        return movements
    }

    /// Reverses a movement and the rest of its group, exactly: a consumption gives its quantity back
    /// (whatever happened to the lot since), a removal returns the lot, an edit restores the lot as it
    /// was, an add removes the lot. Returns the undo movements (the one of `movement`'s lot first),
    /// or nil when it was undone already or is itself an undo.
    static func undo(_ movementID: Int64, of userID: Int64, in transaction: PostgresTransaction) async throws -> [PantryMovementRecord]? {
        let group = try await transaction.query(
            """
            SELECT \(PantryMovementRecord.columns) FROM pantry_movements m
            WHERE m.user_id = $2 AND (m.id = $1 OR m.group_id = (SELECT group_id FROM pantry_movements WHERE id = $1 AND user_id = $2))
            ORDER BY m.id = $1 DESC, m.id FOR UPDATE
            """, [movementID, userID]
        ).map(PantryMovementRecord.init)
        guard let target = group.first, target.id == movementID, target.kind != .undo, !group.contains(where: \.undone) else { return nil }
        var undos: [PantryMovementRecord] = []
        for movement in group {
            guard let lot = try await lock(movement.pantryItemID, of: userID, in: transaction) else { continue }
            let change = movement.quantityAfter - movement.quantityBefore
            switch movement.kind {
            case .consume:
                _ = try await transaction.query(
                    "UPDATE pantry_items SET quantity = quantity - $2, updated_at = now() WHERE id = $1", [lot.id, change])
            case .remove:
                _ = try await transaction.query("UPDATE pantry_items SET removed_at = NULL, updated_at = now() WHERE id = $1", [lot.id])
            case .add:
                _ = try await transaction.query("UPDATE pantry_items SET removed_at = now(), updated_at = now() WHERE id = $1", [lot.id])
            case .edit:
                _ = try await transaction.query(
                    """
                    UPDATE pantry_items p SET quantity = (s.previous->>'quantity')::numeric, unit = s.previous->>'unit',
                      location = s.previous->>'location', expires_on = (s.previous->>'expires_on')::date,
                      expiry_is_exact = (s.previous->>'expiry_is_exact')::boolean, opened = (s.previous->>'opened')::boolean, updated_at = now()
                    FROM pantry_movements s WHERE s.id = $2 AND p.id = $1
                    """, [lot.id, movement.id])
            case .undo:
                continue
            }
            let after = try await transaction.query("SELECT quantity::float8 FROM pantry_items WHERE id = $1", [lot.id])[0].decode(Double.self, at: 0)
            let removedAfter = movement.kind == .add
            undos.append(
                try await record(
                    .undo, of: lot.id, for: userID, before: lot.removed ? 0 : lot.quantity, after: removedAfter ? 0 : after, previous: false,
                    undoes: movement.id, in: transaction))
            _ = try await transaction.query("UPDATE pantry_movements SET undone_at = now() WHERE id = $1", [movement.id])
        }
        return undos
    }

    // MARK: Settings

    static func alertDays(of userIDs: [Int64], in database: some PostgresQuerying) async throws -> [Int64: Int] {
        let rows = try await database.query(
            "SELECT user_id, expiry_alert_days FROM kitchen_settings WHERE user_id = ANY($1)", [PostgresArray(userIDs)])
        var days: [Int64: Int] = [:]
        for row in rows { days[try row.decode(Int64.self, at: 0)] = try row.decode(Int.self, at: 1) }
        return days
    }

    static func setAlertDays(_ days: Int, of userID: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query(
            """
            INSERT INTO kitchen_settings (user_id, expiry_alert_days) VALUES ($1, $2)
            ON CONFLICT (user_id) DO UPDATE SET expiry_alert_days = excluded.expiry_alert_days, updated_at = now()
            """, [userID, days])
    }

    static let defaultAlertDays = 3

    // MARK: Expiry alerts (the job)

    /// Lots expiring within their owner's alert days and not yet announced for their date, locked
    /// (`SKIP LOCKED`) in the caller's transaction; at most `limit`.
    static func dueExpiryAlerts(limit: Int, in transaction: PostgresTransaction) async throws
        -> [(itemID: Int64, userID: Int64, name: String, expiresOn: String)]
    {
        try await transaction.query(
            """
            SELECT i.id, i.user_id, coalesce(pr.name, i.food), i.expires_on::text FROM pantry_items i
            LEFT JOIN kitchen_settings s ON s.user_id = i.user_id
            LEFT JOIN LATERAL (SELECT name FROM products WHERE id = i.product_id) pr ON true
            WHERE i.removed_at IS NULL AND i.quantity > 0 AND i.expires_on IS NOT NULL
              AND i.expires_on <= current_date + coalesce(s.expiry_alert_days, $2)
              AND i.expires_on >= current_date - 1
              AND i.expiry_notified_on IS DISTINCT FROM i.expires_on
            ORDER BY i.expires_on, i.id LIMIT $1
            FOR UPDATE OF i SKIP LOCKED
            """, [limit, defaultAlertDays]
        ).map { row in
            (try row.decode(Int64.self, at: 0), try row.decode(Int64.self, at: 1), try row.decode(String.self, at: 2), try row.decode(String.self, at: 3))
        }
    }

    static func markAlerted(_ itemIDs: [Int64], in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query(
            "UPDATE pantry_items SET expiry_notified_on = expires_on WHERE id = ANY($1)", [PostgresArray(itemIDs)])
    }
}

/// Adding up amounts of one product in different units.
enum PantryAmounts {
    /// `amounts` (by unit) in `unit`: grams and millilitres 1:1, pieces as the package size.
    static func total(_ amounts: [QuantityUnit: Double], in unit: QuantityUnit, packageSize: Quantity?) -> Double {
        var total = 0.0
        for (from, amount) in amounts {
            if let converted = convert(amount, from: from, to: unit, packageSize: packageSize) { total += converted }
        }
        return (total * 1000).rounded() / 1000
    }

    static func convert(_ amount: Double, from: QuantityUnit, to: QuantityUnit, packageSize: Quantity?) -> Double? {
        if from == to { return amount }
        switch (from, to) {
        case (.gram, .millilitre), (.millilitre, .gram): return amount
        case (.piece, _):
            guard let size = packageSize, size.unit != .piece, size.value > 0 else { return nil }
            return amount * size.value
        case (_, .piece):
            guard let size = packageSize, size.unit != .piece, size.value > 0 else { return nil }
            return amount / size.value
        default: return nil
        }
    }
}
