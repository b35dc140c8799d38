import Synchronization

/// Cancels the requests that pass their deadline, with one watching task for all of them.
///
/// A timer per request (a task sleeping beside it in a task group, as before) cost a task group,
/// a second task, a Dispatch timer and the wake-ups between them on every request (see
/// docs/performance.md, "End to end"). Here a request costs two short locked updates. Deadlines are `timeout` after each start, so they come in the order requests
/// start: the watcher sleeps until the oldest one still running, and never needs waking early. It
/// ends when no request is left, and the next request starts another.
final class RequestDeadlines: Sendable {
    /// The running request's task, cancelled under the lock while the request is still inside
    /// `run` (it leaves only after taking the lock to unregister), so the task is alive.
    private struct Watched: @unchecked Sendable {
        var deadline: ContinuousClock.Instant
        var task: UnsafeCurrentTask
        var expired: Expired
    }

    final class Expired: Sendable {
        let value = Atomic(false)
    }

    private struct State {
        var watched: [UInt64: Watched] = [:]
        var nextID: UInt64 = 0
        /// Every request with a smaller id has finished or been cancelled.
        var oldestID: UInt64 = 0
        /// Whether a watcher runs; it ends when no request is left to watch, and the next request
        /// starts another.
        var watcherRunning = false
    }

    let timeout: Duration
    private let state = Mutex(State())

    init(timeout: Duration) {
        self.timeout = timeout
    }

    /// Runs `body` in the current task, cancelling the task if it is still running `timeout` after
    /// it starts; returns the result and whether the deadline passed. Call it from a task of its
    /// own: the whole task is cancelled.
    func run<T>(_ body: () async throws -> T) async rethrows -> (value: T, expired: Bool) {
        let expired = Expired()
        let deadline = ContinuousClock.now + timeout
        let (id, startWatcher): (UInt64, Bool) = withUnsafeCurrentTask { task in
            state.withLock { state in
                let id = state.nextID
                state.nextID += 1
                if let task { state.watched[id] = Watched(deadline: deadline, task: task, expired: expired) }
                let start = !state.watcherRunning
                state.watcherRunning = true
                return (id, start)
            }
        }
        if startWatcher {
            Task.detached { await self.watch() }
        }
        defer { _ = state.withLock { $0.watched.removeValue(forKey: id) } }
        let value = try await body()
        return (value, expired.value.load(ordering: .acquiring))
    }

    private func watch() async {
        while true {
            let now = ContinuousClock.now
            let next: ContinuousClock.Instant? = state.withLock { state in
                while state.oldestID < state.nextID {
                    guard let entry = state.watched[state.oldestID] else {
                        state.oldestID += 1
                        continue
                    }
                    guard entry.deadline <= now else { return entry.deadline }
                    entry.expired.value.store(true, ordering: .releasing)
                    entry.task.cancel()
                    state.watched[state.oldestID] = nil
                    state.oldestID += 1
                }
                state.watcherRunning = false
                return nil
            }
            guard let next else { return }
            try? await Task.sleep(until: next, clock: .continuous)
        }
    }
}
