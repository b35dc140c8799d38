// The type system half of the grammar (spec 3): definitions and extensions.
extension Parser {
    mutating func parseSchemaDefinition() throws(GraphQLError) -> SchemaDefinitionNode {
        let start = token
        let description = try parseDescription()
        try expectKeyword("schema")
        let directives = Array(try parseDirectives(isConstant: true))
        try expect(.braceLeft)
        var operationTypes: [OperationTypeDefinitionNode] = []
        repeat {
            operationTypes.append(try parseOperationTypeDefinition())
        } while try !skip(.braceRight)
        return SchemaDefinitionNode(
            description: description, directives: directives, operationTypes: operationTypes,
            location: location(from: start))
    }

    private mutating func parseOperationTypeDefinition() throws(GraphQLError) -> OperationTypeDefinitionNode {
        let start = token
        let operation = try parseOperationType()
        try expect(.colon)
        return OperationTypeDefinitionNode(operation: operation, type: try parseNamedType(), location: location(from: start))
    }

    mutating func parseTypeDefinition() throws(GraphQLError) -> TypeDefinitionNode {
        let start = token
        let description = try parseDescription()
        let keyword = text(of: token)
        try advance()
        let name = try parseName()
        let (directives, kind) = try parseTypeBody(keyword: keyword)
        return TypeDefinitionNode(
            description: description, name: name, directives: directives, kind: kind, location: location(from: start))
    }

    /// What follows a type's name, in the order the grammar puts it, for definitions and extensions.
    private mutating func parseTypeBody(keyword: String) throws(GraphQLError) -> ([DirectiveNode], TypeDefinitionKind) {
        switch keyword {
        case "scalar":
            return (Array(try parseDirectives(isConstant: true)), .scalar)
        case "type", "interface":
            let interfaces = try parseImplementsInterfaces()
            let directives = Array(try parseDirectives(isConstant: true))
            let fields = try parseFieldsDefinition()
            return (
                directives,
                keyword == "type"
                    ? .object(interfaces: interfaces, fields: fields) : .interface(interfaces: interfaces, fields: fields)
            )
        case "union":
            let directives = Array(try parseDirectives(isConstant: true))
            var types: [NamedTypeNode] = []
            if try skip(.equals) {
                _ = try skip(.pipe)
                repeat {
                    types.append(try parseNamedType())
                } while try skip(.pipe)
            }
            return (directives, .union(types: types))
        case "enum":
            let directives = Array(try parseDirectives(isConstant: true))
            var values: [EnumValueDefinitionNode] = []
            if try skip(.braceLeft) {
                repeat {
                    values.append(try parseEnumValueDefinition())
                } while try !skip(.braceRight)
            }
            return (directives, .enumeration(values: values))
        default:  // input
            let directives = Array(try parseDirectives(isConstant: true))
            var fields: [InputValueDefinitionNode] = []
            if try skip(.braceLeft) {
                repeat {
                    fields.append(try parseInputValueDefinition())
                } while try !skip(.braceRight)
            }
            return (directives, .inputObject(fields: fields))
        }
    }

    private mutating func parseImplementsInterfaces() throws(GraphQLError) -> [NamedTypeNode] {
        var interfaces: [NamedTypeNode] = []
        if try skipKeyword("implements") {
            _ = try skip(.ampersand)
            repeat {
                interfaces.append(try parseNamedType())
            } while try skip(.ampersand)
        }
        return interfaces
    }

    private mutating func parseFieldsDefinition() throws(GraphQLError) -> [FieldDefinitionNode] {
        var fields: [FieldDefinitionNode] = []
        if try skip(.braceLeft) {
            repeat {
                let start = token
                let description = try parseDescription()
                let name = try parseName()
                let arguments = try parseArgumentDefinitions()
                try expect(.colon)
                let type = try parseTypeReference()
                fields.append(
                    FieldDefinitionNode(
                        description: description, name: name, arguments: arguments, type: type,
                        directives: Array(try parseDirectives(isConstant: true)), location: location(from: start)))
            } while try !skip(.braceRight)
        }
        return fields
    }

