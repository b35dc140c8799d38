/// Walks a document once, keeping graphql-js `TypeInfo`'s stacks (parent type, field definition,
/// output and input types, current directive and argument) and calling every rule at each node.
struct DocumentWalker {
    var context: ValidationContext
    var rules: [any ValidationRule]
    /// For each `VisitedNode.Kind`, the indices of the rules that act on it, in the rules' order.
    private let rulesByKind: [[Int]]
    private var outputTypes: [TypeReference?] = []

    init(context: ValidationContext, rules: [any ValidationRule]) {
        self.context = context
        self.rules = rules
        var rulesByKind = [[Int]](repeating: [], count: VisitedNode.Kind.allCases.count)
        for (index, rule) in rules.enumerated() {
            for kind in type(of: rule).visitedKinds { rulesByKind[kind.rawValue].append(index) }
        }
        self.rulesByKind = rulesByKind
    }

    mutating func walkDocument() {
        let document = context.document
        enter(.document(document))
        for definition in document.definitions {
            switch definition {
            case .operation(let operation):
                let root = context.schema.rootTypeName(for: operation.operation)
                outputTypes.append(root.map(TypeReference.named))
                enter(.operation(operation))
                for variable in operation.variableDefinitions { walk(variable) }
                walk(operation.directives)
                walk(operation.selectionSet)
                leave(.operation(operation))
                outputTypes.removeLast()
            case .fragment(let fragment):
                let condition = fragment.typeCondition.name.value
                outputTypes.append(context.schema.type(named: condition)?.isOutputType == true ? .named(condition) : nil)
                enter(.fragmentDefinition(fragment))
                walkNamedType(fragment.typeCondition)
                walk(fragment.directives)
                walk(fragment.selectionSet)
                leave(.fragmentDefinition(fragment))
                outputTypes.removeLast()
            default:
                enter(.typeSystemDefinition(definition))
                leave(.typeSystemDefinition(definition))
            }
        }
        leave(.document(document))
    }

    private mutating func walk(_ variable: VariableDefinitionNode) {
        let type = TypeReference(variable.type)
        context.inputTypes.append(context.schema.type(named: type.namedType)?.isInputType == true ? type : nil)
        enter(.variableDefinition(variable))
        walkNamedType(variable.type.namedType)
        if let defaultValue = variable.defaultValue { walk(defaultValue) }
        walk(variable.directives)
        leave(.variableDefinition(variable))
        context.inputTypes.removeLast()
    }

    private mutating func walk(_ selectionSet: SelectionSetNode) {
        let named = outputTypes.last.flatMap { $0 }.flatMap { context.schema.type(named: $0.namedType) }
        context.parentTypes.append(named?.isComposite == true ? named?.name : nil)
        enter(.selectionSet(selectionSet))
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                let definition = context.parentType.flatMap { context.schema.field(named: field.name.value, on: $0) }
                context.fieldDefinitions.append(definition)
                outputTypes.append(definition?.type)
                enter(.field(field))
                for argument in field.arguments { walk(argument, definitions: definition?.arguments) }
                walk(field.directives)
                if let selections = field.selectionSet { walk(selections) }
                leave(.field(field))
                outputTypes.removeLast()
                context.fieldDefinitions.removeLast()
            case .inlineFragment(let fragment):
                let condition = fragment.typeCondition.map { $0.name.value } ?? context.parentType
                let type = condition.flatMap { context.schema.type(named: $0) }
                outputTypes.append(type?.isOutputType == true ? condition.map(TypeReference.named) : nil)
                enter(.inlineFragment(fragment))
                if let typeCondition = fragment.typeCondition { walkNamedType(typeCondition) }
                walk(fragment.directives)
                walk(fragment.selectionSet)
                leave(.inlineFragment(fragment))
                outputTypes.removeLast()
            case .fragmentSpread(let spread):
                enter(.fragmentSpread(spread))
                walk(spread.directives)
                leave(.fragmentSpread(spread))
            }
        }
        leave(.selectionSet(selectionSet))
        context.parentTypes.removeLast()
    }

    private mutating func walk(_ directives: NodeList<DirectiveNode>) {
        for node in directives {
            let definition = context.schema.directives[node.name.value]
            enter(.directive(node))
            context.directiveDefinition = definition
            for argument in node.arguments { walk(argument, definitions: definition?.arguments) }
            context.directiveDefinition = nil
            leave(.directive(node))
        }
    }

    private mutating func walk(_ node: ArgumentNode, definitions: OrderedDefinitions<InputValueDefinition>?) {
        let definition = definitions?[node.name.value]
        context.argumentDefinitions.append(definition)
        context.inputTypes.append(definition?.type)
        enter(.argument(node))
        walk(node.value)
        leave(.argument(node))
        context.inputTypes.removeLast()
        context.argumentDefinitions.removeLast()
    }

    private mutating func walk(_ value: ValueNode) {
        enter(.value(value))
        switch value {
        case .list(let items, _):
            // A list where no list is expected is reported as a whole; its items are not checked.
            var itemType: TypeReference?
            if case .list(let inner)? = context.inputTypes.last.flatMap({ $0 })?.nullable { itemType = inner }
            context.inputTypes.append(itemType)
            for item in items { walk(item) }
            context.inputTypes.removeLast()
        case .object(let fields, _):
            let named = context.inputTypes.last.flatMap { $0 }.flatMap { context.schema.type(named: $0.namedType) }
            for field in fields {
                var fieldType: TypeReference?
                if case .inputObject(let input)? = named { fieldType = input.fields[field.name.value]?.type }
                context.inputTypes.append(fieldType)
                enter(.objectField(field))
                walk(field.value)
                leave(.objectField(field))
                context.inputTypes.removeLast()
            }
        default:
            break
        }
        leave(.value(value))
    }

    private mutating func walkNamedType(_ node: NamedTypeNode) {
        enter(.namedType(node))
        leave(.namedType(node))
    }

    private mutating func enter(_ node: VisitedNode) {
        for index in rulesByKind[node.kind.rawValue] where !context.isAborted { rules[index].enter(node, &context) }
    }

    private mutating func leave(_ node: VisitedNode) {
        for index in rulesByKind[node.kind.rawValue] where !context.isAborted { rules[index].leave(node, &context) }
    }
}
