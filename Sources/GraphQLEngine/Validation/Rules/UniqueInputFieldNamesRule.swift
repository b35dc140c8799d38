/// 5.6.3 Input Object Field Uniqueness.
struct UniqueInputFieldNamesRule: ValidationRule {
    static let visitedKinds: [VisitedNode.Kind] = [.value]

    mutating func enter(_ node: VisitedNode, _ context: inout ValidationContext) {
        guard case .value(.object(let fields, _)) = node else { return }
        var seen: [String: NameNode] = [:]
        for field in fields {
            if let first = seen[field.name.value] {
                context.report("There can be only one input field named \"\(field.name.value)\".", [first.location, field.name.location])
            } else {
                seen[field.name.value] = field.name
            }
        }
    }
}
