/// The source value of `__Schema`.
struct SchemaIntrospection: Sendable {
    let schema: GraphQLSchema
}

/// The source value of `__Type`: a named type or a wrapper around another type.
struct IntrospectedType: Sendable {
    let reference: TypeReference

    static func named(_ name: String) -> IntrospectedType { IntrospectedType(reference: .named(name)) }
}

/// Resolvers of the introspection types (spec 4.5), bound into every executable schema.
enum Introspection {
    static let resolvers: [String: [String: FieldResolver]] = [
        "__Schema": [
            "description": { call in .value(schemaOf(call).description) },
            "types": { call in .value(schemaOf(call).types.map { IntrospectedType.named($0.name) }) },
            "queryType": { call in .value(schemaOf(call).queryTypeName.map(IntrospectedType.named)) },
            "mutationType": { call in .value(schemaOf(call).mutationTypeName.map(IntrospectedType.named)) },
            "subscriptionType": { call in .value(schemaOf(call).subscriptionTypeName.map(IntrospectedType.named)) },
            "directives": { call in .value(Array(schemaOf(call).directives)) },
        ],
        "__Type": [
            "kind": { call in .value(kind(of: call)) },
            "name": { call in .value(named(call)?.name) },
            "description": { call in .value(named(call)?.description) },
            "specifiedByURL": { call in
                guard case .scalar(let scalar)? = named(call) else { return .null }
                return .value(scalar.specifiedByURL)
            },
            "fields": { call in
                guard let fields = named(call)?.fields else { return .null }
                return .value(fields.filter { includeDeprecated(call) || $0.deprecationReason == nil })
            },
            "interfaces": { call in
                switch named(call) {
                case .object(let object)?: .value(object.interfaces.map(IntrospectedType.named))
                case .interface(let interface)?: .value(interface.interfaces.map(IntrospectedType.named))
                default: .null
                }
            },
            "possibleTypes": { call in
                guard let type = named(call), type.isAbstract else { return .null }
                return .value(call.info.schema.possibleTypes(of: type.name).map(IntrospectedType.named))
            },
            "enumValues": { call in
                guard case .enumeration(let enumeration)? = named(call) else { return .null }
                return .value(enumeration.values.filter { includeDeprecated(call) || $0.deprecationReason == nil })
            },
            "inputFields": { call in
                guard case .inputObject(let input)? = named(call) else { return .null }
                return .value(input.fields.filter { includeDeprecated(call) || $0.deprecationReason == nil })
            },
            "ofType": { call in
                switch (call.source as? IntrospectedType)?.reference {
                case .list(let inner)?, .nonNull(let inner)?: .value(IntrospectedType(reference: inner))
                default: .null
                }
            },
            "isOneOf": { call in
                guard case .inputObject(let input)? = named(call) else { return .null }
                return .value(input.isOneOf)
            },
        ],
        "__Field": [
            "name": { call in .value((call.source as? FieldDefinition)?.name) },
            "description": { call in .value((call.source as? FieldDefinition)?.description) },
            "args": { call in
                let arguments = (call.source as? FieldDefinition)?.arguments ?? OrderedDefinitions()
                return .value(arguments.filter { includeDeprecated(call) || $0.deprecationReason == nil })
            },
            "type": { call in .value((call.source as? FieldDefinition).map { IntrospectedType(reference: $0.type) }) },
            "isDeprecated": { call in .value((call.source as? FieldDefinition)?.deprecationReason != nil) },
            "deprecationReason": { call in .value((call.source as? FieldDefinition)?.deprecationReason) },
        ],
        "__InputValue": [
            "name": { call in .value((call.source as? InputValueDefinition)?.name) },
            "description": { call in .value((call.source as? InputValueDefinition)?.description) },
            "type": { call in .value((call.source as? InputValueDefinition).map { IntrospectedType(reference: $0.type) }) },
            "defaultValue": { call in .value((call.source as? InputValueDefinition)?.defaultValue.map(printValue)) },
            "isDeprecated": { call in .value((call.source as? InputValueDefinition)?.deprecationReason != nil) },
            "deprecationReason": { call in .value((call.source as? InputValueDefinition)?.deprecationReason) },
        ],
        "__EnumValue": [
            "name": { call in .value((call.source as? EnumValueDefinition)?.name) },
            "description": { call in .value((call.source as? EnumValueDefinition)?.description) },
            "isDeprecated": { call in .value((call.source as? EnumValueDefinition)?.deprecationReason != nil) },
            "deprecationReason": { call in .value((call.source as? EnumValueDefinition)?.deprecationReason) },
        ],
        "__Directive": [
            "name": { call in .value((call.source as? DirectiveDefinition)?.name) },
            "description": { call in .value((call.source as? DirectiveDefinition)?.description) },
            "isRepeatable": { call in .value((call.source as? DirectiveDefinition)?.isRepeatable ?? false) },
            "locations": { call in .value((call.source as? DirectiveDefinition)?.locations.map(\.rawValue)) },
            "args": { call in
                let arguments = (call.source as? DirectiveDefinition)?.arguments ?? OrderedDefinitions()
                return .value(arguments.filter { includeDeprecated(call) || $0.deprecationReason == nil })
            },
        ],
    ]

    private static func schemaOf(_ call: FieldCall) -> GraphQLSchema { call.info.schema }

    private static func named(_ call: FieldCall) -> NamedType? {
        guard case .named(let name)? = (call.source as? IntrospectedType)?.reference else { return nil }
        return call.info.schema.type(named: name)
    }

    private static func includeDeprecated(_ call: FieldCall) -> Bool {
        if case .boolean(true)? = call.arguments["includeDeprecated"] { return true }
        return false
    }

    private static func kind(of call: FieldCall) -> String? {
        switch (call.source as? IntrospectedType)?.reference {
        case .list?: return "LIST"
        case .nonNull?: return "NON_NULL"
        case .named?:
            switch named(call) {
            case .scalar?: return "SCALAR"
            case .object?: return "OBJECT"
            case .interface?: return "INTERFACE"
            case .union?: return "UNION"
            case .enumeration?: return "ENUM"
            case .inputObject?: return "INPUT_OBJECT"
            case nil: return nil
            }
        case nil: return nil
        }
    }
}
