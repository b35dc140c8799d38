import GraphQLEngine
import Synchronization

/// A parsed and checked document, ready to execute.
struct PreparedDocument: Sendable {
    var document: DocumentNode
    /// Syntax, validation and limit errors; empty when the document may run.
    var errors: [GraphQLError]
    /// The limit checks of its operations without variables, by operation name: their verdict
    /// never changes, and the check walks the whole operation, which cost a request of a few
    /// fields more than executing it. Worked out with the document, so reading them takes no lock.
    private var limitVerdicts: [String: GraphQLError?] = [:]

    /// A document that could not be parsed.
    init(unparsed error: GraphQLError) {
        document = DocumentNode(definitions: [], location: Location(start: 0, end: 0, line: 1, column: 1))
        errors = [error]
    }

    init(document: DocumentNode, errors: [GraphQLError], limits: QueryLimits, schema: GraphQLSchema) {
        self.document = document
        self.errors = errors
        guard errors.isEmpty else { return }
        // A valid document names its operations uniquely, and an anonymous one only when alone.
        for case .operation(let operation) in document.definitions where operation.variableDefinitions.isEmpty {
            limitVerdicts[operation.name?.value ?? ""] = limits.check(operation, in: document, schema: schema, variables: nil)
        }
    }

    /// The first limit `operation` breaks with these variables (`QueryLimits.check`).
    func limitError(
        of operation: OperationDefinitionNode, limits: QueryLimits, schema: GraphQLSchema, variables: GraphQLObject?
    ) -> GraphQLError? {
        if operation.variableDefinitions.isEmpty, let verdict = limitVerdicts[operation.name?.value ?? ""] { return verdict }
        return limits.check(operation, in: document, schema: schema, variables: variables)
    }
}

/// A bounded least-recently-used cache of prepared documents keyed by their text, so a repeated
/// query skips parsing, validation and limit checks; shared by HTTP and WebSocket requests. The
/// text itself is the key: the parsed document keeps it anyway, and hashing it as a dictionary key
/// costs a fraction of the SHA-256 it was keyed by before (2.5 % of a `{ __typename }`'s CPU;
/// docs/performance.md).
final class DocumentCache: Sendable {
    private struct State {
        var entries: [String: (document: PreparedDocument, lastUse: UInt64)] = [:]
        var clock: UInt64 = 0
    }

    private let capacity: Int
    private let parseOptions: ParseOptions
    private let limits: QueryLimits
    private let schema: GraphQLSchema
    private let state = Mutex(State())

    init(capacity: Int, parseOptions: ParseOptions, limits: QueryLimits, schema: GraphQLSchema) {
        self.capacity = max(1, capacity)
        self.parseOptions = parseOptions
        self.limits = limits
        self.schema = schema
    }

    /// The document `text` parsed, validated and with its constant limit verdicts.
    func prepared(_ text: String) -> PreparedDocument {
        // Every request of every thread comes here: one lookup under the lock, not two.
        if let cached = state.withLock({ state -> PreparedDocument? in
            guard let index = state.entries.index(forKey: text) else { return nil }
            state.clock += 1
            state.entries.values[index].lastUse = state.clock
            return state.entries.values[index].document
        }) {
            return cached
        }
        let prepared = prepare(text)
        state.withLock { state in
            if state.entries.count >= capacity {
                // Evict the least recently used eighth at once, so eviction stays rare.
                let victims = state.entries.sorted { $0.value.lastUse < $1.value.lastUse }.prefix(max(1, capacity / 8))
                for victim in victims { state.entries[victim.key] = nil }
            }
            state.clock += 1
            state.entries[text] = (prepared, state.clock)
        }
        return prepared
    }

    private func prepare(_ text: String) -> PreparedDocument {
        let document: DocumentNode
        do throws(GraphQLError) {
            document = try parse(text, options: parseOptions)
        } catch {
            return PreparedDocument(unparsed: error)
        }
        return PreparedDocument(document: document, errors: validate(schema, document), limits: limits, schema: schema)
    }
}
