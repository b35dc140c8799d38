import Synchronization

/// Something with queued keys to dispatch as a batch.
public protocol BatchDispatching: AnyObject, Sendable {
    func dispatch() async
}

/// The loaders of one request that have keys waiting. The executor dispatches all of them at once
/// when every resolver of a level has been called.
public final class LoaderScheduler: Sendable {
    private let waiting = Mutex<[any BatchDispatching]>([])
    private let batchCount = Mutex(0)

    public init() {}

    /// Batches run so far: what tests count to prove there is no N+1.
    public var batchesDispatched: Int { batchCount.withLock { $0 } }

    func enqueue(_ loader: any BatchDispatching) {
        waiting.withLock { $0.append(loader) }
    }

    var hasWork: Bool { waiting.withLock { !$0.isEmpty } }

    /// Runs every waiting loader's batch concurrently and returns when all have delivered.
    func dispatchAll() async {
        let loaders = waiting.withLock { loaders in
            defer { loaders.removeAll(keepingCapacity: true) }
            return loaders
        }
        guard !loaders.isEmpty else { return }
        batchCount.withLock { $0 += loaders.count }
        if loaders.count == 1 {
            await loaders[0].dispatch()
            return
        }
        await withTaskGroup(of: Void.self) { group in
            for loader in loaders { group.addTask { await loader.dispatch() } }
        }
    }
}
