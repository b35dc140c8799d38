/// 5.2.2.1 Lone Anonymous Operation.
struct LoneAnonymousOperationRule: ValidationRule {
    static let visitedKinds: [VisitedNode.Kind] = [.operation]

    mutating func enter(_ node: VisitedNode, _ context: inout ValidationContext) {
        guard case .operation(let operation) = node, operation.name == nil else { return }
        var count = 0
        for case .operation in context.document.definitions { count += 1 }
        if count > 1 { context.report("This anonymous operation must be the only defined operation.", [operation.location]) }
    }
}
