/// Resolvers of the introspection types (spec 4.5), bound into every executable schema. They read
/// the schema's `IntrospectionSources`; only the lists that take `includeDeprecated` need the call.
enum Introspection {
    static let bindings: [String: [String: FieldBinding]] = [
        "__Schema": [
            "description": reading(SchemaIntrospection.self) { $0.sources.schema.description },
            "types": reading(SchemaIntrospection.self) { $0.sources.types },
            "queryType": reading(SchemaIntrospection.self) { source in
                source.sources.schema.queryTypeName.flatMap(source.sources.type(named:))
            },
            "mutationType": reading(SchemaIntrospection.self) { source in
                source.sources.schema.mutationTypeName.flatMap(source.sources.type(named:))
            },
            "subscriptionType": reading(SchemaIntrospection.self) { source in
                source.sources.schema.subscriptionTypeName.flatMap(source.sources.type(named:))
            },
            "directives": reading(SchemaIntrospection.self) { $0.sources.directives },
        ],
        "__Type": [
            "kind": reading(IntrospectedType.self) { $0.kind },
            "name": reading(IntrospectedType.self) { $0.name },
            "description": reading(IntrospectedType.self) { $0.named?.description },
            "specifiedByURL": reading(IntrospectedType.self) { type in
                guard case .scalar(let scalar)? = type.named else { return nil }
                return scalar.specifiedByURL
            },
            "fields": resolving(IntrospectedType.self) { type, call in
                type.lists?.fields?.list(includingDeprecated: includesDeprecated(call))
            },
            "interfaces": reading(IntrospectedType.self) { $0.lists?.interfaces },
            "possibleTypes": reading(IntrospectedType.self) { $0.lists?.possibleTypes },
            "enumValues": resolving(IntrospectedType.self) { type, call in
                type.lists?.enumValues?.list(includingDeprecated: includesDeprecated(call))
            },
            "inputFields": resolving(IntrospectedType.self) { type, call in
                type.lists?.inputFields?.list(includingDeprecated: includesDeprecated(call))
            },
            "ofType": reading(IntrospectedType.self) { $0.ofType },
            "isOneOf": reading(IntrospectedType.self) { type in
                guard case .inputObject(let input)? = type.named else { return nil }
                return input.isOneOf
            },
        ],
        "__Field": [
            "name": reading(IntrospectedField.self) { $0.definition.name },
            "description": reading(IntrospectedField.self) { $0.definition.description },
            "args": resolving(IntrospectedField.self) { field, call in
                field.arguments.list(includingDeprecated: includesDeprecated(call))
            },
            "type": reading(IntrospectedField.self) { $0.type },
            "isDeprecated": reading(IntrospectedField.self) { $0.definition.deprecationReason != nil },
            "deprecationReason": reading(IntrospectedField.self) { $0.definition.deprecationReason },
        ],
        "__InputValue": [
            "name": reading(IntrospectedInputValue.self) { $0.definition.name },
            "description": reading(IntrospectedInputValue.self) { $0.definition.description },
            "type": reading(IntrospectedInputValue.self) { $0.type },
            "defaultValue": reading(IntrospectedInputValue.self) { $0.defaultValue },
            "isDeprecated": reading(IntrospectedInputValue.self) { $0.definition.deprecationReason != nil },
            "deprecationReason": reading(IntrospectedInputValue.self) { $0.definition.deprecationReason },
        ],
        "__EnumValue": [
            "name": reading(Introspected<EnumValueDefinition>.self) { $0.definition.name },
            "description": reading(Introspected<EnumValueDefinition>.self) { $0.definition.description },
            "isDeprecated": reading(Introspected<EnumValueDefinition>.self) { $0.definition.deprecationReason != nil },
            "deprecationReason": reading(Introspected<EnumValueDefinition>.self) { $0.definition.deprecationReason },
        ],
        "__Directive": [
            "name": reading(IntrospectedDirective.self) { $0.definition.name },
            "description": reading(IntrospectedDirective.self) { $0.definition.description },
            "isRepeatable": reading(IntrospectedDirective.self) { $0.definition.isRepeatable },
            "locations": reading(IntrospectedDirective.self) { $0.definition.locations.map(\.rawValue) },
            "args": resolving(IntrospectedDirective.self) { directive, call in
                directive.arguments.list(includingDeprecated: includesDeprecated(call))
            },
        ],
    ]

    /// `__schema` on the query type.
    static let schemaBinding = FieldBinding.resolve { call in
        .value(SchemaIntrospection(sources: call.shared.introspectionSources))
    }

    /// `__type(name:)` on the query type.
    static let typeBinding = FieldBinding.resolve { call in
        guard case .string(let name)? = call.arguments["name"] else { return .null }
        return .value(call.shared.introspectionSources.type(named: name))
    }

    private static func reading<Source>(_: Source.Type, _ read: @escaping @Sendable (Source) -> (any Sendable)?) -> FieldBinding {
        .read({ source in exactCast(source, to: Source.self).flatMap(read) }, leaf: nil)
    }

    private static func resolving<Source>(
        _: Source.Type, _ resolve: @escaping @Sendable (Source, FieldCall) -> (any Sendable)?
    ) -> FieldBinding {
        .resolve { call in .value(exactCast(call.source, to: Source.self).flatMap { resolve($0, call) }) }
    }

    private static func includesDeprecated(_ call: FieldCall) -> Bool {
        if case .boolean(true)? = call.arguments["includeDeprecated"] { return true }
        return false
    }
}
