import Foundation
import GraphQLEngine
import Postgres
import TestSupport
import Testing

@testable import FoodGraph

/// PIPEDA (issue 23): a copy of everything held about a user, the account deleted with its data in
/// one transaction, and consent to the policies recorded.
@Suite struct PersonalDataTests {
    /// Every column of the database holding a user's ID: those referencing `users(id)`, and those
    /// named `user_id`, `owner_id` or `…_by`.
    static func userIDColumns(in database: PostgresDatabase) async throws -> Set<String> {
        let rows = try await database.query(
            """
            SELECT kcu.table_name, kcu.column_name
            FROM information_schema.referential_constraints rc
            JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = rc.constraint_name AND kcu.constraint_schema = rc.constraint_schema
            JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = rc.unique_constraint_name
              AND ccu.constraint_schema = rc.unique_constraint_schema
            WHERE kcu.table_schema = 'public' AND ccu.table_name = 'users' AND ccu.column_name = 'id'
            UNION
            SELECT table_name, column_name FROM information_schema.columns
            WHERE table_schema = 'public' AND (column_name IN ('user_id', 'owner_id') OR column_name LIKE '%\\_by')
              AND table_name NOT LIKE 'schema\\_%'
            """)
        return Set(try rows.map { "\(try $0.decode(String.self, at: 0)).\(try $0.decode(String.self, at: 1))" })
    }

