/// 5.5.1.1 Fragment Name Uniqueness.
struct UniqueFragmentNamesRule: ValidationRule {
    static let visitedKinds: [VisitedNode.Kind] = [.fragmentDefinition]

    private var known: [String: NameNode] = [:]

    mutating func enter(_ node: VisitedNode, _ context: inout ValidationContext) {
        guard case .fragmentDefinition(let fragment) = node else { return }
        let name = fragment.name
        if let first = known[name.value] {
            context.report("There can be only one fragment named \"\(name.value)\".", [first.location, name.location])
        } else {
            known[name.value] = name
        }
    }
}
