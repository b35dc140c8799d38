import Foundation
import GraphQLEngine
import Logging
import Postgres

/// A user's recurring order (schema type `RecurringOrder`): its settings (the items and runs are
/// loaded by their fields).
struct RecurringOrderRecord: ObjectValue {
    static let graphQLTypeName = "RecurringOrder"
    var userID: Int64
    var enabled = false
    var frequency: RecurringFrequency = .weekly
    var everyDays: Int?
    var nextRunOn: LocalDate?
    var noticeDays = 1
    var paymentMethod: PaymentMethod?
}

/// A product kept at home (schema type `RecurringOrderItem`), with what the pantry holds.
struct RecurringOrderItemRecord: ObjectValue {
    static let graphQLTypeName = "RecurringOrderItem"
    var productID: Int64
    var parQuantity: Double
    var unit: QuantityUnit
    var inPantry = 0.0
    var missing: Double { max(0, ((parQuantity - inPantry) * 1000).rounded() / 1000) }
}

/// Schema type `RecurringOrderRun`.
struct RecurringOrderRunRecord: ObjectValue {
    static let graphQLTypeName = "RecurringOrderRun"
    var runOn: LocalDate
    var outcome: RecurringRunOutcome
    var orderID: Int64?
    var message: String?
    var createdAt: Date
}

/// Recurring orders (Kitchen Keeper §3.5): the SQL of the settings, items and runs, and the work
/// the job runner does. The `kitchen.recurringOrders` periodic job (every minute) tells users whose
/// run is `noticeDays` away, and queues one `kitchen.recurringOrder` job per due user and date
/// (moving the next run on in the same statement); that job, claimed by one server, orders the
/// difference between the par levels and the pantry and records the run in one transaction
/// (`recurring_order_runs` is unique per user and date besides), so each run happens once however
/// many servers run.
enum RecurringOrders {
    // MARK: Reads

    static func settings(of userIDs: [Int64], from database: some PostgresQuerying) async throws -> [Int64: RecurringOrderRecord] {
        let rows = try await database.query(
            """
            SELECT user_id, recurring_enabled, recurring_frequency, recurring_every_days, recurring_next_run_on::text, recurring_notice_days,
              payment_method
            FROM kitchen_settings WHERE user_id = ANY($1)
            """, [PostgresArray(userIDs)])
        var settings = Dictionary(uniqueKeysWithValues: userIDs.map { ($0, RecurringOrderRecord(userID: $0)) })
        for row in rows {
            let userID = try row.decode(Int64.self, at: 0)
            settings[userID] = RecurringOrderRecord(
                userID: userID, enabled: try row.decode(Bool.self, at: 1),
                frequency: RecurringFrequency(databaseName: try row.decode(String.self, at: 2)) ?? .weekly, everyDays: try row.decode(Int?.self, at: 3),
                nextRunOn: try row.decode(String?.self, at: 4).flatMap { LocalDate(iso8601: $0) }, noticeDays: try row.decode(Int.self, at: 5),
                paymentMethod: try row.decode(String?.self, at: 6).flatMap { PaymentMethod(databaseName: $0) })
        }
        return settings
    }

    static func items(of userIDs: [Int64], from database: some PostgresQuerying) async throws -> [Int64: [RecurringOrderItemRecord]] {
        let rows = try await database.query(
            """
            SELECT r.user_id, r.product_id, r.par_quantity::float8, r.unit FROM recurring_order_items r
            WHERE r.user_id = ANY($1) ORDER BY r.user_id, r.created_at, r.product_id
            """, [PostgresArray(userIDs)])
        var items = Dictionary(uniqueKeysWithValues: userIDs.map { ($0, [RecurringOrderItemRecord]()) })
        var byUser: [Int64: [RecurringOrderItemRecord]] = [:]
        for row in rows {
            byUser[try row.decode(Int64.self, at: 0), default: []].append(
                RecurringOrderItemRecord(
                    productID: try row.decode(Int64.self, at: 1), parQuantity: try row.decode(Double.self, at: 2),
                    unit: QuantityUnit(databaseName: try row.decode(String.self, at: 3)) ?? .piece))
        }
        // What the pantry holds of each, in the item's unit.
        for (userID, list) in byUser {
            let available = try await PantryStore.availability(of: list.map(\.productID), for: userID, in: database)
            let products = try await ProductStore.load(list.map(\.productID), from: database)
            items[userID] = list.map { item in
                var item = item
                item.inPantry = PantryAmounts.total(available[item.productID] ?? [:], in: item.unit, packageSize: products[item.productID]?.packageSize)
                return item
            }
        }
        return items
    }

