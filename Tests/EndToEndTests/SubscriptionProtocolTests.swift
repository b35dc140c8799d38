import Foundation
import Server
import TestSupport
import Testing

@testable import FoodGraph

/// `graphql-transport-ws` on `/graphql`, with a real WebSocket client: each close code of the
/// protocol, ping/pong, subscribe/next/error/complete, and single results over the socket.
@Suite(.timeLimit(.minutes(2)))
struct SubscriptionProtocolTests {
    static let notifications = "subscription { notificationAdded { id title kind } }"

    /// The user's ID (the key of `me.id`).
    static func userID(_ api: HTTPTestAPI, _ token: String) async throws -> Int64 {
        let me = try #require(try await api.run("{ me { id } }", token: token)["data.me.id"] as? String)
        return try #require(GlobalID(parsing: me)?.key)
    }

    static func notify(_ api: HTTPTestAPI, _ userID: Int64, _ title: String) async throws {
        try await Notifications.post(
            NewNotification(kind: .orderStatusChanged, userID: userID, title: title, body: "Body of \(title)"), in: api.database.database)
    }

    @Test func aMessageThatIsNotGraphQLTransportWSClosesWith4400() async throws {
        try await SubscriptionServers.with { servers in
            let notJSON = try await SocketSession.open(port: servers[0].port) { socket in
                try await socket.send("this is not JSON")
                #expect(await socket.closedByServer())
            }
            #expect(notJSON?.closeCode == .unknown(4400))
            let noID = try await SocketSession.open(port: servers[0].port) { socket in
                try await socket.send(["type": "subscribe", "payload": ["query": "{ __typename }"]])
                #expect(await socket.closedByServer())
            }
            #expect(noID?.closeCode == .unknown(4400))
            #expect(noID?.reason?.contains("id") == true)
        }
    }

    @Test func subscribingBeforeConnectionAckClosesWith4401() async throws {
        try await SubscriptionServers.with { servers in
            let closed = try await SocketSession.open(port: servers[0].port) { socket in
                try await socket.subscribe("1", Self.notifications)
                #expect(await socket.closedByServer())
            }
            #expect(closed?.closeCode == .unknown(4401))
        }
    }

    @Test func aConnectionWithoutAValidTokenClosesWith4403() async throws {
        try await SubscriptionServers.with { servers in
            let closed = try await SocketSession.open(port: servers[0].port) { socket in
                try await socket.send(["type": "connection_init", "payload": ["token": "not-a-session"]])
                #expect(await socket.closedByServer())
            }
            #expect(closed?.closeCode == .unknown(4403))
        }
    }

    @Test func aDuplicateSubscriptionIDClosesWith4409() async throws {
        try await SubscriptionServers.with { servers in
            let token = try await servers[0].http.signUp("dup-ws@example.com")
            let closed = try await SocketSession.open(port: servers[0].port) { socket in
                try await socket.initialise(token: token)
                try await socket.subscribe("same", Self.notifications)
                try await socket.subscribe("same", Self.notifications)
                #expect(await socket.closedByServer())
            }
            #expect(closed?.closeCode == .unknown(4409))
        }
    }

    @Test func aSecondConnectionInitClosesWith4429() async throws {
        try await SubscriptionServers.with { servers in
            let token = try await servers[0].http.signUp("twice-ws@example.com")
            let closed = try await SocketSession.open(port: servers[0].port) { socket in
                try await socket.initialise(token: token)
                try await socket.send(["type": "connection_init", "payload": ["token": token]])
                #expect(await socket.closedByServer())
            }
            #expect(closed?.closeCode == .unknown(4429))
        }
    }

    @Test func aConnectionThatNeverInitialisesClosesWith4408() async throws {
        var subscriptions = SubscriptionConfiguration()
        subscriptions.initTimeout = .milliseconds(300)
        try await SubscriptionServers.with(subscriptions: subscriptions) { servers in
            let started = ContinuousClock.now
            let closed = try await SocketSession.open(port: servers[0].port) { socket in
                #expect(await socket.closedByServer())
            }
            #expect(closed?.closeCode == .unknown(4408))
            #expect(ContinuousClock.now - started < .seconds(3))
        }
    }

