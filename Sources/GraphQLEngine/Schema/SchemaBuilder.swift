/// Everything wrong with a schema, reported at once.
public struct SchemaError: Error, Sendable, CustomStringConvertible {
    public var errors: [GraphQLError]

    public var description: String { errors.map(\.description).joined(separator: "\n") }
}

/// Builds a schema from SDL (with its extensions) and validates it as graphql-js does.
public enum SchemaBuilder {
    /// - Parameter scalars: how each custom scalar coerces; a scalar not listed passes values through.
    public static func build(sdl: String, scalars: [String: any ScalarCoercing] = [:]) throws -> GraphQLSchema {
        let document: DocumentNode
        do {
            document = try parse(sdl)
        } catch {
            throw SchemaError(errors: [error])
        }
        return try build(document: document, scalars: scalars)
    }

    public static func build(document: DocumentNode, scalars: [String: any ScalarCoercing] = [:]) throws -> GraphQLSchema {
        var errors: [GraphQLError] = []
        var definitions: [String: TypeDefinitionNode] = [:]
        var order: [String] = []
        var extensions: [TypeExtensionNode] = []
        var directiveNodes: [DirectiveDefinitionNode] = []
        var schemaNode: SchemaDefinitionNode?
        var schemaExtensions: [SchemaExtensionNode] = []

        for definition in document.definitions {
            switch definition {
            case .type(let type):
                let name = type.name.value
                if definitions[name] != nil || BuiltInScalars.names.contains(name) && type.kind != .scalar {
                    errors.append(error("There can be only one type named \"\(name)\".", type.name.location))
                    continue
                }
                definitions[name] = type
                order.append(name)
            case .typeExtension(let type): extensions.append(type)
            case .directive(let directive): directiveNodes.append(directive)
            case .schema(let schema):
                if schemaNode != nil {
                    errors.append(error("Must provide only one schema definition.", schema.location))
                }
                schemaNode = schema
            case .schemaExtension(let schema): schemaExtensions.append(schema)
            case .operation(let node):
                errors.append(error("The \(node.operation.rawValue) operation cannot appear in a schema.", node.location))
            case .fragment(let node):
                errors.append(error("The \"\(node.name.value)\" fragment cannot appear in a schema.", node.location))
            }
        }

        // graphql-js reads `@specifiedBy` and `@oneOf` from a type's definition alone, never from
        // its extensions: what introspection shows must not depend on them either.
        let declaredDefinitions = definitions
        for extensionNode in extensions {
            let name = extensionNode.name.value
            guard var definition = definitions[name] else {
                errors.append(
                    error("Cannot extend type \"\(name)\" because it is not defined.", extensionNode.name.location))
                continue
            }
            guard let merged = merge(definition.kind, extensionNode.kind) else {
                errors.append(
                    error(
                        "Cannot extend non-\(definition.kind.kindName.uppercased()) type \"\(name)\".",
                        extensionNode.name.location))
                continue
            }
            definition.kind = merged
            definition.directives += extensionNode.directives
            definitions[name] = definition
        }

        let introspection = try parse(IntrospectionTypes.sdl)
        var types: [NamedType] = []
        for name in order {
            guard let definition = definitions[name], let declared = declaredDefinitions[name] else { continue }
            types.append(namedType(from: definition, declaredDirectives: declared.directives, scalars: scalars))
        }
        var directives: [DirectiveDefinition] = []
        var declaredDirectives: Set<String> = []
        for node in directiveNodes {
            if !declaredDirectives.insert(node.name.value).inserted {
                errors.append(error("There can be only one directive named \"@\(node.name.value)\".", node.name.location))
            }
            directives.append(directiveDefinition(from: node))
        }
        for definition in introspection.definitions {
            switch definition {
            case .type(let type): types.append(namedType(from: type, declaredDirectives: type.directives, scalars: [:]))
            case .directive(let directive) where !declaredDirectives.contains(directive.name.value):
                directives.append(directiveDefinition(from: directive))
            default: break
            }
        }
        // Built-in scalars come last, and only those the schema uses (as graphql-js prints them).
        let referenced = referencedTypeNames(types, directives)
        for scalar in BuiltInScalars.all where definitions[scalar.name] == nil && referenced.contains(scalar.name) {
            types.append(.scalar(scalar))
        }

        var roots: [OperationType: String] = [:]
        var schemaDirectives: [DirectiveNode] = []
        if let schemaNode {
            for operationType in schemaNode.operationTypes { roots[operationType.operation] = operationType.type.name.value }
            schemaDirectives = schemaNode.directives
        } else {
            for operation in [OperationType.query, .mutation, .subscription] {
                let name = operation.rawValue.prefix(1).uppercased() + operation.rawValue.dropFirst()
                if definitions[name] != nil { roots[operation] = name }
            }
        }
        for schemaExtension in schemaExtensions {
            for operationType in schemaExtension.operationTypes { roots[operationType.operation] = operationType.type.name.value }
            schemaDirectives += schemaExtension.directives
        }

        types = referenceOrder(types, roots: [roots[.query], roots[.mutation], roots[.subscription]], directives: directives)
        let schema = GraphQLSchema(
            description: schemaNode?.description?.value, queryTypeName: roots[.query], mutationTypeName: roots[.mutation],
            subscriptionTypeName: roots[.subscription], types: types, directives: directives,
            schemaDirectives: schemaDirectives)
        var validator = SchemaValidator(schema: schema, definitions: definitions)
        errors += validator.validate()
        if !errors.isEmpty { throw SchemaError(errors: errors) }
        return schema
    }

