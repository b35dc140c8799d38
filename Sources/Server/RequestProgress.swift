import Synchronization

/// How far a request got, shared with the task that answers it should its deadline pass first:
/// the log line and metrics of a request that timed out still name its operation type and count
/// its SQL.
final class RequestProgress: Sendable {
    private struct State {
        var operationType: String?
        var sqlStatistics: (@Sendable () -> (statements: Int, milliseconds: Double))?
    }

    private let state = Mutex(State())

    var operationType: String? {
        get { state.withLock { $0.operationType } }
        set { state.withLock { $0.operationType = newValue } }
    }

    /// The request context's SQL counter, once there is one.
    var sqlStatistics: (@Sendable () -> (statements: Int, milliseconds: Double))? {
        get { state.withLock { $0.sqlStatistics } }
        set { state.withLock { $0.sqlStatistics = newValue } }
    }

    func sql() -> (statements: Int, milliseconds: Double) {
        sqlStatistics?() ?? (0, 0)
    }
}
