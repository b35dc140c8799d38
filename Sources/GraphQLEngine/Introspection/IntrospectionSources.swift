import Synchronization

/// The source values introspection reads, made once per schema: every type reference, field,
/// argument and enum value becomes one object when the schema is first introspected, and every
/// introspection query after that only reads them.
///
/// The objects refer back to the sources unowned: the sources own them all, and an executable
/// schema owns its sources for as long as anything executes against it.
final class IntrospectionSources: Sendable {
    let schema: GraphQLSchema
    /// Every named type, in the schema's order.
    let types: [IntrospectedType]
    private let typesByName: [String: IntrospectedType]
    let directives: [IntrospectedDirective]

    init(_ schema: GraphQLSchema) {
        self.schema = schema
        var typesByName: [String: IntrospectedType] = [:]
        var types: [IntrospectedType] = []
        for type in schema.types {
            let introspected = IntrospectedType(named: type)
            types.append(introspected)
            typesByName[type.name] = introspected
        }
        self.types = types
        self.typesByName = typesByName
        directives = schema.directives.map { IntrospectedDirective($0) }
        for type in types { type.attach(to: self) }
        for directive in directives { directive.attach(to: self) }
    }

    func type(named name: String) -> IntrospectedType? { typesByName[name] }

    /// A type as a field or argument refers to it: wrappers around a named type's reference.
    func reference(to type: TypeReference) -> IntrospectedType {
        let reference: IntrospectedType
        switch type {
        case .named(let name): reference = IntrospectedType(referenceTo: name, schema.type(named: name))
        case .list(let inner): reference = IntrospectedType(kind: "LIST", ofType: self.reference(to: inner))
        case .nonNull(let inner): reference = IntrospectedType(kind: "NON_NULL", ofType: self.reference(to: inner))
        }
        reference.attach(to: self)
        return reference
    }

    /// Made when first needed, then kept with the executable schema.
    final class Holder: Sendable {
        private let sources = Mutex<IntrospectionSources?>(nil)

        func get(_ schema: GraphQLSchema) -> IntrospectionSources {
            sources.withLock { sources in
                if let sources { return sources }
                let made = IntrospectionSources(schema)
                sources = made
                return made
            }
        }
    }
}

/// The source value of `__Schema`.
struct SchemaIntrospection: Sendable {
    let sources: IntrospectionSources
}

/// The source value of `__Type`: a named type, a reference to one, or a list or non-null wrapper.
final class IntrospectedType: @unchecked Sendable {
    // @unchecked: `ownLists` and `sources` are set once, while the sources are being made, before any
    // execution can read them; immutable after.
    let kind: String?
    let name: String?
    let named: NamedType?
    let ofType: IntrospectedType?
    private(set) unowned(unsafe) var sources: IntrospectionSources?
    /// What a named type lists, made for the named type itself, not for references to it.
    private var ownLists: IntrospectedTypeLists?

    /// What the named type lists, read through the named type for a reference to it.
    var lists: IntrospectedTypeLists? {
        if let ownLists { return ownLists }
        guard let name, let sources else { return nil }
        return sources.type(named: name)?.ownLists
    }

    init(named type: NamedType) {
        name = type.name
        named = type
        kind = Self.kind(of: type)
        ofType = nil
    }

    init(referenceTo name: String, _ type: NamedType?) {
        self.name = name
        named = type
        kind = type.map(Self.kind(of:))
        ofType = nil
    }

    init(kind: String, ofType: IntrospectedType) {
        self.kind = kind
        name = nil
        named = nil
        self.ofType = ofType
    }

    func attach(to sources: IntrospectionSources) {
        self.sources = sources
        if let named, sources.type(named: named.name) === self { ownLists = IntrospectedTypeLists(named, sources) }
    }

    private static func kind(of type: NamedType) -> String {
        switch type {
        case .scalar: "SCALAR"
        case .object: "OBJECT"
        case .interface: "INTERFACE"
        case .union: "UNION"
        case .enumeration: "ENUM"
        case .inputObject: "INPUT_OBJECT"
        }
    }
}

