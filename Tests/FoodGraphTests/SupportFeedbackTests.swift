import Foundation
import GraphQLEngine
import Postgres
import TestSupport
import Testing

@testable import FoodGraph

/// Scan&Cook US-007: experience reports, their totals for administrators, an email each; and what
/// support keeps of a user once their account is deleted.
@Suite struct SupportFeedbackTests {
    static let submit = """
        mutation($r: Int!, $t: String!) { submitFeedback(input: {rating: $r, text: $t}) { feedback { rating text } userErrors { field code } } }
        """

    @Test func usersSendExperienceReportsThatAdministratorsSeeSummedUpAndByEmail() async throws {
        setenv("FOODGRAPH_FEEDBACK_EMAIL", "feedback@foodgraph.test", 1)
        let fixture = try await SupportFixture.make()
        defer { Task { await fixture.api.close() } }
        let user = try await fixture.user()
        for (rating, text) in [(5, "Love the scanner"), (4, ""), (4, "Good"), (1, "Too slow")] {
            let sent = try await fixture.api.run(
                Self.submit, token: user.token, variables: GraphQLObject([("r", .int(rating)), ("t", .string(text))]))
            #expect(sent["data.submitFeedback.feedback.rating"] as? Int == rating, "\(sent.json)")
        }
        let bad = try await fixture.api.run(Self.submit, token: user.token, variables: GraphQLObject([("r", .int(6)), ("t", .string("x"))]))
        #expect(bad["data.submitFeedback.userErrors.0.code"] as? String == "OUT_OF_RANGE")
        #expect(bad["data.submitFeedback.userErrors.0.field"] as? [String] == ["rating"])

        let mails = try await fixture.database.query(
            "SELECT recipient, subject, body FROM email_outbox WHERE recipient = 'feedback@foodgraph.test' ORDER BY id")
        #expect(mails.count == 4, "one email per report, none for the refused one")
        #expect(try mails[3].decode(String.self, at: 1) == "FoodGraph experience report: 1/5")
        #expect(try mails[3].decode(String.self, at: 2).contains("Too slow"))

        let summary = "{ feedbackSummary { count averageRating ratings { rating count } } }"
        let totals = try await fixture.api.run(summary, token: fixture.admin)
        #expect(totals["data.feedbackSummary.count"] as? Int == 4)
        #expect(totals["data.feedbackSummary.averageRating"] as? Double == 3.5)
        let counts = (totals["data.feedbackSummary.ratings"] as? [[String: Any]] ?? []).compactMap { $0["count"] as? Int }
        #expect(counts == [1, 0, 0, 2, 1])
        let past = try await fixture.api.run(
            #"{ feedbackSummary(from: "2020-01-01T00:00:00Z", to: "2020-02-01T00:00:00Z") { count averageRating } }"#, token: fixture.admin)
        #expect(past["data.feedbackSummary.count"] as? Int == 0)
        _ = try await fixture.api.run(summary, token: fixture.support, expecting: ["FORBIDDEN"])
        _ = try await fixture.api.run(#"{ feedbackSummary(from: "2020-01-01T00:00:00Z", to: "2026-01-01T00:00:00Z") { count } }"#,
            token: fixture.admin, expecting: ["BAD_USER_INPUT"])
    }

    @Test func aDeletedAccountTakesItsIssuesAndLeavesItsAnswersWithoutIt() async throws {
        let fixture = try await SupportFixture.make()
        defer { Task { await fixture.api.close() } }
        let user = try await fixture.user()
        let other = try await fixture.user()
        let employee = try await fixture.user(role: .support)
        let issue = try await fixture.issue(user.token)
        let othersIssue = try await fixture.issue(other.token)
        _ = try await fixture.run("takeSupportIssue", issue: othersIssue, token: employee.token)
        let comment = "mutation($i: ID!) { commentOnSupportIssue(input: {issueId: $i, body: \"Looking into it\"}) { userErrors { code } } }"
        for target in [issue, othersIssue] {
            _ = try await fixture.api.run(comment, token: employee.token, variables: GraphQLObject([("i", .string(target))]))
        }
        _ = try await fixture.api.run(SupportFeedbackTests.submit, token: user.token, variables: GraphQLObject([("r", .int(3)), ("t", .string("ok"))]))

        let document = try await PersonalData.document(of: user.id, in: fixture.database)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any])
        #expect((JSONTree.value(json, at: "support.issues") as? [Any])?.count == 1)
        #expect((JSONTree.value(json, at: "support.issues.0.comments") as? [Any])?.count == 1)
        #expect((JSONTree.value(json, at: "support.feedback") as? [Any])?.count == 1)
        let staffDocument = try await PersonalData.document(of: employee.id, in: fixture.database)
        #expect(staffDocument.contains("\"issuesHandled\": [{"), "\(staffDocument)")

        try await fixture.database.withTransaction { try await PersonalData.erase(user.id, in: $0) }
        try await fixture.database.withTransaction { try await PersonalData.erase(employee.id, in: $0) }
        let left = try await fixture.database.query(
            """
            SELECT (SELECT count(*) FROM support_issues WHERE user_id = $1)::int8, (SELECT count(*) FROM feedback_reports WHERE user_id = $1)::int8,
              (SELECT count(*) FROM support_issue_comments c JOIN support_issues s ON s.id = c.issue_id WHERE s.user_id = $2 AND c.author_id IS NULL)::int8,
              (SELECT status FROM support_issues WHERE user_id = $2)
            """, [user.id, other.id])[0]
        #expect(try left.decode(Int.self, at: 0) == 0)
        #expect(try left.decode(Int.self, at: 1) == 0)
        #expect(try left.decode(Int.self, at: 2) == 1, "the answer stays on the other user's issue, without its author")
        #expect(try left.decode(String.self, at: 3) == "open", "an issue its deleted holder had in hand goes back to the queue")
    }
}
