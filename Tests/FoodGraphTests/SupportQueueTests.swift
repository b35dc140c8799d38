import Foundation
import GraphQLEngine
import Postgres
import TestSupport
import Testing

@testable import FoodGraph

/// Scan&Cook US-006: support staff see the queue, take issues in hand, answer, resolve; the most
/// critical go to the most experienced.
@Suite struct SupportQueueTests {
    static let queue = """
        query($st: SupportIssueStatus, $sev: SupportIssueSeverity, $cat: SupportIssueCategory) {
          supportQueue(status: $st, severity: $sev, category: $cat, first: 50) { edges { node { id number status severity } } }
        }
        """

    func queue(_ fixture: SupportFixture, _ token: String, status: String? = nil, severity: String? = nil, expecting: Set<String> = []) async throws
        -> Response
    {
        try await fixture.api.run(
            Self.queue, token: token,
            variables: GraphQLObject([("st", status.map { .string($0) } ?? .null), ("sev", severity.map { .string($0) } ?? .null), ("cat", .null)]),
            expecting: expecting)
    }

    func numbers(_ response: Response) -> [Int] {
        (response["data.supportQueue.edges"] as? [[String: Any]] ?? []).compactMap { JSONTree.value($0, at: "node.number") as? Int }
    }

    @Test func supportStaffSeeTheQueueOldestFirstAndTakeAnIssueInHand() async throws {
        let fixture = try await SupportFixture.make()
        defer { Task { await fixture.api.close() } }
        let user = try await fixture.user()
        let low = try await fixture.issue(user.token, severity: "LOW")
        let critical = try await fixture.issue(user.token, severity: "CRITICAL")
        _ = try await fixture.issue(user.token, severity: "HIGH")
        let all = numbers(try await queue(fixture, fixture.support))
        #expect(all.count == 3 && all == all.sorted(), "oldest first: \(all)")
        #expect(numbers(try await queue(fixture, fixture.support, severity: "CRITICAL")).count == 1)

        let taken = try await fixture.run("takeSupportIssue", issue: low, token: fixture.support)
        #expect(taken["data.takeSupportIssue.issue.status"] as? String == "IN_HAND")
        #expect(taken["data.takeSupportIssue.issue.assignee.name"] as? String != nil, "\(taken.json)")
        #expect(numbers(try await queue(fixture, fixture.admin, status: "IN_HAND")).count == 1, "administrators see the queue too")
        #expect(numbers(try await queue(fixture, fixture.support, status: "OPEN")).count == 2)
        let again = try await fixture.run("takeSupportIssue", issue: low, token: fixture.support)
        #expect(again["data.takeSupportIssue.issue.status"] as? String == "IN_HAND", "taking one's own again changes nothing")

        _ = try await queue(fixture, fixture.handler, expecting: ["FORBIDDEN"])
        _ = try await queue(fixture, user.token, expecting: ["FORBIDDEN"])
        _ = try await fixture.run("takeSupportIssue", issue: critical, token: fixture.handler, expecting: ["FORBIDDEN"])
        _ = try await fixture.run("takeSupportIssue", issue: critical, token: user.token, expecting: ["FORBIDDEN"])
    }

    @Test func twoEmployeesCannotTakeTheSameIssue() async throws {
        let fixture = try await SupportFixture.make()
        defer { Task { await fixture.api.close() } }
        let user = try await fixture.user()
        let colleague = try await fixture.user(role: .support)
        for round in 0..<5 {
            let issue = try await fixture.issue(user.token)
            let results = try await withThrowingTaskGroup(of: Response.self) { group in
                for token in [fixture.support, colleague.token] {
                    group.addTask { try await fixture.run("takeSupportIssue", issue: issue, token: token) }
                }
                return try await group.reduce(into: [Response]()) { $0.append($1) }
            }
            let winners = results.filter { $0["data.takeSupportIssue.issue.status"] as? String == "IN_HAND" }
            let losers = results.compactMap { $0["data.takeSupportIssue.userErrors.0.code"] as? String }
            #expect(winners.count == 1 && losers == ["ISSUE_ALREADY_TAKEN"], "round \(round): \(results.map(\.json))")
        }
    }

