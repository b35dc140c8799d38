import Foundation

/// A PostgreSQL cluster that FoodGraph runs itself in a folder of its own: `initdb` once, then
/// `pg_ctl start` with the unix socket inside the folder and no TCP port, and `pg_ctl stop` at the
/// end. When the process runs as root, the cluster runs as the `postgres` system user, because
/// PostgreSQL refuses to run as root.
public struct EmbeddedCluster: Sendable {
    public let root: URL
    public let databaseName: String
    let binaries: URL
    let runAsPostgresUser: Bool

    var dataDirectory: URL { root.appendingPathComponent("data") }
    var socketDirectory: URL { root }
    var logFile: URL { root.appendingPathComponent("server.log") }
    var databaseUser: String { runAsPostgresUser ? "postgres" : ProcessInfo.processInfo.userName }

    /// The libpq URL of the application database.
    public var url: String {
        "postgresql:///\(databaseName)?host=\(socketDirectory.path)&user=\(databaseUser)"
    }

    /// Prepares (but does not start) a cluster in `root`. Throws when PostgreSQL is not installed.
    public init(root: URL, databaseName: String = "foodgraph") throws {
        self.root = root.standardizedFileURL
        self.databaseName = databaseName
        self.binaries = try EmbeddedCluster.findBinaries()
        self.runAsPostgresUser = getuid() == 0
        if runAsPostgresUser, EmbeddedCluster.postgresUserID() == nil {
            throw EmbeddedClusterError(
                "Running as root needs the postgres system user for the embedded database; install the postgresql package (tools/setup does).")
        }
        // The socket path lives in a sockaddr_un of 108 bytes.
        let socketPath = socketDirectory.appendingPathComponent(".s.PGSQL.5432").path
        guard socketPath.utf8.count < 108 else {
            throw EmbeddedClusterError(
                "The data folder path \(self.root.path) is too long for PostgreSQL's socket; choose a shorter one with --data-dir.")
        }
    }

    /// Creates the cluster on first use, starts it unless another process runs it, and returns
    /// whether this call started the server (and so should stop it).
    ///
    /// The process that starts the cluster owns it (`ClusterOwnership`) until it stops it or
    /// ends. A cluster found running with no owner was left by a process killed before it could
    /// stop it: it is stopped and started again, and from then on belongs to this process, which
    /// stops it at the end as usual.
    @discardableResult
    public func start() throws -> Bool {
        try prepareFolder()
        let isNew = !FileManager.default.fileExists(atPath: dataDirectory.appendingPathComponent("PG_VERSION").path)
        if isNew {
            try run(
                "initdb",
                ["-D", dataDirectory.path, "-U", databaseUser, "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8"],
                failure: "initdb could not create the database cluster in \(dataDirectory.path)")
        }
        let owns = try ClusterOwnership.acquire(root)
        if try isRunning() {
            // Another process runs it and will stop it.
            guard owns else { return false }
            // Left behind: restarted, so that it runs with this process's settings.
            try run(
                "pg_ctl", ["-D", dataDirectory.path, "-m", "fast", "-w", "stop"],
                failure: "PostgreSQL left running by an earlier server did not stop")
        }
        try run(
            "pg_ctl",
            [
                "-D", dataDirectory.path, "-l", logFile.path, "-w", "-t", "60", "-o",
                "-c listen_addresses='' -k \(socketDirectory.path)", "start",
            ],
            failure: "PostgreSQL did not start (its log is \(logFile.path))")
        return owns
    }

