import Synchronization

/// Counts the statements a unit of work (usually one request) ran and the time they took, and
/// keeps the first `timingLimit` of them with their durations for the slow-request log; and how
/// long its transactions waited for a connection.
public final class QueryStatistics: Sendable {
    public struct Snapshot: Hashable, Sendable {
        public var statementCount: Int
        public var totalDuration: Duration
        /// Time the transactions waited for a connection before their first statement. A statement
        /// outside a transaction waits in the same queue, and its wait is part of its duration.
        public var connectionWait: Duration
    }

    /// One statement: its text as written (placeholders, never parameter values) and its duration.
    public struct Timing: Hashable, Sendable {
        public var sql: String
        public var duration: Duration
    }

    /// Statements kept with their timings; the count and total go on past it.
    public static let timingLimit = 200

    private struct State {
        var snapshot = Snapshot(statementCount: 0, totalDuration: .zero, connectionWait: .zero)
        var timings: [Timing] = []
    }

    private let state = Mutex(State())

    public init() {}

    public var snapshot: Snapshot { state.withLock { $0.snapshot } }

    /// The statements so far, in the order they finished.
    public var timings: [Timing] { state.withLock { $0.timings } }

    func record(_ duration: Duration, sql: String) {
        state.withLock {
            $0.snapshot.statementCount += 1
            $0.snapshot.totalDuration += duration
            // The string is shared, not copied: keeping it costs a reference.
            if $0.timings.count < Self.timingLimit { $0.timings.append(Timing(sql: sql, duration: duration)) }
        }
    }

    func recordConnectionWait(_ duration: Duration) {
        state.withLock { $0.snapshot.connectionWait += duration }
    }
}
