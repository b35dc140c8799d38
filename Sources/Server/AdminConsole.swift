import Foundation
import GraphQLEngine
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// Whether the admin console is served at `/admin`, and from where.
///
/// The console is one page and a few scripts (`Sources/Server/Admin/`, no build step, nothing from
/// another origin) for the staff roles. It is just another client of `/graphql`: it signs in with
/// `login`, keeps the bearer token in memory, and runs only the operations of its own `*.graphql`
/// files, which the server registers as persisted queries at start-up and the console sends by
/// their SHA-256 (Apollo's protocol). Roles are the API's: the console hides nothing the API would
/// not refuse anyway. docs/admin.md.
public struct AdminConsoleConfiguration: Sendable {
    public var isEnabled: Bool
    /// The folder of the console's files; nil for those bundled with the server.
    public var assetsDirectory: String?
    /// A setting that could not be read, reported once at start-up.
    var problem: String?

    public init(isEnabled: Bool = true, assetsDirectory: String? = nil) {
        self.isEnabled = isEnabled
        self.assetsDirectory = assetsDirectory
    }

    public static let disabled = AdminConsoleConfiguration(isEnabled: false)

    /// `FOODGRAPH_ADMIN_CONSOLE` (`on`, the default, or `off`) and `FOODGRAPH_ADMIN_CONSOLE_ASSETS`
    /// (a folder to serve instead of the bundled files, for working on the console without rebuilding).
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Self {
        var configuration = AdminConsoleConfiguration()
        if let folder = environment["FOODGRAPH_ADMIN_CONSOLE_ASSETS"], !folder.isEmpty { configuration.assetsDirectory = folder }
        if let text = environment["FOODGRAPH_ADMIN_CONSOLE"]?.lowercased(), !text.isEmpty {
            switch text {
            case "1", "true", "yes", "on": break
            case "0", "false", "no", "off": configuration.isEnabled = false
            default:
                configuration.isEnabled = false
                configuration.problem = "FOODGRAPH_ADMIN_CONSOLE must be on or off, not \"\(text)\"; the admin console is off."
            }
        }
        return configuration
    }

    /// The bundled files' folder.
    static var bundledDirectory: URL? {
        Bundle.module.url(forResource: "Admin", withExtension: nil)
    }
}

/// The console's files, read once when the router is built.
struct AdminConsoleAssets: Sendable {
    struct File: Sendable {
        var contentType: String
        var body: ByteBuffer
        var etag: String
    }

    /// Files by name (`admin.js`, `page-users.js`, `users.graphql`, `operations.json`, …).
    let files: [String: File]
    /// The page, with a script tag per `page-*.js`.
    let pageHTML: String
    /// Each operation's name → the SHA-256 of the document that holds it, and that file's name.
    let operations: [String: (hash: String, file: String)]
    /// The documents by hash, to register as persisted queries.
    let documents: [String: String]

    enum LoadError: Error, CustomStringConvertible {
        case missing(String)
        case invalidDocument(file: String, message: String)
        case duplicateOperation(String)

        var description: String {
            switch self {
            case .missing(let what): "The admin console's files are missing: \(what)."
            case .invalidDocument(let file, let message): "The admin console's \(file) cannot be parsed: \(message)"
            case .duplicateOperation(let name): "Two of the admin console's documents name an operation \(name)."
            }
        }
    }

    static let contentTypes = [
        "js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8", "graphql": "application/graphql; charset=utf-8",
        "svg": "image/svg+xml", "json": "application/json",
    ]