/// The lists a named type answers, with and without what is deprecated; nil where the type's
/// kind has no such list.
final class IntrospectedTypeLists: Sendable {
    let fields: Deprecatable<IntrospectedField>?
    let interfaces: [IntrospectedType]?
    let possibleTypes: [IntrospectedType]?
    let enumValues: Deprecatable<Introspected<EnumValueDefinition>>?
    let inputFields: Deprecatable<IntrospectedInputValue>?

    init(_ type: NamedType, _ sources: IntrospectionSources) {
        fields = type.fields.map { fields in
            Deprecatable(fields.map { IntrospectedField($0, sources) }, isDeprecated: { $0.definition.deprecationReason != nil })
        }
        switch type {
        case .object(let object): interfaces = object.interfaces.map { sources.reference(to: .named($0)) }
        case .interface(let interface): interfaces = interface.interfaces.map { sources.reference(to: .named($0)) }
        default: interfaces = nil
        }
        possibleTypes = type.isAbstract ? sources.schema.possibleTypes(of: type.name).map { sources.reference(to: .named($0)) } : nil
        if case .enumeration(let enumeration) = type {
            enumValues = Deprecatable(
                enumeration.values.map(Introspected.init), isDeprecated: { $0.definition.deprecationReason != nil })
        } else {
            enumValues = nil
        }
        if case .inputObject(let input) = type {
            inputFields = Deprecatable(
                input.fields.map { IntrospectedInputValue($0, sources) }, isDeprecated: { $0.definition.deprecationReason != nil })
        } else {
            inputFields = nil
        }
    }
}

/// A list as `includeDeprecated: true` shows it, and as the default shows it.
struct Deprecatable<Element: Sendable>: Sendable {
    let all: [Element]
    let current: [Element]

    init(_ all: [Element], isDeprecated: (Element) -> Bool) {
        self.all = all
        current = all.filter { !isDeprecated($0) }
    }

    func list(includingDeprecated: Bool) -> [Element] { includingDeprecated ? all : current }
}

/// The source value of `__EnumValue`.
final class Introspected<Definition: Sendable>: Sendable {
    let definition: Definition

    init(_ definition: Definition) {
        self.definition = definition
    }
}

/// The source value of `__Field`.
final class IntrospectedField: Sendable {
    let definition: FieldDefinition
    let type: IntrospectedType
    let arguments: Deprecatable<IntrospectedInputValue>

    init(_ definition: FieldDefinition, _ sources: IntrospectionSources) {
        self.definition = definition
        type = sources.reference(to: definition.type)
        arguments = Deprecatable(
            definition.arguments.map { IntrospectedInputValue($0, sources) },
            isDeprecated: { $0.definition.deprecationReason != nil })
    }
}

/// The source value of `__InputValue`.
final class IntrospectedInputValue: Sendable {
    let definition: InputValueDefinition
    let type: IntrospectedType
    /// Printed once here: coercing and printing on every read would cost each introspection query.
    let defaultValue: String?

    init(_ definition: InputValueDefinition, _ sources: IntrospectionSources) {
        self.definition = definition
        type = sources.reference(to: definition.type)
        defaultValue = printedDefaultValue(of: definition, in: sources.schema)
    }
}

/// The source value of `__Directive`.
final class IntrospectedDirective: @unchecked Sendable {
    // @unchecked: `arguments` is set once, while the sources are being made; immutable after.
    let definition: DirectiveDefinition
    private(set) var arguments = Deprecatable<IntrospectedInputValue>([], isDeprecated: { _ in false })

    init(_ definition: DirectiveDefinition) {
        self.definition = definition
    }

    func attach(to sources: IntrospectionSources) {
        arguments = Deprecatable(
            definition.arguments.map { IntrospectedInputValue($0, sources) },
            isDeprecated: { $0.definition.deprecationReason != nil })
    }
}
