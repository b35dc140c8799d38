import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs a program to completion and captures its output, with `posix_spawn` and `waitpid`.
///
/// Foundation's `Process` is not used: `pg_ctl start` leaves a server running that inherits the
/// descriptors Foundation uses to notice the child's exit, so `waitUntilExit` never returns. Here
/// the child gets stdin from /dev/null and one output file (our other descriptors are close-on-exec).
enum ChildProcess {
    struct Result {
        var status: Int32
        var output: String
    }

    struct SpawnError: Error, CustomStringConvertible {
        var description: String
    }

    static func run(_ command: [String]) throws -> Result {
        let outputPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("foodgraph-\\(UUID().uuidString).out").path
        let outputFD = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard outputFD >= 0 else { throw SpawnError(description: "\\(outputPath) cannot be written") }
        defer {
            close(outputFD)
            unlink(outputPath)
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outputFD, 1)
        posix_spawn_file_actions_adddup2(&actions, outputFD, 2)

        var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawnStatus = posix_spawn(&pid, command[0], &actions, nil, &argv, environ)
        guard spawnStatus == 0 else {
            throw SpawnError(description: String(cString: strerror(spawnStatus)))
        }

        var waitStatus: Int32 = 0
        while waitpid(pid, &waitStatus, 0) < 0 {
            guard errno == EINTR else { throw SpawnError(description: String(cString: strerror(errno))) }
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import as macros.
        let exitStatus = (waitStatus & 0x7f) == 0 ? (waitStatus >> 8) & 0xff : 128 + (waitStatus & 0x7f)
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        return Result(status: exitStatus, output: output)
    }
}
