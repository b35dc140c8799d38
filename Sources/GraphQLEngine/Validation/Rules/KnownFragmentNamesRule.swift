/// 5.5.2.1 Fragment Spread Target Defined.
struct KnownFragmentNamesRule: ValidationRule {
    static let visitedKinds: [VisitedNode.Kind] = [.fragmentSpread]

    mutating func enter(_ node: VisitedNode, _ context: inout ValidationContext) {
        guard case .fragmentSpread(let spread) = node, context.fragment(named: spread.name.value) == nil else { return }
        context.report("Unknown fragment \"\(spread.name.value)\".", [spread.name.location])
    }
}
