import Foundation
import GraphQLEngine
import Postgres
import TestSupport
import Testing

@testable import FoodGraph

/// Scan&Cook US-005: users send support issues, numbered automatically, at most 5 a day and 25 a
/// week, and see only their own.
@Suite struct SupportIssueTests {
    @Test func aUserSendsIssuesNumberedInOneSequenceAndSeesOnlyTheirOwn() async throws {
        let fixture = try await SupportFixture.make()
        defer { Task { await fixture.api.close() } }
        let ana = try await fixture.user(name: "Ana")
        let bob = try await fixture.user(name: "Bob")
        let first = try await fixture.submit(ana.token, subject: "  Scanner crashes  ")
        let second = try await fixture.submit(bob.token)
        let third = try await fixture.submit(ana.token)
        let numbers = [first, second, third].compactMap { $0["data.submitSupportIssue.issue.number"] as? Int }
        #expect(numbers.count == 3 && numbers[1] == numbers[0] + 1 && numbers[2] == numbers[0] + 2, "\(numbers)")
        #expect(first["data.submitSupportIssue.issue.status"] as? String == "OPEN")
        let anaIssue = try #require(first["data.submitSupportIssue.issue.id"] as? String)

        let mine = try await fixture.api.run("{ me { supportIssues(first: 10) { edges { node { number subject requester { displayName } } } } } }", token: ana.token)
        let edges = try #require(mine["data.me.supportIssues.edges"] as? [[String: Any]])
        #expect(edges.count == 2)
        #expect(JSONTree.value(edges[1], at: "node.subject") as? String == "Scanner crashes")  // newest first, trimmed
        #expect(JSONTree.value(edges[0], at: "node.requester.displayName") as? String == "Ana")

        let node = "query($i: ID!) { node(id: $i) { ... on SupportIssue { number subject } } }"
        let variables = GraphQLObject([("i", .string(anaIssue))])
        let asBob = try await fixture.api.run(node, token: bob.token, variables: variables)
        #expect(JSONTree.value(asBob.json, at: "data.node") is NSNull, "\(asBob.json)")
        let asHandler = try await fixture.api.run(node, token: fixture.handler, variables: variables)
        #expect(JSONTree.value(asHandler.json, at: "data.node") is NSNull, "an order handler is not support staff")
        let asSupport = try await fixture.api.run(node, token: fixture.support, variables: variables)
        #expect(asSupport["data.node.number"] as? Int == numbers[0])
        let bobComment = try await fixture.api.run(
            "mutation($i: ID!) { commentOnSupportIssue(input: {issueId: $i, body: \"me too\"}) { userErrors { code } } }", token: bob.token,
            variables: variables)
        #expect(bobComment["data.commentOnSupportIssue.userErrors.0.code"] as? String == "NOT_FOUND")
    }

    @Test func boundsAreCheckedAndARefusalWritesNothing() async throws {
        let fixture = try await SupportFixture.make()
        defer { Task { await fixture.api.close() } }
        let user = try await fixture.user()
        let short = try await fixture.submit(user.token, subject: "ab")
        #expect(short["data.submitSupportIssue.userErrors.0.code"] as? String == "TOO_SHORT")
        #expect(short["data.submitSupportIssue.userErrors.0.field"] as? [String] == ["subject"])
        let long = try await fixture.submit(user.token, subject: String(repeating: "x", count: 201))
        #expect(long["data.submitSupportIssue.userErrors.0.code"] as? String == "TOO_LONG")
        let gif = Data(Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 64)).base64EncodedString()
        let refused = try await fixture.submit(user.token, screenshot: gif)
        #expect(refused["data.submitSupportIssue.userErrors.0.code"] as? String == "UNSUPPORTED_IMAGE_TYPE")
        #expect(refused["data.submitSupportIssue.userErrors.0.field"] as? [String] == ["screenshot"])
        let tiny = Data(TestImages.encoded(.png, width: 8, height: 8)).base64EncodedString()
        let small = try await fixture.submit(user.token, screenshot: tiny)
        #expect(small["data.submitSupportIssue.userErrors.0.code"] as? String == "INVALID_IMAGE_DIMENSIONS")
        let count = try await fixture.database.query("SELECT count(*)::int8 FROM support_issues WHERE user_id = $1", [user.id])[0].decode(Int.self, at: 0)
        #expect(count == 0)

