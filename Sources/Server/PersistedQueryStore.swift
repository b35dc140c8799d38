import Synchronization

/// Automatic persisted queries (Apollo's protocol): documents registered by their SHA-256.
/// In `onlyKnownDocuments` mode, a document not registered at start-up is refused.
final class PersistedQueryStore: Sendable {
    private let documents = Mutex<[String: String]>([:])
    private let capacity: Int

    init(capacity: Int = 10_000, preloaded: [String: String] = [:]) {
        self.capacity = capacity
        documents.withLock { $0 = preloaded }
    }

    func document(forHash hash: String) -> String? { documents.withLock { $0[hash] } }

    func register(_ document: String, hash: String) {
        documents.withLock { documents in
            if documents.count >= capacity, documents[hash] == nil, let any = documents.keys.first { documents[any] = nil }
            documents[hash] = document
        }
    }
}
