/// The source value of `__Schema`.
struct SchemaIntrospection: Sendable {
    let schema: GraphQLSchema
}

/// The source value of `__Type`: a named type or a wrapper around another type, with the named
/// type looked up once rather than by every field read.
final class IntrospectedType: Sendable {
    let reference: TypeReference
    let named: NamedType?
    /// For the types this one refers to (`ofType`, `interfaces`, `possibleTypes`).
    let schema: GraphQLSchema

    init(_ reference: TypeReference, in schema: GraphQLSchema) {
        self.reference = reference
        self.schema = schema
        if case .named(let name) = reference { named = schema.type(named: name) } else { named = nil }
    }

    init(_ type: NamedType, in schema: GraphQLSchema) {
        reference = .named(type.name)
        named = type
        self.schema = schema
    }
}

/// The source value of `__Field`, `__InputValue`, `__EnumValue` and `__Directive`: one reference to
/// share instead of a definition copied into every field read.
final class Introspected<Definition: Sendable>: Sendable {
    let definition: Definition
    /// For the definition's `type`.
    let schema: GraphQLSchema

    init(_ definition: Definition, in schema: GraphQLSchema) {
        self.definition = definition
        self.schema = schema
    }
}

/// Resolvers of the introspection types (spec 4.5), bound into every executable schema.
enum Introspection {
    typealias Field = Introspected<FieldDefinition>
    typealias InputValue = Introspected<InputValueDefinition>
    typealias EnumValue = Introspected<EnumValueDefinition>
    typealias Directive = Introspected<DirectiveDefinition>

    static let bindings: [String: [String: FieldBinding]] = [
        "__Schema": [
            "description": reading(SchemaIntrospection.self) { source in source.schema.description },
            "types": reading(SchemaIntrospection.self) { source in
                source.schema.types.map { IntrospectedType($0, in: source.schema) }
            },
            "queryType": reading(SchemaIntrospection.self) { source in
                source.schema.queryTypeName.map { IntrospectedType(.named($0), in: source.schema) }
            },
            "mutationType": reading(SchemaIntrospection.self) { source in
                source.schema.mutationTypeName.map { IntrospectedType(.named($0), in: source.schema) }
            },
            "subscriptionType": reading(SchemaIntrospection.self) { source in
                source.schema.subscriptionTypeName.map { IntrospectedType(.named($0), in: source.schema) }
            },
            "directives": reading(SchemaIntrospection.self) { source in source.schema.directives.map { Directive($0, in: source.schema) } },
        ],
        "__Type": [
            "kind": reading(IntrospectedType.self) { type in kind(of: type) },
            "name": reading(IntrospectedType.self) { type in type.named?.name },
            "description": reading(IntrospectedType.self) { type in type.named?.description },
            "specifiedByURL": reading(IntrospectedType.self) { type in
                guard case .scalar(let scalar)? = type.named else { return nil }
                return scalar.specifiedByURL
            },
            "fields": resolving(IntrospectedType.self) { type, call in
                guard let fields = type.named?.fields else { return nil }
                return visible(fields, call).map { Field($0, in: type.schema) }
            },
            "interfaces": reading(IntrospectedType.self) { type in
                let schema = type.schema
                switch type.named {
                case .object(let object)?: return object.interfaces.map { IntrospectedType(.named($0), in: schema) }
                case .interface(let interface)?: return interface.interfaces.map { IntrospectedType(.named($0), in: schema) }
                default: return nil
                }
            },
            "possibleTypes": reading(IntrospectedType.self) { type in
                guard let named = type.named, named.isAbstract else { return nil }
                let schema = type.schema
                return schema.possibleTypes(of: named.name).map { IntrospectedType(.named($0), in: schema) }
            },
            "enumValues": resolving(IntrospectedType.self) { type, call in
                guard case .enumeration(let enumeration)? = type.named else { return nil }
                return visible(enumeration.values, call).map { EnumValue($0, in: type.schema) }
            },
            "inputFields": resolving(IntrospectedType.self) { type, call in
                guard case .inputObject(let input)? = type.named else { return nil }
                return visible(input.fields, call).map { InputValue($0, in: type.schema) }
            },
            "ofType": reading(IntrospectedType.self) { type in
                switch type.reference {
                case .list(let inner), .nonNull(let inner): return IntrospectedType(inner, in: type.schema)
                case .named: return nil
                }
            },
            "isOneOf": reading(IntrospectedType.self) { type in
                guard case .inputObject(let input)? = type.named else { return nil }
                return input.isOneOf
            },
        ],
        "__Field": [
            "name": reading(Field.self) { field in field.definition.name },
            "description": reading(Field.self) { field in field.definition.description },
            "args": resolving(Field.self) { field, call in
                visible(field.definition.arguments, call).map { InputValue($0, in: field.schema) }
            },
            "type": reading(Field.self) { field in IntrospectedType(field.definition.type, in: field.schema) },
            "isDeprecated": reading(Field.self) { field in field.definition.deprecationReason != nil },
            "deprecationReason": reading(Field.self) { field in field.definition.deprecationReason },
        ],
        "__InputValue": [
            "name": reading(InputValue.self) { value in value.definition.name },
            "description": reading(InputValue.self) { value in value.definition.description },
            "type": reading(InputValue.self) { value in IntrospectedType(value.definition.type, in: value.schema) },
            "defaultValue": reading(InputValue.self) { value in value.definition.defaultValue.map(printValue) },
            "isDeprecated": reading(InputValue.self) { value in value.definition.deprecationReason != nil },
            "deprecationReason": reading(InputValue.self) { value in value.definition.deprecationReason },
        ],
        "__EnumValue": [
            "name": reading(EnumValue.self) { value in value.definition.name },
            "description": reading(EnumValue.self) { value in value.definition.description },
            "isDeprecated": reading(EnumValue.self) { value in value.definition.deprecationReason != nil },
            "deprecationReason": reading(EnumValue.self) { value in value.definition.deprecationReason },
        ],
        "__Directive": [
            "name": reading(Directive.self) { directive in directive.definition.name },
            "description": reading(Directive.self) { directive in directive.definition.description },
            "isRepeatable": reading(Directive.self) { directive in directive.definition.isRepeatable },
            "locations": reading(Directive.self) { directive in directive.definition.locations.map(\.rawValue) },
            "args": resolving(Directive.self) { directive, call in
                visible(directive.definition.arguments, call).map { InputValue($0, in: directive.schema) }
            },
        ],
    ]