    /// Nothing but this server; no inline script or style, no forms posted anywhere, no framing.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    static func load(from folder: URL) throws -> AdminConsoleAssets {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        guard let template = FileManager.default.contents(atPath: folder.appendingPathComponent("index.html").path) else {
            throw LoadError.missing("index.html in \(folder.path)")
        }
        var files: [String: File] = [:]
        var operations: [String: (hash: String, file: String)] = [:]
        var documents: [String: String] = [:]
        for name in names.sorted() {
            guard Self.isServable(name), name != "index.html", let type = Self.contentTypes[String(name.split(separator: ".").last ?? "")],
                let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
            else { continue }
            files[name] = Self.file(Array(data), contentType: type)
            guard name.hasSuffix(".graphql") else { continue }
            let text = String(decoding: data, as: UTF8.self)
            let hash = PersistedQueryHash.sha256Hex(text)
            let document: DocumentNode
            do throws(GraphQLError) {
                document = try GraphQLEngine.parse(text)
            } catch {
                throw LoadError.invalidDocument(file: name, message: error.message)
            }
            for definition in document.definitions {
                guard case .operation(let operation) = definition, let operationName = operation.name?.value else { continue }
                if operations[operationName] != nil { throw LoadError.duplicateOperation(operationName) }
                operations[operationName] = (hash, name)
            }
            documents[hash] = text
        }
        guard files["admin.js"] != nil, files["admin.css"] != nil else { throw LoadError.missing("admin.js or admin.css in \(folder.path)") }
        // The operations' hashes for the script: it sends a hash, and the document (from its file)
        // only when the server answers PERSISTED_QUERY_NOT_FOUND, as Apollo's protocol has it.
        let json =
            "{"
            + operations.sorted { $0.key < $1.key }.map { "\"\($0.key)\":{\"sha256Hash\":\"\($0.value.hash)\",\"file\":\"\($0.value.file)\"}" }
            .joined(separator: ",") + "}\n"
        files["operations.json"] = Self.file(Array(json.utf8), contentType: "application/json")
        // Every page-*.js after the shell, in name order: a page is one file (and its .graphql).
        let pages = names.filter { $0.hasPrefix("page-") && $0.hasSuffix(".js") && Self.isServable($0) }.sorted()
        let scripts = pages.map { "  <script src=\"/admin/\($0)\"></script>" }.joined(separator: "\n")
        let html = String(decoding: template, as: UTF8.self).replacingOccurrences(of: "<!-- pages -->", with: scripts)
        return AdminConsoleAssets(files: files, pageHTML: html, operations: operations, documents: documents)
    }

    /// Plain names only: letters, digits, `-` and one `.` part; never a path.
    static func isServable(_ name: String) -> Bool {
        !name.hasPrefix(".") && name.count <= 64
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") } && !name.contains("..")
    }

    private static func file(_ bytes: [UInt8], contentType: String) -> File {
        File(contentType: contentType, body: ByteBuffer(bytes: bytes), etag: "\"\(Digest.sha256Hex(bytes).prefix(32))\"")
    }

    static let securityHeaders: HTTPFields = [
        .contentSecurityPolicy: contentSecurityPolicy, .xContentTypeOptions: "nosniff",
        .init("Referrer-Policy")!: "no-referrer", .init("X-Frame-Options")!: "DENY",
        .init("Cross-Origin-Opener-Policy")!: "same-origin",
    ]

    func page() -> Response {
        var headers = Self.securityHeaders
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: pageHTML)))
    }

    func file(named name: String, ifNoneMatch: String?) -> Response {
        guard let file = files[name] else {
            return Response(
                status: .notFound, headers: [.contentType: "text/plain; charset=utf-8", .xContentTypeOptions: "nosniff"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: "not found\n")))
        }
        var headers = Self.securityHeaders
        headers[.contentType] = file.contentType
        headers[.cacheControl] = "no-cache"
        headers[.eTag] = file.etag
        if let ifNoneMatch, ifNoneMatch.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == file.etag }) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentLength] = String(file.body.readableBytes)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: file.body))
    }

    static func unavailable(_ reason: String) -> Response {
        Response(
            status: .serviceUnavailable, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: reason + "\n")))
    }
}

extension FoodGraphServer {
    /// `/admin` (the page), `/admin/<file>` (its scripts, style sheet and operations); the
    /// console's operations become persisted queries.
    func mountAdminConsole(on router: Router<ServerRequestContext>) {
        if let problem = adminConsole.problem { logger.warning("\(problem)") }
        guard adminConsole.isEnabled else { return }
        let loaded: Result<AdminConsoleAssets, any Error>
        if let folder = adminConsole.assetsDirectory.map({ URL(fileURLWithPath: $0) }) ?? AdminConsoleConfiguration.bundledDirectory {
            loaded = Result { try AdminConsoleAssets.load(from: folder) }
        } else {
            loaded = .failure(AdminConsoleAssets.LoadError.missing("the server's bundle has no Admin folder"))
        }
        switch loaded {
        case .success(let console):
            for (hash, document) in console.documents { handler.persistedQueries.register(document, hash: hash) }
            router.get("/admin") { _, _ in console.page() }
            router.get("/admin/:file") { request, context in
                console.file(named: context.parameters.get("file") ?? "", ifNoneMatch: request.headers[.ifNoneMatch])
            }
        case .failure(let error):
            let reason = "\(error)"
            logger.warning("\(reason)")
            router.get("/admin") { _, _ in AdminConsoleAssets.unavailable(reason) }
            router.get("/admin/:file") { _, _ in AdminConsoleAssets.unavailable(reason) }
        }
    }
}
