import Foundation
import GraphQLEngine
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Server
import Testing

/// Clients that trickle, stall, lie about their body's length or go away (issue #21, items 10 and
/// 28), on a bare socket: each is answered or cut off within its limit, and the connection closed.
struct HostileClientTests {
    static let limits = ServerConfiguration(
        maxBodyBytes: 1 << 20, requestTimeout: .milliseconds(500), headerTimeout: .seconds(1), bodyTimeout: .seconds(1))

    static func withServer(
        _ configuration: ServerConfiguration = limits, _ body: @Sendable (any TestClientProtocol, Int) async throws -> Void
    ) async throws {
        try await GraphQLOverHTTPTests.withServer(configuration) { client in
            try await body(client, try #require(client.port))
        }
    }

    static func post(_ body: String, headers: String = "") -> String {
        "POST /graphql HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n\(headers)Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }

    static func status(_ response: String) -> Int? {
        response.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) }
    }

    @Test func headersTrickledALineASecondAreCutOffAt408() async throws {
        try await Self.withServer { _, port in
            let connection = try RawConnection(port: port)
            let started = ContinuousClock.now
            connection.send("POST /graphql HTTP/1.1\r\n")
            // A line every 300 ms keeps bytes coming, as the issue's client did with one a second.
            let trickle = Task.detached {
                for line in 0..<30 {
                    try await Task.sleep(for: .milliseconds(300))
                    guard connection.send("X-Line-\(line): slow\r\n") else { return }
                }
            }
            let (response, closed) = await connection.receive(for: .seconds(5))
            trickle.cancel()
            #expect(Self.status(response) == 408)
            #expect(response.contains(#""code":"REQUEST_TIMEOUT""#))
            #expect(closed)
            #expect(ContinuousClock.now - started < .seconds(3))
        }
    }

