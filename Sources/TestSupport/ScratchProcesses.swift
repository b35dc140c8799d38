import Foundation
import Postgres

#if canImport(Glibc)
import Glibc
#endif

/// Programs the scale-out tests run beside the test cluster: PostgreSQL clusters of their own (a
/// primary and a streaming replica), PgBouncer, HAProxy, `foodgraph serve`. Spawned with
/// `posix_spawn` (Foundation's `Process` waits forever on descriptors a daemon inherits).
public enum Scratch {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// Whether the tests run as root: PostgreSQL and PgBouncer then run as the postgres user.
    public static var isRoot: Bool { getuid() == 0 }

    /// A fresh folder (short: unix socket paths must fit 107 bytes), readable by the postgres user.
    public static func folder() throws -> URL {
        let folder = URL(fileURLWithPath: "/tmp/fg-scale-\(UUID().uuidString.prefix(8).lowercased())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        chmod(folder.path, 0o777)
        return folder
    }

    /// Runs `command` to completion; throws with its output when it fails.
    @discardableResult
    public static func run(_ command: [String], asPostgres: Bool = false) throws -> String {
        let full = asPostgres && isRoot ? ["/sbin/runuser", "-u", "postgres", "--"] + command : command
        let outputPath = "/tmp/fg-scale-\(UUID().uuidString).out"
        defer { unlink(outputPath) }
        let pid = try spawn(full, output: outputPath, environment: nil)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw Failure("waitpid: \(String(cString: strerror(errno)))") }
        }
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        guard status == 0 else { throw Failure("\(full.joined(separator: " ")) failed (\(status)): \(output)") }
        return output
    }

    /// Starts `command` in the background, its output to `output`; the caller stops it.
    public static func spawn(_ command: [String], output: String, environment: [String: String]?) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o666)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
        }
        var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let variables = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        var envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0) } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, command[0], &actions, nil, &argv, &envp)
        guard status == 0 else { throw Failure("\(command[0]) could not be started: \(String(cString: strerror(status)))") }
        return pid
    }

    /// A TCP port nothing listens on now.
    public static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Bool in
                bind(socket, pointer, length) == 0 && getsockname(socket, pointer, &length) == 0
            }
        }
        guard bound else { throw Failure("no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// A background process the test started; `stop()` ends it (SIGTERM, then SIGKILL) and reaps it.
public final class ScratchProcess: Sendable {
    public let pid: pid_t
    public let outputPath: String

    public init(_ command: [String], output: String, environment: [String: String]? = nil) throws {
        self.outputPath = output
        self.pid = try Scratch.spawn(command, output: output, environment: environment)
    }

    public var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }

    public var isRunning: Bool {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == 0
    }

    /// Waits until `output` contains `text` (or the process ended, or `timeout` passed).
    public func waitForOutput(_ text: String, timeout: Duration = .seconds(120)) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let current = output
            if current.contains(text) { return current }
            guard isRunning else { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw Scratch.Failure("\(pid) did not print \"\(text)\": \(output)")
    }

    public func stop() {
        guard isRunning else { return }
        kill(pid, SIGTERM)
        for _ in 0..<100 {
            if !isRunning { return }
            usleep(50_000)
        }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }
}

/// A PostgreSQL cluster of a test's own, on a unix socket in its folder (and optionally a TCP
/// port), made with `initdb` or as a streaming replica of another with `pg_basebackup -R`.
public struct ScratchCluster: Sendable {
    public let root: URL
    public let port: Int
    public var data: URL { root.appendingPathComponent("data") }
    public var user: String { Scratch.isRoot ? "postgres" : ProcessInfo.processInfo.userName }

    public func url(database: String = "postgres") -> String {
        "postgresql:///\(database)?host=\(root.path)&port=\(port)&user=\(user)"
    }

    /// What docs/scaling.md tells an operator to do before PgBouncer's transaction pooling: the
    /// settings FoodGraph's decoders need, as the database's defaults (no session may set them).
    public func setDecoderSettingsAsDefaults() async throws {
        let pool = PostgresPool(configuration: .init(conninfo: url(), size: 1))
        defer { Task { await pool.close() } }
        try await pool.withConnection { connection in
            try await connection.execute(
                simple: "ALTER DATABASE postgres SET TimeZone = 'UTC'; ALTER DATABASE postgres SET DateStyle = 'ISO, YMD'; "
                    + "ALTER DATABASE postgres SET IntervalStyle = 'iso_8601'; ALTER DATABASE postgres SET extra_float_digits = 3")
        }
    }

    static func binary(_ name: String) throws -> String {
        let base = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []).compactMap(Int.init).sorted(by: >)
        for version in versions where FileManager.default.isExecutableFile(atPath: "\(base)/\(version)/bin/\(name)") {
            return "\(base)/\(version)/bin/\(name)"
        }
        throw Scratch.Failure("PostgreSQL's \(name) is not installed")
    }

    /// A new primary: streaming replication allowed over its socket (initdb's default hba has the
    /// `local replication` line), durability off as in tools/test's cluster.
    public static func primary(in folder: URL, port: Int) async throws -> ScratchCluster {
        let cluster = ScratchCluster(root: folder.appendingPathComponent("primary"), port: port)
        try await OwnThread.run {
            try cluster.makeRoot()
            try Scratch.run(
                [try binary("initdb"), "-D", cluster.data.path, "-U", cluster.user, "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8"],
                asPostgres: true)
            try cluster.start()
        }
        return cluster
    }

    /// A streaming replica of `primary`, taken with `pg_basebackup -R` (which writes its standby settings).
    public static func replica(of primary: ScratchCluster, in folder: URL, port: Int) async throws -> ScratchCluster {
        let cluster = ScratchCluster(root: folder.appendingPathComponent("replica"), port: port)
        try await OwnThread.run {
            try cluster.makeRoot()
            try Scratch.run(
                [
                    try binary("pg_basebackup"), "-h", primary.root.path, "-p", "\(primary.port)", "-U", primary.user,
                    "-D", cluster.data.path, "-R", "-X", "stream", "-c", "fast",
                ], asPostgres: true)
            try cluster.start()
        }
        return cluster
    }

    private func makeRoot() throws {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        chmod(root.path, 0o700)
        if Scratch.isRoot { try Scratch.run(["/bin/chown", "postgres:postgres", root.path]) }
    }

    public func start() throws {
        try Scratch.run(
            [
                try Self.binary("pg_ctl"), "-D", data.path, "-l", root.appendingPathComponent("server.log").path, "-w", "-t", "60",
                "-o", "-c listen_addresses='' -k \(root.path) -p \(port) -c fsync=off -c full_page_writes=off -c max_connections=200",
                "start",
            ], asPostgres: true)
    }

    public func stop() {
        _ = try? Scratch.run([try Self.binary("pg_ctl"), "-D", data.path, "-m", "immediate", "-w", "stop"], asPostgres: true)
    }
}

