import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import FoodGraph

/// Hashing runs on threads of its own: a request's hash neither holds nor waits for Swift's
/// cooperative threads, which every other task of the process shares.
struct PasswordHasherTests {
    @Test func aHashIsMadeWhileEveryCooperativeThreadIsBusy() async throws {
        let hasher = PasswordHasher(cost: 1024)
        let outcome = await Self.withCooperativeThreadsHeld(for: .seconds(10)) {
            let done = DispatchSemaphore(value: 0)
            let result = Mutex<String?>(nil)
            // As a request does: its task prefers a loop's executor, never the cooperative pool.
            Task(executorPreference: QueueExecutor()) {
                let hash = try? await hasher.hashAside("Secret-pass1")
                result.withLock { $0 = hash }
                done.signal()
            }
            return done.wait(timeout: .now() + 5) == .success ? result.withLock { $0 } : nil
        }
        let hash = try #require(outcome, "the hash waited for a cooperative thread")
        #expect(try await hasher.verifyAside("Secret-pass1", against: hash))
        #expect(try await !hasher.verifyAside("Secret-pass2", against: hash))
    }

    @Test func aCancelledRequestHashesNothing() async throws {
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await PasswordHasher(cost: 1024).hashAside("Secret-pass1")
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    /// Runs `body` on a thread of its own while a task holds each of the cooperative threads (one
    /// a core), released when `body` returns or `limit` passes.
    private static func withCooperativeThreadsHeld<Value: Sendable>(
        for limit: Duration, _ body: @escaping @Sendable () -> Value
    ) async -> Value {
        await OwnThread.run {
            let cores = ProcessInfo.processInfo.activeProcessorCount
            let seconds = Double(limit.components.seconds)
            let holding = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            for _ in 0..<cores {
                Task.detached {
                    holding.signal()
                    _ = release.wait(timeout: .now() + seconds)
                }
            }
            for _ in 0..<cores { _ = holding.wait(timeout: .now() + seconds) }
            let value = body()
            for _ in 0..<cores { release.signal() }
            return value
        }
    }
}

/// A task executor on a serial queue of its own, as a request's event loop is.
private final class QueueExecutor: TaskExecutor, @unchecked Sendable {
    private let queue = DispatchQueue(label: "PasswordHasherTests.loop")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
