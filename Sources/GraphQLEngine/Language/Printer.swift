// The canonical form of a document, in graphql-js 16's `print` layout: parse(print(doc)) == doc
// up to locations, and printing is idempotent.

public func printAST(_ document: DocumentNode) -> String {
    document.definitions.map(printDefinition).joined(separator: "\n\n")
}

public func printValue(_ node: ValueNode) -> String {
    switch node {
    case .variable(let variable): "$" + variable.name.value
    case .int(let text, _), .float(let text, _), .enumValue(let text, _): text
    case .string(let string): printString(string)
    case .boolean(let value, _): value ? "true" : "false"
    case .null: "null"
    case .list(let values, _): "[" + values.map(printValue).joined(separator: ", ") + "]"
    case .object(let fields, _):
        "{" + fields.map { $0.name.value + ": " + printValue($0.value) }.joined(separator: ", ") + "}"
    }
}

public func printType(_ node: TypeNode) -> String {
    switch node {
    case .named(let named): named.name.value
    case .list(let inner, _): "[" + printType(inner) + "]"
    case .nonNull(let inner, _): printType(inner) + "!"
    }
}

func printDefinition(_ definition: DefinitionNode) -> String {
    switch definition {
    case .operation(let operation): printOperation(operation)
    case .fragment(let fragment):
        describe(fragment.description)
            + "fragment \(fragment.name.value) on \(fragment.typeCondition.name.value) "
            + wrap("", printDirectives(fragment.directives), " ") + printSelectionSet(fragment.selectionSet)
    case .schema(let schema):
        describe(schema.description)
            + join(["schema", printDirectives(schema.directives), block(schema.operationTypes.map(printOperationType))])
    case .schemaExtension(let schema):
        join(["extend schema", printDirectives(schema.directives), block(schema.operationTypes.map(printOperationType))])
    case .type(let type):
        describe(type.description) + printTypeBody(keyword: type.kind.keyword, name: type.name, directives: type.directives, kind: type.kind)
    case .typeExtension(let type):
        printTypeBody(keyword: "extend " + type.kind.keyword, name: type.name, directives: type.directives, kind: type.kind)
    case .directive(let directive):
        describe(directive.description) + "directive @" + directive.name.value + printArgumentDefinitions(directive.arguments)
            + (directive.isRepeatable ? " repeatable" : "") + " on "
            + directive.locations.map(\.value).joined(separator: " | ")
    }
}

private func printOperation(_ operation: OperationDefinitionNode) -> String {
    let variables = wrap("(", operation.variableDefinitions.map(printVariableDefinition).joined(separator: ", "), ")")
    let prefix = join([
        operation.operation.rawValue, (operation.name?.value ?? "") + variables, printDirectives(operation.directives),
    ])
    let body = (prefix == "query" && operation.description == nil ? "" : prefix + " ") + printSelectionSet(operation.selectionSet)
    return describe(operation.description) + body
}

private func printVariableDefinition(_ definition: VariableDefinitionNode) -> String {
    describe(definition.description, separator: " ") + "$" + definition.variable.name.value + ": " + printType(definition.type)
        + wrap(" = ", definition.defaultValue.map(printValue) ?? "") + wrap(" ", printDirectives(definition.directives))
}

private func printSelectionSet(_ selectionSet: SelectionSetNode) -> String {
    block(selectionSet.selections.map(printSelection))
}

private func printSelection(_ selection: SelectionNode) -> String {
    switch selection {
    case .field(let field):
        let prefix = wrap("", field.alias?.value ?? "", ": ") + field.name.value
        let arguments = field.arguments.map(printArgument)
        var line = prefix + wrap("(", arguments.joined(separator: ", "), ")")
        if line.utf16.count > 80 {
            line = prefix + wrap("(\n", indent(arguments.joined(separator: "\n")), "\n)")
        }
        return join([line, printDirectives(field.directives), field.selectionSet.map(printSelectionSet) ?? ""])
    case .fragmentSpread(let spread):
        return "..." + spread.name.value + wrap(" ", printDirectives(spread.directives))
    case .inlineFragment(let fragment):
        return join([
            "...", wrap("on ", fragment.typeCondition?.name.value ?? ""), printDirectives(fragment.directives),
            printSelectionSet(fragment.selectionSet),
        ])
    }
}

