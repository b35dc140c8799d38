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
                context.isInTypeSystemDefinition = true
                walkTypeSystem(definition)
                context.isInTypeSystemDefinition = false
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

    private mutating func walk<Directives: Sequence<DirectiveNode>>(_ directives: Directives) {
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

    // MARK: - Type-system definitions, in graphql-js's visiting order

    private mutating func walkTypeSystem(_ definition: DefinitionNode) {
        switch definition {
        case .schema(let schema):
            enterTypeSystemNode(.schema, scope: "", schema.directives)
            walk(schema.directives)
            for operationType in schema.operationTypes { walkNamedType(operationType.type) }
            leaveTypeSystemNode(.schema, scope: "", schema.directives)
        case .schemaExtension(let schema):
            enterTypeSystemNode(.schema, scope: "", schema.directives)
            walk(schema.directives)
            for operationType in schema.operationTypes { walkNamedType(operationType.type) }
            leaveTypeSystemNode(.schema, scope: "", schema.directives)
        case .type(let type):
            walkType(type.name.value, type.kind, type.directives, isExtension: false)
        case .typeExtension(let type):
            walkType(type.name.value, type.kind, type.directives, isExtension: true)
        case .directive(let directive):
            for argument in directive.arguments { walk(argument, location: .argumentDefinition) }
        default:
            break
        }
    }

    private mutating func walkType(_ name: String, _ kind: TypeDefinitionKind, _ directives: [DirectiveNode], isExtension: Bool) {
        let location: DirectiveLocation
        switch kind {
        case .scalar: location = .scalar
        case .object: location = .object
        case .interface: location = .interface
        case .union: location = .union
        case .enumeration: location = .enumeration
        case .inputObject: location = .inputObject
        }
        enterTypeSystemNode(location, scope: name, directives)
        switch kind {
        case .scalar:
            walk(directives)
        case .object(let interfaces, let fields), .interface(let interfaces, let fields):
            for interface in interfaces { walkNamedType(interface) }
            walk(directives)
            for field in fields {
                enterTypeSystemNode(.fieldDefinition, scope: nil, field.directives)
                for argument in field.arguments { walk(argument, location: .argumentDefinition) }
                walkNamedType(field.type.namedType)
                walk(field.directives)
                leaveTypeSystemNode(.fieldDefinition, scope: nil, field.directives)
            }
        case .union(let members):
            walk(directives)
            for member in members { walkNamedType(member) }
        case .enumeration(let values):
            walk(directives)
            for value in values {
                enterTypeSystemNode(.enumValue, scope: nil, value.directives)
                walk(value.directives)
                leaveTypeSystemNode(.enumValue, scope: nil, value.directives)
            }
        case .inputObject(let fields):
            walk(directives)
            // graphql-js tells input fields from arguments by their parent being an input object
            // definition; in an extension they count as arguments.
            for field in fields { walk(field, location: isExtension ? .argumentDefinition : .inputFieldDefinition) }
        }
        leaveTypeSystemNode(location, scope: name, directives)
    }

    private mutating func walk(_ input: InputValueDefinitionNode, location: DirectiveLocation) {
        enterTypeSystemNode(location, scope: nil, input.directives)
        walkNamedType(input.type.namedType)
        if let defaultValue = input.defaultValue {
            context.inputTypes.append(nil)
            walk(defaultValue)
            context.inputTypes.removeLast()
        }
        walk(input.directives)
        leaveTypeSystemNode(location, scope: nil, input.directives)
    }

    private mutating func enterTypeSystemNode(_ location: DirectiveLocation, scope: String?, _ directives: [DirectiveNode]) {
        enter(.typeSystemNode(location, scope: scope, directives: directives))
    }

    private mutating func leaveTypeSystemNode(_ location: DirectiveLocation, scope: String?, _ directives: [DirectiveNode]) {
        leave(.typeSystemNode(location, scope: scope, directives: directives))
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