    /// The HTTP deadlines (a head's, an idle connection's) end with the upgrade: a quiet subscriber
    /// stays connected past them, while a connection that never sends a head is closed.
    @Test func aQuietSubscriberOutlivesTheHTTPDeadlines() async throws {
        var configuration = ServerConfiguration(port: 0)
        configuration.headerTimeout = .milliseconds(500)
        configuration.idleTimeout = .milliseconds(500)
        var subscriptions = SubscriptionConfiguration()
        subscriptions.pingInterval = nil
        try await SubscriptionServers.with(subscriptions: subscriptions, configuration: configuration) { servers in
            let token = try await servers[0].http.signUp("quiet-ws@example.com")
            try await SocketSession.open(port: servers[0].port) { socket in
                try await socket.initialise(token: token)
                try await Task.sleep(for: .milliseconds(1500))
                try await socket.send(["type": "ping"])
                #expect(try await socket.next()["type"] as? String == "pong")
            }
            let silent = try RawConnection(port: servers[0].port)
            let (_, closed) = await silent.receive(for: .seconds(3))
            #expect(closed)
        }
    }

    @Test func pingIsAnsweredWithPongAndTheServerPingsToo() async throws {
        var subscriptions = SubscriptionConfiguration()
        subscriptions.pingInterval = .milliseconds(200)
        try await SubscriptionServers.with(subscriptions: subscriptions) { servers in
            let token = try await servers[0].http.signUp("ping-ws@example.com")
            try await SocketSession.open(port: servers[0].port) { socket in
                try await socket.initialise(token: token)
                try await socket.send(["type": "ping"])
                var seen = Set<String>()
                // The server's own ping may come before or after the pong.
                while seen != ["pong", "ping"] {
                    let message = try await socket.next(within: .seconds(2))
                    seen.insert(message["type"] as? String ?? "?")
                    if message["type"] as? String == "ping" { try await socket.send(["type": "pong"]) }
                }
            }
        }
    }

    @Test func aSubscriberGetsItsNotificationsUntilItCompletes() async throws {
        try await SubscriptionServers.with { servers in
            let api = servers[0].http
            let token = try await api.signUp("notified-ws@example.com")
            let other = try await api.signUp("other-ws@example.com")
            let userID = try await Self.userID(api, token)
            let otherID = try await Self.userID(api, other)
            let hub = LiveEventHub.shared(for: servers[0].application.database.pool)
            try await SocketSession.open(port: servers[0].port) { socket in
                try await socket.initialise(token: token)
                try await socket.subscribe("n", Self.notifications)
                try await Self.waitForListening(hub, subscribers: 1, on: api)
                try await Self.notify(api, otherID, "Not yours")
                try await Self.notify(api, userID, "Your order is on its way")
                let next = try await socket.next()
                #expect(next["type"] as? String == "next")
                #expect(next["id"] as? String == "n")
                let notification = (next["payload"] as? [String: Any])?["data"] as? [String: Any]
                #expect((notification?["notificationAdded"] as? [String: Any])?["title"] as? String == "Your order is on its way")
                try await socket.send(["id": "n", "type": "complete"])
                try await Self.waitForListening(hub, subscribers: 0, on: api)
                try await Self.notify(api, userID, "After complete")
                #expect(try await socket.receivesNothing(for: .milliseconds(500)))
            }
        }
    }

    /// Every event is checked with the subscriber's session as it is then: once signed out, the
    /// next event ends the subscription with `UNAUTHENTICATED` instead of delivering.
    @Test func aSubscriberWhoSignsOutGetsNoMoreEvents() async throws {
        try await SubscriptionServers.with { servers in
            let api = servers[0].http
            let token = try await api.signUp("signout-ws@example.com")
            let userID = try await Self.userID(api, token)
            let hub = LiveEventHub.shared(for: servers[0].application.database.pool)
            try await SocketSession.open(port: servers[0].port) { socket in
                try await socket.initialise(token: token)
                try await socket.subscribe("n", Self.notifications)
                try await Self.waitForListening(hub, subscribers: 1, on: api)
                _ = try await api.run("mutation { logout { success } }", token: token)
                try await Self.notify(api, userID, "Private news")
                let ended = try await socket.next()
                #expect(ended["type"] as? String == "next")
                let payload = ended["payload"] as? [String: Any]
                #expect(payload?["data"] == nil)
                let errors = payload?["errors"] as? [[String: Any]]
                #expect((errors?.first?["extensions"] as? [String: Any])?["code"] as? String == "UNAUTHENTICATED")
                #expect(!"\(ended)".contains("Private news"))
                #expect(try await socket.next()["type"] as? String == "complete")
            }
        }
    }

