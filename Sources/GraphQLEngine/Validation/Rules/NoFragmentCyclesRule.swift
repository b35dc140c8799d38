/// 5.5.2.2 Fragment Spreads Must Not Form Cycles (graphql-js's depth-first walk and messages).
struct NoFragmentCyclesRule: ValidationRule {
    static let visitedKinds: [VisitedNode.Kind] = [.fragmentDefinition]

    private var visited: Set<String> = []
    private var spreadPath: [FragmentSpreadNode] = []
    private var pathIndex: [String: Int] = [:]

    mutating func enter(_ node: VisitedNode, _ context: inout ValidationContext) {
        guard case .fragmentDefinition(let fragment) = node else { return }
        detectCycle(from: fragment, &context)
    }

    private mutating func detectCycle(from fragment: FragmentDefinitionNode, _ context: inout ValidationContext) {
        let name = fragment.name.value
        guard !visited.contains(name) else { return }
        visited.insert(name)
        let spreads = context.fragmentSpreads(in: fragment.selectionSet)
        guard !spreads.isEmpty else { return }
        pathIndex[name] = spreadPath.count
        for spread in spreads {
            let spreadName = spread.name.value
            spreadPath.append(spread)
            if let cycleIndex = pathIndex[spreadName] {
                let cycle = spreadPath[cycleIndex...]
                let via = cycle.dropLast().map { "\"\($0.name.value)\"" }.joined(separator: ", ")
                context.report(
                    "Cannot spread fragment \"\(spreadName)\" within itself" + (via.isEmpty ? "." : " via \(via)."),
                    cycle.map(\.location))
            } else if let target = context.fragment(named: spreadName) {
                detectCycle(from: target, &context)
            }
            spreadPath.removeLast()
        }
        pathIndex[name] = nil
    }
}
