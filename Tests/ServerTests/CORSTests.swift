import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Server
import Testing

/// CORS through a real socket, with the requests a browser sends (Fetch standard): preflights
/// (`OPTIONS` with `Origin` and `Access-Control-Request-Method`) and the requests that follow.
struct CORSTests {
    static let configuration = ServerConfiguration(corsAllowedOrigins: ["https://app.example", "http://localhost:3000"])

    static func preflight(
        _ client: any TestClientProtocol, origin: String, method: String = "POST",
        requestHeaders: String = "authorization,content-type"
    ) async throws -> TestResponse {
        try await client.execute(
            uri: "/graphql", method: .options,
            headers: [.origin: origin, .accessControlRequestMethod: method, .accessControlRequestHeaders: requestHeaders])
    }

    static func accessControlFields(_ response: TestResponse) -> [String] {
        response.headers.map(\.name.canonicalName).filter { $0.hasPrefix("access-control-") }
    }

    static func varies(_ response: TestResponse, on name: String) -> Bool {
        response.headers[values: .vary].flatMap { $0.split(separator: ",") }.contains {
            $0.trimmingCharacters(in: .whitespaces).lowercased() == name.lowercased()
        }
    }

    @Test func aPreflightFromAnAllowedOriginIsAnswered() async throws {
        try await GraphQLOverHTTPTests.withServer(Self.configuration) { client in
            let response = try await Self.preflight(
                client, origin: "https://app.example",
                requestHeaders: "authorization,content-type,apollo-require-preflight,x-apollo-operation-name")
            #expect(response.status == .noContent)
            #expect(response.headers[.accessControlAllowOrigin] == "https://app.example")
            let methods = Set((response.headers[.accessControlAllowMethods] ?? "").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            })
            #expect(methods.isSuperset(of: ["GET", "POST"]))
            let headers = Set((response.headers[.accessControlAllowHeaders] ?? "").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            })
            // `*` would not cover Authorization: each header is named.
            #expect(
                headers.isSuperset(of: [
                    "authorization", "content-type", "apollo-require-preflight", "x-apollo-operation-name",
                    "apollographql-client-name", "apollographql-client-version", "x-request-id",
                ]))
            #expect(response.headers[.accessControlMaxAge].flatMap { Int($0) }.map { $0 > 0 } == true)
            #expect(response.headers[.accessControlAllowCredentials] == nil)
            #expect(Self.varies(response, on: "Origin"))
        }
    }

    @Test func anOriginNotConfiguredGetsNoCORSHeaders() async throws {
        try await GraphQLOverHTTPTests.withServer(Self.configuration) { client in
            for origin in ["https://evil.example", "https://app.example.evil", "http://app.example", "null"] {
                let preflight = try await Self.preflight(client, origin: origin)
                #expect(preflight.status == .noContent, "\(origin)")
                #expect(Self.accessControlFields(preflight) == [], "\(origin)")
                #expect(Self.varies(preflight, on: "Origin"), "\(origin)")
                let request = try await GraphQLOverHTTPTests.post(client, #"{"query":"{ hello }"}"#, headers: [.origin: origin])
                #expect(request.status == .ok)
                #expect(Self.accessControlFields(request) == [], "\(origin)")
                #expect(Self.varies(request, on: "Origin"), "\(origin)")
            }
        }
    }

    @Test func theRequestAfterThePreflightCarriesTheOrigin() async throws {
        try await GraphQLOverHTTPTests.withServer(Self.configuration) { client in
            let post = try await GraphQLOverHTTPTests.post(
                client, #"{"query":"{ whoAmI }"}"#,
                headers: [.origin: "http://localhost:3000", .authorization: "Bearer token-1"])
            #expect(String(buffer: post.body) == #"{"data":{"whoAmI":"token-1"}}"#)
            #expect(post.headers[.accessControlAllowOrigin] == "http://localhost:3000")
            #expect(post.headers[.accessControlExposeHeaders]?.lowercased().contains("x-request-id") == true)
            #expect(Self.varies(post, on: "Origin"))
            let get = try await client.execute(
                uri: "/graphql?query=%7Bhello%7D", method: .get, headers: [.origin: "https://app.example"])
            #expect(get.headers[.accessControlAllowOrigin] == "https://app.example")
            // Errors too: a browser must be able to read why a request was refused.
            let refused = try await GraphQLOverHTTPTests.post(
                client, "not json", contentType: "text/plain", headers: [.origin: "https://app.example"])
            #expect(refused.status == .unsupportedMediaType)
            #expect(refused.headers[.accessControlAllowOrigin] == "https://app.example")
        }
    }

    @Test func configuredOriginsMatchAsBrowsersSerialiseThem() async throws {
        let configuration = ServerConfiguration(corsAllowedOrigins: ["HTTPS://App.Example/"])
        try await GraphQLOverHTTPTests.withServer(configuration) { client in
            let response = try await Self.preflight(client, origin: "https://app.example")
            #expect(response.headers[.accessControlAllowOrigin] == "https://app.example")
        }
    }

    @Test func aWildcardAllowsEveryOriginWithoutCredentials() async throws {
        try await GraphQLOverHTTPTests.withServer(ServerConfiguration(corsAllowedOrigins: ["*"])) { client in
            let preflight = try await Self.preflight(client, origin: "https://anywhere.example", method: "GET")
            #expect(preflight.status == .noContent)
            #expect(preflight.headers[.accessControlAllowOrigin] == "*")
            #expect(preflight.headers[.accessControlAllowHeaders]?.lowercased().contains("authorization") == true)
            #expect(preflight.headers[.accessControlAllowCredentials] == nil)
            let post = try await GraphQLOverHTTPTests.post(client, #"{"query":"{ hello }"}"#, headers: [.origin: "https://x.example"])
            #expect(post.headers[.accessControlAllowOrigin] == "*")
        }
    }

    @Test func optionsIsAnsweredWithoutCORSConfigured() async throws {
        // The default: no origin allowed, so no CORS header, but OPTIONS is no 404 either.
        try await GraphQLOverHTTPTests.withServer(ServerConfiguration()) { client in
            let preflight = try await Self.preflight(client, origin: "https://app.example")
            #expect(preflight.status == .noContent)
            #expect(Self.accessControlFields(preflight) == [])
            let plain = try await client.execute(uri: "/graphql", method: .options)
            #expect(plain.status == .noContent)
            #expect(plain.headers[.allow]?.contains("POST") == true)
        }
    }
}
