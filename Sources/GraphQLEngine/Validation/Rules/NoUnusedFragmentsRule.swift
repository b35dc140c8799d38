/// 5.5.1.4 Fragments Must Be Used (from some operation, directly or through other fragments).
struct NoUnusedFragmentsRule: ValidationRule {
    static let visitedKinds: [VisitedNode.Kind] = [.document]

    mutating func leave(_ node: VisitedNode, _ context: inout ValidationContext) {
        guard case .document(let document) = node else { return }
        var used: Set<String> = []
        for case .operation(let operation) in document.definitions {
            for name in context.recursivelyReferencedFragments(of: operation.selectionSet) { used.insert(name) }
        }
        for case .fragment(let fragment) in document.definitions where !used.contains(fragment.name.value) {
            context.report("Fragment \"\(fragment.name.value)\" is never used.", [fragment.location])
        }
    }
}
