import Foundation
import Postgres

/// The SQL of support issues and their comments. Reads for a viewer are filtered by the callers'
/// visibility rule (`SupportIssueRecord.isVisible`); writes run in the mutation's transaction.
enum SupportStore {
    /// Comments one issue keeps at most.
    static let maximumComments = 200

    static func load(_ ids: [Int64], from database: some PostgresQuerying) async throws -> [Int64: SupportIssueRecord] {
        try await SupportIssueRecord.load(
            "SELECT \(SupportIssueRecord.columns) FROM support_issues s WHERE s.id = ANY($1)", ids: ids, from: database)
    }

    /// A user's issues, newest first.
    static func page(
        of userID: Int64, status: SupportIssueStatus?, _ page: Page, in database: some PostgresQuerying
    ) async throws -> Connection<SupportIssueRecord> {
        try await page.fetch(
            select: SupportIssueRecord.columns,
            from: "SELECT * FROM support_issues WHERE user_id = $1 AND ($2::text IS NULL OR status = $2)", as: "s",
            keys: [Page.Key(expression: "s.id", type: "int8")], descending: true, parameters: [userID, status?.databaseName], count: .none,
            in: database, decode: SupportIssueRecord.init)
    }

    /// The staff's queue, oldest first; OPEN and IN_HAND when no status is given.
    static func queue(
        status: SupportIssueStatus?, severity: SupportIssueSeverity?, category: SupportIssueCategory?, _ page: Page,
        in database: some PostgresQuerying
    ) async throws -> Connection<SupportIssueRecord> {
        let statuses = status.map { [$0.databaseName] } ?? ["open", "in_hand"]
        return try await page.fetch(
            select: SupportIssueRecord.columns,
            from: """
                SELECT * FROM support_issues WHERE status = ANY($1::text[]) AND ($2::text IS NULL OR severity = $2)
                  AND ($3::text IS NULL OR category = $3)
                """, as: "s",
            keys: [Page.Key(expression: "s.created_at", type: "timestamptz"), Page.Key(expression: "s.id", type: "int8")],
            parameters: [PostgresArray(statuses), severity?.databaseName, category?.databaseName], count: .none, in: database,
            decode: SupportIssueRecord.init)
    }

    static func screenshots(of ids: [Int64], from database: some PostgresQuerying) async throws -> [Int64: SupportScreenshot] {
        let rows = try await database.query(
            """
            SELECT id, screenshot_type, screenshot_width, screenshot_height, screenshot FROM support_issues
            WHERE id = ANY($1) AND screenshot IS NOT NULL
            """, [PostgresArray(ids)])
        var shots: [Int64: SupportScreenshot] = [:]
        for row in rows {
            shots[try row.decode(Int64.self, at: 0)] = SupportScreenshot(
                contentType: try row.decode(String.self, at: 1), width: try row.decode(Int.self, at: 2), height: try row.decode(Int.self, at: 3),
                bytes: try row.decode([UInt8].self, at: 4))
        }
        return shots
    }

    static func comments(of issueIDs: [Int64], from database: some PostgresQuerying) async throws -> [Int64: [SupportCommentRecord]] {
        let rows = try await database.query(
            """
            SELECT id, issue_id, author_id, from_staff, body, created_at FROM support_issue_comments
            WHERE issue_id = ANY($1) ORDER BY issue_id, id
            """, [PostgresArray(issueIDs)])
        var comments: [Int64: [SupportCommentRecord]] = Dictionary(uniqueKeysWithValues: issueIDs.map { ($0, []) })
        for row in rows {
            let comment = SupportCommentRecord(
                id: try row.decode(Int64.self, at: 0), issueID: try row.decode(Int64.self, at: 1), authorID: try row.decode(Int64?.self, at: 2),
                fromStaff: try row.decode(Bool.self, at: 3), body: try row.decode(String.self, at: 4), createdAt: try row.decode(Date.self, at: 5))
            comments[comment.issueID, default: []].append(comment)
        }
        return comments
    }

    // MARK: The limit

    /// Serialises a user's submissions for the rest of the transaction, so that two sent at once
    /// are counted one after the other and cannot both be the 5th.
    static func lockSubmissions(of userID: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query("SELECT pg_advisory_xact_lock(hashtextextended('support-issue-limit', $1))", [userID])
    }

    /// When the user's issues since `since` were sent.
    static func submissionTimes(of userID: Int64, since: Date, in database: some PostgresQuerying) async throws -> [Date] {
        try await database.query(
            "SELECT created_at FROM support_issues WHERE user_id = $1 AND created_at >= $2 ORDER BY created_at", [userID, since]
        ).map { try $0.decode(Date.self, at: 0) }
    }

    // MARK: Writes

