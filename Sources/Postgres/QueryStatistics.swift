import Synchronization

/// Counts the statements a unit of work (usually one request) ran and the time they took.
public final class QueryStatistics: Sendable {
    public struct Snapshot: Hashable, Sendable {
        public var statementCount: Int
        public var totalDuration: Duration
    }

    private let state = Mutex(Snapshot(statementCount: 0, totalDuration: .zero))

    public init() {}

    public var snapshot: Snapshot { state.withLock { $0 } }

    func record(_ duration: Duration) {
        state.withLock {
            $0.statementCount += 1
            $0.totalDuration += duration
        }
    }
}
