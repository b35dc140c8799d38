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
    /// Names of the fragments a selection set spreads, directly or through other fragments.
    func recursivelyReferencedFragments(of selectionSet: SelectionSetNode) -> [String] {
        var names: [String] = []
        var seen: Set<String> = []
        var stack = [selectionSet]
        while let set = stack.popLast() {
            for selection in set.selections {
                switch selection {
                case .field(let field): if let child = field.selectionSet { stack.append(child) }
                case .inlineFragment(let fragment): stack.append(fragment.selectionSet)
                case .fragmentSpread(let spread):
                    let name = spread.name.value
                    guard seen.insert(name).inserted else { continue }
                    names.append(name)
                    if let fragment = fragment(named: name) { stack.append(fragment.selectionSet) }
                }
            }
        }
        return names
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

    private func computeVariableUsages(of operation: OperationDefinitionNode) -> [VariableUsage] {
        var usages: [VariableUsage] = []
        let root = schema.rootTypeName(for: operation.operation)
        collectUsages(operation.selectionSet, parent: root, into: &usages)
        for name in recursivelyReferencedFragments(of: operation.selectionSet) {
            guard let fragment = fragment(named: name) else { continue }
            collectUsages(fragment.selectionSet, parent: fragment.typeCondition.name.value, into: &usages)
            collectUsages(directives: fragment.directives, into: &usages)
        }
        collectUsages(directives: operation.directives, into: &usages)
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
