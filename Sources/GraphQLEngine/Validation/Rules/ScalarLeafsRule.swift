/// 5.3.3 Leaf Field Selections.
struct ScalarLeafsRule: ValidationRule {
    static let visitedKinds: [VisitedNode.Kind] = [.field]

    mutating func enter(_ node: VisitedNode, _ context: inout ValidationContext) {
        guard case .field(let field) = node, let type = context.fieldDefinition?.type,
            let named = context.schema.type(named: type.namedType)
        else { return }
        let name = field.name.value
        if named.isLeaf {
            if let selectionSet = field.selectionSet {
                context.report(
                    "Field \"\(name)\" must not have a selection since type \"\(type)\" has no subfields.", [selectionSet.location])
            }
        } else if field.selectionSet == nil {
            context.report(
                "Field \"\(name)\" of type \"\(type)\" must have a selection of subfields. Did you mean \"\(name) { ... }\"?",
                [field.location])
        }
    }
}
