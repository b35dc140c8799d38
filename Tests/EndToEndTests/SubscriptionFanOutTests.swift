import Foundation
import Server
import Synchronization
import Testing

@testable import FoodGraph

/// Live events across server instances (LISTEN/NOTIFY), each subscriber resolving its own selection
/// with its own permissions.
@Suite(.timeLimit(.minutes(3)))
struct SubscriptionFanOutTests {
    static let orderStatus = "subscription($id: ID!) { orderStatusChanged(orderId: $id) { id status } }"

    /// Instance A holds the subscriber; the order handler changes the status through instance B's
    /// HTTP API; the event reaches A within a second.
    @Test func anOrderStatusChangedThroughInstanceBReachesASubscriberOnInstanceAWithinOneSecond() async throws {
        try await SubscriptionServers.with(instances: 2, demoData: true) { servers in
            let (a, b) = (servers[0], servers[1])
            let (orderID, customer) = try await b.http.submittedOrder(email: "fan-out@example.com")
            let handler = try await b.http.demoLogin("orders")
            let hubA = LiveEventHub.shared(for: a.application.database.pool)
            #expect(hubA !== LiveEventHub.shared(for: b.application.database.pool))
            try await SocketSession.open(port: a.port) { socket in
                try await socket.initialise(token: customer)
                try await socket.subscribe("order", Self.orderStatus, variables: ["id": orderID])
                try await SubscriptionProtocolTests.waitForListening(hubA, subscribers: 1, on: a.http)
                let changed = try await b.http.run(
                    #"mutation { setOrderStatus(input: {orderId: "\#(orderID)", status: ACCEPTED}) { order { status } } }"#, token: handler)
                #expect(changed["data.setOrderStatus.order.status"] as? String == "ACCEPTED")
                let committed = ContinuousClock.now
                let next = try await socket.next(within: .seconds(1))
                let latency = ContinuousClock.now - committed
                #expect(latency < .seconds(1), "latency \(latency)")
                #expect(next["type"] as? String == "next")
                let order = ((next["payload"] as? [String: Any])?["data"] as? [String: Any])?["orderStatusChanged"] as? [String: Any]
                #expect(order?["id"] as? String == orderID)
                #expect(order?["status"] as? String == "ACCEPTED")
                print("fan-out latency (instance B's commit to instance A's subscriber): \(latency)")
            }
        }
    }

    /// Someone else's order is refused when subscribing; an order handler may follow any order.
    @Test func onlyTheOwnerAndOrderHandlersMayFollowAnOrder() async throws {
        try await SubscriptionServers.with(demoData: true) { servers in
            let api = servers[0].http
            let (orderID, _) = try await api.submittedOrder(email: "owner-ws@example.com")
            let stranger = try await api.signUp("stranger-ws@example.com")
            let handler = try await api.demoLogin("orders")
            try await SocketSession.open(port: servers[0].port) { socket in
                try await socket.initialise(token: stranger)
                try await socket.subscribe("theirs", Self.orderStatus, variables: ["id": orderID])
                let refused = try await socket.next()
                #expect(refused["type"] as? String == "error")
                let errors = try #require(refused["payload"] as? [[String: Any]])
                #expect((errors.first?["extensions"] as? [String: Any])?["code"] as? String == "NOT_FOUND")
            }
            let hub = LiveEventHub.shared(for: servers[0].application.database.pool)
            try await SocketSession.open(port: servers[0].port) { socket in
                try await socket.initialise(token: handler)
                try await socket.subscribe("any", Self.orderStatus, variables: ["id": orderID])
                try await SubscriptionProtocolTests.waitForListening(hub, subscribers: 1, on: api)
                _ = try await api.run(
                    #"mutation { setOrderStatus(input: {orderId: "\#(orderID)", status: ACCEPTED}) { order { status } } }"#, token: handler)
                let next = try await socket.next()
                let order = ((next["payload"] as? [String: Any])?["data"] as? [String: Any])?["orderStatusChanged"] as? [String: Any]
                #expect(order?["status"] as? String == "ACCEPTED")
            }
        }
    }

    /// A member follows the group's leaderboard: another member's diary entry changes it.
    @Test func aMemberSeesTheLeaderboardChangeWhenAnotherMemberLogsFood() async throws {
        try await SubscriptionServers.with(instances: 2) { servers in
            let (a, b) = (servers[0], servers[1])
            let ana = try await b.http.signUp("ana-live@example.com")
            let ben = try await b.http.signUp("ben-live@example.com")
            let outsider = try await b.http.signUp("outsider-live@example.com")
            let created = try await b.http.run(
                #"mutation { createRivalGroup(input: {name: "Live rivals", timeZone: "UTC"}) { group { id } } }"#, token: ana)
            let groupID = try #require(created["data.createRivalGroup.group.id"] as? String)
            let benID = try #require(try await b.http.run("{ me { id } }", token: ben)["data.me.id"] as? String)
            // Friends first (the group invites friends), then the invitation.
            for (token, name) in [(ana, "analive"), (ben, "benlive")] {
                _ = try await b.http.run(#"mutation { updateProfile(input: {username: "\#(name)"}) { userErrors { code } } }"#, token: token)
            }
            let sent = try await b.http.run(
                #"mutation { sendFriendRequest(input: {username: "benlive"}) { friendRequest { id } userErrors { code } } }"#, token: ana)
            let requestID = try #require(sent["data.sendFriendRequest.friendRequest.id"] as? String)
            _ = try await b.http.run(
                #"mutation { respondToFriendRequest(input: {friendRequestId: "\#(requestID)", accept: true}) { userErrors { code } } }"#, token: ben)
            _ = try await b.http.run(
                #"mutation { inviteToRivalGroup(input: {groupId: "\#(groupID)", userId: "\#(benID)"}) { userErrors { code } } }"#, token: ana)
            _ = try await b.http.run(
                #"mutation { respondToGroupInvitation(input: {groupId: "\#(groupID)", accept: true}) { userErrors { code } } }"#, token: ben)
            let hubA = LiveEventHub.shared(for: a.application.database.pool)
            let board = #"subscription($g: ID!) { leaderboardChanged(groupId: $g) { id leaderboard(from: "2026-03-02", to: "2026-03-08") { entries { rank member { username } } } } }"#
            try await SocketSession.open(port: a.port) { socket in
                try await socket.initialise(token: outsider)
                try await socket.subscribe("nope", board, variables: ["g": groupID])
                #expect(try await socket.next()["type"] as? String == "error")
            }
            try await SocketSession.open(port: a.port) { socket in
                try await socket.initialise(token: ana)
                try await socket.subscribe("board", board, variables: ["g": groupID])
                try await SubscriptionProtocolTests.waitForListening(hubA, subscribers: 1, on: a.http)
                _ = try await b.http.run(
                    #"mutation { addDiaryEntry(input: {food: {customFood: {name: "Oats", nutrition: {energyKcal: 380, fatG: 7, carbohydratesG: 60, proteinG: 13}}}, date: "2026-03-02", meal: BREAKFAST, quantity: 80, unit: GRAM}) { userErrors { code } } }"#,
                    token: ben)
                let next = try await socket.next()
                #expect(next["type"] as? String == "next", "\(next)")
                let group = ((next["payload"] as? [String: Any])?["data"] as? [String: Any])?["leaderboardChanged"] as? [String: Any]
                #expect(group?["id"] as? String == groupID)
                let entries = (group?["leaderboard"] as? [String: Any])?["entries"] as? [[String: Any]]
                #expect((entries?.first?["member"] as? [String: Any])?["username"] as? String == "benlive")
            }
        }
    }

    /// The user who reported an issue follows it: support takes it in hand and answers through the
    /// other instance; another user may not follow it.
    @Test func aUserFollowsTheirSupportIssueAsSupportTakesAndAnswersIt() async throws {
        try await SubscriptionServers.with(instances: 2, demoData: true) { servers in
            let (a, b) = (servers[0], servers[1])
            let user = try await b.http.signUp("support-live@example.com")
            let stranger = try await b.http.signUp("support-stranger-live@example.com")
            let sent = try await b.http.run(
                #"mutation { submitSupportIssue(input: {subject: "Live issue", description: "It froze.", category: BUG, severity: HIGH}) { issue { id } } }"#,
                token: user)
            let issueID = try #require(sent["data.submitSupportIssue.issue.id"] as? String)
            let support = try await b.http.demoLogin("support")
            let follow = "subscription($i: ID!) { supportIssueUpdated(issueId: $i) { id status comments { body fromStaff } } }"
            try await SocketSession.open(port: a.port) { socket in
                try await socket.initialise(token: stranger)
                try await socket.subscribe("theirs", follow, variables: ["i": issueID])
                #expect(try await socket.next()["type"] as? String == "error")
            }
            let hubA = LiveEventHub.shared(for: a.application.database.pool)
            try await SocketSession.open(port: a.port) { socket in
                try await socket.initialise(token: user)
                try await socket.subscribe("mine", follow, variables: ["i": issueID])
                try await SubscriptionProtocolTests.waitForListening(hubA, subscribers: 1, on: a.http)
                _ = try await b.http.run(
                    #"mutation { takeSupportIssue(input: {issueId: "\#(issueID)"}) { issue { status } } }"#, token: support)
                let taken = try await socket.next(within: .seconds(2))
                let issue = ((taken["payload"] as? [String: Any])?["data"] as? [String: Any])?["supportIssueUpdated"] as? [String: Any]
                #expect(issue?["status"] as? String == "IN_HAND", "\(taken)")
                _ = try await b.http.run(
                    #"mutation { commentOnSupportIssue(input: {issueId: "\#(issueID)", body: "Fixed in 2.1"}) { comment { id } } }"#,
                    token: support)
                let answered = try await socket.next(within: .seconds(2))
                let comments = (((answered["payload"] as? [String: Any])?["data"] as? [String: Any])?["supportIssueUpdated"] as? [String: Any])?["comments"]
                    as? [[String: Any]]
                #expect(comments?.last?["body"] as? String == "Fixed in 2.1")
                #expect(comments?.last?["fromStaff"] as? Bool == true)
            }
        }
    }

    /// The owner follows a scan as a worker claims it and fails it; another user may not.
    @Test func theOwnerFollowsAScanThroughItsStatuses() async throws {
        try await SubscriptionServers.with { servers in
            let api = servers[0].http
            let owner = try await api.signUp("scan-owner-ws@example.com")
            let stranger = try await api.signUp("scan-stranger-ws@example.com")
            let ownerID = try await SubscriptionProtocolTests.userID(api, owner)
            let database = api.database.database
            // A queued receipt scan, as `scanReceipt` leaves it for the workers.
            let scanKey = try await database.query(
                """
                INSERT INTO scans (user_id, kind, status, sha256, content_type, width, height, image, expires_at)
                VALUES ($1, 'receipt', 'pending', '\\x00', 'image/png', 1, 1, '\\x00', now() + interval '7 days') RETURNING id
                """, [ownerID])[0].decode(Int64.self, at: 0)
            let scanID = GlobalID(typeName: "Scan", key: scanKey).description
            let follow = "subscription($id: ID!) { scanUpdated(scanId: $id) { id status failureReason } }"
            try await SocketSession.open(port: servers[0].port) { socket in
                try await socket.initialise(token: stranger)
                try await socket.subscribe("theirs", follow, variables: ["id": scanID])
                #expect(try await socket.next()["type"] as? String == "error")
            }
            let hub = LiveEventHub.shared(for: servers[0].application.database.pool)
            try await SocketSession.open(port: servers[0].port) { socket in
                try await socket.initialise(token: owner)
                try await socket.subscribe("scan", follow, variables: ["id": scanID])
                try await SubscriptionProtocolTests.waitForListening(hub, subscribers: 1, on: api)
                _ = try await ScanStore.claim(limit: 10, in: database)
                let claimed = try await socket.next()
                let first = ((claimed["payload"] as? [String: Any])?["data"] as? [String: Any])?["scanUpdated"] as? [String: Any]
                #expect(first?["status"] as? String == "PROCESSING")
                try await ScanStore.failed(scanKey, reason: "Unreadable.", in: database)
                let failed = try await socket.next()
                let second = ((failed["payload"] as? [String: Any])?["data"] as? [String: Any])?["scanUpdated"] as? [String: Any]
                #expect(second?["status"] as? String == "FAILED")
                #expect(second?["failureReason"] as? String == "Unreadable.")
            }
        }
    }
}
