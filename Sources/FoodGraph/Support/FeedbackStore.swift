import Foundation
import Postgres

/// The SQL of experience reports.
enum FeedbackStore {
    static func insert(rating: Int, text: String, by userID: Int64, in transaction: PostgresTransaction) async throws -> FeedbackReportRecord {
        let row = try await transaction.query(
            "INSERT INTO feedback_reports (user_id, rating, text) VALUES ($1, $2, $3) RETURNING created_at", [userID, rating, text])[0]
        return FeedbackReportRecord(rating: rating, text: text, createdAt: try row.decode(Date.self, at: 0))
    }

    /// Reports per rating sent in `[from, to)`.
    static func summary(from: Date, to: Date, in database: some PostgresQuerying) async throws -> FeedbackSummary {
        let rows = try await database.query(
            """
            SELECT r.rating, count(f.id)::int8 FROM generate_series(1, 5) AS r(rating)
            LEFT JOIN feedback_reports f ON f.rating = r.rating AND f.created_at >= $1 AND f.created_at < $2
            GROUP BY r.rating ORDER BY r.rating
            """, [from, to])
        let ratings = try rows.map { FeedbackRatingCount(rating: try $0.decode(Int.self, at: 0), count: try $0.decode(Int.self, at: 1)) }
        let count = ratings.reduce(0) { $0 + $1.count }
        let sum = ratings.reduce(0) { $0 + $1.rating * $1.count }
        let average = count == 0 ? nil : (Double(sum) / Double(count) * 100).rounded() / 100
        return FeedbackSummary(from: from, to: to, count: count, averageRating: average, ratings: ratings)
    }
}

/// Where experience reports are emailed: `FOODGRAPH_FEEDBACK_EMAIL`; none when unset or blank
/// (reports are then only stored).
enum FeedbackMail {
    static var recipient: String? {
        guard let value = ProcessInfo.processInfo.environment["FOODGRAPH_FEEDBACK_EMAIL"]?.trimmingCharacters(in: .whitespaces),
            !value.isEmpty
        else { return nil }
        return value
    }

    static func subject(rating: Int) -> String { "FoodGraph experience report: \(rating)/5" }

    /// The sender's account ID, not their name or email: the team answers through the admin
    /// console, where the access rules apply.
    static func body(rating: Int, text: String, userID: Int64, at date: Date) -> String {
        """
        Rating: \(rating)/5
        From account: \(GlobalID(typeName: "User", key: userID))
        Sent: \(RFC3339.format(date))

        \(text.isEmpty ? "(no text)" : text)
        """
    }
}
