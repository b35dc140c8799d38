import Dispatch

/// A serial executor on a dispatch queue of its own, so an actor using it runs on a thread that
/// may block in libpq: neither the cooperative pool nor a NIO event loop is ever blocked.
final class QueueExecutor: SerialExecutor {
    private let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    /// Runs `body` on the queue outside any task; it may claim the actor's isolation there.
    func run(_ body: @escaping @Sendable () -> Void) {
        queue.async(execute: body)
    }

    func checkIsolated() {
        dispatchPrecondition(condition: .onQueue(queue))
    }
}
