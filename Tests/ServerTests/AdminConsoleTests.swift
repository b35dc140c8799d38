import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Testing

@testable import Server

/// The admin console's page and files at `/admin` (issue #31): served by this server alone, with
/// a content security policy that allows no inline script, and its operations registered as
/// persisted queries. Signing in and the pages in a real browser are tools/test-admin's part; the
/// API's refusals through the console are AdminConsoleOverHTTPTests'.
struct AdminConsoleTests {
    static func withServer(
        _ console: AdminConsoleConfiguration = AdminConsoleConfiguration(),
        _ body: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        var server = FoodGraphServer(application: try TestApplication(), configuration: ServerConfiguration(), logger: logger)
        server.adminConsole = console
        let app = Application(router: server.router(), logger: logger)
        try await app.test(.live) { client in try await body(client) }
    }

    static var bundled: URL { AdminConsoleConfiguration.bundledDirectory! }

    @Test func thePageLoadsOnlyFromThisServerWithNoInlineScript() async throws {
        try await Self.withServer { client in
            for path in ["/admin", "/admin/"] {
                let page = try await client.execute(uri: path, method: .get)
                #expect(page.status == .ok)
                #expect(page.headers[.contentType] == "text/html; charset=utf-8")
                let policy = try #require(page.headers[.contentSecurityPolicy])
                #expect(policy.hasPrefix("default-src 'none'"))
                #expect(policy.contains("script-src 'self';") && policy.contains("style-src 'self';"))
                #expect(!policy.contains("unsafe"))
                #expect(page.headers[.xContentTypeOptions] == "nosniff")
                let html = String(buffer: page.body)
                // No CDN, no external font, no tracker; every script is a file of this server.
                #expect(!html.contains("://"))
                let scripts = html.components(separatedBy: "<script").dropFirst()
                #expect(scripts.count >= 8)
                for script in scripts { #expect(script.hasPrefix(" src=\"/admin/") && script.contains("></script>"), "\(script)") }
                #expect(!html.contains("style=\""), "inline styles")
                #expect(html.range(of: #"\son[a-z]+="#, options: .regularExpression) == nil, "inline event handlers")
                // Every page file has its script tag, after the shell and before start.js.
                for page in [
                    "page-orders.js", "page-support.js", "page-moderation.js", "page-users.js", "page-catalog.js", "page-system.js", "page-jobs.js",
                ] {
                    let tag = "<script src=\"/admin/\(page)\"></script>"
                    #expect(html.contains(tag))
                    #expect(html.range(of: "/admin/admin.js")!.lowerBound < html.range(of: tag)!.lowerBound)
                    #expect(html.range(of: tag)!.lowerBound < html.range(of: "/admin/start.js")!.lowerBound)
                }
                // Accessible: a language, labelled sign-in fields, a skip link.
                #expect(html.contains("<html lang=\"en\">"))
                #expect(html.contains("<label for=\"email\">") && html.contains("<label for=\"password\">"))
                #expect(html.contains("href=\"#main\""))
            }
        }
    }

    @Test func theScriptsBuildNoMarkupFromTextAndReachNoOtherOrigin() throws {
        let folder = Self.bundled
        let scripts = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".js") }
        #expect(scripts.count >= 8)
        for name in scripts {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for banned in ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function", "localStorage", "sessionStorage", "document.cookie"] {
                #expect(!text.contains(banned), "\(name) uses \(banned)")
            }
            // The only address is SVG's namespace name, which is never fetched.
            #expect(text.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "").contains("://") == false, "\(name)")
        }
    }

    @Test func filesAndOperationsAreServedAndRegistered() async throws {
        let console = try AdminConsoleAssets.load(from: Self.bundled)
        #expect(console.operations["AdminSignIn"] != nil && console.operations["AdminUsers"] != nil)
        try await Self.withServer { client in
            let script = try await client.execute(uri: "/admin/admin.js", method: .get)
            #expect(script.status == .ok)
            #expect(script.headers[.contentType] == "text/javascript; charset=utf-8")
            let etag = try #require(script.headers[.eTag])
            let again = try await client.execute(uri: "/admin/admin.js", method: .get, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)
            let style = try await client.execute(uri: "/admin/admin.css", method: .get)
            #expect(style.headers[.contentType] == "text/css; charset=utf-8")
            let list = try await client.execute(uri: "/admin/operations.json", method: .get)
            let operations = try #require(try JSONSerialization.jsonObject(with: Data(String(buffer: list.body).utf8)) as? [String: [String: String]])
            #expect(operations["AdminSignIn"]?["sha256Hash"] == console.operations["AdminSignIn"]?.hash)
            #expect(operations["AdminSignIn"]?["file"] == "session.graphql")
            // The document behind each hash is this server's: a request by hash alone is not "not found".
            let hash = try #require(operations["AdminViewer"]?["sha256Hash"])
            let body = #"{"operationName":"AdminViewer","extensions":{"persistedQuery":{"version":1,"sha256Hash":"\#(hash)"}}}"#
            let response = try await client.execute(
                uri: "/graphql", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: body))
            #expect(!String(buffer: response.body).contains("PERSISTED_QUERY_NOT_FOUND"))
            let document = try await client.execute(uri: "/admin/session.graphql", method: .get)
            #expect(PersistedQueryHash.sha256Hex(String(buffer: document.body)) == hash)
            for path in ["/admin/..%2F..%2Fetc%2Fpasswd", "/admin/index.html.bak", "/admin/nothing.js", "/admin/.hidden"] {
                let missing = try await client.execute(uri: path, method: .get)
                #expect(missing.status == .notFound, "\(path)")
            }
            let post = try await client.execute(uri: "/admin", method: .post)
            #expect(post.status == .methodNotAllowed)
        }
    }

    @Test func turnedOffItIsNotServed() async throws {
        try await Self.withServer(.disabled) { client in
            let page = try await client.execute(uri: "/admin", method: .get)
            #expect(page.status == .notFound)
            let script = try await client.execute(uri: "/admin/admin.js", method: .get)
            #expect(script.status == .notFound)
        }
        #expect(AdminConsoleConfiguration.fromEnvironment([:]).isEnabled)
        #expect(!AdminConsoleConfiguration.fromEnvironment(["FOODGRAPH_ADMIN_CONSOLE": "off"]).isEnabled)
        let bad = AdminConsoleConfiguration.fromEnvironment(["FOODGRAPH_ADMIN_CONSOLE": "maybe"])
        #expect(!bad.isEnabled && bad.problem != nil)
    }

    @Test func missingFilesAreExplainedNotServedBroken() async throws {
        try await Self.withServer(AdminConsoleConfiguration(assetsDirectory: "/nonexistent/admin")) { client in
            let page = try await client.execute(uri: "/admin", method: .get)
            #expect(page.status == .serviceUnavailable)
            #expect(String(buffer: page.body).contains("index.html"))
        }
    }
}
