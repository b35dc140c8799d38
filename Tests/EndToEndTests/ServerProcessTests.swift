import Foundation
import Postgres
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The `foodgraph serve` binary as it runs in production, with its own embedded PostgreSQL:
/// hostile clients leave it idle (issue #21, item 10), a SIGTERM stops it within its drain
/// timeout even mid-request, and a SIGKILL leaves no PostgreSQL running once it starts again
/// (item 0).
@Suite(.serialized) struct ServerProcessTests {
    /// The binary next to the test bundle (`swift build` and `swift test` build both).
    static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("foodgraph")
    }

    /// Clients that go away mid-body, stall mid-body, trickle their headers or stream past the
    /// body limit. Each is cut off by the server (while the client still holds its end), and
    /// afterwards the server uses no CPU and holds no more sockets than before.
    @Test func hostileClientsAreCutOffAndLeaveTheServerIdle() async throws {
        try await ServerProcess.withDataFolder { folder in
            let server = try ServerProcess.start(dataFolder: folder)
            defer { server.kill(SIGKILL) }
            let port = try await server.port()
            let baseline = server.openSockets()
            let header = "POST /graphql HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 3000000\r\n\r\n"
            let part = [UInt8](repeating: UInt8(ascii: " "), count: 2_600_000)
            var chunked: [UInt8] = []
            let chunk = Array("10000\r\n".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 0x10000) + Array("\r\n".utf8)
            for _ in 0..<256 { chunked += chunk }
            let clients = try (0..<12).map { _ in try RawConnection(port: port) }
            // What each client saw of the server: its answer, and whether the server closed.
            let seen = await withTaskGroup(of: (Int, String, Bool).self) { group in
                for (index, client) in clients.enumerated() {
                    group.addTask { [chunked] in
                        switch index % 4 {
                        case 0:  // sends most of its body and goes away
                            _ = await client.sendInBackground(Array(header.utf8) + part)
                            client.reset()
                            return (index, "", true)
                        case 1:  // sends most of its body and stalls
                            _ = await client.sendInBackground(Array(header.utf8) + part)
                            let (text, closed) = await client.receive(for: .seconds(20))
                            return (index, text, closed)
                        case 2:  // trickles its headers, a line a second
                            client.send("POST /graphql HTTP/1.1\r\n")
                            for line in 0..<20 {
                                try? await Task.sleep(for: .seconds(1))
                                guard client.send("X-Line-\(line): slow\r\n") else { break }
                            }
                            let (text, closed) = await client.receive(for: .seconds(1))
                            return (index, text, closed)
                        default:  // streams far past the body limit
                            client.send("POST /graphql HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
                            _ = await client.sendInBackground(chunked)
                            let (text, closed) = await client.receive(for: .seconds(5))
                            return (index, text, closed)
                        }
                    }
                }
                return await group.reduce(into: [(Int, String, Bool)]()) { $0.append($1) }
            }
            for (index, text, closed) in seen where index % 4 != 0 {
                #expect(closed, "client \(index)")
                #expect(text.hasPrefix(index % 4 == 3 ? "HTTP/1.1 413" : "HTTP/1.1 408"), "client \(index): \(text.prefix(40))")
            }
            // The clients still hold their ends; the server has let go of all of them.
            try await Task.sleep(for: .milliseconds(500))
            let cpu = await server.cpuUse(over: .seconds(2))
            print("server CPU after the hostile clients: \(String(format: "%.1f", cpu * 100)) % of one core")
            #expect(cpu < 0.05)
            #expect(server.openSockets() <= baseline)
            // And it still answers.
            let health = try RawConnection(port: port)
            health.send("GET /healthz HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
            #expect(await health.receive(for: .seconds(5)).text.hasPrefix("HTTP/1.1 200"))
            for client in clients { client.close() }
        }
    }

    @Test func aKilledServerLeavesNoPostgresAndATermStopsWithinTheDrainTimeout() async throws {
        try await ServerProcess.withDataFolder { folder in
            let cluster = try EmbeddedCluster(root: folder.appendingPathComponent("postgres"))
            let first = try ServerProcess.start(dataFolder: folder)
            _ = try await first.port()
            first.kill(SIGKILL)
            #expect(await first.waitUntilExit())
            // Nothing could stop it: PostgreSQL still runs, as the issue found.
            #expect(try cluster.isRunning())

            let second = try ServerProcess.start(dataFolder: folder)
            defer { second.kill(SIGKILL) }
            let port = try await second.port()
            // A request stalled mid-body and a head trickling in when SIGTERM comes.
            let stalled = try RawConnection(port: port)
            stalled.send(
                "POST /graphql HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"query\":")
            let trickling = try RawConnection(port: port)
            trickling.send("POST /graphql HTTP/1.1\r\n")
            try await Task.sleep(for: .milliseconds(300))
            let clock = ContinuousClock()
            let signalled = clock.now
            second.kill(SIGTERM)
            let exited = await second.waitUntilExit(for: .seconds(45))
            let stopping = clock.now - signalled
            print("server stopped \(stopping) after SIGTERM")
            #expect(exited)
            // The stalled body gets its 408 after the body timeout (10 s), inside the drain timeout (30 s).
            #expect(stopping < .seconds(30))
            #expect(await stalled.receive(for: .seconds(1)).text.hasPrefix("HTTP/1.1 408"))
            // The second server took over the cluster the first left behind, and stopped it.
            #expect(try cluster.isRunning() == false)
        }
    }
}

/// A `foodgraph serve` process on an embedded database of its own, on a port it picks.
///
/// Spawned and reaped by hand rather than with Foundation's `Process`: the PostgreSQL server a
/// killed `foodgraph` leaves behind would keep the descriptor `Process` watches for the exit, and
/// waiting would never end.
final class ServerProcess: Sendable {
    let pid: pid_t
    /// Where the server's output goes (and the line naming its port).
    private let outputPath: String

    /// A fresh data folder (short: PostgreSQL's socket path must fit 107 bytes), its cluster
    /// stopped and the folder removed afterwards, whatever happened.
    static func withDataFolder(_ body: (URL) async throws -> Void) async throws {
        let folder = URL(fileURLWithPath: "/tmp/fg-proc-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if getuid() == 0 { chmod(folder.path, 0o755) }
        defer {
            if let cluster = try? EmbeddedCluster(root: folder.appendingPathComponent("postgres")) { try? cluster.stop() }
            try? FileManager.default.removeItem(at: folder)
        }
        try await body(folder)
    }

    static func start(dataFolder: URL) throws -> ServerProcess {
        let outputPath = dataFolder.appendingPathComponent("server-\(UUID().uuidString.prefix(8)).out").path
        let command = [
            ServerProcessTests.binary.path, "serve", "--data-dir", dataFolder.path, "--port", "0", "--no-demo-data",
            "--log-level", "warning",
        ]
        // None of the test process's sockets and files live on in the server (Scratch.spawn closes them).
        let environment = ProcessInfo.processInfo.environment.filter { $0.key != "DATABASE_URL" }
        let pid = try Scratch.spawn(command, output: outputPath, environment: environment)
        return ServerProcess(pid: pid, outputPath: outputPath)
    }

    private init(pid: pid_t, outputPath: String) {
        self.pid = pid
        self.outputPath = outputPath
    }

    var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }

    /// The port from the line the server prints once it serves.
    func port(within timeout: Duration = .seconds(120)) async throws -> Int {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline, isRunning {
            let text = output
            if let range = text.range(of: #"127\.0\.0\.1:[0-9]+/graphql"#, options: .regularExpression),
                let port = Int(text[range].dropFirst("127.0.0.1:".count).prefix { $0.isNumber })
            {
                return port
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw ServerProcessError(description: "the server did not start: \(output)")
    }

    func kill(_ signal: Int32) {
        if isRunning { Glibc.kill(pid, signal) }
    }

    /// Whether the process still runs (it is reaped once it has ended).
    var isRunning: Bool {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == 0
    }

    /// Whether the process ended within `timeout`.
    func waitUntilExit(for timeout: Duration = .seconds(60)) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while isRunning {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return true
    }

    /// The share of one core the process used over `interval`.
    func cpuUse(over interval: Duration) async -> Double {
        let before = cpuTicks()
        try? await Task.sleep(for: interval)
        let ticks = Double(cpuTicks() - before)
        let seconds = Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK))) / seconds
    }

    /// utime + stime from /proc/<pid>/stat (fields 14 and 15; the name before them may hold spaces).
    private func cpuTicks() -> Int {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return 0 }
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        // Counting from the state (field 3) as 0, utime and stime are at 11 and 12.
        return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
    }

    func openSockets() -> Int {
        let directory = "/proc/\(pid)/fd"
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return descriptors.filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(directory)/\($0)"))?.hasPrefix("socket:") == true
        }.count
    }
}

struct ServerProcessError: Error, CustomStringConvertible {
    var description: String
}
