import Synchronization

/// Batches and caches loads of one kind for one request (the DataLoader pattern).
///
/// `load` returns at once with a pending value; keys queue until the executor dispatches the
/// request's loaders, then one call of `batch` per `maxBatchSize` keys fetches them all. Results are
/// cached per key for the rest of the request, errors included.
public final class DataLoader<Key: Hashable & Sendable, Value: Sendable>: BatchDispatching {
    /// Fetches values for keys; a key missing from the result loads as nil.
    public typealias Batch = @Sendable ([Key]) async throws -> [Key: Value]

    private struct State {
        var cache: [Key: PendingValue] = [:]
        var queue: [Key] = []
    }

    private let batch: Batch
    private let scheduler: LoaderScheduler
    private let maxBatchSize: Int
    private let state = Mutex(State())

    public init(scheduler: LoaderScheduler, maxBatchSize: Int = 1000, batch: @escaping Batch) {
        self.scheduler = scheduler
        self.maxBatchSize = max(1, maxBatchSize)
        self.batch = batch
    }

    /// The key's value: at once when it was loaded (or primed) already, so the field completes on
    /// its own level without waiting for a dispatch; otherwise pending until the next dispatch.
    public func load(_ key: Key) -> Resolution {
        let (pending, isCached, isFirstQueued) = state.withLock { state -> (PendingValue, Bool, Bool) in
            if let cached = state.cache[key] { return (cached, true, false) }
            let pending = PendingValue()
            state.cache[key] = pending
            state.queue.append(key)
            return (pending, false, state.queue.count == 1)
        }
        if isFirstQueued { scheduler.enqueue(self) }
        if isCached, case .success(let value)? = pending.result { return .value(value) }
        return .pending(pending)
    }

    /// Loads many keys; the value is an array in key order (nil where a key has no value).
    public func loadMany(_ keys: [Key]) -> Resolution {
        let pendings = keys.map { key -> PendingValue in
            switch load(key) {
            case .pending(let pending): return pending
            case .value(let value): return PendingValue(result: .success(value))
            case .mapped, .async: preconditionFailure("A load is a value or pending.")
            }
        }
        guard let first = pendings.first else { return .value([(any Sendable)?]()) }
        // Every key is dispatched in the same batch, so all are ready when the first is.
        return .mapped(first) { _ in
            .value(try pendings.map { pending -> (any Sendable)? in try pending.result?.get() ?? nil })
        }
    }

    /// Puts a value in the cache without loading it (does not overwrite).
    public func prime(_ key: Key, _ value: Value) {
        state.withLock { state in
            if state.cache[key] == nil { state.cache[key] = PendingValue(result: .success(value)) }
        }
    }

    public func dispatch() async {
        let (keys, pendings) = state.withLock { state -> ([Key], [PendingValue]) in
            defer { state.queue.removeAll() }
            return (state.queue, state.queue.compactMap { state.cache[$0] })
        }
        var start = 0
        while start < keys.count {
            let end = min(start + maxBatchSize, keys.count)
            let chunk = Array(keys[start..<end])
            do {
                let values = try await batch(chunk)
                for index in start..<end { pendings[index].fulfil(.success(values[keys[index]])) }
            } catch {
                for index in start..<end { pendings[index].fulfil(.failure(error)) }
            }
            start = end
        }
    }
}
