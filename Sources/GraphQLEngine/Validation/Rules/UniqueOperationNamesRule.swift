/// 5.2.1.1 Operation Name Uniqueness.
struct UniqueOperationNamesRule: ValidationRule {
    static let visitedKinds: [VisitedNode.Kind] = [.operation]

    private var known: [String: NameNode] = [:]

    mutating func enter(_ node: VisitedNode, _ context: inout ValidationContext) {
        guard case .operation(let operation) = node, let name = operation.name else { return }
        if let first = known[name.value] {
            context.report("There can be only one operation named \"\(name.value)\".", [first.location, name.location])
        } else {
            known[name.value] = name
        }
    }
}
