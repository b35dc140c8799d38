import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Server
import TestSupport
import Testing

/// `POST /graphql` answered from the connection's pipeline (`DirectGraphQLHandler`), and every
/// other request through the router, on one connection: in order, with the same answers as the
/// router gives.
struct DirectGraphQLTests {
    static func withServer<Value: Sendable>(
        direct: Bool = true, _ body: @escaping @Sendable (Int) async throws -> Value
    ) async throws -> Value {
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        var configuration = ServerConfiguration(requestTimeout: .seconds(5))
        configuration.answersGraphQLDirectly = direct
        let server = FoodGraphServer(application: try TestApplication(), configuration: configuration, logger: logger)
        return try await server.makeApplication().test(.live) { client in try await body(try #require(client.port)) }
    }

    static func post(_ body: String, headers: String = "") -> String {
        "POST /graphql HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n\(headers)Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }

    /// The responses' bodies in the order they came (each response's body follows its blank line).
    static func bodies(_ text: String) -> [String] {
        text.components(separatedBy: "HTTP/1.1 ").dropFirst().map { response in
            response.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrderWhicheverPathTakesThem() async throws {
        try await Self.withServer { port in
            let connection = try RawConnection(port: port)
            // Sent in one piece: the direct path, the router, the router (an Origin), the direct
            // path again, and the last closes the connection.
            connection.send(
                Self.post(#"{"query":"{ hello }"}"#)
                    + "GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n"
                    + Self.post(#"{"query":"{ a: hello }"}"#, headers: "Origin: https://example.org\r\n")
                    + Self.post(#"{"query":"{ __typename }"}"#, headers: "Connection: close\r\n"))
            let (response, closed) = await connection.receive(for: .seconds(10))
            #expect(
                Self.bodies(response) == [
                    #"{"data":{"hello":"Hello, world!"}}"#, "ok\n", #"{"data":{"a":"Hello, world!"}}"#,
                    #"{"data":{"__typename":"Query"}}"#,
                ])
            #expect(closed)
        }
    }

    @Test func bothPathsGiveTheSameResponse() async throws {
        let requests = [
            Self.post(#"{"query":"{ hello }"}"#, headers: "X-Request-Id: same\r\n"),
            Self.post(#"{"query":"{ nope }"}"#, headers: "X-Request-Id: same\r\nAccept: application/graphql-response+json\r\n"),
            Self.post("{", headers: "X-Request-Id: same\r\n"),
            Self.post(#"{"query":"{ hello }"}"#, headers: "X-Request-Id: same\r\nContent-Type: text/plain\r\n"),
        ]
        for request in requests {
            var answers: [String] = []
            for direct in [true, false] {
                answers.append(
                    try await Self.withServer(direct: direct) { port in
                        let connection = try RawConnection(port: port)
                        connection.send(request + Self.post(#"{"query":"{ __typename }"}"#, headers: "X-Request-Id: same\r\nConnection: close\r\n"))
                        let (response, _) = await connection.receive(for: .seconds(10))
                        // The date is the only header that may differ.
                        return response.split(separator: "\r\n").filter { !$0.lowercased().hasPrefix("date:") }.joined(separator: "\n")
                    })
            }
            #expect(answers[0] == answers[1], "\(request)")
            #expect(answers[0].contains("server: FoodGraph") || answers[0].contains("Server: FoodGraph"))
        }
    }

    @Test func aClientThatHalfClosesIsStillAnswered() async throws {
        try await Self.withServer { port in
            let connection = try RawConnection(port: port)
            connection.send(Self.post(#"{"query":"{ hello }"}"#))
            connection.finishSending()
            let (response, closed) = await connection.receive(for: .seconds(10))
            #expect(Self.bodies(response) == [#"{"data":{"hello":"Hello, world!"}}"#])
            #expect(closed)
        }
    }
}