    @Test func aStaffAnswerNotifiesTheUserAndBothSidesComment() async throws {
        let fixture = try await SupportFixture.make()
        defer { Task { await fixture.api.close() } }
        let user = try await fixture.user()
        let issue = try await fixture.issue(user.token)
        let comment = "mutation($i: ID!, $b: String!) { commentOnSupportIssue(input: {issueId: $i, body: $b}) { comment { fromStaff author { name } } userErrors { field code } } }"
        func say(_ body: String, _ token: String) async throws -> Response {
            try await fixture.api.run(comment, token: token, variables: GraphQLObject([("i", .string(issue)), ("b", .string(body))]))
        }
        let own = try await say("It happens on every scan.", user.token)
        #expect(own["data.commentOnSupportIssue.comment.fromStaff"] as? Bool == false)
        let notifications = "{ me { notifications(first: 10) { edges { node { kind title } } } } }"
        #expect((try await fixture.api.run(notifications, token: user.token)["data.me.notifications.edges"] as? [Any])?.isEmpty == true)
        let answer = try await say("Fixed in version 2.1; please update.", fixture.support)
        #expect(answer["data.commentOnSupportIssue.comment.fromStaff"] as? Bool == true)
        #expect(answer["data.commentOnSupportIssue.comment.author.name"] is String)
        let after = try await fixture.api.run(notifications, token: user.token)
        #expect(after["data.me.notifications.edges.0.node.kind"] as? String == "SUPPORT_ISSUE_ANSWERED", "\(after.json)")
        let empty = try await say("   ", user.token)
        #expect(empty["data.commentOnSupportIssue.userErrors.0.code"] as? String == "REQUIRED")
        let thread = try await fixture.api.run(
            "query($i: ID!) { node(id: $i) { ... on SupportIssue { comments { body fromStaff } } } }", token: user.token,
            variables: GraphQLObject([("i", .string(issue))]))
        #expect((thread["data.node.comments"] as? [Any])?.count == 2)
    }

    @Test func theOwnerOrStaffResolveAndReopenAnIssue() async throws {
        let fixture = try await SupportFixture.make()
        defer { Task { await fixture.api.close() } }
        let user = try await fixture.user()
        let stranger = try await fixture.user()
        let issue = try await fixture.issue(user.token)
        _ = try await fixture.run("takeSupportIssue", issue: issue, token: fixture.support)
        let foreign = try await fixture.run("resolveSupportIssue", issue: issue, token: stranger.token)
        #expect(foreign["data.resolveSupportIssue.userErrors.0.code"] as? String == "NOT_FOUND")
        let resolved = try await fixture.run("resolveSupportIssue", issue: issue, token: fixture.support)
        #expect(resolved["data.resolveSupportIssue.issue.status"] as? String == "RESOLVED")
        let twice = try await fixture.run("resolveSupportIssue", issue: issue, token: user.token)
        #expect(twice["data.resolveSupportIssue.userErrors.0.code"] as? String == "INVALID_STATE")
        let takeResolved = try await fixture.run("takeSupportIssue", issue: issue, token: fixture.support)
        #expect(takeResolved["data.takeSupportIssue.userErrors.0.code"] as? String == "INVALID_STATE")
        let reopened = try await fixture.run("reopenSupportIssue", issue: issue, token: user.token)
        #expect(reopened["data.reopenSupportIssue.issue.status"] as? String == "OPEN")
        #expect(JSONTree.value(reopened.json, at: "data.reopenSupportIssue.issue.assignee") is NSNull)
        let byOwner = try await fixture.run("resolveSupportIssue", issue: issue, token: user.token)
        #expect(byOwner["data.resolveSupportIssue.issue.status"] as? String == "RESOLVED")
        let reopenedByStaff = try await fixture.run("reopenSupportIssue", issue: issue, token: fixture.admin)
        #expect(reopenedByStaff["data.reopenSupportIssue.issue.status"] as? String == "OPEN")
    }

