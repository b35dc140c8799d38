import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Many idle subscribers on one `foodgraph serve` process: what they cost in memory (the figure in
/// docs/performance.md), and the server still answering. `FOODGRAPH_SUBSCRIBERS` changes the count
/// (2,000 by default).
@Suite(.serialized, .timeLimit(.minutes(5)))
struct SubscriptionScaleTests {
    static var subscribers: Int { ProcessInfo.processInfo.environment["FOODGRAPH_SUBSCRIBERS"].flatMap(Int.init) ?? 2000 }

    @Test func twoThousandIdleSubscribersAreHeldByOneServer() async throws {
        let count = Self.subscribers
        try await ServerProcess.withDataFolder { folder in
            let server = try ServerProcess.start(dataFolder: folder)
            defer { server.kill(SIGKILL) }
            let port = try await server.port()
            let token = try await Self.token(port: port)
            // One subscriber first, so the listening connection and the first allocations are in
            // the baseline rather than counted against the many.
            let subscribed = Shared(0)
            let failed = Shared(0)
            let release = Shared(false)
            let query = "subscription { notificationAdded { id title } }"
            try await withThrowingTaskGroup(of: Void.self) { group in
                // Whatever happens, the subscribers are let go (the group waits for them all).
                defer { release.value.withLock { $0 = true } }
                var before = 0
                for index in 0..<count {
                    group.addTask {
                        do {
                            try await SocketSession.open(port: port) { socket in
                                try await socket.initialise(token: token)
                                try await socket.subscribe("n", query)
                                // A query after the subscription answers only once the subscription was taken.
                                try await socket.subscribe("q", "{ me { id } }")
                                _ = try await socket.next(within: .seconds(30))
                                subscribed.value.withLock { $0 += 1 }
                                while !release.value.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(500)) }
                            }
                        } catch {
                            failed.value.withLock { $0 += 1 }
                            throw error
                        }
                    }
                    // Connections are opened one after another: the figure is memory, not a connection storm.
                    let deadline = ContinuousClock.now + .seconds(30)
                    while subscribed.value.withLock({ $0 }) + failed.value.withLock({ $0 }) <= index, ContinuousClock.now < deadline {
                        try await Task.sleep(for: .milliseconds(1))
                    }
                    if index == 0 {
                        try await Task.sleep(for: .milliseconds(500))
                        before = server.residentKiB()
                    }
                }
                #expect(subscribed.value.withLock { $0 } == count)
                try await Task.sleep(for: .seconds(2))
                let held = server.residentKiB()
                let started = ContinuousClock.now
                let answer = try await Self.post(port: port, #"{"query": "{ me { id } }"}"#, token: token)
                let queryTime = ContinuousClock.now - started
                #expect(answer.contains(#""me""#))
                release.value.withLock { $0 = true }
                try await group.waitForAll()
                try await Task.sleep(for: .seconds(2))
                let after = server.residentKiB()
                let perSubscriber = Double(held - before) / Double(count - 1)
                print(
                    """
                    subscription scale: \(count) idle subscribers; server RSS \(before) KiB with one, \(held) KiB with \(count) \
                    (\(String(format: "%.1f", perSubscriber)) KiB each), \(after) KiB after they closed; a query meanwhile took \(queryTime)
                    """)
                // A subscriber is a socket, a few small tasks and a queue: tens of KiB, not hundreds.
                #expect(perSubscriber < 100, "\(perSubscriber) KiB per subscriber")
            }
        }
    }

    /// A signed-in user's token, registered over plain HTTP.
    static func token(port: Int) async throws -> String {
        let credentials = #"{email: \"scale@example.com\", password: \"Secret-pass1\"}"#
        _ = try await post(port: port, #"{"query": "mutation { register(input: \#(credentials)) { userErrors { code } } }"}"#)
        let login = try await post(port: port, #"{"query": "mutation { login(input: \#(credentials)) { token } }"}"#)
        let range = try #require(login.range(of: #""token":"[^"]+""#, options: .regularExpression), "\(login)")
        return String(login[range].dropFirst(9).dropLast())
    }

    static func post(port: Int, _ body: String, token: String? = nil) async throws -> String {
        let connection = try RawConnection(port: port)
        let authorization = token.map { "Authorization: Bearer \($0)\r\n" } ?? ""
        _ = connection.send(
            "POST /graphql HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n\(authorization)Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
        )
        return await connection.receive(for: .seconds(30)).text
    }
}

extension ServerProcess {
    /// The process's resident set (VmRSS in /proc/<pid>/status), in KiB.
    func residentKiB() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}

/// A value the subscribers' tasks and the test share.
final class Shared<Value: Sendable>: Sendable {
    let value: Mutex<Value>

    init(_ value: Value) {
        self.value = Mutex(value)
    }
}