    @Test func aHugeDeclaredBodyIsRefusedWithoutBeingRead() async throws {
        try await Self.withServer { _, port in
            let connection = try RawConnection(port: port)
            let started = ContinuousClock.now
            connection.send(
                "POST /graphql HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 10000000000\r\n\r\n"
                    + #"{"query":"{ __typename }"}"#)
            let (response, closed) = await connection.receive(for: .seconds(5))
            #expect(Self.status(response) == 413)
            #expect(response.contains(#""code":"REQUEST_TOO_LARGE""#))
            #expect(closed)
            #expect(ContinuousClock.now - started < .seconds(1))
        }
    }

    @Test func aBodyShorterThanItsLengthTimesOutAt408() async throws {
        try await Self.withServer { _, port in
            let connection = try RawConnection(port: port)
            let started = ContinuousClock.now
            connection.send(
                "POST /graphql HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n"
                    + #"{"query":"{ hello }"}"#)
            let (response, closed) = await connection.receive(for: .seconds(5))
            #expect(Self.status(response) == 408)
            #expect(response.contains(#""code":"REQUEST_TIMEOUT""#))
            #expect(closed)
            #expect(ContinuousClock.now - started < .seconds(3))
        }
    }

    /// A body streamed past the limit is answered 413 and the connection closed: the server
    /// does not read on to find where the body ends (it read all of a refused 400 MB body).
    @Test func aStreamedBodyPastTheLimitIsCutOff() async throws {
        try await Self.withServer { _, port in
            // 16 MB offered, made before the request starts (slowly, in a debug build); the server
            // stops reading after about 1 MB.
            var chunks: [UInt8] = []
            chunks.reserveCapacity(256 * 0x10010)
            let chunk = Array("10000\r\n".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 0x10000) + Array("\r\n".utf8)
            for _ in 0..<256 { chunks.append(contentsOf: chunk) }
            let connection = try RawConnection(port: port)
            connection.send("POST /graphql HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
            let sending = Task { [chunks] in await connection.sendInBackground(chunks) }
            let (response, closed) = await connection.receive(for: .seconds(5))
            #expect(Self.status(response) == 413, "\(response)")
            #expect(closed)
            #expect(await sending.value == false)
        }
    }

    /// A client that sends part of a body and stalls is answered 408; one that goes away leaves
    /// nothing open. Either way the server goes on answering others.
    @Test func stalledAndAbandonedBodiesAreReleased() async throws {
        try await Self.withServer { client, port in
            let header = "POST /graphql HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n"
            let part = [UInt8](repeating: UInt8(ascii: " "), count: 600_000)
            let stalled = try RawConnection(port: port)
            let abandoned = try RawConnection(port: port)
            stalled.send(header)
            abandoned.send(header)
            #expect(await stalled.sendInBackground(part))
            #expect(await abandoned.sendInBackground(part))
            abandoned.reset()
            let answer = try await GraphQLOverHTTPTests.post(client, #"{"query":"{ hello }"}"#)
            #expect(String(buffer: answer.body) == #"{"data":{"hello":"Hello, world!"}}"#)
            let (response, closed) = await stalled.receive(for: .seconds(5))
            #expect(Self.status(response) == 408)
            #expect(closed)
        }
    }

    @Test func anIdleConnectionIsClosed() async throws {
        var configuration = Self.limits
        configuration.idleTimeout = .seconds(2)
        try await Self.withServer(configuration) { _, port in
            let connection = try RawConnection(port: port)
            connection.send(Self.post(#"{"query":"{ hello }"}"#))
            let started = ContinuousClock.now
            let (response, closed) = await connection.receive(for: .seconds(6))
            #expect(Self.status(response) == 200)
            #expect(closed)
            #expect(ContinuousClock.now - started < .seconds(4))
        }
    }

    @Test func otherMethodsAre405WithAllow() async throws {
        try await Self.withServer { client, _ in
            for method in [HTTPRequest.Method.trace, .put, .delete, .patch] {
                let response = try await client.execute(uri: "/graphql", method: method)
                #expect(response.status == .methodNotAllowed, "\(method)")
                #expect(response.headers[.allow] == "GET, POST")
                #expect(GraphQLOverHTTPTests.firstCode(response) == "METHOD_NOT_ALLOWED")
            }
            let health = try await client.execute(uri: "/healthz", method: .trace)
            #expect(health.status == .methodNotAllowed)
            #expect(health.headers[.allow] == "GET")
            let options = try await client.execute(uri: "/graphql", method: .options)
            #expect(options.status == .noContent)
            #expect(options.headers[.allow] == "GET, POST")
            #expect(try await client.execute(uri: "/nowhere", method: .trace).status == .notFound)
        }
    }

    @Test func operationChoiceAndSubscriptionsHaveTheirOwnCodes() async throws {
        try await Self.withServer { client, _ in
            let two = #"{"query":"query A { hello } query B { hello }""#
            let unnamed = try await GraphQLOverHTTPTests.post(client, two + "}")
            #expect(GraphQLOverHTTPTests.firstCode(unnamed) == "OPERATION_NAME_REQUIRED")
            let unknown = try await GraphQLOverHTTPTests.post(client, two + #","operationName":"C"}"#)
            #expect(GraphQLOverHTTPTests.firstCode(unknown) == "OPERATION_NOT_FOUND")
            let named = try await GraphQLOverHTTPTests.post(client, two + #","operationName":"B"}"#)
            #expect(String(buffer: named.body) == #"{"data":{"hello":"Hello, world!"}}"#)
            let subscription = try await GraphQLOverHTTPTests.post(
                client, #"{"query":"subscription { hello }"}"#, accept: "application/graphql-response+json")
            #expect(GraphQLOverHTTPTests.firstCode(subscription) == "SUBSCRIPTION_NOT_SUPPORTED_OVER_HTTP")
            #expect(subscription.status == .badRequest)
        }
    }

    /// CPU-bound execution past the deadline is cancelled: the answer comes at the deadline, not
    /// when the work would have ended, and the server answers others meanwhile.
    @Test func theDeadlineStopsCPUBoundExecution() async throws {
        try await Self.withServer { client, _ in
            let started = ContinuousClock.now
            async let busy = GraphQLOverHTTPTests.post(client, #"{"query":"{ busy { busy { busy { value } } } }"}"#)
            try await Task.sleep(for: .milliseconds(100))
            let health = try await client.execute(uri: "/healthz", method: .get)
            #expect(health.status == .ok)
            let response = try await busy
            #expect(GraphQLOverHTTPTests.firstCode(response) == "TIMEOUT")
            // The deadline is 0.5 s; the whole query takes seconds in a debug build.
            #expect(ContinuousClock.now - started < .milliseconds(1500))
        }
    }
}