        let png = Data(TestImages.encoded(.png, width: 64, height: 48)).base64EncodedString()
        let accepted = try await fixture.submit(user.token, screenshot: "data:image/png;base64," + png)
        #expect(accepted["data.submitSupportIssue.issue.screenshot.contentType"] as? String == "image/png", "\(accepted.json)")
        #expect(accepted["data.submitSupportIssue.issue.screenshot.width"] as? Int == 64)
    }

    @Test func theSixthIssueOfADayIsRefusedUntilMidnightInTheUsersTimeZone() async throws {
        let fixture = try await SupportFixture.make()
        defer { Task { await fixture.api.close() } }
        let zone = "America/Vancouver"
        let user = try await fixture.user(timeZone: zone)
        for index in 1...5 {
            let response = try await fixture.submit(user.token)
            #expect(response["data.submitSupportIssue.issue.id"] is String, "issue \(index): \(response.json)")
        }
        let sixth = try await fixture.submit(user.token)
        #expect(sixth["data.submitSupportIssue.userErrors.0.code"] as? String == "SUPPORT_ISSUE_LIMIT")
        #expect(JSONTree.value(sixth.json, at: "data.submitSupportIssue.issue") is NSNull)
        let again = try #require(sixth["data.submitSupportIssue.allowedAgainAt"] as? String)
        #expect(again == RFC3339.format(SupportFixture.boundaries(in: zone).tomorrow), "the next midnight in Vancouver")
        let count = try await fixture.database.query("SELECT count(*)::int8 FROM support_issues WHERE user_id = $1", [user.id])[0].decode(Int.self, at: 0)
        #expect(count == 5)
    }

    @Test func issuesSentBeforeMidnightInTheUsersTimeZoneCountForThatDay() async throws {
        let fixture = try await SupportFixture.make()
        defer { Task { await fixture.api.close() } }
        // 14 hours ahead of UTC: the user's midnight is not the server's.
        let zone = "Pacific/Kiritimati"
        let user = try await fixture.user(timeZone: zone)
        let today = SupportFixture.boundaries(in: zone).today
        try await fixture.backdated(Array(repeating: today.addingTimeInterval(-60), count: 5), for: user.id)
        let afterMidnight = try await fixture.submit(user.token)
        #expect(afterMidnight["data.submitSupportIssue.issue.id"] is String, "yesterday's five do not count today: \(afterMidnight.json)")
        // The same history a minute after the user's midnight is today's: the next is the 7th.
        try await fixture.backdated(Array(repeating: today.addingTimeInterval(1), count: 4), for: user.id)
        let refused = try await fixture.submit(user.token)
        #expect(refused["data.submitSupportIssue.userErrors.0.code"] as? String == "SUPPORT_ISSUE_LIMIT")
    }

    @Test func theTwentySixthIssueOfAWeekIsRefusedUntilMonday() async throws {
        let fixture = try await SupportFixture.make()
        defer { Task { await fixture.api.close() } }
        // Earlier days of this week exist unless today is Monday: of two zones 25 hours apart, one
        // has its Monday behind it.
        let zone = ["Pacific/Kiritimati", "Pacific/Pago_Pago"].first { zone in
            let bounds = SupportFixture.boundaries(in: zone)
            return bounds.today > bounds.weekStart
        }!
        let bounds = SupportFixture.boundaries(in: zone)
        let user = try await fixture.user(timeZone: zone)
        try await fixture.backdated(Array(repeating: bounds.weekStart.addingTimeInterval(60), count: 21), for: user.id)
        for index in 22...25 {
            let response = try await fixture.submit(user.token)
            #expect(response["data.submitSupportIssue.issue.id"] is String, "issue \(index): \(response.json)")
        }
        let refused = try await fixture.submit(user.token)
        #expect(refused["data.submitSupportIssue.userErrors.0.code"] as? String == "SUPPORT_ISSUE_LIMIT")
        #expect(refused["data.submitSupportIssue.allowedAgainAt"] as? String == RFC3339.format(bounds.nextWeek), "\(refused.json)")
    }

    @Test func submissionsSentAtOnceCannotGoPastTheFifth() async throws {
        let fixture = try await SupportFixture.make()
        defer { Task { await fixture.api.close() } }
        let user = try await fixture.user()
        // Twenty at once: counted one after the other, five pass; counted side by side, more would.
        let outcomes = try await withThrowingTaskGroup(of: String?.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    let response = try await fixture.submit(user.token)
                    return response["data.submitSupportIssue.issue.id"] is String ? "ok" : response["data.submitSupportIssue.userErrors.0.code"] as? String
                }
            }
            return try await group.reduce(into: [String?]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 == "ok" }.count == 5, "\(outcomes)")
        #expect(outcomes.filter { $0 == "SUPPORT_ISSUE_LIMIT" }.count == 15, "\(outcomes)")
        let count = try await fixture.database.query("SELECT count(*)::int8 FROM support_issues WHERE user_id = $1", [user.id])[0].decode(Int.self, at: 0)
        #expect(count == 5)
    }
}

