// The parts of a built schema. Applied directives are kept as AST nodes (`directives`) so that
// schema directives such as an authorization rule can be read by whoever binds resolvers.

public struct FieldDefinition: NamedDefinition, Sendable {
    public var name: String
    public var description: String?
    public var arguments: OrderedDefinitions<InputValueDefinition>
    public var type: TypeReference
    public var deprecationReason: String?
    public var directives: [DirectiveNode]

    public init(
        name: String, description: String? = nil, arguments: [InputValueDefinition] = [],
        type: TypeReference, deprecationReason: String? = nil, directives: [DirectiveNode] = []
    ) {
        self.name = name
        self.description = description
        self.arguments = OrderedDefinitions(arguments)
        self.type = type
        self.deprecationReason = deprecationReason
        self.directives = directives
    }
}

/// An argument of a field or directive, or a field of an input object.
public struct InputValueDefinition: NamedDefinition, Sendable {
    public var name: String
    public var description: String?
    public var type: TypeReference
    /// The default as written in the SDL; coerced where it is used.
    public var defaultValue: ValueNode?
    public var deprecationReason: String?
    public var directives: [DirectiveNode]

    public init(
        name: String, description: String? = nil, type: TypeReference, defaultValue: ValueNode? = nil,
        deprecationReason: String? = nil, directives: [DirectiveNode] = []
    ) {
        self.name = name
        self.description = description
        self.type = type
        self.defaultValue = defaultValue
        self.deprecationReason = deprecationReason
        self.directives = directives
    }
}

public struct EnumValueDefinition: NamedDefinition, Sendable {
    public var name: String
    public var description: String?
    public var deprecationReason: String?
    public var directives: [DirectiveNode]

    public init(
        name: String, description: String? = nil, deprecationReason: String? = nil,
        directives: [DirectiveNode] = []
    ) {
        self.name = name
        self.description = description
        self.deprecationReason = deprecationReason
        self.directives = directives
    }
}

public struct DirectiveDefinition: NamedDefinition, Sendable {
    public var name: String
    public var description: String?
    public var locations: [DirectiveLocation]
    public var arguments: OrderedDefinitions<InputValueDefinition>
    public var isRepeatable: Bool

    public init(
        name: String, description: String? = nil, locations: [DirectiveLocation],
        arguments: [InputValueDefinition] = [], isRepeatable: Bool = false
    ) {
        self.name = name
        self.description = description
        self.locations = locations
        self.arguments = OrderedDefinitions(arguments)
        self.isRepeatable = isRepeatable
    }
}