    static func runs(of userIDs: [Int64], from database: some PostgresQuerying) async throws -> [Int64: [RecurringOrderRunRecord]] {
        let rows = try await database.query(
            """
            SELECT r.user_id, r.run_on::text, r.outcome, r.order_id, r.message, r.created_at FROM unnest($1::int8[]) AS u(id)
            CROSS JOIN LATERAL (SELECT * FROM recurring_order_runs WHERE user_id = u.id ORDER BY run_on DESC LIMIT 20) r
            """, [PostgresArray(userIDs)])
        var runs = Dictionary(uniqueKeysWithValues: userIDs.map { ($0, [RecurringOrderRunRecord]()) })
        for row in rows {
            runs[try row.decode(Int64.self, at: 0), default: []].append(
                RecurringOrderRunRecord(
                    runOn: LocalDate(iso8601: try row.decode(String.self, at: 1)) ?? LocalDate(daysSinceEpoch: 0),
                    outcome: RecurringRunOutcome(databaseName: try row.decode(String.self, at: 2)) ?? .notOrdered,
                    orderID: try row.decode(Int64?.self, at: 3), message: try row.decode(String?.self, at: 4), createdAt: try row.decode(Date.self, at: 5)))
        }
        return runs
    }

    // MARK: Writes

    static func setItem(_ productID: Int64, par: Double, unit: QuantityUnit, for userID: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query(
            """
            INSERT INTO recurring_order_items (user_id, product_id, par_quantity, unit) VALUES ($1, $2, $3, $4)
            ON CONFLICT (user_id, product_id) DO UPDATE SET par_quantity = excluded.par_quantity, unit = excluded.unit
            """, [userID, productID, par, unit.databaseName])
    }

    static func removeItem(_ productID: Int64, for userID: Int64, in transaction: PostgresTransaction) async throws -> Bool {
        try await transaction.query(
            "DELETE FROM recurring_order_items WHERE user_id = $1 AND product_id = $2", [userID, productID]
        ).affectedRowCount == 1
    }

    static func save(_ settings: RecurringOrderRecord, paymentReference: String??, in transaction: PostgresTransaction) async throws {
        let sealed = try (paymentReference ?? nil).map { try DataEncryption.seal(Array($0.utf8), context: "recurring-payment:\(settings.userID)") }
        _ = try await transaction.query(
            """
            INSERT INTO kitchen_settings AS k (user_id, recurring_enabled, recurring_frequency, recurring_every_days, recurring_next_run_on,
              recurring_notice_days, payment_method, payment_reference, payment_reference_key)
            VALUES ($1, $2, $3, $4, $5::date, $6, $7, $8, $9)
            ON CONFLICT (user_id) DO UPDATE SET recurring_enabled = excluded.recurring_enabled,
              recurring_frequency = excluded.recurring_frequency, recurring_every_days = excluded.recurring_every_days,
              recurring_next_run_on = excluded.recurring_next_run_on, recurring_notice_days = excluded.recurring_notice_days,
              payment_method = excluded.payment_method,
              payment_reference = CASE WHEN $10 THEN excluded.payment_reference ELSE k.payment_reference END,
              payment_reference_key = CASE WHEN $10 THEN excluded.payment_reference_key ELSE k.payment_reference_key END,
              updated_at = now()
            """,
            [
                settings.userID, settings.enabled, settings.frequency.databaseName, settings.everyDays, settings.nextRunOn?.description,
                settings.noticeDays, settings.paymentMethod?.databaseName, sealed?.bytes, sealed?.keyID, paymentReference != nil,
            ])
    }