    // MARK: - Building

    private static func merge(_ base: TypeDefinitionKind, _ addition: TypeDefinitionKind) -> TypeDefinitionKind? {
        switch (base, addition) {
        case (.scalar, .scalar): return .scalar
        case (.object(let interfaces, let fields), .object(let moreInterfaces, let moreFields)):
            return .object(interfaces: interfaces + moreInterfaces, fields: fields + moreFields)
        case (.interface(let interfaces, let fields), .interface(let moreInterfaces, let moreFields)):
            return .interface(interfaces: interfaces + moreInterfaces, fields: fields + moreFields)
        case (.union(let types), .union(let moreTypes)): return .union(types: types + moreTypes)
        case (.enumeration(let values), .enumeration(let moreValues)): return .enumeration(values: values + moreValues)
        case (.inputObject(let fields), .inputObject(let moreFields)): return .inputObject(fields: fields + moreFields)
        default: return nil
        }
    }

    /// - Parameter declaredDirectives: those of the definition itself, without its extensions'.
    private static func namedType(
        from node: TypeDefinitionNode, declaredDirectives: [DirectiveNode], scalars: [String: any ScalarCoercing]
    ) -> NamedType {
        let name = node.name.value
        let description = node.description?.value
        switch node.kind {
        case .scalar:
            let url = argument("url", of: "specifiedBy", in: declaredDirectives).flatMap(stringValue)
            return .scalar(
                ScalarType(
                    name: name, description: description, specifiedByURL: url, directives: node.directives,
                    coercion: scalars[name] ?? PassThroughCoercion()))
        case .object(let interfaces, let fields):
            return .object(
                ObjectType(
                    name: name, description: description, fields: fields.map(fieldDefinition),
                    interfaces: interfaces.map(\.name.value), directives: node.directives))
        case .interface(let interfaces, let fields):
            return .interface(
                InterfaceType(
                    name: name, description: description, fields: fields.map(fieldDefinition),
                    interfaces: interfaces.map(\.name.value), directives: node.directives))
        case .union(let types):
            return .union(
                UnionType(name: name, description: description, types: types.map(\.name.value), directives: node.directives))
        case .enumeration(let values):
            return .enumeration(
                EnumType(
                    name: name, description: description,
                    values: values.map {
                        EnumValueDefinition(
                            name: $0.name.value, description: $0.description?.value,
                            deprecationReason: deprecationReason($0.directives), directives: $0.directives)
                    }, directives: node.directives))
        case .inputObject(let fields):
            return .inputObject(
                InputObjectType(
                    name: name, description: description, fields: fields.map(inputValueDefinition),
                    isOneOf: declaredDirectives.contains { $0.name.value == "oneOf" }, directives: node.directives))
        }
    }

    private static func fieldDefinition(_ node: FieldDefinitionNode) -> FieldDefinition {
        FieldDefinition(
            name: node.name.value, description: node.description?.value,
            arguments: node.arguments.map(inputValueDefinition), type: TypeReference(node.type),
            deprecationReason: deprecationReason(node.directives), directives: node.directives)
    }

