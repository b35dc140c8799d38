import Foundation
import TestSupport
import Testing

@testable import FoodGraphCLI

/// Issue #31's support page over real HTTP, through the console's persisted operations (by hash):
/// support takes an issue, answers it and resolves it; other roles get the API's refusal.
struct SupportConsoleOverHTTPTests {
    typealias Console = AdminConsoleOverHTTPTests

    @Test func supportTakesAnswersAndResolvesAnIssueThroughTheConsole() async throws {
        try await HTTPTestAPI.with(demoData: true) { api in
            let operations = try await Console.operations(api)
            let user = try await Console.token(api, "user")
            let sent = try await api.run(
                #"mutation { submitSupportIssue(input: {subject: "Console issue", description: "It froze.", category: BUG, severity: HIGH}) { issue { id number } } }"#,
                token: user)
            let issueID = try #require(sent["data.submitSupportIssue.issue.id"] as? String)
            let support = try await Console.signIn(api, operations, "support")
            let queue = try await Console.run(
                api, operations, "AdminSupportQueue", variables: ["severity": "HIGH", "category": "BUG", "first": 50], token: support)
            let listed = (queue["data.supportQueue.edges"] as? [[String: Any]] ?? []).compactMap { $0["node"] as? [String: Any] }
            let row = try #require(listed.first { $0["id"] as? String == issueID }, "\(queue.json)")
            #expect(JSONTree.value(row, at: "requester.email") as? String == "user@demo.foodgraph.local")
            let taken = try await Console.run(api, operations, "AdminTakeSupportIssue", variables: ["input": ["issueId": issueID]], token: support)
            #expect(taken["data.takeSupportIssue.issue.status"] as? String == "IN_HAND")
            let answered = try await Console.run(
                api, operations, "AdminCommentOnSupportIssue", variables: ["input": ["issueId": issueID, "body": "Update to 2.1."]], token: support)
            #expect(JSONTree.value(answered.json, at: "data.commentOnSupportIssue.issue.comments.0.fromStaff") as? Bool == true)
            let resolved = try await Console.run(api, operations, "AdminResolveSupportIssue", variables: ["input": ["issueId": issueID]], token: support)
            #expect(resolved["data.resolveSupportIssue.issue.status"] as? String == "RESOLVED")
            let shot = try await Console.run(api, operations, "AdminSupportScreenshot", variables: ["id": issueID], token: support)
            #expect(JSONTree.value(shot.json, at: "data.node.screenshot") is NSNull)
            // The owner sees it through the API.
            let seen = try await api.run(#"{ node(id: "\#(issueID)") { ... on SupportIssue { status } } }"#, token: user)
            #expect(seen["data.node.status"] as? String == "RESOLVED")
            // Order handlers, chain representatives and users: the queue and the take are refused.
            for role in ["orders", "chain", "user"] {
                let token = try await Console.signIn(api, operations, role)
                let refused = try await Console.run(api, operations, "AdminSupportQueue", variables: ["first": 5], token: token, expecting: ["FORBIDDEN"])
                #expect(refused.errorCodes == ["FORBIDDEN"], "\(role)")
                let take = try await Console.run(
                    api, operations, "AdminTakeSupportIssue", variables: ["input": ["issueId": issueID]], token: token, expecting: ["FORBIDDEN"])
                #expect(take.errorCodes == ["FORBIDDEN"], "\(role)")
            }
        }
    }
}