/// The limit's calendar without a database: the edges of a day and a week, and a clock change.
@Suite struct SupportIssueLimitTests {
    let toronto = TimeZone(identifier: "America/Toronto")!

    func date(_ text: String) -> Date { RFC3339.parse(text)! }

    @Test func aDayRunsFromLocalMidnightToLocalMidnight() {
        // 23:59 and 00:01 in Toronto on 24 November are 04:59 and 05:01 UTC.
        let fiveLate = Array(repeating: date("2026-11-25T04:59:00Z"), count: 5)
        #expect(SupportIssueLimit.check(previous: fiveLate, now: date("2026-11-25T05:01:00Z"), timeZone: toronto) == nil)
        let refusal = SupportIssueLimit.check(previous: fiveLate, now: date("2026-11-25T04:59:30Z"), timeZone: toronto)
        #expect(refusal?.allowedAgainAt == date("2026-11-25T05:00:00Z"))
        #expect(SupportIssueLimit.check(previous: Array(fiveLate.prefix(4)), now: date("2026-11-25T04:59:30Z"), timeZone: toronto) == nil)
    }

    @Test func aWeekRunsFromMondayAndItsRefusalOutlastsTheDays() {
        // Monday 23 November 2026 00:00 in Toronto is 05:00 UTC.
        let week = (0..<25).map { date("2026-11-23T05:00:00Z").addingTimeInterval(Double($0 / 5) * 86_400 + 60) }
        let saturday = date("2026-11-28T15:00:00Z")
        #expect(SupportIssueLimit.check(previous: Array(week.prefix(24)), now: saturday, timeZone: toronto) == nil)
        #expect(SupportIssueLimit.check(previous: week, now: saturday, timeZone: toronto)?.allowedAgainAt == date("2026-11-30T05:00:00Z"))
        #expect(SupportIssueLimit.check(previous: week, now: date("2026-11-30T05:00:01Z"), timeZone: toronto) == nil)
    }

    @Test func aDayOfTwentyFiveHoursEndsAtItsOwnMidnight() {
        // Clocks go back on 1 November 2026 in Toronto: that day ends at 05:00 UTC on the 2nd.
        let refusal = SupportIssueLimit.check(
            previous: Array(repeating: date("2026-11-01T12:00:00Z"), count: 5), now: date("2026-11-02T04:30:00Z"), timeZone: toronto)
        #expect(refusal?.allowedAgainAt == date("2026-11-02T05:00:00Z"))
    }
}