    /// The date one period after `date`.
    static func next(after date: LocalDate, _ frequency: RecurringFrequency, everyDays: Int?) -> LocalDate {
        switch frequency {
        case .weekly: return date.adding(days: 7)
        case .biweekly: return date.adding(days: 14)
        case .everyNDays: return date.adding(days: max(1, everyDays ?? 7))
        case .monthly:
            let (year, month, day) = date.components
            let nextYear = month == 12 ? year + 1 : year
            let nextMonth = month == 12 ? 1 : month + 1
            return LocalDate(year: nextYear, month: nextMonth, day: min(day, LocalDate.daysIn(month: nextMonth, year: nextYear)))
                ?? date.adding(days: 30)
        }
    }

    // MARK: Jobs

    /// The scheduler: notices of upcoming runs, and one job per due run.
    static let scheduler = PeriodicJob("kitchen.recurringOrders", every: .seconds(60)) { database, logger in
        try await notifyUpcoming(in: database)
        let queued = try await queueDue(in: database)
        if queued > 0 { logger.info("queued recurring orders", metadata: ["count": "\(queued)"]) }
    }

    /// Tells each user whose run is within their notice days (once per run date).
    static func notifyUpcoming(in database: PostgresDatabase) async throws {
        try await database.withTransaction { transaction in
            let rows = try await transaction.query(
                """
                SELECT user_id, recurring_next_run_on::text FROM kitchen_settings
                WHERE recurring_enabled AND recurring_next_run_on <= current_date + recurring_notice_days
                  AND recurring_noticed_for IS DISTINCT FROM recurring_next_run_on
                LIMIT 500 FOR UPDATE SKIP LOCKED
                """)
            for row in rows {
                let userID = try row.decode(Int64.self, at: 0)
                let date = try row.decode(String.self, at: 1)
                _ = try await Notifications.post(
                    NewNotification(
                        kind: .upcomingRecurringOrder, userID: userID, title: "Your recurring order runs on \(date)",
                        body: "On \(date) we will order what is missing from your pantry's par levels. Switch automatic ordering off to skip it.",
                        dedupeKey: "recurring:\(date)"),
                    in: transaction)
                _ = try await transaction.query(
                    "UPDATE kitchen_settings SET recurring_noticed_for = recurring_next_run_on WHERE user_id = $1", [userID])
            }
        }
    }

    /// Queues a `kitchen.recurringOrder` job per due user and date, moving the next run on by one
    /// period in the same statement (rows locked with `SKIP LOCKED`). Returns how many were queued.
    static func queueDue(in database: some PostgresQuerying) async throws -> Int {
        try await database.query(
            """
            WITH due AS (
              SELECT user_id, recurring_next_run_on AS run_on FROM kitchen_settings
              WHERE recurring_enabled AND recurring_next_run_on <= current_date
              ORDER BY recurring_next_run_on LIMIT 1000 FOR UPDATE SKIP LOCKED
            ), moved AS (
              UPDATE kitchen_settings k SET recurring_next_run_on = CASE k.recurring_frequency
                  WHEN 'weekly' THEN d.run_on + 7 WHEN 'biweekly' THEN d.run_on + 14
                  WHEN 'monthly' THEN (d.run_on + interval '1 month')::date ELSE d.run_on + coalesce(k.recurring_every_days, 7) END,
                updated_at = now()
              FROM due d WHERE k.user_id = d.user_id
              RETURNING k.user_id, d.run_on
            )
            INSERT INTO jobs (kind, key, payload)
            SELECT 'kitchen.recurringOrder', user_id || ':' || run_on, jsonb_build_object('userId', user_id, 'runOn', run_on)
            FROM moved
            ON CONFLICT (kind, key) DO NOTHING
            """, []
        ).affectedRowCount
    }

    /// One run: claimed by one server, in one transaction with the record of its success.
    static let runJob = OneOffJob("kitchen.recurringOrder") { job, transaction, logger in
        let parts = job.key.split(separator: ":")
        guard parts.count == 2, let userID = Int64(parts[0]), let runOn = LocalDate(iso8601: String(parts[1])) else { return }
        try await run(for: userID, on: runOn, in: transaction)
    }

