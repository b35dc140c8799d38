import GraphQLEngine
import Synchronization

/// A parsed and checked document, ready to execute.
struct PreparedDocument: Sendable {
    var document: DocumentNode
    /// Syntax, validation and limit errors; empty when the document may run.
    var errors: [GraphQLError]
    /// The limit checks of its operations without variables, whose verdict never changes: the
    /// check walks the whole operation, which cost a request of a few fields more than executing it.
    private let limitVerdicts = LimitVerdicts()

    init(document: DocumentNode, errors: [GraphQLError]) {
        self.document = document
        self.errors = errors
    }

    /// The first limit `operation` breaks with these variables (`QueryLimits.check`).
    func limitError(
        of operation: OperationDefinitionNode, limits: QueryLimits, schema: GraphQLSchema, variables: GraphQLObject?
    ) -> GraphQLError? {
        guard operation.variableDefinitions.isEmpty else {
            return limits.check(operation, in: document, schema: schema, variables: variables)
        }
        let name = operation.name?.value ?? ""
        if let verdict = limitVerdicts.byOperation.withLock({ $0[name] }) { return verdict }
        let verdict = limits.check(operation, in: document, schema: schema, variables: nil)
        limitVerdicts.byOperation.withLock { $0[name] = verdict }
        return verdict
    }

    private final class LimitVerdicts: Sendable {
        let byOperation = Mutex<[String: GraphQLError?]>([:])
    }
}

/// A bounded least-recently-used cache keyed by a document's text, so a repeated query skips
/// parsing, validation and limit checks. The text itself is the key: the parsed document keeps
/// it anyway, and hashing it as a dictionary key costs a fraction of the SHA-256 it was keyed by
/// before (2.5 % of a `{ __typename }`'s CPU; docs/performance.md).
final class DocumentCache: Sendable {
    private struct State {
        var entries: [String: (document: PreparedDocument, lastUse: UInt64)] = [:]
        var clock: UInt64 = 0
        var hits = 0
        var misses = 0
    }

    private let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    func document(for text: String, orPrepare prepare: () -> PreparedDocument) -> PreparedDocument {
        if let cached = state.withLock({ state -> PreparedDocument? in
            state.clock += 1
            guard let entry = state.entries[text] else {
                state.misses += 1
                return nil
            }
            state.hits += 1
            state.entries[text]?.lastUse = state.clock
            return entry.document
        }) {
            return cached
        }
        let prepared = prepare()
        state.withLock { state in
            if state.entries.count >= capacity {
                // Evict the least recently used eighth at once, so eviction stays rare.
                let victims = state.entries.sorted { $0.value.lastUse < $1.value.lastUse }.prefix(max(1, capacity / 8))
                for victim in victims { state.entries[victim.key] = nil }
            }
            state.entries[text] = (prepared, state.clock)
        }
        return prepared
    }

    var statistics: (hits: Int, misses: Int, size: Int) {
        state.withLock { ($0.hits, $0.misses, $0.entries.count) }
    }
}
