import Foundation
import GraphQLEngine
import Postgres
import Testing

@testable import FoodGraph

/// Notifications (issue #30's model, used by every area): created through `Notifications.post`
/// in the writer's transaction, read newest first by their recipient only, marked read, switched
/// per kind.
@Suite struct NotificationsTests {
    struct Member {
        let token: String
        let userID: Int64
    }

    static func member(_ api: TestAPI, _ email: String) async throws -> Member {
        let token = try await api.signUp(email)
        let id = try #require(try await api.run("{ me { id } }", token: token)["data.me.id"] as? String)
        return Member(token: token, userID: try #require(GlobalID(parsing: id)).key)
    }

    static func post(_ kind: NotificationKind, to member: Member, _ title: String, dedupeKey: String? = nil, in api: TestAPI) async throws -> Bool {
        try await Notifications.post(
            NewNotification(kind: kind, userID: member.userID, title: title, body: "\(title) (body)", dedupeKey: dedupeKey),
            in: api.database.database)
    }

    static let list = "{ me { unreadNotificationCount notifications(first: 10) { edges { node { id kind title body readAt } } } } }"

    static func titles(_ response: Response) -> [String] {
        ((response["data.me.notifications.edges"] as? [[String: Any]]) ?? []).compactMap { ($0["node"] as? [String: Any])?["title"] as? String }
    }

    @Test func aUserReadsTheirNotificationsNewestFirstAndMarksThemRead() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let ana = try await Self.member(api, "ana@example.com")
        for title in ["Milk expires tomorrow", "Order 12 accepted", "Bo wants to be friends"] {
            let kind: NotificationKind = title.hasPrefix("Milk") ? .expiringFood : title.hasPrefix("Order") ? .orderStatusChanged : .friendRequest
            #expect(try await Self.post(kind, to: ana, title, in: api))
        }
        var response = try await api.run(Self.list, token: ana.token)
        #expect(Self.titles(response) == ["Bo wants to be friends", "Order 12 accepted", "Milk expires tomorrow"])
        #expect(response["data.me.unreadNotificationCount"] as? Int == 3)
        let newest = try #require((response["data.me.notifications.edges"] as? [[String: Any]])?.first?["node"] as? [String: Any])
        #expect(newest["kind"] as? String == "FRIEND_REQUEST")

        let marked = try await api.run(
            "mutation($ids: [ID!]) { markNotificationsRead(input: {notificationIds: $ids}) { markedCount unreadNotificationCount userErrors { code } } }",
            token: ana.token, variables: GraphQLObject([("ids", .list([.string(newest["id"] as? String ?? "")]))]))
        #expect(marked["data.markNotificationsRead.markedCount"] as? Int == 1)
        #expect(marked["data.markNotificationsRead.unreadNotificationCount"] as? Int == 2)
        response = try await api.run("{ me { notifications(unreadOnly: true) { edges { node { title } } } } }", token: ana.token)
        #expect(Self.titles(response) == ["Order 12 accepted", "Milk expires tomorrow"])

        let all = try await api.run(
            "mutation { markNotificationsRead(input: {}) { markedCount unreadNotificationCount } }", token: ana.token)
        #expect(all["data.markNotificationsRead.markedCount"] as? Int == 2)
        #expect(all["data.markNotificationsRead.unreadNotificationCount"] as? Int == 0)
    }

