import Foundation
import GraphQLEngine
import Postgres
import TestSupport
import Testing

@testable import FoodGraph

/// The demo data (its `support`, `orders` and `admin` staff) and a way to make users and issues
/// directly, as the API would.
struct SupportFixture {
    let api: TestAPI
    let support: String
    let admin: String
    let handler: String

    static func make() async throws -> SupportFixture {
        let api = try await CatalogTests.seeded()
        return SupportFixture(
            api: api, support: try await CatalogTypedTests.login(api, "support"), admin: try await CatalogTypedTests.login(api, "admin"),
            handler: try await CatalogTypedTests.login(api, "orders"))
    }

    var database: PostgresDatabase { api.database.database }

    /// A signed-in user (made directly), optionally with a role and a profile time zone.
    func user(role: Role? = nil, timeZone: String = "UTC", name: String = "Sam") async throws -> (id: Int64, token: String) {
        try await database.withTransaction { transaction in
            let email = try #require(EmailAddress("sup-\(UUID().uuidString.prefix(12).lowercased())@example.com"))
            let id = try await UserStore.insert(email, passwordHash: "not-a-hash", in: transaction)
            try await ProfileStore.insert(userID: id, displayName: name, in: transaction)
            _ = try await transaction.query("UPDATE profiles SET time_zone = $2 WHERE user_id = $1", [id, timeZone])
            if let role { _ = try await RoleStore.grant(role, chainID: nil, to: id, by: id, in: transaction) }
            return (id, try await Sessions.create(for: id, userAgent: nil, policy: AccountPolicy(), in: transaction).token)
        }
    }

    /// Issues written straight into the table at given times (the history a limit counts).
    func backdated(_ times: [Date], for userID: Int64, severity: String = "low", status: String = "open") async throws {
        for time in times {
            _ = try await database.query(
                """
                INSERT INTO support_issues (user_id, subject, description, category, severity, status, created_at)
                VALUES ($1, 'Earlier issue', 'Sent before', 'bug', $3, $4, $2)
                """, [userID, time, severity, status])
        }
    }

    static let submit = """
        mutation($s: String!, $sev: SupportIssueSeverity!, $shot: Base64) {
          submitSupportIssue(input: {subject: $s, description: "The scan screen freezes.", category: BUG, severity: $sev, screenshot: $shot}) {
            issue { id number status severity screenshot { contentType width height } }
            allowedAgainAt
            userErrors { field code message }
          }
        }
        """

    func submit(_ token: String, subject: String = "App freezes", severity: String = "LOW", screenshot: String? = nil) async throws -> Response {
        try await api.run(
            Self.submit, token: token,
            variables: GraphQLObject([
                ("s", .string(subject)), ("sev", .string(severity)), ("shot", screenshot.map { .string($0) } ?? .null),
            ]))
    }

    /// Submits and returns the issue's ID.
    func issue(_ token: String, severity: String = "LOW") async throws -> String {
        let response = try await submit(token, severity: severity)
        return try #require(response["data.submitSupportIssue.issue.id"] as? String, "\(response.json)")
    }

    func run(_ mutation: String, issue: String, token: String, expecting: Set<String> = []) async throws -> Response {
        try await api.run(
            "mutation($i: ID!) { \(mutation)(input: {issueId: $i}) { issue { id status assignee { name } } userErrors { field code message } } }",
            token: token, variables: GraphQLObject([("i", .string(issue))]), expecting: expecting)
    }

    /// The start of today, tomorrow, this week (Monday) and the next in a time zone, worked out
    /// here with a calendar of the test's own (not the server's rule), as the API formats them.
    static func boundaries(in zone: String, now: Date = Date()) -> (tomorrow: Date, nextWeek: Date, today: Date, weekStart: Date) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        let today = calendar.startOfDay(for: now)
        let weekday = calendar.component(.weekday, from: today)  // 1 is Sunday, 2 Monday
        let weekStart = calendar.date(byAdding: .day, value: -((weekday + 5) % 7), to: today)!
        return (calendar.date(byAdding: .day, value: 1, to: today)!, calendar.date(byAdding: .day, value: 7, to: weekStart)!, today, weekStart)
    }
}