    /// Creates the application database when the cluster does not have it yet.
    public func createDatabaseIfMissing() async throws {
        let maintenanceURL = "postgresql:///postgres?host=\(socketDirectory.path)&user=\(databaseUser)"
        let connection = try await PostgresConnection.connect(maintenanceURL)
        let rows = try await connection.query("SELECT 1 FROM pg_database WHERE datname = $1", [databaseName])
        if rows.isEmpty {
            // CREATE DATABASE takes no parameters; the name is ours, not input, and is quoted.
            try await connection.execute(simple: "CREATE DATABASE \"\(databaseName.replacingOccurrences(of: "\"", with: "\"\""))\"")
        }
        await connection.close()
    }

    /// Stops the server (fast shutdown: open transactions are rolled back) and lets it go.
    public func stop() throws {
        defer { ClusterOwnership.release(root) }
        guard try isRunning() else { return }
        try run("pg_ctl", ["-D", dataDirectory.path, "-m", "fast", "-w", "stop"], failure: "PostgreSQL did not stop")
    }

    public func isRunning() throws -> Bool {
        guard FileManager.default.fileExists(atPath: dataDirectory.appendingPathComponent("PG_VERSION").path) else {
            return false
        }
        // pg_ctl status exits 0 when running, 3 when not.
        return try run("pg_ctl", ["-D", dataDirectory.path, "status"], failure: nil) == 0
    }

    // MARK: - Internals

    private func prepareFolder() throws {
        let manager = FileManager.default
        if !manager.fileExists(atPath: root.path) {
            do {
                // Parents stay traversable (the server runs as another user when we are root);
                // the cluster's own folder is private.
                try manager.createDirectory(at: root.deletingLastPathComponent(), withIntermediateDirectories: true)
                try manager.createDirectory(at: root, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            } catch {
                throw EmbeddedClusterError("The data folder \(root.path) cannot be created: \(error.localizedDescription)")
            }
            if runAsPostgresUser {
                try run("chown", ["postgres:postgres", root.path], asPostgres: false, failure: "The data folder cannot be given to the postgres user")
            }
        }
        let attributes = try manager.attributesOfItem(atPath: root.path)
        let owner = (attributes[.ownerAccountID] as? NSNumber)?.uint32Value
        let expectedOwner = runAsPostgresUser ? EmbeddedCluster.postgresUserID() : getuid()
        if let owner, let expectedOwner, owner != expectedOwner {
            let ownerName = (attributes[.ownerAccountName] as? String) ?? "uid \(owner)"
            let user = runAsPostgresUser ? "postgres" : ProcessInfo.processInfo.userName
            throw EmbeddedClusterError(
                "The data folder \(root.path) belongs to \(ownerName), not \(user); remove it or choose another with --data-dir.")
        }
    }

    /// Runs a PostgreSQL tool (as the postgres user when we are root) and returns its exit status;
    /// with a `failure` sentence, a non-zero status throws with the tool's own output appended.
    @discardableResult
    private func run(_ tool: String, _ arguments: [String], asPostgres: Bool? = nil, failure: String?) throws -> Int32 {
        let executable = tool == "chown" ? "/bin/chown" : binaries.appendingPathComponent(tool).path
        let command =
            (asPostgres ?? runAsPostgresUser)
            ? ["/sbin/runuser", "-u", "postgres", "--", executable] + arguments
            : [executable] + arguments
        let result: ChildProcess.Result
        do {
            result = try ChildProcess.run(command)
        } catch {
            throw EmbeddedClusterError("\(tool) could not be run: \(error)")
        }
        if let failure, result.status != 0 {
            let detail = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
                .split(separator: "\n").last.map(String.init) ?? ""
            throw EmbeddedClusterError("\(failure): \(detail)")
        }
        return result.status
    }

    /// The newest PostgreSQL server binaries: under /usr/lib/postgresql/*/bin, else on PATH.
    static func findBinaries() throws -> URL {
        let manager = FileManager.default
        let base = "/usr/lib/postgresql"
        let versions = ((try? manager.contentsOfDirectory(atPath: base)) ?? [])
            .compactMap { name in Int(name).map { ($0, name) } }
            .sorted { $0.0 > $1.0 }
        for (_, name) in versions {
            let bin = URL(fileURLWithPath: "\(base)/\(name)/bin")
            if manager.isExecutableFile(atPath: bin.appendingPathComponent("initdb").path),
                manager.isExecutableFile(atPath: bin.appendingPathComponent("pg_ctl").path)
            {
                return bin
            }
        }
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let bin = URL(fileURLWithPath: String(directory))
            if manager.isExecutableFile(atPath: bin.appendingPathComponent("initdb").path),
                manager.isExecutableFile(atPath: bin.appendingPathComponent("pg_ctl").path)
            {
                return bin.appendingPathComponent("initdb").resolvingSymlinksInPath().deletingLastPathComponent()
            }
        }
        throw EmbeddedClusterError(
            "PostgreSQL's server programs (initdb, pg_ctl) were not found; install the postgresql package (tools/setup does) or set DATABASE_URL.")
    }

    private static func postgresUserID() -> UInt32? {
        guard let entry = getpwnam("postgres") else { return nil }
        return entry.pointee.pw_uid
    }
}

public struct EmbeddedClusterError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