private func printArgument(_ argument: ArgumentNode) -> String {
    argument.name.value + ": " + printValue(argument.value)
}

private func printDirectives(_ directives: some Collection<DirectiveNode>) -> String {
    directives.map { "@" + $0.name.value + wrap("(", $0.arguments.map(printArgument).joined(separator: ", "), ")") }
        .joined(separator: " ")
}

private func printOperationType(_ node: OperationTypeDefinitionNode) -> String {
    node.operation.rawValue + ": " + node.type.name.value
}

private func printTypeBody(keyword: String, name: NameNode, directives: [DirectiveNode], kind: TypeDefinitionKind) -> String {
    switch kind {
    case .scalar:
        return join([keyword, name.value, printDirectives(directives)])
    case .object(let interfaces, let fields), .interface(let interfaces, let fields):
        return join([
            keyword, name.value, wrap("implements ", interfaces.map(\.name.value).joined(separator: " & ")),
            printDirectives(directives), block(fields.map(printFieldDefinition)),
        ])
    case .union(let types):
        return join([
            keyword, name.value, printDirectives(directives), wrap("= ", types.map(\.name.value).joined(separator: " | ")),
        ])
    case .enumeration(let values):
        return join([
            keyword, name.value, printDirectives(directives),
            block(values.map { describe($0.description) + join([$0.name.value, printDirectives($0.directives)]) }),
        ])
    case .inputObject(let fields):
        return join([keyword, name.value, printDirectives(directives), block(fields.map(printInputValueDefinition))])
    }
}

private func printFieldDefinition(_ field: FieldDefinitionNode) -> String {
    describe(field.description) + field.name.value + printArgumentDefinitions(field.arguments) + ": "
        + printType(field.type) + wrap(" ", printDirectives(field.directives))
}

private func printArgumentDefinitions(_ arguments: [InputValueDefinitionNode]) -> String {
    let printed = arguments.map(printInputValueDefinition)
    if printed.contains(where: { $0.contains("\n") }) {
        return wrap("(\n", indent(printed.joined(separator: "\n")), "\n)")
    }
    return wrap("(", printed.joined(separator: ", "), ")")
}

private func printInputValueDefinition(_ input: InputValueDefinitionNode) -> String {
    describe(input.description)
        + join([
            input.name.value + ": " + printType(input.type), wrap("= ", input.defaultValue.map(printValue) ?? ""),
            printDirectives(input.directives),
        ])
}

// MARK: - Strings

func printString(_ node: StringValueNode) -> String {
    node.isBlock ? BlockString.print(node.value) : printString(node.value)
}

/// A JSON-like quoted string with graphql-js's escapes.
public func printString(_ value: String) -> String {
    var result = "\""
    result.reserveCapacity(value.utf8.count + 2)
    for scalar in value.unicodeScalars {
        switch scalar.value {
        case 0x08: result += "\\b"
        case 0x09: result += "\\t"
        case 0x0A: result += "\\n"
        case 0x0C: result += "\\f"
        case 0x0D: result += "\\r"
        case 0x22: result += "\\\""
        case 0x5C: result += "\\\\"
        case 0x00...0x1F, 0x7F...0x9F:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}

// MARK: - Layout helpers (graphql-js's `join`, `wrap`, `block`, `indent`)

private func describe(_ description: StringValueNode?, separator: String = "\n") -> String {
    guard let description else { return "" }
    return printString(description) + separator
}

private func join(_ parts: [String], separator: String = " ") -> String {
    parts.filter { !$0.isEmpty }.joined(separator: separator)
}

private func wrap(_ prefix: String, _ value: String, _ suffix: String = "") -> String {
    value.isEmpty ? "" : prefix + value + suffix
}

private func block(_ items: [String]) -> String {
    wrap("{\n", indent(items.joined(separator: "\n")), "\n}")
}

private func indent(_ value: String) -> String {
    wrap("  ", value.replacing("\n", with: "\n  "))
}

extension TypeDefinitionKind {
    /// The SDL keyword: `type`, `input`, …
    var keyword: String {
        switch self {
        case .scalar: "scalar"
        case .object: "type"
        case .interface: "interface"
        case .union: "union"
        case .enumeration: "enum"
        case .inputObject: "input"
        }
    }
}
