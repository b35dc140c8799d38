/// A variable used somewhere, with the input type expected where it appears.
struct VariableUsage {
    var node: VariableNode
    var type: TypeReference?
    /// Whether that position has a default value (then a nullable variable may fill a non-null slot).
    var hasLocationDefault: Bool
    /// The `@oneOf` input object whose field the variable fills directly, if any.
    var oneOfParent: String?
}

extension ValidationContext {
    /// Names of the fragments a selection set spreads, directly or through other fragments, in
    /// graphql-js's order (`getRecursivelyReferencedFragments`): the order decides the order of the
    /// variable usages, and so of errors about variables.
    func recursivelyReferencedFragments(of selectionSet: SelectionSetNode) -> [String] {
        var names: [String] = []
        var seen: Set<String> = []
        var setsToVisit = [selectionSet]
        while let set = setsToVisit.popLast() {
            for spread in fragmentSpreads(in: set) {
                let name = spread.name.value
                guard seen.insert(name).inserted, let fragment = fragment(named: name) else { continue }
                names.append(name)
                setsToVisit.append(fragment.selectionSet)
            }
        }
        return names
    }

    /// The spreads of a selection set and of the selection sets nested in it (not through
    /// fragments), in graphql-js's order (`getFragmentSpreads`): a set's own spreads, then those of
    /// its nested sets, the last nested set first.
    func fragmentSpreads(in selectionSet: SelectionSetNode) -> [FragmentSpreadNode] {
        var spreads: [FragmentSpreadNode] = []
        var setsToVisit = [selectionSet]
        while let set = setsToVisit.popLast() {
            for selection in set.selections {
                switch selection {
                case .fragmentSpread(let spread): spreads.append(spread)
                case .field(let field): if let child = field.selectionSet { setsToVisit.append(child) }
                case .inlineFragment(let fragment): setsToVisit.append(fragment.selectionSet)
                }
            }
        }
        return spreads
    }

    /// graphql-js `doTypesOverlap`.
    func typesOverlap(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        let typeA = schema.type(named: a)
        let typeB = schema.type(named: b)
        if typeA?.isAbstract == true {
            if typeB?.isAbstract == true {
                let possibleB = Set(schema.possibleTypes(of: b))
                return schema.possibleTypes(of: a).contains { possibleB.contains($0) }
            }
            return schema.isPossibleType(b, of: a)
        }
        if typeB?.isAbstract == true { return schema.isPossibleType(a, of: b) }
        return false
    }

    /// Every variable an operation uses, through its fragments too, with expected types; computed
    /// once per operation for the three rules that need it.
    mutating func recursiveVariableUsages(of operation: OperationDefinitionNode) -> [VariableUsage] {
        if let cached = variableUsageCache[operation.location.start] { return cached }
        let usages = computeVariableUsages(of: operation)
        variableUsageCache[operation.location.start] = usages
        return usages
    }

    /// In document order, as graphql-js visits each definition: the operation's directives before
    /// its selections, then each fragment (its directives before its selections).
    private func computeVariableUsages(of operation: OperationDefinitionNode) -> [VariableUsage] {
        var usages: [VariableUsage] = []
        let root = schema.rootTypeName(for: operation.operation)
        collectUsages(directives: operation.directives, into: &usages)
        collectUsages(operation.selectionSet, parent: root, into: &usages)
        for name in recursivelyReferencedFragments(of: operation.selectionSet) {
            guard let fragment = fragment(named: name) else { continue }
            collectUsages(directives: fragment.directives, into: &usages)
            collectUsages(fragment.selectionSet, parent: fragment.typeCondition.name.value, into: &usages)
        }
        return usages
    }

    private func collectUsages(_ selectionSet: SelectionSetNode, parent: String?, into usages: inout [VariableUsage]) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                let definition = parent.flatMap { schema.field(named: field.name.value, on: $0) }
                for argument in field.arguments {
                    let argumentDefinition = definition?.arguments[argument.name.value]
                    collectUsages(
                        argument.value, type: argumentDefinition?.type, hasDefault: argumentDefinition?.defaultValue != nil,
                        oneOfParent: nil, into: &usages)
                }
                collectUsages(directives: field.directives, into: &usages)
                if let child = field.selectionSet { collectUsages(child, parent: definition?.type.namedType, into: &usages) }
            case .inlineFragment(let fragment):
                collectUsages(directives: fragment.directives, into: &usages)
                collectUsages(fragment.selectionSet, parent: fragment.typeCondition?.name.value ?? parent, into: &usages)
            case .fragmentSpread(let spread):
                collectUsages(directives: spread.directives, into: &usages)
            }
        }
    }

    private func collectUsages(directives: NodeList<DirectiveNode>, into usages: inout [VariableUsage]) {
        for directive in directives {
            let definition = schema.directives[directive.name.value]
            for argument in directive.arguments {
                let argumentDefinition = definition?.arguments[argument.name.value]
                collectUsages(
                    argument.value, type: argumentDefinition?.type, hasDefault: argumentDefinition?.defaultValue != nil,
                    oneOfParent: nil, into: &usages)
            }
        }
    }

    private func collectUsages(
        _ value: ValueNode, type: TypeReference?, hasDefault: Bool, oneOfParent: String?, into usages: inout [VariableUsage]
    ) {
        switch value {
        case .variable(let variable):
            usages.append(VariableUsage(node: variable, type: type, hasLocationDefault: hasDefault, oneOfParent: oneOfParent))
        case .list(let items, _):
            var itemType: TypeReference?
            if case .list(let inner)? = type?.nullable { itemType = inner } else { itemType = type }
            for item in items { collectUsages(item, type: itemType, hasDefault: false, oneOfParent: nil, into: &usages) }
        case .object(let fields, _):
            var input: InputObjectType?
            if let type, case .inputObject(let object)? = schema.type(named: type.namedType) { input = object }
            for field in fields {
                let definition = input?.fields[field.name.value]
                collectUsages(
                    field.value, type: definition?.type, hasDefault: definition?.defaultValue != nil,
                    oneOfParent: input?.isOneOf == true ? input?.name : nil, into: &usages)
            }
        default:
            break
        }
    }
}
