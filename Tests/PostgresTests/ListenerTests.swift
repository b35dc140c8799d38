import Foundation
import Postgres
import Testing
import TestSupport

struct ListenerTests {
    /// Ends this database's listening connections (only this test's: others run alongside).
    static let killListeners = """
        SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid() AND datname = current_database()
        """

    /// Collects the first `count` notifications, or whatever arrived within 10 seconds.
    static func first(_ count: Int, of stream: AsyncStream<PostgresNotification>) async -> [PostgresNotification] {
        await withTaskGroup(of: [PostgresNotification].self) { group in
            group.addTask {
                var received: [PostgresNotification] = []
                for await notification in stream {
                    received.append(notification)
                    if received.count == count { break }
                }
                return received
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(10))
                return []
            }
            let result = await group.next() ?? []
            group.cancelAll()
            return result
        }
    }

    @Test func notificationsArriveAndSurviveALostConnection() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let stream = try PostgresListener(conninfo: database.url).notifications(on: ["prices", "orders"])
        let sender = Task {
            // Notify until the listener has surely started; then kill its connection and notify again.
            for round in 0..<40 {
                _ = try? await database.database.query("SELECT pg_notify('prices', $1)", ["p\(round)"])
                if round == 10 { _ = try? await database.database.query(Self.killListeners) }
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
        defer { sender.cancel() }
        let received = await Self.first(20, of: stream)
        #expect(received.count == 20)
        #expect(received.allSatisfy { $0.channel == "prices" })
        // Payloads after the kill (p11…) arrived too: the listener reconnected and listened again.
        #expect(received.contains { Int($0.payload.dropFirst()) ?? 0 > 12 })
    }

    /// A consumer that must not miss a notification (a cache emptied by them) hears when the
    /// listener stops listening and when it starts again.
    @Test func eventsTellWhenNotificationsMayHaveBeenMissed() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let events = try PostgresListener(conninfo: database.url).events(on: ["prices"])
        let seen = await withTaskGroup(of: [PostgresListener.Event].self) { group in
            group.addTask {
                var seen: [PostgresListener.Event] = []
                for await event in events {
                    seen.append(event)
                    if seen.count == 1 { _ = try? await database.database.query(Self.killListeners) }
                    if seen.count == 3 { break }
                }
                return seen
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(10))
                return []
            }
            let result = await group.next() ?? []
            group.cancelAll()
            return result
        }
        #expect(seen == [.listening, .interrupted, .listening])
    }

    @Test func badChannelNamesAreRefused() {
        #expect(throws: PostgresError.self) { try PostgresListener(conninfo: "").notifications(on: ["a; DROP TABLE x"]) }
    }
}