    @Test func everyColumnHoldingAUserIDIsHandledByAnArea() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let found = try await Self.userIDColumns(in: api.database.database)
        let declared = Set(PersonalData.userColumns.map { "\($0.table).\($0.column)" })
        #expect(found.subtracting(declared).isEmpty, "Columns holding a user's ID that no PersonalDataHolder declares: \(found.subtracting(declared).sorted())")
        #expect(declared.subtracting(found).isEmpty, "Declared columns the database does not have: \(declared.subtracting(found).sorted())")
        #expect(found.count >= 14)
    }

    /// A user with data in every area today: profile, avatar, store marks, two sessions, emailed
    /// codes, a failed sign-in, consents, roles (and one granted to another account), diary
    /// entries, weights, a price observation, a submitted product, an earlier export.
    struct Subject {
        var api: TestAPI
        var token: String
        var userID: Int64
        var email: String
    }

    static func subjectWithDataEverywhere() async throws -> Subject {
        let api = try await TestAPI.make()
        try await DemoData.loadIfEmpty(into: api.database.database)
        let database = api.database.database
        let email = "everywhere@example.com"
        let password = "Secret-pass1"
        _ = try await api.run(
            #"mutation { register(input: {email: "\#(email)", password: "\#(password)", termsOfServiceVersion: "2026-01", privacyPolicyVersion: "2026-01"}) { userErrors { code } } }"#)
        _ = try await api.run(#"mutation { login(input: {email: "\#(email)", password: "\#(password)"}) { token } }"#)
        let token = try #require(
            try await api.run(#"mutation { login(input: {email: "\#(email)", password: "\#(password)"}) { token } }"#)["data.login.token"] as? String)
        _ = try await api.run(#"mutation { requestPasswordReset(input: {email: "\#(email)"}) { accepted } }"#)
        // A failed sign-in after the last good one (a good one clears the account's count).
        _ = try await api.run(#"mutation { login(input: {email: "\#(email)", password: "Wrong-pass1"}) { userErrors { code } } }"#)
        let catalog = try await api.run("{ products(first: 1) { edges { node { id } } } stores(first: 1) { edges { node { id } } } }")
        let product = try #require(catalog["data.products.edges.0.node.id"] as? String)
        let store = try #require(catalog["data.stores.edges.0.node.id"] as? String)
        let filled = try await api.run(
            """
            mutation($product: ID!, $store: ID!, $image: Base64!) {
              a: updateProfile(input: {displayName: "Every Where", username: "everywhere", birthDate: "1985-05-05", heightCm: 170, weightKg: 70,
                shippingAddress: {line1: "1 Main St", city: "Hamilton", region: "ON", postalCode: "L8P 1A1", country: "CA"}}) { userErrors { code } }
              b: uploadAvatar(input: {image: $image}) { userErrors { code } }
              c: setStorePreference(input: {storeId: $store, preference: IGNORED}) { userErrors { code } }
              d: addDiaryEntry(input: {food: {productId: $product}, meal: BREAKFAST, quantity: 50, unit: GRAM}) { userErrors { code } }
              e: addDiaryEntry(input: {food: {customFood: {name: "Soup", nutrition: {fatG: 1, carbohydratesG: 5, proteinG: 2, energyKcal: 40}}}, meal: DINNER, quantity: 300, unit: GRAM}) { userErrors { code } }
              f: logWeight(input: {kilograms: 70.2}) { userErrors { code } }
              g: recordPrice(input: {productId: $product, storeId: $store, price: "1.99"}) { userErrors { code } }
              h: submitProduct(input: {name: "Everywhere bread", category: "bread", nutrition: {fatG: 3, carbohydratesG: 45, proteinG: 8, energyKcal: 250}}) { userErrors { code } }
              i: createReceipt(input: {storeId: $store, purchasedAt: "2026-01-05T10:00:00Z", total: "2.50", lines: [{text: "ITEM", quantity: 1, unitPrice: "2.50", productId: $product}]}) { userErrors { code } }
              j: setSpendingObjective(input: {period: WEEK, limit: "50"}) { userErrors { code } }
            }
            """, token: token,
            variables: GraphQLObject([
                ("product", .string(product)), ("store", .string(store)), ("image", .string(TestImages.base64(TestImages.encoded(.png)))),
            ]))
        for key in ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"] {
            #expect((filled["data.\(key).userErrors"] as? [Any])?.isEmpty == true, "\(key): \(filled.json)")
        }
        // The kitchen: a pantry item (and its movement), settings, a recurring order with a run, a submitted order.
        let kitchen = try await api.run(
            """
            mutation($product: ID!) {
              a: addPantryItem(input: {productId: $product, quantity: 2, unit: PIECE, location: FRIDGE}) { userErrors { code } }
              b: updateKitchenSettings(input: {expiryAlertDays: 2}) { userErrors { code } }
              c: setRecurringOrderItem(input: {productId: $product, parQuantity: 5, unit: PIECE}) { userErrors { code } }
              d: setRecurringOrdersEnabled(input: {enabled: true, paymentMethod: CASH}) { userErrors { code } }
              e: addToDraftOrder(input: {productId: $product, quantity: 1}) { userErrors { code } }
              f: submitOrder(input: {confirmed: true, paymentMethod: DEBIT_CARD, paymentReference: "last four 4242"}) { userErrors { code } }
            }
            """, token: token, variables: GraphQLObject([("product", .string(product))]))
        for key in ["a", "b", "c", "d", "e", "f"] {
            #expect((kitchen["data.\(key).userErrors"] as? [Any])?.isEmpty == true, "kitchen \(key): \(kitchen.json)")
        }
        let userID = try await database.query("SELECT id FROM users WHERE email = $1", [email])[0].decode(Int64.self, at: 0)
        try await database.withTransaction { transaction in
            _ = try await RecurringOrders.run(for: userID, on: LocalDate(Date(), in: TimeZone(identifier: "UTC")!), in: transaction)
        }
        // An administrator role, and a role this account granted another.
        _ = try await database.query(
            """
            INSERT INTO user_roles (user_id, role, granted_by) VALUES ($1, 'administrator', NULL)
            """, [userID])
        _ = try await database.query(
            "INSERT INTO user_roles (user_id, role, granted_by) SELECT id, 'support', $1 FROM users WHERE email = 'user@demo.foodgraph.local'",
            [userID])
        // An administrator's correction on the user's request (the audit log's entry about them).
        _ = try await database.query(
            "INSERT INTO audit_log (actor_id, subject_user_id, action, reason, details) VALUES ($1, $1, 'PROFILE_CORRECTED', 'A test', '{heightCm}')",
            [userID])
        // A community mapping this administrator reviewed.
        _ = try await database.query(
            """
            INSERT INTO product_mappings (store_id, match_text, product_id, status, agreeing_users, reviewed_by, reviewed_at)
            SELECT store_id, 'OTHER TEXT', product_id, 'revoked', 3, $1, now() FROM purchases WHERE user_id = $1 LIMIT 1
            """, [userID])
        _ = try await Notifications.post(
            NewNotification(kind: .friendRequest, userID: userID, title: "A friend request", body: "Bo wants to be friends."), in: database)
        // Rivals: requests both ways, a friend, a block, a group they own with a member, an
        // invitation to another's group, and a day of figures.
        for statement in [
            "INSERT INTO friend_requests (from_user_id, to_user_id, status) SELECT $1, id, 'accepted' FROM users WHERE email = 'user@demo.foodgraph.local'",
            "INSERT INTO friend_requests (from_user_id, to_user_id) SELECT id, $1 FROM users WHERE email = 'admin@demo.foodgraph.local'",
            "INSERT INTO friendships (user_id, friend_id) SELECT $1, id FROM users WHERE email = 'user@demo.foodgraph.local' UNION ALL SELECT id, $1 FROM users WHERE email = 'user@demo.foodgraph.local'",
            "INSERT INTO user_blocks (blocker_id, blocked_id) SELECT $1, id FROM users WHERE email = 'support@demo.foodgraph.local'",
            "INSERT INTO rival_groups (owner_id, name, scoring_metrics, scoring_weights) VALUES ($1, 'Theirs', '{days_logged}', '{1}')",
            "INSERT INTO rival_group_members (group_id, user_id, joined_at) SELECT id, $1, now() - interval '1 day' FROM rival_groups WHERE name = 'Theirs'",
            "INSERT INTO rival_group_members (group_id, user_id) SELECT g.id, u.id FROM rival_groups g, users u WHERE g.name = 'Theirs' AND u.email = 'user@demo.foodgraph.local' AND $1 > 0",
            "INSERT INTO rival_groups (owner_id, name, scoring_metrics, scoring_weights) SELECT id, 'Others', '{days_logged}', '{1}' FROM users WHERE email = 'user@demo.foodgraph.local' AND $1 > 0",
            "INSERT INTO rival_group_invitations (group_id, user_id) SELECT id, $1 FROM rival_groups WHERE name = 'Others'",
            "INSERT INTO rival_days (user_id, local_date, energy_kcal, protein_g, entry_count) VALUES ($1, '2026-03-02', 100, 5, 1)",
            // A Google identity linked to the account (ProviderSignInTests links them with real tokens).
            "INSERT INTO user_identities (user_id, provider, subject, email) VALUES ($1, 'google', 'subject-of-the-export', 'x@example.com')",
            // Support: their own issue (answered by support), one of another user's they resolved and answered as staff, feedback.
            "INSERT INTO support_issues (user_id, subject, description, category, severity) VALUES ($1, 'Mine', 'Broken', 'bug', 'low')",
            "INSERT INTO support_issue_comments (issue_id, author_id, from_staff, body) SELECT s.id, u.id, true, 'Answer' FROM support_issues s, users u WHERE s.user_id = $1 AND u.email = 'support@demo.foodgraph.local'",
            "INSERT INTO support_issues (user_id, subject, description, category, severity, status, assigned_to, resolved_by) SELECT id, 'Theirs', 'Broken', 'bug', 'low', 'resolved', $1, $1 FROM users WHERE email = 'user@demo.foodgraph.local'",
            "INSERT INTO support_issue_comments (issue_id, author_id, from_staff, body) SELECT id, $1, true, 'Fixed' FROM support_issues WHERE subject = 'Theirs' AND assigned_to = $1",
            "INSERT INTO feedback_reports (user_id, rating, text) VALUES ($1, 4, 'Nice')",
        ] {
            _ = try await database.query(statement, [userID])
        }
        _ = try await database.withTransaction { transaction in
            _ = try await DietPlanStore.start(DietPlanCatalogue.all[0], for: userID, in: transaction)
            return try await MealPlanStore.upsertPlan(
                of: userID, weekOf: LocalDate(year: 2026, month: 1, day: 5)!, budget: 100, currency: "USD", dailyTargetKcal: 2000, shortfalls: [],
                in: transaction)
        }
        return Subject(api: api, token: token, userID: userID, email: email)
    }

    /// Rows holding the user's ID, by declared column.
    static func counts(of userID: Int64, in database: PostgresDatabase) async throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for column in PersonalData.userColumns {
            counts["\(column.table).\(column.column)"] = try await database.query(
                "SELECT count(*)::int8 FROM \(column.table) WHERE \(column.column) = $1", [userID])[0].decode(Int.self, at: 0)
        }
        return counts
    }

    func export(_ subject: Subject) async throws -> [String: Any] {
        let api = subject.api
        let requested = try await api.run("mutation { exportMyData { dataExport { id status requestedAt readyAt } userErrors { code } } }", token: subject.token)
        #expect(requested["data.exportMyData.dataExport.status"] as? String == "PENDING")
        let exportID = try #require(requested["data.exportMyData.dataExport.id"] as? String)
        #expect(try await DataExportStore.buildPending(in: api.database.database) == 1)
        let listed = try await api.run("{ me { dataExports { id status readyAt expiresAt sizeBytes } } }", token: subject.token)
        #expect(listed["data.me.dataExports.0.status"] as? String == "READY")
        let downloaded = try await api.run(
            "mutation($id: ID!) { downloadDataExport(input: {exportId: $id}) { dataExport { status downloadedAt } document userErrors { code } } }",
            token: subject.token, variables: GraphQLObject([("id", .string(exportID))]))
        #expect(downloaded["data.downloadDataExport.dataExport.status"] as? String == "DOWNLOADED")
        let text = try #require(downloaded["data.downloadDataExport.document"] as? String)
        #expect(listed["data.me.dataExports.0.sizeBytes"] as? Int == text.utf8.count)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func aUserWithDataInEveryAreaExportsItAllThenDeletesTheAccount() async throws {
        let subject = try await Self.subjectWithDataEverywhere()
        defer { Task { await subject.api.close() } }
        let api = subject.api
        let database = api.database.database

        // The export lists every row of every declared column (its own request among them).
        let document = try await export(subject)
        let before = try await Self.counts(of: subject.userID, in: database)
        #expect(document["format"] as? String == "foodgraph-personal-data/1")
        #expect(JSONTree.value(document, at: "accounts.account.email") as? String == subject.email)
        #expect(JSONTree.value(document, at: "accounts.account.password_hash") == nil)
        #expect((JSONTree.value(document, at: "accounts.images.0.base64") as? String)?.isEmpty == false)
        #expect((JSONTree.value(document, at: "accounts.failedSignIns") as? [Any])?.count == 1)
        for column in PersonalData.userColumns where !column.exportPath.isEmpty {
            let rows = before["\(column.table).\(column.column)"] ?? -1
            #expect(rows > 0, "the subject has no \(column.table).\(column.column) row: the test should give it one")
            if column.exportIsObject {
                #expect(JSONTree.value(document, at: column.exportPath) is [String: Any], "\(column.exportPath)")
            } else {
                #expect((JSONTree.value(document, at: column.exportPath) as? [Any])?.count == rows, "\(column.exportPath)")
            }
        }

        // Deleting: with the password, in one transaction.
        let prices = try await database.query("SELECT count(*)::int8 FROM price_observations")[0].decode(Int.self, at: 0)
        let products = try await database.query("SELECT count(*)::int8 FROM products")[0].decode(Int.self, at: 0)
        let deleted = try await api.run(
            #"mutation { deleteMyAccount(input: {password: "Secret-pass1"}) { deleted userErrors { field code } } }"#, token: subject.token)
        #expect(deleted["data.deleteMyAccount.deleted"] as? Bool == true)

        // No table holds the user's ID any more; the anonymised rows stay, without it.
        let after = try await Self.counts(of: subject.userID, in: database)
        #expect(after.values.allSatisfy { $0 == 0 }, "\(after.filter { $0.value > 0 })")
        #expect(try await database.query("SELECT count(*)::int8 FROM users WHERE id = $1", [subject.userID])[0].decode(Int.self, at: 0) == 0)
        #expect(try await database.query("SELECT count(*)::int8 FROM price_observations")[0].decode(Int.self, at: 0) == prices)
        // The pending product they submitted goes with them (it never reached the catalog).
        #expect(try await database.query("SELECT count(*)::int8 FROM products")[0].decode(Int.self, at: 0) == products - 1)
        #expect(
            try await database.query("SELECT count(*)::int8 FROM user_roles WHERE role = 'support' AND granted_by IS NULL")[0].decode(Int.self, at: 0)
                >= 1)
        // Nothing else keyed by the address: failed sign-ins go; the outbox keeps only the confirmation.
        #expect(try await database.query("SELECT count(*)::int8 FROM login_failures WHERE throttle_key LIKE '%everywhere%'")[0].decode(Int.self, at: 0) == 0)
        let mail = try await database.query("SELECT subject FROM email_outbox WHERE recipient = $1", [subject.email])
        #expect(try mail.map { try $0.decode(String.self, at: 0) } == ["Your FoodGraph account is deleted"])
        // Every session ended: the token no longer signs anything in.
        await #expect(throws: DomainError.self) { _ = try await api.application.makeContext(bearerToken: subject.token) }
        // The address is free again.
        let again = try await api.run(
            #"mutation { register(input: {email: "\#(subject.email)", password: "Secret-pass1"}) { user { id } userErrors { code } } }"#)
        #expect((again["data.register.userErrors"] as? [Any])?.isEmpty == true)
    }

    @Test func deletingTheAccountNeedsThePasswordOrARecentSignIn() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let database = api.database.database
        let token = try await api.signUp("careful@example.com")
        // A session signed in an hour ago, without the password: refused.
        _ = try await database.query("UPDATE sessions SET created_at = now() - interval '1 hour'")
        let stale = try await api.run("mutation { deleteMyAccount(input: {}) { deleted userErrors { field code } } }", token: token)
        #expect(stale["data.deleteMyAccount.deleted"] as? Bool == false)
        #expect(stale["data.deleteMyAccount.userErrors.0.code"] as? String == "REQUIRED")
        #expect(stale["data.deleteMyAccount.userErrors.0.field"] as? [String] == ["password"])
        let wrong = try await api.run(
            #"mutation { deleteMyAccount(input: {password: "Wrong-pass1"}) { deleted userErrors { field code } } }"#, token: token)
        #expect(wrong["data.deleteMyAccount.userErrors.0.code"] as? String == "WRONG_PASSWORD")
        #expect(try await AccountsTestSupport.count("users", in: database) == 1)
        // Wrong passwords count with failed sign-ins: a stolen session cannot guess for long.
        for _ in 0..<4 {
            _ = try await api.run(
                #"mutation { deleteMyAccount(input: {password: "Wrong-pass1"}) { deleted } }"#, token: token, expecting: ["RATE_LIMITED"])
        }
        let limited = try await api.run(
            #"mutation { deleteMyAccount(input: {password: "Wrong-pass1"}) { deleted } }"#, token: token, expecting: ["RATE_LIMITED"])
        #expect(limited.errorCodes == ["RATE_LIMITED"])
        // A fresh sign-in stands in for the password.
        let fresh = try await api.signUp("fresh@example.com")
        let deleted = try await api.run("mutation { deleteMyAccount(input: {}) { deleted userErrors { code } } }", token: fresh)
        #expect(deleted["data.deleteMyAccount.deleted"] as? Bool == true)
        #expect(try await AccountsTestSupport.count("users", in: database) == 1)
    }

    /// One transaction: when the last step fails, nothing was deleted.
    @Test func aDeletionWhoseLastStepFailsLeavesEverything() async throws {
        let subject = try await Self.subjectWithDataEverywhere()
        defer { Task { await subject.api.close() } }
        let database = subject.api.database.database
        let before = try await Self.counts(of: subject.userID, in: database)
        _ = try await database.query(
            """
            CREATE FUNCTION test_refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$
            """)
        _ = try await database.query("CREATE TRIGGER test_refuse BEFORE DELETE ON users FOR EACH ROW EXECUTE FUNCTION test_refuse_delete()")
        let response = try await subject.api.run(
            #"mutation { deleteMyAccount(input: {password: "Secret-pass1"}) { deleted } }"#, token: subject.token,
            expecting: ["INTERNAL_SERVER_ERROR"])
        #expect(response.errorCodes == ["INTERNAL_SERVER_ERROR"])
        #expect(try await Self.counts(of: subject.userID, in: database) == before)
        _ = try await subject.api.run("{ me { id } }", token: subject.token)
    }

    @Test func anExportIsItsOwnersOnlyDownloadableOnceWithinADay() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let database = api.database.database
        let owner = try await api.signUp("owner@example.com")
        let other = try await api.signUp("nosy@example.com")
        let admin = try await AccountsTestSupport.administrator(api)
        let first = try await api.run("mutation { exportMyData { dataExport { id status } } }", token: owner)
        let id = try #require(first["data.exportMyData.dataExport.id"] as? String)
        // Asking again while it is prepared gives the same request.
        let again = try await api.run("mutation { exportMyData { dataExport { id } } }", token: owner)
        #expect(again["data.exportMyData.dataExport.id"] as? String == id)
        let download = "mutation($id: ID!) { downloadDataExport(input: {exportId: $id}) { document userErrors { field code } } }"
        let variables = GraphQLObject([("id", .string(id))])
        let early = try await api.run(download, token: owner, variables: variables)
        #expect(early["data.downloadDataExport.userErrors.0.code"] as? String == "INVALID_STATE")
        try await DataExportStore.buildPending(in: database)
        // Nobody else sees or downloads it, not even an administrator.
        for token in [other, admin] {
            let stolen = try await api.run(download, token: token, variables: variables)
            #expect(stolen["data.downloadDataExport.userErrors.0.code"] as? String == "NOT_FOUND")
            let node = try await api.run("query($id: ID!) { node(id: $id) { id } }", token: token, variables: variables)
            #expect(node["data.node"] is NSNull)
        }
        let node = try await api.run("query($id: ID!) { node(id: $id) { ... on DataExport { status } } }", token: owner, variables: variables)
        #expect(node["data.node.status"] as? String == "READY")
        let once = try await api.run(download, token: owner, variables: variables)
        #expect(once["data.downloadDataExport.document"] is String)
        let twice = try await api.run(download, token: owner, variables: variables)
        #expect(twice["data.downloadDataExport.userErrors.0.code"] as? String == "INVALID_STATE")
        #expect(try await database.query("SELECT count(*)::int8 FROM data_exports WHERE document IS NOT NULL")[0].decode(Int.self, at: 0) == 0)

        // Not downloaded within a day: expired, and the document is deleted by the job.
        let second = try #require(
            try await api.run("mutation { exportMyData { dataExport { id } } }", token: owner)["data.exportMyData.dataExport.id"] as? String)
        try await DataExportStore.buildPending(in: database)
        _ = try await database.query("UPDATE data_exports SET ready_at = ready_at - interval '2 days', expires_at = expires_at - interval '2 days'")
        try await DataExportStore.purge(in: database)
        #expect(try await database.query("SELECT count(*)::int8 FROM data_exports WHERE document IS NOT NULL")[0].decode(Int.self, at: 0) == 0)
        let expired = try await api.run(download, token: owner, variables: GraphQLObject([("id", .string(second))]))
        #expect(expired["data.downloadDataExport.userErrors.0.code"] as? String == "INVALID_STATE")
        // Three a day, then RATE_LIMITED with when to try again.
        _ = try await api.run("mutation { exportMyData { dataExport { id } } }", token: owner)
        try await DataExportStore.buildPending(in: database)
        let limited = try await api.run("mutation { exportMyData { dataExport { id } } }", token: owner, expecting: ["RATE_LIMITED"])
        #expect(limited.errorCodes == ["RATE_LIMITED"])
        #expect(JSONTree.value(limited.json, at: "errors.0.extensions.retryAfterSeconds") as? Int ?? 0 > 0)
    }

    @Test func registrationRecordsThePolicyVersionsAcceptedWithTheTime() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let documents = try await api.run("{ policyDocuments { kind version publishedOn } }")
        #expect((documents["data.policyDocuments"] as? [Any])?.count == 2)
        let terms = try #require(documents["data.policyDocuments.0.version"] as? String)
        let registered = try await api.run(
            #"mutation { register(input: {email: "consent@example.com", password: "Secret-pass1", termsOfServiceVersion: "\#(terms)", privacyPolicyVersion: "2026-01"}) { user { consents { document version acceptedAt } pendingConsents } userErrors { code } } }"#)
        #expect((registered["data.register.user.consents"] as? [Any])?.count == 2)
        #expect((registered["data.register.user.pendingConsents"] as? [Any])?.isEmpty == true)
        #expect(registered["data.register.user.consents.0.acceptedAt"] is String)
        // A stale version is refused, naming the field; nothing is created.
        let stale = try await api.run(
            #"mutation { register(input: {email: "stale@example.com", password: "Secret-pass1", termsOfServiceVersion: "2019-01"}) { user { id } userErrors { field code } } }"#)
        #expect(stale["data.register.userErrors.0.code"] as? String == "INVALID_STATE")
        #expect(stale["data.register.userErrors.0.field"] as? [String] == ["termsOfServiceVersion"])
        #expect(try await AccountsTestSupport.count("users", in: api.database.database) == 1)
        // Without versions, both documents are pending.
        let token = try await api.signUp("later@example.com")
        let pending = try await api.run("{ me { pendingConsents } }", token: token)
        #expect(pending["data.me.pendingConsents"] as? [String] == ["TERMS_OF_SERVICE", "PRIVACY_POLICY"])
    }

    @Test func aUserAcceptsANewerVersionOfThePolicies() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let token = try await api.signUp("newer@example.com")
        // They accepted an earlier version once; the current one is newer.
        _ = try await api.database.database.query(
            """
            INSERT INTO consents (user_id, document, version, accepted_at)
            SELECT id, 'terms_of_service', '2025-06', now() - interval '200 days' FROM users
            """)
        #expect(try await api.run("{ me { pendingConsents } }", token: token)["data.me.pendingConsents"] as? [String] == ["TERMS_OF_SERVICE", "PRIVACY_POLICY"])
        let accepted = try await api.run(
            #"mutation { acceptPolicies(input: {termsOfServiceVersion: "2026-01", privacyPolicyVersion: "2026-01"}) { user { consents { document version acceptedAt } pendingConsents } userErrors { code } } }"#,
            token: token)
        #expect((accepted["data.acceptPolicies.user.pendingConsents"] as? [Any])?.isEmpty == true)
        let versions = (accepted["data.acceptPolicies.user.consents"] as? [[String: Any]])?.map { "\($0["document"] ?? "") \($0["version"] ?? "")" }
        #expect(versions == ["PRIVACY_POLICY 2026-01", "TERMS_OF_SERVICE 2026-01", "TERMS_OF_SERVICE 2025-06"])
        let empty = try await api.run("mutation { acceptPolicies(input: {}) { userErrors { code } } }", token: token)
        #expect(empty["data.acceptPolicies.userErrors.0.code"] as? String == "REQUIRED")
        let stale = try await api.run(#"mutation { acceptPolicies(input: {privacyPolicyVersion: "1999"}) { userErrors { field code } } }"#, token: token)
        #expect(stale["data.acceptPolicies.userErrors.0.field"] as? [String] == ["privacyPolicyVersion"])
    }
}