    @Test func anInvalidSubscriptionDocumentGetsAnError() async throws {
        try await SubscriptionServers.with { servers in
            let token = try await servers[0].http.signUp("invalid-ws@example.com")
            try await SocketSession.open(port: servers[0].port) { socket in
                try await socket.initialise(token: token)
                try await socket.subscribe("bad", "subscription { noSuchField }")
                let error = try await socket.next()
                #expect(error["type"] as? String == "error")
                #expect(error["id"] as? String == "bad")
                let errors = try #require(error["payload"] as? [[String: Any]])
                #expect((errors.first?["message"] as? String)?.contains("noSuchField") == true)
                // Two root fields: refused by validation as over HTTP.
                try await socket.subscribe("two", "subscription { notificationAdded { id } scanUpdated(scanId: \"x\") { id } }")
                #expect(try await socket.next()["type"] as? String == "error")
                // The HTTP path's limits: a document of more tokens than allowed (15,000).
                try await socket.subscribe("big", "subscription { notificationAdded { " + String(repeating: "id ", count: 16_000) + "} }")
                let tooBig = try await socket.next()
                #expect(tooBig["type"] as? String == "error")
                let tooBigErrors = try #require(tooBig["payload"] as? [[String: Any]])
                #expect((tooBigErrors.first?["extensions"] as? [String: Any])?["code"] as? String == "GRAPHQL_PARSE_FAILED")
                // The connection stays usable.
                try await socket.send(["type": "ping"])
                #expect(try await socket.next()["type"] as? String == "pong")
            }
        }
    }

    @Test func queriesOverTheSocketGetOneResultThenComplete() async throws {
        try await SubscriptionServers.with { servers in
            let api = servers[0].http
            let token = try await api.signUp("query-ws@example.com")
            let expected = try #require(try await api.run("{ me { id } }", token: token)["data.me.id"] as? String)
            try await SocketSession.open(port: servers[0].port) { socket in
                try await socket.initialise(token: token)
                try await socket.subscribe("q", "{ me { id } }")
                let next = try await socket.next()
                #expect(next["type"] as? String == "next")
                let data = (next["payload"] as? [String: Any])?["data"] as? [String: Any]
                #expect((data?["me"] as? [String: Any])?["id"] as? String == expected)
                let complete = try await socket.next()
                #expect(complete["type"] as? String == "complete")
                #expect(complete["id"] as? String == "q")
            }
        }
    }

    /// A client that stops reading: its queue fills, the server closes it and ends its
    /// subscriptions, and the server goes on serving others.
    @Test func aClientThatDoesNotReadIsDisconnected() async throws {
        var subscriptions = SubscriptionConfiguration()
        subscriptions.maxQueuedMessages = 20
        try await SubscriptionServers.with(demoData: true, subscriptions: subscriptions) { servers in
            let api = servers[0].http
            let token = try await api.signUp("slow-ws@example.com")
            let hub = LiveEventHub.shared(for: servers[0].application.database.pool)
            // About 40 KB per result: the socket's buffers fill after some hundreds of them.
            let big = "{ products(first: 100) { edges { node { id name brand barcode } } } }"
            try await SocketSession.open(port: servers[0].port) { socket in
                try await socket.initialise(token: token)
                try await socket.subscribe("live", Self.notifications)
                try await Self.waitForListening(hub, subscribers: 1, on: api)
                socket.pauseReading()
                for index in 0..<3000 {
                    do {
                        try await socket.subscribe("q\(index)", big)
                    } catch {
                        break  // The server cut the connection.
                    }
                    if hub.subscriberCount == 0 { break }
                }
                try await Self.waitForListening(hub, subscribers: 0, on: api, within: .seconds(20))
            }
            // The server still serves everyone else.
            #expect(try await api.run("{ me { id } }", token: token).status == 200)
        }
    }

    /// Waits until `hub` has `subscribers`, and, when it has any, until the listening connection
    /// has run its `LISTEN`s (as PostgreSQL reports it): events before that are not heard.
    static func waitForListening(
        _ hub: LiveEventHub, subscribers: Int, on api: HTTPTestAPI, within timeout: Duration = .seconds(10),
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws {
        let deadline = ContinuousClock.now + timeout
        while hub.subscriberCount != subscribers && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(hub.subscriberCount == subscribers, sourceLocation: sourceLocation)
        guard subscribers > 0 else { return }
        while ContinuousClock.now < deadline {
            let listening = try await api.database.database.query(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE $1",
                ["LISTEN \"\(Notifications.channel)\"%"])[0].decode(Int.self, at: 0)
            if listening > 0 { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("The hub's LISTEN did not start within \(timeout).", sourceLocation: sourceLocation)
    }
}
