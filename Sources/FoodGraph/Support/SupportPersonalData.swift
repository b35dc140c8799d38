import Postgres

/// What support holds about a user, for `exportMyData` and `deleteMyAccount`. Their own issues
/// (with screenshots and every comment on them) and their experience reports are deleted with the
/// account: they are about the user and nobody else needs them. What they did as support staff
/// stays on other users' issues, without them: the comments they wrote there (the answer is part of
/// that user's record) and who had an issue in hand or resolved it.
enum SupportPersonalData: PersonalDataHolder {
    static let exportKey = "support"

    static let userColumns = [
        UserColumn(table: "support_issues", column: "user_id", handling: .deleted, exportPath: "support.issues"),
        UserColumn(
            table: "support_issues", column: "assigned_to",
            handling: .anonymised(kept: "the issue is its sender's; who had it in hand is dropped"), exportPath: "support.issuesHandled"),
        UserColumn(
            table: "support_issues", column: "resolved_by",
            handling: .anonymised(kept: "the issue is its sender's; who resolved it is dropped"), exportPath: "support.issuesHandled"),
        UserColumn(
            table: "support_issue_comments", column: "author_id",
            handling: .anonymised(kept: "an answer stays on the other user's issue, without its author"), exportPath: "support.commentsWritten"),
        UserColumn(table: "feedback_reports", column: "user_id", handling: .deleted, exportPath: "support.feedback"),
    ]

    static func export(_ userID: Int64, in database: some PostgresQuerying) async throws -> String {
        try await database.query(
            """
            SELECT jsonb_build_object(
              'issues', coalesce((SELECT jsonb_agg(jsonb_build_object(
                  'number', s.number, 'subject', s.subject, 'description', s.description, 'category', s.category,
                  'severity', s.severity, 'status', s.status, 'createdAt', s.created_at, 'takenAt', s.taken_at,
                  'resolvedAt', s.resolved_at, 'screenshotType', s.screenshot_type, 'screenshotBase64', encode(s.screenshot, 'base64'),
                  'comments', (SELECT coalesce(jsonb_agg(jsonb_build_object(
                      'body', c.body, 'fromStaff', c.from_staff, 'createdAt', c.created_at) ORDER BY c.id), '[]')
                    FROM support_issue_comments c WHERE c.issue_id = s.id)) ORDER BY s.id)
                FROM support_issues s WHERE s.user_id = $1), '[]'),
              'issuesHandled', coalesce((SELECT jsonb_agg(jsonb_build_object(
                  'number', s.number, 'status', s.status, 'inHand', s.assigned_to = $1, 'resolvedByYou', s.resolved_by = $1) ORDER BY s.id)
                FROM support_issues s WHERE s.user_id <> $1 AND (s.assigned_to = $1 OR s.resolved_by = $1)), '[]'),
              'commentsWritten', coalesce((SELECT jsonb_agg(jsonb_build_object(
                  'issueNumber', s.number, 'body', c.body, 'createdAt', c.created_at) ORDER BY c.id)
                FROM support_issue_comments c JOIN support_issues s ON s.id = c.issue_id
                WHERE c.author_id = $1 AND s.user_id <> $1), '[]'),
              'feedback', coalesce((SELECT jsonb_agg(jsonb_build_object(
                  'rating', f.rating, 'text', f.text, 'createdAt', f.created_at) ORDER BY f.id)
                FROM feedback_reports f WHERE f.user_id = $1), '[]')
            )::text
            """, [userID])[0].decode(String.self, at: 0)
    }

    static func erase(_ userID: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query("DELETE FROM support_issues WHERE user_id = $1", [userID])
        _ = try await transaction.query("DELETE FROM feedback_reports WHERE user_id = $1", [userID])
        _ = try await transaction.query("UPDATE support_issue_comments SET author_id = NULL WHERE author_id = $1", [userID])
        _ = try await transaction.query(
            """
            UPDATE support_issues SET assigned_to = CASE WHEN assigned_to = $1 THEN NULL ELSE assigned_to END,
              resolved_by = CASE WHEN resolved_by = $1 THEN NULL ELSE resolved_by END,
              status = CASE WHEN status = 'in_hand' AND assigned_to = $1 THEN 'open' ELSE status END
            WHERE assigned_to = $1 OR resolved_by = $1
            """, [userID])
    }
}