    private mutating func parseArgumentDefinitions() throws(GraphQLError) -> [InputValueDefinitionNode] {
        var arguments: [InputValueDefinitionNode] = []
        if try skip(.parenLeft) {
            repeat {
                arguments.append(try parseInputValueDefinition())
            } while try !skip(.parenRight)
        }
        return arguments
    }

    private mutating func parseInputValueDefinition() throws(GraphQLError) -> InputValueDefinitionNode {
        let start = token
        let description = try parseDescription()
        let name = try parseName()
        try expect(.colon)
        let type = try parseTypeReference()
        let defaultValue = try skip(.equals) ? try parseValueLiteral(isConstant: true) : nil
        return InputValueDefinitionNode(
            description: description, name: name, type: type, defaultValue: defaultValue,
            directives: Array(try parseDirectives(isConstant: true)), location: location(from: start))
    }

    private mutating func parseEnumValueDefinition() throws(GraphQLError) -> EnumValueDefinitionNode {
        let start = token
        let description = try parseDescription()
        if token.kind == .name, ["true", "false", "null"].contains(text(of: token)) {
            throw syntaxError(at: token.start, "\(describe(token)) is reserved and cannot be used for an enum value.")
        }
        let name = try parseName()
        return EnumValueDefinitionNode(
            description: description, name: name, directives: Array(try parseDirectives(isConstant: true)),
            location: location(from: start))
    }

    mutating func parseDirectiveDefinition() throws(GraphQLError) -> DirectiveDefinitionNode {
        let start = token
        let description = try parseDescription()
        try expectKeyword("directive")
        try expect(.at)
        let name = try parseName()
        let arguments = try parseArgumentDefinitions()
        let isRepeatable = try skipKeyword("repeatable")
        try expectKeyword("on")
        var locations: [NameNode] = []
        _ = try skip(.pipe)
        repeat {
            let locationToken = token
            let locationName = try parseName()
            guard DirectiveLocation(rawValue: locationName.value) != nil else { throw unexpected(locationToken) }
            locations.append(locationName)
        } while try skip(.pipe)
        return DirectiveDefinitionNode(
            description: description, name: name, arguments: arguments, isRepeatable: isRepeatable,
            locations: locations, location: location(from: start))
    }

    mutating func parseTypeSystemExtension() throws(GraphQLError) -> DefinitionNode {
        let keyword = try lexer.lookahead()
        guard keyword.kind == .name else { throw unexpected(keyword) }
        let start = token
        switch text(of: keyword) {
        case "schema":
            try advance()
            try advance()
            let directives = Array(try parseDirectives(isConstant: true))
            var operationTypes: [OperationTypeDefinitionNode] = []
            if try skip(.braceLeft) {
                repeat {
                    operationTypes.append(try parseOperationTypeDefinition())
                } while try !skip(.braceRight)
            }
            if directives.isEmpty && operationTypes.isEmpty { throw unexpected(token) }
            return .schemaExtension(
                SchemaExtensionNode(directives: directives, operationTypes: operationTypes, location: location(from: start)))
        case "scalar", "type", "interface", "union", "enum", "input":
            try advance()
            try advance()
            let name = try parseName()
            let (directives, kind) = try parseTypeBody(keyword: text(of: keyword))
            if directives.isEmpty && kind.isEmpty { throw unexpected(token) }
            return .typeExtension(
                TypeExtensionNode(name: name, directives: directives, kind: kind, location: location(from: start)))
        default:
            throw unexpected(keyword)
        }
    }
}

extension TypeDefinitionKind {
    /// Whether the body adds nothing: no fields, members, values or interfaces.
    var isEmpty: Bool {
        switch self {
        case .scalar: true
        case .object(let interfaces, let fields), .interface(let interfaces, let fields):
            interfaces.isEmpty && fields.isEmpty
        case .union(let types): types.isEmpty
        case .enumeration(let values): values.isEmpty
        case .inputObject(let fields): fields.isEmpty
        }
    }
}
