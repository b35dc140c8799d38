import Foundation
import Postgres
import Synchronization
import Testing
import TestSupport

struct ListenerTests {
    /// Collects what `stream` delivers until `isDone` holds of it, or what arrived within 10
    /// seconds; `arrived` is told of each arrival (and may act on it) before `isDone` is asked.
    static func collect<Element: Sendable>(
        _ stream: AsyncStream<Element>, until isDone: @escaping @Sendable ([Element]) -> Bool,
        arrived: @escaping @Sendable ([Element]) async -> Void = { _ in }
    ) async -> [Element] {
        await withTaskGroup(of: [Element].self) { group in
            group.addTask {
                var received: [Element] = []
                for await element in stream {
                    received.append(element)
                    await arrived(received)
                    if isDone(received) { break }
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
                if round == 10 { try? await database.endListeningConnections() }
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
        defer { sender.cancel() }
        let received = await Self.collect(stream, until: { $0.count == 20 })
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
        let seen = await Self.collect(events, until: { $0.count == 3 }) { seen in
            if seen.count == 1 { try? await database.endListeningConnections() }
        }
        #expect(seen == [.listening, .interrupted, .listening])
    }

    /// A server that stops answering sends no error, and neither does a network cut that neither
    /// end saw: the listener notices by its own check, reports the loss, and listens again on a
    /// new connection. Its server process is stopped here (SIGSTOP), which looks the same.
    @Test func aServerThatStopsAnsweringIsNoticedAndListenedToAgain() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let listener = PostgresListener(conninfo: database.url, checkInterval: .milliseconds(300), answerTimeout: .milliseconds(500))
        let stopped = Mutex<[Int32]>([])
        let events = try listener.events(on: ["prices"])
        let seen = await Self.collect(events, until: { $0.count == 3 }) { seen in
            guard seen.count == 1 else { return }
            let pids = (try? await database.listeningProcesses()) ?? []
            for pid in pids { kill(pid, SIGSTOP) }
            stopped.withLock { $0 = pids }
        }
        let pids = stopped.withLock { $0 }
        for pid in pids { kill(pid, SIGCONT) }
        #expect(pids.count == 1)
        #expect(seen == [.listening, .interrupted, .listening])
    }

    @Test func badChannelNamesAreRefused() {
        #expect(throws: PostgresError.self) { try PostgresListener(conninfo: "").notifications(on: ["a; DROP TABLE x"]) }
        #expect(throws: PostgresError.self) { try PostgresListener(conninfo: "").events(on: []) }
    }
}
