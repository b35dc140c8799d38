import Foundation

/// Blocking work of a test (a child process such as `initdb`, a socket's read) on a thread of its
/// own. On one of Swift's cooperative threads (one a core, shared by every test of the process and
/// the servers they run) it would hold up whatever else waits for that thread for as long.
public enum OwnThread {
    public static func run<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: work()) }.start()
        }
    }

    public static func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result(catching: work)) }.start()
        }
    }
}
