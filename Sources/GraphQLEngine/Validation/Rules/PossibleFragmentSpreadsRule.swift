/// 5.5.2.3 Fragment Spread Is Possible: the fragment's type and the parent type can overlap.
struct PossibleFragmentSpreadsRule: ValidationRule {
    static let visitedKinds: [VisitedNode.Kind] = [.inlineFragment, .fragmentSpread]

    mutating func enter(_ node: VisitedNode, _ context: inout ValidationContext) {
        guard let parent = context.parentType else { return }
        switch node {
        case .inlineFragment(let fragment):
            guard let condition = fragment.typeCondition?.name.value, context.schema.type(named: condition)?.isComposite == true,
                !context.typesOverlap(condition, parent)
            else { return }
            context.report(
                "Fragment cannot be spread here as objects of type \"\(parent)\" can never be of type \"\(condition)\".",
                [fragment.location])
        case .fragmentSpread(let spread):
            guard let fragment = context.fragment(named: spread.name.value) else { return }
            let condition = fragment.typeCondition.name.value
            guard context.schema.type(named: condition)?.isComposite == true, !context.typesOverlap(condition, parent) else { return }
            context.report(
                "Fragment \"\(spread.name.value)\" cannot be spread here as objects of type \"\(parent)\" can never be of type \"\(condition)\".",
                [spread.location])
        default:
            break
        }
    }
}
