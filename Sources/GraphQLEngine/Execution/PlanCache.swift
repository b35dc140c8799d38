import Synchronization

/// The plans of a document's operations, kept with the document for its next executions: a
/// server that keeps parsed documents (a document cache, persisted queries) plans each operation
/// once rather than on every request.
///
/// Plans depend on the document, the schema and the request's variables. Variables reach plans in
/// two ways: arguments written with them, which every execution coerces again (see `FieldPlan`),
/// and `@skip`/`@include` conditions, which decide the fields collected. Plans are therefore kept
/// per operation, schema and set of condition values. Changing a document's definitions or source
/// gives it a new, empty cache.
final class PlanCache: Sendable {
    private struct Entry {
        let schema: ExecutableSchema
        /// The operation's selection set, compared by identity: the one a document parsed.
        let operation: SelectionSetNode
        let conditions: [Bool?]
        let plans: FieldPlans
    }

    private struct State {
        /// The variables written as `@skip(if:)` or `@include(if:)` conditions in the document.
        var conditionVariables: [String]?
        var entries: [Entry] = []
    }

    /// A few operations with a few sets of conditions each; the oldest entry goes first.
    private static let capacity = 16
    private let state = Mutex(State())

    /// The root plans of `operation`, made by `makePlans` when this cache has none for the values
    /// of its conditions.
    func rootPlans(
        of operation: OperationDefinitionNode, in document: DocumentNode, schema: ExecutableSchema,
        variables: GraphQLObject, makePlans: () -> FieldPlans
    ) -> FieldPlans {
        let selectionSet = operation.selectionSet
        func matches(_ entry: Entry, _ conditions: [Bool?]) -> Bool {
            entry.schema === schema && entry.operation.tree === selectionSet.tree
                && entry.operation.number == selectionSet.number && entry.conditions == conditions
        }
        let (conditions, cached) = state.withLock { state in
            if state.conditionVariables == nil { state.conditionVariables = Self.conditionVariables(in: document) }
            let conditions = state.conditionVariables!.map { name -> Bool? in
                if case .boolean(let value)? = variables[name] { value } else { nil }
            }
            return (conditions, state.entries.first { matches($0, conditions) }?.plans)
        }
        if let cached { return cached }
        // Planned outside the lock; should another execution keep plans first, both are the same.
        let plans = makePlans()
        return state.withLock { state in
            if let kept = state.entries.first(where: { matches($0, conditions) }) { return kept.plans }
            if state.entries.count == Self.capacity { state.entries.removeFirst() }
            state.entries.append(Entry(schema: schema, operation: selectionSet, conditions: conditions, plans: plans))
            return plans
        }
    }

    private static func conditionVariables(in document: DocumentNode) -> [String] {
        var trees: [SyntaxTree] = []
        for definition in document.definitions {
            let tree: SyntaxTree
            switch definition {
            case .operation(let operation): tree = operation.selectionSet.tree
            case .fragment(let fragment): tree = fragment.selectionSet.tree
            default: continue
            }
            if !trees.contains(where: { $0 === tree }) { trees.append(tree) }
        }
        var names: Set<String> = []
        for tree in trees {
            for number in tree.storage.directives.indices {
                let directive = DirectiveNode(tree, number: Int32(number))
                guard directive.name.value == "skip" || directive.name.value == "include" else { continue }
                for argument in directive.arguments where argument.name.value == "if" {
                    if case .variable(let variable) = argument.value { names.insert(variable.name.value) }
                }
            }
        }
        return names.sorted()
    }
}
