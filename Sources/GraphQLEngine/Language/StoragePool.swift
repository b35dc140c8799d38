import Synchronization

/// Emptied storage of freed documents, kept for the next parses.
///
/// A document's nodes live in a few large arrays. Allocated afresh for every parse, they would
/// come from fresh pages (glibc returns a freed heap top to the kernel), and faulting those in
/// costs a third of parsing a 100 KB query. Reusing the arrays of a freed document, which keep
/// their capacity, costs a lock.
enum StoragePool {
    /// Enough for the documents a few cores parse at once.
    private static let maximumCount = 8
    /// Storage larger than this is freed rather than kept, so one huge document does not hold its
    /// memory for ever.
    private static let maximumBytes = 4 << 20

    private static let storages = Mutex<[SyntaxStorage]>([])

    static func take() -> SyntaxStorage {
        storages.withLock { $0.popLast() } ?? SyntaxStorage()
    }

    static func recycle(_ storage: inout SyntaxStorage) {
        guard storage.capacityInBytes <= maximumBytes else { return }
        storage.removeAll()
        var storage = storage
        storages.withLock { storages in
            if storages.count < maximumCount { storages.append(storage) }
        }
    }
}