    /// `__schema` on the query type.
    static let schemaBinding = FieldBinding.resolve { call in .value(SchemaIntrospection(schema: call.info.schema)) }

    /// `__type(name:)` on the query type.
    static let typeBinding = FieldBinding.resolve { call in
        guard case .string(let name)? = call.arguments["name"], call.info.schema.type(named: name) != nil else {
            return .null
        }
        return .value(IntrospectedType(.named(name), in: call.info.schema))
    }

    private static func reading<Source>(_: Source.Type, _ read: @escaping @Sendable (Source) -> (any Sendable)?) -> FieldBinding {
        .read { source in exactCast(source, to: Source.self).flatMap(read) }
    }

    private static func resolving<Source>(
        _: Source.Type, _ resolve: @escaping @Sendable (Source, FieldCall) -> (any Sendable)?
    ) -> FieldBinding {
        .resolve { call in .value(exactCast(call.source, to: Source.self).flatMap { resolve($0, call) }) }
    }

    /// The definitions to list: all of them with `includeDeprecated: true`, else the current ones.
    private static func visible<Definition: DeprecatableDefinition>(
        _ definitions: OrderedDefinitions<Definition>, _ call: FieldCall
    ) -> [Definition] {
        if case .boolean(true)? = call.arguments["includeDeprecated"] { return definitions.elements }
        return definitions.filter { $0.deprecationReason == nil }
    }

    private static func kind(of type: IntrospectedType) -> String? {
        switch type.reference {
        case .list: "LIST"
        case .nonNull: "NON_NULL"
        case .named:
            switch type.named {
            case .scalar?: "SCALAR"
            case .object?: "OBJECT"
            case .interface?: "INTERFACE"
            case .union?: "UNION"
            case .enumeration?: "ENUM"
            case .inputObject?: "INPUT_OBJECT"
            case nil: nil
            }
        }
    }
}

/// A definition that can be deprecated, listed by introspection according to `includeDeprecated`.
protocol DeprecatableDefinition: NamedDefinition {
    var deprecationReason: String? { get }
}

extension FieldDefinition: DeprecatableDefinition {}
extension InputValueDefinition: DeprecatableDefinition {}
extension EnumValueDefinition: DeprecatableDefinition {}
