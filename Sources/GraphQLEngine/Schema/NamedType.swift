/// A named type of a schema (spec 3.4): one case per kind.
public enum NamedType: NamedDefinition, Sendable {
    case scalar(ScalarType)
    case object(ObjectType)
    case interface(InterfaceType)
    case union(UnionType)
    case enumeration(EnumType)
    case inputObject(InputObjectType)

    public var name: String {
        switch self {
        case .scalar(let type): type.name
        case .object(let type): type.name
        case .interface(let type): type.name
        case .union(let type): type.name
        case .enumeration(let type): type.name
        case .inputObject(let type): type.name
        }
    }

    public var description: String? {
        switch self {
        case .scalar(let type): type.description
        case .object(let type): type.description
        case .interface(let type): type.description
        case .union(let type): type.description
        case .enumeration(let type): type.description
        case .inputObject(let type): type.description
        }
    }

    public var directives: [DirectiveNode] {
        switch self {
        case .scalar(let type): type.directives
        case .object(let type): type.directives
        case .interface(let type): type.directives
        case .union(let type): type.directives
        case .enumeration(let type): type.directives
        case .inputObject(let type): type.directives
        }
    }

    /// Output fields of an object or interface; nil for other kinds.
    public var fields: OrderedDefinitions<FieldDefinition>? {
        switch self {
        case .object(let type): type.fields
        case .interface(let type): type.fields
        default: nil
        }
    }

    public var isInputType: Bool {
        switch self {
        case .scalar, .enumeration, .inputObject: true
        default: false
        }
    }

    public var isOutputType: Bool {
        if case .inputObject = self { return false }
        return true
    }

    public var isLeaf: Bool {
        switch self {
        case .scalar, .enumeration: true
        default: false
        }
    }

    public var isAbstract: Bool {
        switch self {
        case .interface, .union: true
        default: false
        }
    }

    public var isComposite: Bool {
        switch self {
        case .object, .interface, .union: true
        default: false
        }
    }
}

public struct ScalarType: NamedDefinition, Sendable {
    public var name: String
    public var description: String?
    public var specifiedByURL: String?
    public var directives: [DirectiveNode]
    public var coercion: any ScalarCoercing

    public init(
        name: String, description: String? = nil, specifiedByURL: String? = nil,
        directives: [DirectiveNode] = [], coercion: any ScalarCoercing
    ) {
        self.name = name
        self.description = description
        self.specifiedByURL = specifiedByURL
        self.directives = directives
        self.coercion = coercion
    }
}

public struct ObjectType: NamedDefinition, Sendable {
    public var name: String
    public var description: String?
    public var fields: OrderedDefinitions<FieldDefinition>
    public var interfaces: [String]
    public var directives: [DirectiveNode]

    public init(
        name: String, description: String? = nil, fields: [FieldDefinition], interfaces: [String] = [],
        directives: [DirectiveNode] = []
    ) {
        self.name = name
        self.description = description
        self.fields = OrderedDefinitions(fields)
        self.interfaces = interfaces
        self.directives = directives
    }
}

public struct InterfaceType: NamedDefinition, Sendable {
    public var name: String
    public var description: String?
    public var fields: OrderedDefinitions<FieldDefinition>
    public var interfaces: [String]
    public var directives: [DirectiveNode]

    public init(
        name: String, description: String? = nil, fields: [FieldDefinition], interfaces: [String] = [],
        directives: [DirectiveNode] = []
    ) {
        self.name = name
        self.description = description
        self.fields = OrderedDefinitions(fields)
        self.interfaces = interfaces
        self.directives = directives
    }
}

public struct UnionType: NamedDefinition, Sendable {
    public var name: String
    public var description: String?
    public var types: [String]
    public var directives: [DirectiveNode]

    public init(name: String, description: String? = nil, types: [String], directives: [DirectiveNode] = []) {
        self.name = name
        self.description = description
        self.types = types
        self.directives = directives
    }
}

public struct EnumType: NamedDefinition, Sendable {
    public var name: String
    public var description: String?
    public var values: OrderedDefinitions<EnumValueDefinition>
    public var directives: [DirectiveNode]

    public init(
        name: String, description: String? = nil, values: [EnumValueDefinition], directives: [DirectiveNode] = []
    ) {
        self.name = name
        self.description = description
        self.values = OrderedDefinitions(values)
        self.directives = directives
    }
}

public struct InputObjectType: NamedDefinition, Sendable {
    public var name: String
    public var description: String?
    public var fields: OrderedDefinitions<InputValueDefinition>
    /// `@oneOf`: exactly one field must be given, and it must not be null.
    public var isOneOf: Bool
    public var directives: [DirectiveNode]

    public init(
        name: String, description: String? = nil, fields: [InputValueDefinition], isOneOf: Bool = false,
        directives: [DirectiveNode] = []
    ) {
        self.name = name
        self.description = description
        self.fields = OrderedDefinitions(fields)
        self.isOneOf = isOneOf
        self.directives = directives
    }
}