    @Test func anotherUsersNotificationIsNeitherReadNorMarked() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let ana = try await Self.member(api, "ana@example.com")
        let bo = try await Self.member(api, "bo@example.com")
        #expect(try await Self.post(.orderStatusChanged, to: ana, "Order 7 delivered", in: api))
        let id = try #require(
            ((try await api.run(Self.list, token: ana.token)["data.me.notifications.edges"] as? [[String: Any]])?.first?["node"]
                as? [String: Any])?["id"] as? String)

        let node = try await api.run(#"{ node(id: "\#(id)") { id } }"#, token: bo.token)
        #expect(node["data.node"] is NSNull)
        #expect(try await api.run(#"{ node(id: "\#(id)") { ... on Notification { title } } }"#, token: ana.token)["data.node.title"] as? String
            == "Order 7 delivered")
        let marked = try await api.run(
            #"mutation { markNotificationsRead(input: {notificationIds: ["\#(id)"]}) { markedCount userErrors { field code } } }"#,
            token: bo.token)
        #expect(marked["data.markNotificationsRead.userErrors.0.code"] as? String == "NOT_FOUND")
        #expect(try await api.run(Self.list, token: ana.token)["data.me.unreadNotificationCount"] as? Int == 1)
        _ = try await api.run("{ me { notifications { edges { cursor } } } }", expecting: ["UNAUTHENTICATED"])
    }

    @Test func aKindSwitchedOffIsNotCreatedAndADedupeKeyNotifiesOnce() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let ana = try await Self.member(api, "ana@example.com")
        let switched = try await api.run(
            "mutation { setNotificationEnabled(input: {kind: GROUP_INVITATION, enabled: false}) { settings { groupInvitations friendRequests } } }",
            token: ana.token)
        #expect(switched["data.setNotificationEnabled.settings.groupInvitations"] as? Bool == false)
        #expect(switched["data.setNotificationEnabled.settings.friendRequests"] as? Bool == true)
        #expect(try await Self.post(.groupInvitation, to: ana, "Join the Gainers", in: api) == false)
        #expect(try await Self.post(.expiringFood, to: ana, "Yoghurt expires", dedupeKey: "expiring:1:2026-11-24", in: api))
        #expect(try await Self.post(.expiringFood, to: ana, "Yoghurt expires", dedupeKey: "expiring:1:2026-11-24", in: api) == false)
        #expect(Self.titles(try await api.run(Self.list, token: ana.token)) == ["Yoghurt expires"])
        // The profile's switches are the same switches.
        let profile = try await api.run("{ me { profile { notifications { groupInvitations } } } }", token: ana.token)
        #expect(profile["data.me.profile.notifications.groupInvitations"] as? Bool == false)
    }

    /// Written in the writer's transaction: rolled back with it, never announced.
    @Test func aNotificationOfARolledBackChangeDoesNotExist() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let ana = try await Self.member(api, "ana@example.com")
        struct Abandoned: Error {}
        await #expect(throws: Abandoned.self) {
            try await api.database.database.withTransaction { transaction in
                #expect(try await Notifications.post(NewNotification(kind: .scanReady, userID: ana.userID, title: "Scan ready", body: ""), in: transaction))
                throw Abandoned()
            }
        }
        #expect(try await api.run(Self.list, token: ana.token)["data.me.unreadNotificationCount"] as? Int == 0)
    }

    @Test func readNotificationsGoAfterNinetyDaysAndAnyAfterAYear() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let ana = try await Self.member(api, "ana@example.com")
        let database = api.database.database
        for title in ["old read", "old unread", "ancient unread", "new read"] { #expect(try await Self.post(.scanReady, to: ana, title, in: api)) }
        _ = try await database.query(
            """
            UPDATE notifications SET
              created_at = now() - CASE title WHEN 'old read' THEN interval '91 days' WHEN 'old unread' THEN interval '91 days'
                                              WHEN 'ancient unread' THEN interval '366 days' ELSE interval '1 day' END,
              read_at = CASE WHEN title LIKE '%unread' THEN NULL ELSE now() END
            """, [])
        let now = Date()
        let purged = try await NotificationStore.purge(
            readBefore: now.addingTimeInterval(-NotificationsArea.readRetention), before: now.addingTimeInterval(-NotificationsArea.retention),
            in: database)
        #expect(purged == 2)
        #expect(Set(Self.titles(try await api.run(Self.list, token: ana.token))) == ["old unread", "new read"])
    }
}
