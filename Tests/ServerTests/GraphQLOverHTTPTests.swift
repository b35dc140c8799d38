import Foundation
import GraphQLEngine
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Server
import Testing

/// GraphQL over HTTP through a real socket: the cases of the GraphQL-over-HTTP draft and
/// graphql-http's audit, persisted queries, limits, metrics and malformed requests.
struct GraphQLOverHTTPTests {
    static func withServer(
        _ configuration: ServerConfiguration = ServerConfiguration(requestTimeout: .seconds(1)),
        _ body: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        let server = FoodGraphServer(application: try TestApplication(), configuration: configuration, logger: logger)
        try await server.makeApplication().test(.live) { client in try await body(client) }
    }

    static func post(
        _ client: any TestClientProtocol, _ body: String, accept: String? = nil, contentType: String = "application/json",
        headers extra: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: contentType]
        if let accept { headers[.accept] = accept }
        headers.append(contentsOf: extra)
        return try await client.execute(uri: "/graphql", method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    static func json(_ response: TestResponse) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))) as? [String: Any] ?? [:]
    }

    static func firstCode(_ response: TestResponse) -> String? {
        ((json(response)["errors"] as? [[String: Any]])?.first?["extensions"] as? [String: Any])?["code"] as? String
    }

    @Test func postAnswersJSONByDefault() async throws {
        try await Self.withServer { client in
            let response = try await Self.post(client, #"{"query":"{ hello }"}"#)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            #expect(String(buffer: response.body) == #"{"data":{"hello":"Hello, world!"}}"#)
            #expect(response.headers[HTTPField.Name("X-Request-Id")!] != nil)
        }
    }

    @Test func acceptNegotiation() async throws {
        try await Self.withServer { client in
            let graphQLResponse = try await Self.post(client, #"{"query":"{ hello }"}"#, accept: "application/graphql-response+json")
            #expect(graphQLResponse.headers[.contentType] == "application/graphql-response+json; charset=utf-8")
            let any = try await Self.post(client, #"{"query":"{ hello }"}"#, accept: "*/*")
            #expect(any.headers[.contentType] == "application/json; charset=utf-8")
            let html = try await Self.post(client, #"{"query":"{ hello }"}"#, accept: "text/html")
            #expect(html.status == .notAcceptable)
        }
    }

    @Test func requestErrorsFollowTheMediaType() async throws {
        try await Self.withServer { client in
            for accept in ["application/graphql-response+json", "application/json"] {
                let expected: HTTPResponse.Status = accept == "application/json" ? .ok : .badRequest
                let parseError = try await Self.post(client, #"{"query":"{ hello"}"#, accept: accept)
                #expect(parseError.status == expected)
                #expect(Self.json(parseError)["data"] == nil)
                #expect(Self.firstCode(parseError) == "GRAPHQL_PARSE_FAILED")
                let invalid = try await Self.post(client, #"{"query":"{ nope }"}"#, accept: accept)
                #expect(invalid.status == expected)
                #expect(Self.firstCode(invalid) == "GRAPHQL_VALIDATION_FAILED")
                let badVariables = try await Self.post(
                    client, #"{"query":"query ($id: ID!) { item(id: $id) { id } }","variables":{}}"#, accept: accept)
                #expect(badVariables.status == expected)
            }
        }
    }

    @Test func malformedRequestsAre400sNot500s() async throws {
        try await Self.withServer { client in
            for body in [
                "", "{", "[]", "null", "42", #"{"query": 1}"#, #"{"variables":{}}"#, #"{"query":"{ hello }","variables":[]}"#,
                #"{"query":"{ hello }","operationName":5}"#, #"{"query":"{ hello }","extensions":"x"}"#,
                #"{"query":"{ hello }","query":"{ hello }"}"#, "\u{0}\u{1}garbage", String(repeating: "[", count: 5000),
            ] {
                let response = try await Self.post(client, body)
                #expect(response.status == .badRequest, "\(body.prefix(30))")
                #expect(Self.firstCode(response) == "BAD_REQUEST", "\(body.prefix(30))")
            }
            for contentType in ["text/plain", "application/json; charset=latin1", "application/jsonx"] {
                let unsupported = try await Self.post(client, #"{"query":"{ hello }"}"#, contentType: contentType)
                #expect(unsupported.status == .unsupportedMediaType, "\(contentType)")
            }
            for contentType in ["Application/JSON; charset=UTF-8", "application/json;charset=utf-8", "application/graphql-response+json"] {
                let accepted = try await Self.post(client, #"{"query":"{ hello }"}"#, contentType: contentType)
                #expect(accepted.status == .ok, "\(contentType)")
            }
        }
    }

    @Test func getRunsQueriesButNotMutations() async throws {
        try await Self.withServer { client in
            let query = try await client.execute(uri: "/graphql?query=%7B+hello(name%3A+%22GET%22)+%7D", method: .get)
            #expect(String(buffer: query.body) == #"{"data":{"hello":"Hello, GET!"}}"#)
            let mutation = try await client.execute(uri: "/graphql?query=mutation+%7B+touch+%7D", method: .get)
            #expect(mutation.status == .methodNotAllowed)
            #expect(mutation.headers[.allow] == "POST")
            let put = try await client.execute(uri: "/graphql", method: .put)
            #expect(put.status == .methodNotAllowed)
        }
    }

    @Test func bodyAndURLLimits() async throws {
        let configuration = ServerConfiguration(maxBodyBytes: 1000, maxQueryStringBytes: 100)
        try await Self.withServer(configuration) { client in
            let big = try await Self.post(client, #"{"query":"{ hello }","x":""# + String(repeating: "a", count: 2000) + #""}"#)
            #expect(big.status == .contentTooLarge)
            #expect(Self.firstCode(big) == "REQUEST_TOO_LARGE")
            // The server closes the connection rather than read a body it refused.
            #expect(big.headers[.connection] == "close")
        }
        try await Self.withServer(configuration) { client in
            let long = try await client.execute(uri: "/graphql?query=" + String(repeating: "a", count: 200), method: .get)
            #expect(long.status == .uriTooLong)
        }
    }

    @Test func automaticPersistedQueries() async throws {
        try await Self.withServer { client in
            let query = "{ hello }"
            let hash = "001c3174e099bd72b729d0c0a529ba9f5a740c446e2a6e1d71b283cb84ec3065"
            let extensions = #""extensions":{"persistedQuery":{"version":1,"sha256Hash":"\#(hash)"}}"#
            let miss = try await Self.post(client, "{\(extensions)}")
            #expect(miss.status == .ok)
            #expect(Self.firstCode(miss) == "PERSISTED_QUERY_NOT_FOUND")
            #expect((Self.json(miss)["errors"] as? [[String: Any]])?.first?["message"] as? String == "PersistedQueryNotFound")
            let register = try await Self.post(client, #"{"query":"\#(query)",\#(extensions)}"#)
            #expect(String(buffer: register.body) == #"{"data":{"hello":"Hello, world!"}}"#)
            let hit = try await Self.post(client, "{\(extensions)}")
            #expect(String(buffer: hit.body) == #"{"data":{"hello":"Hello, world!"}}"#)
            let viaGET = try await client.execute(
                uri: "/graphql?extensions=" + "{\"persistedQuery\":{\"version\":1,\"sha256Hash\":\"\(hash)\"}}"
                    .addingPercentEncoding(withAllowedCharacters: .alphanumerics)!, method: .get)
            #expect(String(buffer: viaGET.body) == #"{"data":{"hello":"Hello, world!"}}"#)
            let mismatch = try await Self.post(client, #"{"query":"{ whoAmI }",\#(extensions)}"#)
            #expect(mismatch.status == .badRequest)
        }
    }

    @Test func limitsHaveTheirOwnCodes() async throws {
        let configuration = ServerConfiguration(
            parseOptions: ParseOptions(maxTokens: 50), limits: QueryLimits(maxDepth: 3, maxCost: 100, maxAliases: 2))
        try await Self.withServer(configuration) { client in
            let deep = try await Self.post(client, #"{"query":"{ item(id: 1) { child { child { child { id } } } } }"}"#)
            #expect(Self.firstCode(deep) == "QUERY_TOO_DEEP")
            let aliases = try await Self.post(client, #"{"query":"{ a: hello b: hello c: hello }"}"#)
            #expect(Self.firstCode(aliases) == "TOO_MANY_ALIASES")
            let unbounded = try await Self.post(client, #"{"query":"{ items(first: 101) { nodes { id } } }"}"#)
            #expect(Self.firstCode(unbounded) == "PAGE_SIZE_REQUIRED")
            let costly = try await Self.post(client, #"{"query":"{ items(first: 100) { nodes { id } } }"}"#)
            #expect(Self.firstCode(costly) == "QUERY_TOO_COMPLEX")
            let tokens = try await Self.post(client, #"{"query":"{ "# + String(repeating: "hello ", count: 60) + #"}"}"#)
            #expect(Self.firstCode(tokens) == "GRAPHQL_PARSE_FAILED")
            // A verdict is remembered for an operation without variables, and checked again for
            // each request's variables otherwise.
            let deepAgain = try await Self.post(client, #"{"query":"{ item(id: 1) { child { child { child { id } } } } }"}"#)
            #expect(Self.firstCode(deepAgain) == "QUERY_TOO_DEEP")
            let paged = #"query ($n: Int) { items(first: $n) { nodes { id } } }"#
            for (size, code) in [(5, nil), (100, "QUERY_TOO_COMPLEX"), (5, nil)] as [(Int, String?)] {
                let response = try await Self.post(client, #"{"query":"\#(paged)","variables":{"n":\#(size)}}"#)
                #expect(Self.firstCode(response) == code, "first: \(size)")
            }
        }
    }

    @Test func theDeadlineCancelsSlowRequests() async throws {
        try await Self.withServer { client in
            let started = ContinuousClock.now
            let response = try await Self.post(client, #"{"query":"{ slow }"}"#, accept: "application/graphql-response+json")
            #expect(response.status == .gatewayTimeout)
            #expect(Self.firstCode(response) == "TIMEOUT")
            #expect(ContinuousClock.now - started < .seconds(5))
            // A well-formed GraphQL response: 200 for application/json, as for other request errors.
            let json = try await Self.post(client, #"{"query":"{ slow }"}"#)
            #expect(json.status == .ok)
            #expect(Self.firstCode(json) == "TIMEOUT")
        }
    }

    @Test func bearerTokensReachTheApplication() async throws {
        try await Self.withServer { client in
            let signedIn = try await Self.post(client, #"{"query":"{ whoAmI }"}"#, headers: [.authorization: "Bearer t0k3n"])
            #expect(String(buffer: signedIn.body) == #"{"data":{"whoAmI":"t0k3n"}}"#)
            let refused = try await Self.post(client, #"{"query":"{ whoAmI }"}"#, headers: [.authorization: "Bearer bad"])
            #expect(refused.status == .unauthorized)
            #expect(Self.firstCode(refused) == "UNAUTHENTICATED")
        }
    }

    @Test func healthReadinessAndMetrics() async throws {
        try await Self.withServer { client in
            #expect(try await client.execute(uri: "/healthz", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/readyz", method: .get).status == .ok)
            _ = try await Self.post(client, #"{"query":"{ hello }"}"#)
            _ = try await Self.post(client, #"{"query":"{ nope }"}"#)
            let metrics = String(buffer: try await client.execute(uri: "/metrics", method: .get).body)
            #expect(metrics.contains(#"foodgraph_requests_total{operation_type="query",outcome="success"} 1"#))
            #expect(metrics.contains(#"foodgraph_errors_total{code="GRAPHQL_VALIDATION_FAILED"} 1"#))
            #expect(metrics.contains("foodgraph_request_duration_seconds_count 2"))
        }
    }
}

struct ProductionSwitchTests {
    @Test func onlyKnownDocumentsRunWhenLockedDown() async throws {
        var configuration = ServerConfiguration(onlyPersistedQueries: true)
        configuration.persistedQueries = [PersistedQueryHash.sha256Hex("{ hello }"): "{ hello }"]
        try await GraphQLOverHTTPTests.withServer(configuration) { client in
            let known = try await GraphQLOverHTTPTests.post(client, #"{"query":"{ hello }"}"#)
            #expect(String(buffer: known.body) == #"{"data":{"hello":"Hello, world!"}}"#)
            let byHash = try await GraphQLOverHTTPTests.post(
                client,
                #"{"extensions":{"persistedQuery":{"version":1,"sha256Hash":"\#(PersistedQueryHash.sha256Hex("{ hello }"))"}}}"#)
            #expect(String(buffer: byHash.body) == #"{"data":{"hello":"Hello, world!"}}"#)
            let unknown = try await GraphQLOverHTTPTests.post(client, #"{"query":"{ whoAmI }"}"#)
            #expect(unknown.status == .badRequest)
            #expect(GraphQLOverHTTPTests.firstCode(unknown) == "PERSISTED_QUERY_REQUIRED")
        }
    }

    @Test func corsAnswersPreflightsForAllowedOrigins() async throws {
        let configuration = ServerConfiguration(corsAllowedOrigins: ["https://app.example"])
        try await GraphQLOverHTTPTests.withServer(configuration) { client in
            let preflight = try await client.execute(
                uri: "/graphql", method: .options, headers: [.origin: "https://app.example", .accessControlRequestMethod: "POST"])
            #expect(preflight.status == .noContent)
            #expect(preflight.headers[.accessControlAllowOrigin] == "https://app.example")
            let other = try await GraphQLOverHTTPTests.post(client, #"{"query":"{ hello }"}"#, headers: [.origin: "https://evil.example"])
            #expect(other.headers[.accessControlAllowOrigin] == nil)
            let allowed = try await GraphQLOverHTTPTests.post(client, #"{"query":"{ hello }"}"#, headers: [.origin: "https://app.example"])
            #expect(allowed.headers[.accessControlAllowOrigin] == "https://app.example")
        }
    }
}
