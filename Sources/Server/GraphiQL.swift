import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// Where GraphiQL comes from and whether it is served at all.
///
/// GraphiQL, the GraphQL Foundation's in-browser IDE, answers `GET /graphql` when a browser asks
/// for HTML. Its files (the GraphiQL bundle, its style sheet, React) are not part of the source:
/// `tools/setup` unpacks them from a pinned package into `.foodgraph/graphiql`, and the server
/// serves them itself under `/graphiql/`, so the IDE needs no network beyond this server.
public struct GraphiQLConfiguration: Sendable {
    public var isEnabled: Bool
    /// The folder holding the files of `GraphiQLAssets.files`.
    public var assetsDirectory: String
    /// A setting that could not be read, reported once at start-up.
    var problem: String?

    public static let defaultAssetsDirectory = ".foodgraph/graphiql"

    public init(isEnabled: Bool = true, assetsDirectory: String = GraphiQLConfiguration.defaultAssetsDirectory) {
        self.isEnabled = isEnabled
        self.assetsDirectory = assetsDirectory
    }

    public static let disabled = GraphiQLConfiguration(isEnabled: false)

    /// `FOODGRAPH_GRAPHIQL` (`on`, the default, or `off`) and `FOODGRAPH_GRAPHIQL_ASSETS` (the folder).
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Self {
        var configuration = GraphiQLConfiguration()
        if let folder = environment["FOODGRAPH_GRAPHIQL_ASSETS"], !folder.isEmpty { configuration.assetsDirectory = folder }
        if let text = environment["FOODGRAPH_GRAPHIQL"]?.lowercased(), !text.isEmpty {
            switch text {
            case "1", "true", "yes", "on": break
            case "0", "false", "no", "off": configuration.isEnabled = false
            default:
                configuration.isEnabled = false
                configuration.problem = "FOODGRAPH_GRAPHIQL must be on or off, not \"\(text)\"; GraphiQL is off."
            }
        }
        return configuration
    }
}

/// GraphiQL's page and files, read once when the router is built.
struct GraphiQLAssets: Sendable {
    struct File: Sendable {
        var contentType: String
        var body: ByteBuffer
        var etag: String
    }

    /// The files served under `/graphiql/`: those of the package, and the page's start script.
    static let packageFiles: [(name: String, contentType: String)] = [
        ("graphiql.min.js", "text/javascript; charset=utf-8"),
        ("graphiql.min.css", "text/css; charset=utf-8"),
        ("react.production.min.js", "text/javascript; charset=utf-8"),
        ("react-dom.production.min.js", "text/javascript; charset=utf-8"),
    ]

    let files: [String: File]
    /// Why the files could not be read: the page then says so instead of showing a broken IDE.
    let missing: String?

    init(configuration: GraphiQLConfiguration) {
        var files: [String: File] = [:]
        var absent: [String] = []
        let folder = URL(fileURLWithPath: configuration.assetsDirectory)
        for (name, contentType) in Self.packageFiles {
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else {
                absent.append(name)
                continue
            }
            files[name] = Self.file(Array(data), contentType: contentType)
        }
        files["foodgraph.js"] = Self.file(Array(Self.startScript.utf8), contentType: "text/javascript; charset=utf-8")
        files["foodgraph.css"] = Self.file(Array(Self.styleSheet.utf8), contentType: "text/css; charset=utf-8")
        self.files = files
        missing =
            absent.isEmpty
            ? nil
            : "GraphiQL's files (\(absent.joined(separator: ", "))) are not in \(folder.path): run tools/setup, "
                + "point FOODGRAPH_GRAPHIQL_ASSETS at them, or turn GraphiQL off with FOODGRAPH_GRAPHIQL=off."
    }

    private static func file(_ bytes: [UInt8], contentType: String) -> File {
        File(contentType: contentType, body: ByteBuffer(bytes: bytes), etag: "\"\(Digest.sha256Hex(bytes).prefix(32))\"")
    }