/// PgBouncer in transaction pooling mode in front of a scratch cluster, on a TCP port of its own.
public struct ScratchPgBouncer: Sendable {
    public let port: Int
    let pidFile: String

    public var url: String { "postgresql://\(Scratch.isRoot ? "postgres" : ProcessInfo.processInfo.userName)@127.0.0.1:\(port)/postgres" }

    public static func start(in folder: URL, in cluster: ScratchCluster, serverConnections: Int) async throws -> ScratchPgBouncer {
        let port = try Scratch.freePort()
        let directory = folder.appendingPathComponent("pgbouncer")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        chmod(directory.path, 0o777)
        let users = directory.appendingPathComponent("users.txt")
        try "\"\(cluster.user)\" \"\"\n".write(to: users, atomically: true, encoding: .utf8)
        let pidFile = directory.appendingPathComponent("pgbouncer.pid").path
        let configuration = """
            [databases]
            postgres = host=\(cluster.root.path) port=\(cluster.port) dbname=postgres user=\(cluster.user)
            [pgbouncer]
            listen_addr = 127.0.0.1
            listen_port = \(port)
            unix_socket_dir =
            auth_type = trust
            auth_file = \(users.path)
            pool_mode = transaction
            default_pool_size = \(serverConnections)
            max_client_conn = 200
            logfile = \(directory.appendingPathComponent("pgbouncer.log").path)
            pidfile = \(pidFile)
            """
        let file = directory.appendingPathComponent("pgbouncer.ini")
        try configuration.write(to: file, atomically: true, encoding: .utf8)
        // PgBouncer refuses to run as root.
        let bouncer = ScratchPgBouncer(port: port, pidFile: pidFile)
        try await OwnThread.run {
            try Scratch.run(["/usr/sbin/pgbouncer", "-d", file.path], asPostgres: true)
            try bouncer.waitUntilListening()
        }
        return bouncer
    }

    func waitUntilListening() throws {
        for _ in 0..<200 {
            if (try? RawConnection(port: port)).map({ $0.close() }) != nil { return }
            usleep(50_000)
        }
        throw Scratch.Failure("PgBouncer did not listen on \(port)")
    }

    public func stop() {
        guard let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
            let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
        else { return }
        kill(pid, SIGTERM)
        // Its "fast exit" can linger while it still holds server connections.
        for _ in 0..<40 where kill(pid, 0) == 0 { usleep(50_000) }
        if kill(pid, 0) == 0 { kill(pid, SIGKILL) }
    }
}

/// HAProxy balancing HTTP requests round-robin over servers on local ports; each response says
/// which served it (`X-Served-By`: `s0`, `s1`, …).
public struct ScratchHAProxy: Sendable {
    public let port: Int
    let pidFile: String

    public static func start(in folder: URL, servers: [Int]) throws -> ScratchHAProxy {
        let port = try Scratch.freePort()
        let pidFile = folder.appendingPathComponent("haproxy.pid").path
        let backends = servers.enumerated().map { "    server s\($0.offset) 127.0.0.1:\($0.element)" }.joined(separator: "\n")
        let configuration = """
            global
                maxconn 256
            defaults
                mode http
                timeout connect 5s
                timeout client 60s
                timeout server 60s
            frontend api
                bind 127.0.0.1:\(port)
                default_backend foodgraph
            backend foodgraph
                balance roundrobin
                http-response set-header X-Served-By %s
            \(backends)

            """
        let file = folder.appendingPathComponent("haproxy.cfg")
        try configuration.write(to: file, atomically: true, encoding: .utf8)
        try Scratch.run(["/usr/sbin/haproxy", "-D", "-p", pidFile, "-f", file.path])
        let proxy = ScratchHAProxy(port: port, pidFile: pidFile)
        for _ in 0..<200 {
            if (try? RawConnection(port: port)).map({ $0.close() }) != nil { return proxy }
            usleep(50_000)
        }
        throw Scratch.Failure("HAProxy did not listen on \(port)")
    }

    public func stop() {
        guard let text = try? String(contentsOfFile: pidFile, encoding: .utf8) else { return }
        let pids = text.split(separator: "\n").compactMap { pid_t($0.trimmingCharacters(in: .whitespaces)) }
        for pid in pids { kill(pid, SIGTERM) }
        for _ in 0..<40 where pids.contains(where: { kill($0, 0) == 0 }) { usleep(50_000) }
        for pid in pids where kill(pid, 0) == 0 { kill(pid, SIGKILL) }
    }
}
