import Synchronization
import Testing

struct NotAnswered: Error {}

/// `body`'s value, or `NotAnswered` after `limit`: a statement whose answer nobody reads would
/// otherwise hang the test run, as cancelling it cannot end a wait for bytes already received.
func answered<Value: Sendable>(
    within limit: Duration = .seconds(10), _ body: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    let waiting = Waiting<Value>()
    return try await withCheckedThrowingContinuation { continuation in
        waiting.continuation.withLock { $0 = continuation }
        Task {
            let result: Result<Value, any Error>
            do { result = .success(try await body()) } catch { result = .failure(error) }
            waiting.continuation.withLock { $0.take() }?.resume(with: result)
        }
        Task {
            try? await Task.sleep(for: limit)
            waiting.continuation.withLock { $0.take() }?.resume(throwing: NotAnswered())
        }
    }
}

/// Whoever comes first resumes the caller.
private final class Waiting<Value: Sendable>: Sendable {
    let continuation = Mutex<CheckedContinuation<Value, any Error>?>(nil)
}