    /// Whether a GET asks for a page rather than a GraphQL response: `text/html` is named in
    /// `Accept` and preferred to both JSON media types (a tie goes to JSON, as API clients expect).
    static func wantsPage(accept: String?) -> Bool {
        guard let accept else { return false }
        var html = 0.0
        var json = 0.0
        for item in accept.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let range = parts.first else { continue }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            switch range {
            case "text/html": html = max(html, quality)
            case "application/json", "application/graphql-response+json": json = max(json, quality)
            default: break
            }
        }
        return html > 0 && html > json
    }

    /// Nothing but this server: a check that the IDE really works offline, and a guard against
    /// anything injected into a description.
    static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
        + "font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    func page() -> Response {
        if let missing {
            let body = """
                <!DOCTYPE html>
                <html lang="en"><head><meta charset="utf-8"><title>GraphiQL is not installed</title></head>
                <body><h1>GraphiQL is not installed</h1><p>\(Self.escapeHTML(missing))</p></body></html>

                """
            return Response(
                status: .serviceUnavailable, headers: [.contentType: "text/html; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/html; charset=utf-8", .cacheControl: "no-cache",
                .contentSecurityPolicy: Self.contentSecurityPolicy, .xContentTypeOptions: "nosniff",
                .init("Referrer-Policy")!: "no-referrer",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(string: Self.pageHTML)))
    }

    func file(named name: String, ifNoneMatch: String?) -> Response {
        guard let file = files[name] else {
            return Response(
                status: .notFound, headers: [.contentType: "text/plain; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: "not found\n")))
        }
        // Revalidated on each load (the files change when tools/setup installs another version).
        var headers: HTTPFields = [
            .contentType: file.contentType, .cacheControl: "no-cache", .eTag: file.etag, .xContentTypeOptions: "nosniff",
        ]
        if let ifNoneMatch, ifNoneMatch.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == file.etag }) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentLength] = String(file.body.readableBytes)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: file.body))
    }

    static func escapeHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static let pageHTML = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
          <meta charset="utf-8">
          <meta name="viewport" content="width=device-width, initial-scale=1">
          <title>FoodGraph · GraphiQL</title>
          <link rel="stylesheet" href="/graphiql/graphiql.min.css">
          <link rel="stylesheet" href="/graphiql/foodgraph.css">
        </head>
        <body>
          <div id="graphiql">Loading GraphiQL…</div>
          <script src="/graphiql/react.production.min.js"></script>
          <script src="/graphiql/react-dom.production.min.js"></script>
          <script src="/graphiql/graphiql.min.js"></script>
          <script src="/graphiql/foodgraph.js"></script>
        </body>
        </html>

        """

    static let styleSheet = """
        html, body { height: 100%; margin: 0; overflow: hidden; }
        #graphiql { height: 100vh; }

        """

    /// Mounts GraphiQL on this endpoint. `?query=`, `?variables=` and `?operationName=` in the page's
    /// address fill the editors, so a link can carry a query.
    static let startScript = #"""
        "use strict";
        (function () {
          var parameters = new URLSearchParams(window.location.search);
          var help = [
            "# Welcome to FoodGraph's GraphiQL.",
            "#",
            "# Write a query here and run it with Ctrl-Enter (or the run button).",
            "# The Docs pane (the book at the top left) describes every type and field.",
            "#",
            "# To run as a signed-in user, get a token with the login mutation:",
            "#   mutation { login(input: {email: \"user@demo.foodgraph.local\", password: \"…\"}) { token } }",
            "# then put it in the Headers pane below:",
            "#   {\"Authorization\": \"Bearer <token>\"}",
            "",
            "{",
            "  productByBarcode(barcode: \"627137020536\") {",
            "    name",
            "    brand",
            "  }",
            "}",
            ""
          ].join("\n");
          var fetcher = GraphiQL.createFetcher({ url: window.location.pathname });
          var props = {
            fetcher: fetcher,
            defaultQuery: help,
            isHeadersEditorEnabled: true,
            shouldPersistHeaders: false
          };
          if (parameters.has("query")) props.query = parameters.get("query");
          if (parameters.has("variables")) props.variables = parameters.get("variables");
          if (parameters.has("operationName")) props.operationName = parameters.get("operationName");
          ReactDOM.render(React.createElement(GraphiQL, props), document.getElementById("graphiql"));
        })();

        """#
}
