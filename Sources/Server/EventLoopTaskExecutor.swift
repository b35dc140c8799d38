import NIOCore

/// Runs tasks that prefer it, and their child tasks, on one event loop: `DirectGraphQLHandler`'s
/// requests run on their connection's loop.
final class EventLoopTaskExecutor: TaskExecutor {
    let eventLoop: any EventLoop

    init(eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