    private static func inputValueDefinition(_ node: InputValueDefinitionNode) -> InputValueDefinition {
        InputValueDefinition(
            name: node.name.value, description: node.description?.value, type: TypeReference(node.type),
            defaultValue: node.defaultValue, deprecationReason: deprecationReason(node.directives),
            directives: node.directives)
    }

    private static func directiveDefinition(from node: DirectiveDefinitionNode) -> DirectiveDefinition {
        DirectiveDefinition(
            name: node.name.value, description: node.description?.value,
            locations: node.locations.compactMap { DirectiveLocation(rawValue: $0.value) },
            arguments: node.arguments.map(inputValueDefinition), isRepeatable: node.isRepeatable)
    }

    /// `@deprecated(reason: null)` deprecates nothing: graphql-js takes the reason as given, and
    /// only a missing one as the default "No longer supported".
    private static func deprecationReason(_ directives: [DirectiveNode]) -> String? {
        guard let directive = directives.first(where: { $0.name.value == "deprecated" }) else { return nil }
        guard let reason = directive.arguments.first(where: { $0.name.value == "reason" }) else { return "No longer supported" }
        return stringValue(reason.value)
    }

    private static func argument(_ name: String, of directive: String, in directives: [DirectiveNode]) -> ValueNode? {
        directives.first { $0.name.value == directive }?.arguments.first { $0.name.value == name }?.value
    }

    private static func stringValue(_ node: ValueNode) -> String? {
        if case .string(let string) = node { return string.value }
        return nil
    }

    /// graphql-js's type order: each declared type in turn, followed by the types it is the first to
    /// reference that are not declared (built-in scalars), then those of the directives and the
    /// introspection types. Clients rebuilding the schema from introspection print it in this order.
    private static func referenceOrder(
        _ types: [NamedType], roots: [String?], directives: [DirectiveDefinition]
    ) -> [NamedType] {
        let byName = Dictionary(types.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let declared = types.filter { !IntrospectionTypes.names.contains($0.name) && !BuiltInScalars.names.contains($0.name) }
        var present = Set(declared.map(\.name))
        var ordered: [NamedType] = []
        func visitReferences(of type: NamedType) {
            switch type {
            case .union(let union): union.types.forEach(visit)
            case .object(let object):
                object.interfaces.forEach(visit)
                for field in object.fields {
                    visit(field.type.namedType)
                    for argument in field.arguments { visit(argument.type.namedType) }
                }
            case .interface(let interface):
                interface.interfaces.forEach(visit)
                for field in interface.fields {
                    visit(field.type.namedType)
                    for argument in field.arguments { visit(argument.type.namedType) }
                }
            case .inputObject(let input):
                for field in input.fields { visit(field.type.namedType) }
            default: break
            }
        }
        func visit(_ name: String) {
            guard !present.contains(name), let type = byName[name] else { return }
            present.insert(name)
            ordered.append(type)
            visitReferences(of: type)
        }
        for type in declared {
            ordered.append(type)
            visitReferences(of: type)
        }
        for root in roots { if let root { visit(root) } }
        for directive in directives { for argument in directive.arguments { visit(argument.type.namedType) } }
        visit("__Schema")
        for type in types { visit(type.name) }
        return ordered
    }

    private static func referencedTypeNames(_ types: [NamedType], _ directives: [DirectiveDefinition]) -> Set<String> {
        var names: Set<String> = []
        for type in types {
            switch type {
            case .object(let object):
                for field in object.fields {
                    names.insert(field.type.namedType)
                    for argument in field.arguments { names.insert(argument.type.namedType) }
                }
            case .interface(let interface):
                for field in interface.fields {
                    names.insert(field.type.namedType)
                    for argument in field.arguments { names.insert(argument.type.namedType) }
                }
            case .inputObject(let input):
                for field in input.fields { names.insert(field.type.namedType) }
            default: break
            }
        }
        for directive in directives {
            for argument in directive.arguments { names.insert(argument.type.namedType) }
        }
        return names
    }

    static func error(_ message: String, _ location: Location?) -> GraphQLError {
        GraphQLError(message, locations: location.map { [$0.sourceLocation] } ?? [])
    }
}
