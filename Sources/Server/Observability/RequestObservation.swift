import GraphQLEngine
import Synchronization

/// What one request's observers (metrics, the slow-request log, its span) learn on the way through
/// the handler: the operation chosen and the SQL the request ran. Carried as a task local, so the
/// handler only reports and never passes it around.
final class RequestObservation: Sendable {
    @TaskLocal static var current: RequestObservation?

    struct Selected: Sendable {
        var operation: OperationDefinitionNode
        var document: DocumentNode
        var variables: GraphQLObject?
        var limits: QueryLimits
        var schema: GraphQLSchema

        /// The operation's cost and depth as the limits measure them; computed only when asked
        /// (for a slow request), never on the fast path.
        var cost: QueryCost { limits.cost(of: operation, in: document, schema: schema, variables: variables) }
    }

    private struct State {
        var selected: Selected?
        var sqlReport: (@Sendable () -> SQLReport)?
    }

    private let state = Mutex(State())

    var selected: Selected? { state.withLock { $0.selected } }

    /// Whether an operation was chosen. It and `operationName` read in place, for every request's
    /// metrics: a copy of `Selected` takes a reference to each of its parts.
    var hasSelected: Bool { state.withLock { $0.selected != nil } }

    /// The operation's name as the document gives it (the `operationName` parameter may be absent).
    var operationName: String? { state.withLock { $0.selected?.operation.name?.value } }

    func select(
        _ operation: OperationDefinitionNode, in document: DocumentNode, variables: GraphQLObject?, limits: QueryLimits,
        schema: GraphQLSchema
    ) {
        let selected = Selected(operation: operation, document: document, variables: variables, limits: limits, schema: schema)
        state.withLock { $0.selected = selected }
    }

    /// The request context's statement log, once there is one.
    var sqlReport: (@Sendable () -> SQLReport)? {
        get { state.withLock { $0.sqlReport } }
        set { state.withLock { $0.sqlReport = newValue } }
    }
}