    @Test func criticalIssuesSuggestTheMostExperiencedAvailableEmployee() async throws {
        let fixture = try await SupportFixture.make()
        defer { Task { await fixture.api.close() } }
        let user = try await fixture.user()
        let veteran = try await fixture.user(role: .support, name: "Vera Veteran")
        let critical = try await fixture.issue(user.token, severity: "CRITICAL")
        let minor = try await fixture.issue(user.token, severity: "LOW")
        _ = try await fixture.database.query(
            "INSERT INTO support_issues (user_id, subject, description, category, severity, status, resolved_by) SELECT $1, 'Old', 'Old', 'bug', 'low', 'resolved', $2 FROM generate_series(1, 3)",
            [user.id, veteran.id])
        let suggestion = "query($i: ID!) { node(id: $i) { ... on SupportIssue { suggestedAssignee { name } } } }"
        func suggested(_ issue: String, _ token: String) async throws -> Any? {
            try await fixture.api.run(suggestion, token: token, variables: GraphQLObject([("i", .string(issue))]))["data.node.suggestedAssignee.name"]
        }
        #expect(try await suggested(critical, fixture.support) as? String == "Vera Veteran")
        #expect(try await suggested(minor, fixture.support) == nil, "only critical issues get a suggestion")
        #expect(try await suggested(critical, user.token) == nil, "users do not see who is suggested")
        // Five in hand: not available; the next most experienced is suggested instead.
        try await fixture.backdated(Array(repeating: Date(), count: 5), for: user.id, status: "in_hand")
        _ = try await fixture.database.query("UPDATE support_issues SET assigned_to = $1 WHERE status = 'in_hand'", [veteran.id])
        let next = try await suggested(critical, fixture.support) as? String
        #expect(next != nil && next != "Vera Veteran")
        _ = try await fixture.database.query("UPDATE support_issues SET status = 'resolved' WHERE status = 'in_hand'")
        _ = try await fixture.database.query("UPDATE users SET disabled_at = now() WHERE id = $1", [veteran.id])
        #expect(try await suggested(critical, fixture.support) as? String != "Vera Veteran", "a disabled account is not available")
    }

    @Test func aPageOfTheQueueCostsTheSameStatementsForThreeIssuesOrThirty() async throws {
        let fixture = try await SupportFixture.make()
        defer { Task { await fixture.api.close() } }
        let page = """
            { supportQueue(first: 50) { edges { node { id number requester { displayName email } assignee { name }
              suggestedAssignee { name } comments { body author { name } } } } } }
            """
        func statements(issues: Int) async throws -> Int {
            for _ in 0..<issues {
                let user = try await fixture.user()
                let issue = try await fixture.issue(user.token, severity: "CRITICAL")
                _ = try await fixture.run("takeSupportIssue", issue: issue, token: fixture.support)
                _ = try await fixture.api.run(
                    "mutation($i: ID!) { commentOnSupportIssue(input: {issueId: $i, body: \"On it\"}) { userErrors { code } } }", token: fixture.support,
                    variables: GraphQLObject([("i", .string(issue))]))
                _ = try await fixture.database.query("UPDATE support_issues SET status = 'open' WHERE id = (SELECT max(id) FROM support_issues)")
            }
            // The fewer of two runs: the session check also records the session's last use, at
            // most once a minute, and on a loaded host a minute can pass between the two cases.
            var counts: [Int] = []
            for _ in 0..<2 {
                let response = try await fixture.api.run(page, token: fixture.admin)
                #expect((response["data.supportQueue.edges"] as? [Any])?.count ?? 0 >= issues)
                counts.append(response.statements)
            }
            return counts.min() ?? 0
        }
        let few = try await statements(issues: 3)
        let many = try await statements(issues: 27)
        #expect(few == many, "3 issues: \(few) statements; 30 issues: \(many)")
        #expect(many <= 12, "\(many) statements for a page of 30 issues")
    }

    @Test func theSuggestionRuleWeighsExperienceThenLoad() {
        typealias C = SupportAssignment.Candidate
        #expect(SupportAssignment.pick([C(userID: 1, inHand: 0, resolved: 2), C(userID: 2, inHand: 4, resolved: 9)]) == 2)
        #expect(SupportAssignment.pick([C(userID: 1, inHand: 0, resolved: 2), C(userID: 2, inHand: 5, resolved: 9)]) == 1)
        #expect(SupportAssignment.pick([C(userID: 3, inHand: 2, resolved: 4), C(userID: 2, inHand: 1, resolved: 4)]) == 2)
        #expect(SupportAssignment.pick([C(userID: 3, inHand: 1, resolved: 4), C(userID: 2, inHand: 1, resolved: 4)]) == 2)
        #expect(SupportAssignment.pick([]) == nil)
    }
}
