import Synchronization

/// A value a DataLoader will deliver once its batch has run.
public final class PendingValue: Sendable {
    private let state = Mutex<Result<(any Sendable)?, any Error>?>(nil)

    public init() {}

    public init(result: Result<(any Sendable)?, any Error>) {
        state.withLock { $0 = result }
    }

    public var result: Result<(any Sendable)?, any Error>? { state.withLock { $0 } }

    func fulfil(_ result: Result<(any Sendable)?, any Error>) {
        state.withLock { if $0 == nil { $0 = result } }
    }
}