    /// Orders the difference between the par levels and the pantry (nothing when nothing is
    /// missing), submitted with the default payment and the profile's address, and records the run.
    @discardableResult
    static func run(for userID: Int64, on runOn: LocalDate, in transaction: PostgresTransaction) async throws -> RecurringRunOutcome {
        func record(_ outcome: RecurringRunOutcome, order: Int64? = nil, _ message: String? = nil) async throws -> RecurringRunOutcome {
            _ = try await transaction.query(
                """
                INSERT INTO recurring_order_runs (user_id, run_on, order_id, outcome, message) VALUES ($1, $2::date, $3, $4, $5)
                ON CONFLICT (user_id, run_on) DO NOTHING
                """, [userID, runOn.description, order, outcome.databaseName, message])
            return outcome
        }
        // Once per user and date, whatever happens to the job.
        let done = try await transaction.query(
            "SELECT 1 FROM recurring_order_runs WHERE user_id = $1 AND run_on = $2::date FOR UPDATE", [userID, runOn.description])
        guard done.isEmpty else { return .notOrdered }
        let settings = try await settings(of: [userID], from: transaction)[userID] ?? RecurringOrderRecord(userID: userID)
        guard settings.enabled else { return try await record(.notOrdered, "Automatic ordering was switched off.") }
        let items = try await items(of: [userID], from: transaction)[userID] ?? []
        let products = try await ProductStore.load(items.map(\.productID), from: transaction)
        var quantities: [Int64: Int] = [:]
        for item in items where item.missing > 0 {
            let packages: Int
            if item.unit == .piece {
                packages = Int(item.missing.rounded(.up))
            } else if let size = products[item.productID]?.packageSize,
                let perPackage = PantryAmounts.convert(size.value, from: size.unit, to: item.unit, packageSize: nil), perPackage > 0
            {
                packages = Int((item.missing / perPackage).rounded(.up))
            } else {
                packages = 1
            }
            quantities[item.productID] = min(99, max(1, packages))
        }
        guard !quantities.isEmpty else { return try await record(.nothingMissing) }
        guard let method = settings.paymentMethod else { return try await record(.notOrdered, "No payment method is set.") }
        guard let address = try await ProfileRecord.load([userID], from: transaction)[userID]?.shippingAddress else {
            return try await record(.notOrdered, "The profile has no shipping address.")
        }
        guard let chainID = try await OrderFlow.chain(for: userID, asked: nil, product: quantities.keys.sorted().first, in: transaction) else {
            return try await record(.notOrdered, "No chain takes orders.")
        }
        let reference = try await defaultPaymentReference(of: userID, in: transaction)
        // Its own order beside any cart the user is filling.
        let draft = try await OrderStore.createRecurringDraft(for: userID, chainID: chainID, in: transaction)
        try await OrderStore.replaceItems(of: draft.id, with: quantities, in: transaction)
        // A savepoint: when stock is short, the run is recorded without the order.
        _ = try await transaction.query("SAVEPOINT recurring_submit")
        let submitted = try await OrderFlow.submit(
            draft, address: address, submission: OrderSubmission(paymentMethod: method, paymentReference: reference), by: nil, actor: .system,
            in: transaction)
        switch submitted {
        case .done(let order):
            _ = try await transaction.query("RELEASE SAVEPOINT recurring_submit")
            return try await record(.ordered, order: order.id)
        case .refused(let errors):
            _ = try await transaction.query("ROLLBACK TO SAVEPOINT recurring_submit")
            try await OrderStore.deleteRecurringDraft(draft.id, in: transaction)
            return try await record(.notOrdered, errors.map(\.message).joined(separator: " "))
        }
    }

    static func defaultPaymentReference(of userID: Int64, in database: some PostgresQuerying) async throws -> String? {
        guard let row = try await database.query(
            "SELECT payment_reference, payment_reference_key FROM kitchen_settings WHERE user_id = $1", [userID]).first,
            let sealed = try row.decode([UInt8]?.self, at: 0)
        else { return nil }
        return String(
            decoding: try DataEncryption.open(sealed, keyID: try row.decode(String?.self, at: 1), context: "recurring-payment:\(userID)"), as: UTF8.self)
    }
}

extension OrderStore {
    /// A recurring run's order starts as a draft of its own (`recurring`), beside the user's cart.
    static func createRecurringDraft(for userID: Int64, chainID: Int64, in transaction: PostgresTransaction) async throws -> OrderRecord {
        try await createDraft(for: userID, chainID: chainID, recurring: true, in: transaction)
    }

    static func deleteRecurringDraft(_ orderID: Int64, in transaction: PostgresTransaction) async throws {
        try await deleteDraft(orderID, in: transaction)
    }
}
