import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Testing

@testable import Server

/// GraphiQL at `GET /graphql` for browsers, its files served by the server itself. The IDE in a
/// real browser is tools/test-graphiql's part; here, what the server answers.
struct GraphiQLTests {
    static let browserAccept = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8"

    /// A folder with stand-ins for the package's files.
    static func assetsFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("graphiql-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, _) in GraphiQLAssets.packageFiles {
            try Data("/* \(name) */".utf8).write(to: folder.appendingPathComponent(name))
        }
        return folder
    }

    static func withServer(
        _ graphiQL: GraphiQLConfiguration, _ body: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        var server = FoodGraphServer(
            application: try TestApplication(), configuration: ServerConfiguration(requestTimeout: .seconds(1)), logger: logger)
        server.graphiQL = graphiQL
        let app = Application(router: server.router(), logger: logger)
        try await app.test(.live) { client in try await body(client) }
    }

    @Test func aBrowserGetsGraphiQLFromThisServerOnly() async throws {
        let folder = try Self.assetsFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await Self.withServer(GraphiQLConfiguration(assetsDirectory: folder.path)) { client in
            let page = try await client.execute(uri: "/graphql", method: .get, headers: [.accept: Self.browserAccept])
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            let html = String(buffer: page.body)
            for script in ["/graphiql/react.production.min.js", "/graphiql/graphiql.min.js", "/graphiql/foodgraph.js"] {
                #expect(html.contains("src=\"\(script)\""))
            }
            // No CDN: nothing but this server, which the content security policy enforces too.
            #expect(!html.contains("://"))
            #expect(page.headers[.contentSecurityPolicy]?.contains("default-src 'self'") == true)
            for (name, contentType) in GraphiQLAssets.packageFiles {
                let file = try await client.execute(uri: "/graphiql/\(name)", method: .get)
                #expect(file.status == .ok)
                #expect(file.headers[.contentType] == contentType)
                #expect(String(buffer: file.body) == "/* \(name) */")
            }
            let start = try await client.execute(uri: "/graphiql/foodgraph.js", method: .get)
            #expect(String(buffer: start.body).contains("GraphiQL.createFetcher"))
            #expect(String(buffer: start.body).contains("isHeadersEditorEnabled: true"))
            let unknown = try await client.execute(uri: "/graphiql/..%2F..%2Fetc%2Fpasswd", method: .get)
            #expect(unknown.status == .notFound)
        }
    }

    @Test func filesAreRevalidatedByTheirETag() async throws {
        let folder = try Self.assetsFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await Self.withServer(GraphiQLConfiguration(assetsDirectory: folder.path)) { client in
            let first = try await client.execute(uri: "/graphiql/graphiql.min.js", method: .get)
            let etag = try #require(first.headers[.eTag])
            let again = try await client.execute(uri: "/graphiql/graphiql.min.js", method: .get, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)
            #expect(again.body.readableBytes == 0)
        }
    }

    @Test func clientsAskingForJSONStillGetGraphQL() async throws {
        let folder = try Self.assetsFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await Self.withServer(GraphiQLConfiguration(assetsDirectory: folder.path)) { client in
            for accept in ["*/*", "application/json", "application/graphql-response+json, text/html", "application/json, text/html"] {
                let response = try await client.execute(uri: "/graphql?query=%7Bhello%7D", method: .get, headers: [.accept: accept])
                #expect(String(buffer: response.body) == #"{"data":{"hello":"Hello, world!"}}"#, "\(accept)")
            }
            let noAccept = try await client.execute(uri: "/graphql?query=%7Bhello%7D", method: .get)
            #expect(String(buffer: noAccept.body) == #"{"data":{"hello":"Hello, world!"}}"#)
            // A POST is never a page.
            let post = try await GraphQLOverHTTPTests.post(client, #"{"query":"{ hello }"}"#, accept: "text/html")
            #expect(post.status == .notAcceptable)
        }
    }

    @Test func turnedOffItIsNotServed() async throws {
        try await Self.withServer(.disabled) { client in
            // GraphQL over HTTP answers as it always did: no page.
            let page = try await client.execute(uri: "/graphql", method: .get, headers: [.accept: Self.browserAccept])
            #expect((400..<500).contains(page.status.code))
            #expect(page.headers[.contentType]?.hasPrefix("text/html") != true)
            let withQuery = try await client.execute(
                uri: "/graphql?query=%7Bhello%7D", method: .get, headers: [.accept: Self.browserAccept])
            #expect(withQuery.headers[.contentType]?.hasPrefix("application/json") == true)
            let htmlOnly = try await client.execute(uri: "/graphql?query=%7Bhello%7D", method: .get, headers: [.accept: "text/html"])
            #expect(htmlOnly.status == .notAcceptable)
            let file = try await client.execute(uri: "/graphiql/graphiql.min.js", method: .get)
            #expect(file.status == .notFound)
        }
    }

    @Test func missingFilesAreExplainedNotServedBroken() async throws {
        let configuration = GraphiQLConfiguration(assetsDirectory: "/nonexistent/graphiql")
        try await Self.withServer(configuration) { client in
            let page = try await client.execute(uri: "/graphql", method: .get, headers: [.accept: Self.browserAccept])
            #expect(page.status == .serviceUnavailable)
            #expect(String(buffer: page.body).contains("tools/setup"))
        }
    }

    @Test func theSettingComesFromTheEnvironment() {
        #expect(GraphiQLConfiguration.fromEnvironment([:]).isEnabled)
        #expect(GraphiQLConfiguration.fromEnvironment([:]).assetsDirectory == ".foodgraph/graphiql")
        for off in ["off", "false", "0", "no", "OFF"] {
            #expect(!GraphiQLConfiguration.fromEnvironment(["FOODGRAPH_GRAPHIQL": off]).isEnabled)
        }
        #expect(GraphiQLConfiguration.fromEnvironment(["FOODGRAPH_GRAPHIQL": "on"]).isEnabled)
        let folder = GraphiQLConfiguration.fromEnvironment(["FOODGRAPH_GRAPHIQL_ASSETS": "/srv/graphiql"])
        #expect(folder.assetsDirectory == "/srv/graphiql")
        let typo = GraphiQLConfiguration.fromEnvironment(["FOODGRAPH_GRAPHIQL": "offf"])
        #expect(!typo.isEnabled)
        #expect(typo.problem?.contains("FOODGRAPH_GRAPHIQL") == true)
    }

    @Test func onlyBrowsersPreferringHTMLGetThePage() {
        #expect(GraphiQLAssets.wantsPage(accept: Self.browserAccept))
        #expect(GraphiQLAssets.wantsPage(accept: "text/html"))
        #expect(!GraphiQLAssets.wantsPage(accept: nil))
        #expect(!GraphiQLAssets.wantsPage(accept: "*/*"))
        #expect(!GraphiQLAssets.wantsPage(accept: "text/html;q=0.5, application/json"))
        #expect(!GraphiQLAssets.wantsPage(accept: "text/html;q=0"))
    }
}
