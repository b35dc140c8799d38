import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Server
import Testing

/// Documents of a kilobyte that pinned both cores for minutes (issue #21, item 0): thirty
/// fragments each spreading the one before twice, or sixty each spreading all before it. Through
/// the whole server, each is answered within a second, while a second client keeps being served.
struct HostileDocumentsOverHTTPTests {
    static let selections = ["__typename", "categories { slug }", "products(first: 100) { totalCount }"]

    static func doubling(_ selection: String) -> String {
        var text = "{ ...F29 }\nfragment F0 on Query { \(selection) }\n"
        for number in 1..<30 { text += "fragment F\(number) on Query { ...F\(number - 1) ...F\(number - 1) }\n" }
        return text
    }

    static func wide(_ selection: String) -> String {
        var text = "{ ...F59 }\nfragment F0 on Query { \(selection) }\n"
        for number in 1..<60 {
            text += "fragment F\(number) on Query { \((0..<number).map { "...F\($0)" }.joined(separator: " ")) }\n"
        }
        return text
    }

    @Test func fragmentBombsAreAnsweredWithinASecondWhileOthersAreServed() async throws {
        try await HTTPTestAPI.with(demoData: true) { api in
            // A second connection: the test client sends one request at a time on its own.
            let other = TestClient(host: "localhost", port: try #require(api.client.port))
            other.connect()
            let served = Counter()
            let otherTraffic = Task {
                while !Task.isCancelled {
                    let health = try await other.get("/healthz")
                    let categories = try await other.execute(
                        .init(
                            "/graphql", method: .post, headers: [.contentType: "application/json"],
                            body: ByteBuffer(string: #"{"query":"{ categories { slug } }"}"#)))
                    if health.status == .ok, String(buffer: categories.body ?? ByteBuffer()).contains("dairy") { served.increment() }
                }
            }
            for selection in Self.selections {
                let expected = try await api.run("{ \(selection) }")
                for document in [Self.doubling(selection), Self.wide(selection)] {
                    #expect(document.utf8.count < 16_000)
                    let clock = ContinuousClock()
                    let started = clock.now
                    let response = try await api.run(document)
                    let elapsed = clock.now - started
                    #expect(elapsed < .seconds(1), "\(selection): \(elapsed)")
                    #expect(response.status == 200)
                    #expect(response.errorCodes == [])
                    #expect(NSDictionary(dictionary: response.json) == NSDictionary(dictionary: expected.json))
                }
            }
            // Give the other client a moment more, then check it was served all along.
            try await Task.sleep(for: .milliseconds(200))
            otherTraffic.cancel()
            _ = await otherTraffic.result
            #expect(served.value > 0)
            try await other.shutdown()
        }
    }

    /// A counter shared between the test and the task it starts.
    final class Counter: @unchecked Sendable {
        // @unchecked: every access holds the lock.
        private let lock = NSLock()
        private var count = 0

        var value: Int { lock.withLock { count } }

        func increment() { lock.withLock { count += 1 } }
    }
}