    struct NewIssue: Sendable {
        var userID: Int64
        var subject: String
        var description: String
        var category: SupportIssueCategory
        var severity: SupportIssueSeverity
        var screenshot: StoredImage?
    }

    static func insert(_ issue: NewIssue, in transaction: PostgresTransaction) async throws -> SupportIssueRecord {
        try SupportIssueRecord(
            try await transaction.query(
                """
                INSERT INTO support_issues AS s (user_id, subject, description, category, severity, screenshot, screenshot_type,
                  screenshot_width, screenshot_height)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
                RETURNING \(SupportIssueRecord.columns)
                """,
                [
                    issue.userID, issue.subject, issue.description, issue.category.databaseName, issue.severity.databaseName,
                    issue.screenshot?.bytes, issue.screenshot?.format.rawValue, issue.screenshot?.width, issue.screenshot?.height,
                ])[0])
    }

    static func lock(_ id: Int64, in transaction: PostgresTransaction) async throws -> SupportIssueRecord? {
        try await transaction.query("SELECT \(SupportIssueRecord.columns) FROM support_issues s WHERE s.id = $1 FOR UPDATE", [id])
            .first.map(SupportIssueRecord.init)
    }

    /// OPEN → IN_HAND by `employeeID`. Nil when the issue was not OPEN (the row lock a concurrent
    /// take holds makes this one see its outcome).
    static func take(_ id: Int64, by employeeID: Int64, in transaction: PostgresTransaction) async throws -> SupportIssueRecord? {
        try await transaction.query(
            """
            UPDATE support_issues s SET status = 'in_hand', assigned_to = $2, taken_at = now(), updated_at = now()
            WHERE s.id = $1 AND s.status = 'open' RETURNING \(SupportIssueRecord.columns)
            """, [id, employeeID]
        ).first.map(SupportIssueRecord.init)
    }

    static func resolve(_ id: Int64, by userID: Int64, in transaction: PostgresTransaction) async throws -> SupportIssueRecord {
        try SupportIssueRecord(
            try await transaction.query(
                """
                UPDATE support_issues s SET status = 'resolved', resolved_by = $2, resolved_at = now(), updated_at = now()
                WHERE s.id = $1 RETURNING \(SupportIssueRecord.columns)
                """, [id, userID])[0])
    }

    /// Back to OPEN and unassigned; the resolution is undone, so it no longer counts as anyone's
    /// experience.
    static func reopen(_ id: Int64, in transaction: PostgresTransaction) async throws -> SupportIssueRecord {
        try SupportIssueRecord(
            try await transaction.query(
                """
                UPDATE support_issues s SET status = 'open', assigned_to = NULL, taken_at = NULL, resolved_by = NULL, resolved_at = NULL,
                  updated_at = now()
                WHERE s.id = $1 RETURNING \(SupportIssueRecord.columns)
                """, [id])[0])
    }

    static func commentCount(of issueID: Int64, in database: some PostgresQuerying) async throws -> Int {
        try await database.query("SELECT count(*)::int8 FROM support_issue_comments WHERE issue_id = $1", [issueID])[0].decode(Int.self, at: 0)
    }

    static func addComment(
        to issueID: Int64, by authorID: Int64, fromStaff: Bool, body: String, in transaction: PostgresTransaction
    ) async throws -> SupportCommentRecord {
        let row = try await transaction.query(
            """
            INSERT INTO support_issue_comments (issue_id, author_id, from_staff, body) VALUES ($1, $2, $3, $4)
            RETURNING id, created_at
            """, [issueID, authorID, fromStaff, body])[0]
        _ = try await transaction.query("UPDATE support_issues SET updated_at = now() WHERE id = $1", [issueID])
        return SupportCommentRecord(
            id: try row.decode(Int64.self, at: 0), issueID: issueID, authorID: authorID, fromStaff: fromStaff, body: body,
            createdAt: try row.decode(Date.self, at: 1))
    }

    // MARK: Workload

    /// For each employee: issues in hand now, and issues resolved (their experience).
    static func workload(of employeeIDs: [Int64], in database: some PostgresQuerying) async throws -> [Int64: (inHand: Int, resolved: Int)] {
        let rows = try await database.query(
            """
            SELECT e.id,
              (SELECT count(*) FROM support_issues s WHERE s.assigned_to = e.id AND s.status = 'in_hand')::int8,
              (SELECT count(*) FROM support_issues s WHERE s.resolved_by = e.id)::int8
            FROM unnest($1::int8[]) AS e(id)
            """, [PostgresArray(employeeIDs)])
        var workload: [Int64: (inHand: Int, resolved: Int)] = [:]
        for row in rows {
            workload[try row.decode(Int64.self, at: 0)] = (try row.decode(Int.self, at: 1), try row.decode(Int.self, at: 2))
        }
        return workload
    }
}
