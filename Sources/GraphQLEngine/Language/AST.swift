// The abstract syntax tree of a GraphQL document (spec section 2 and 3), as value types.
//
// Names follow graphql-js (`FieldNode`, `SelectionSetNode`, …) so that its rules and error messages
// map one to one. Every node keeps its `Location`; within one document a node's `location.start` is
// unique per node kind, which validation and execution use as a cheap identity for caching.

public struct DocumentNode: Hashable, Sendable {
    /// Changing the definitions forgets the source, which would no longer match them.
    public var definitions: [DefinitionNode] {
        didSet { source = nil }
    }
    public var location: Location
    /// The text the definitions were parsed from, if they were: the executor compares selection
    /// sets by their text. Documents are equal when their nodes are, whatever their text.
    public var source: String?

    public init(definitions: [DefinitionNode], location: Location, source: String? = nil) {
        self.definitions = definitions
        self.location = location
        self.source = source
    }

    public static func == (left: DocumentNode, right: DocumentNode) -> Bool {
        left.definitions == right.definitions && left.location == right.location
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(definitions)
        hasher.combine(location)
    }
}

public enum DefinitionNode: Hashable, Sendable {
    case operation(OperationDefinitionNode)
    case fragment(FragmentDefinitionNode)
    case schema(SchemaDefinitionNode)
    case schemaExtension(SchemaExtensionNode)
    case type(TypeDefinitionNode)
    case typeExtension(TypeExtensionNode)
    case directive(DirectiveDefinitionNode)

    public var location: Location {
        switch self {
        case .operation(let node): node.location
        case .fragment(let node): node.location
        case .schema(let node): node.location
        case .schemaExtension(let node): node.location
        case .type(let node): node.location
        case .typeExtension(let node): node.location
        case .directive(let node): node.location
        }
    }
}

public struct NameNode: Hashable, Sendable {
    public var value: String
    public var location: Location

    public init(value: String, location: Location) {
        self.value = value
        self.location = location
    }
}

// MARK: - Executable definitions

public enum OperationType: String, Hashable, Sendable {
    case query, mutation, subscription
}

public struct OperationDefinitionNode: Hashable, Sendable {
    /// September 2025 edition: executable definitions may carry a description.
    public var description: StringValueNode?
    public var operation: OperationType
    public var name: NameNode?
    public var variableDefinitions: [VariableDefinitionNode]
    public var directives: [DirectiveNode]
    public var selectionSet: SelectionSetNode
    public var location: Location

    public init(
        description: StringValueNode? = nil, operation: OperationType, name: NameNode?,
        variableDefinitions: [VariableDefinitionNode], directives: [DirectiveNode],
        selectionSet: SelectionSetNode, location: Location
    ) {
        self.description = description
        self.operation = operation
        self.name = name
        self.variableDefinitions = variableDefinitions
        self.directives = directives
        self.selectionSet = selectionSet
        self.location = location
    }
}

public struct VariableDefinitionNode: Hashable, Sendable {
    public var description: StringValueNode?
    public var variable: VariableNode
    public var type: TypeNode
    public var defaultValue: ValueNode?
    public var directives: [DirectiveNode]
    public var location: Location

    public init(
        description: StringValueNode? = nil, variable: VariableNode, type: TypeNode,
        defaultValue: ValueNode?, directives: [DirectiveNode], location: Location
    ) {
        self.description = description
        self.variable = variable
        self.type = type
        self.defaultValue = defaultValue
        self.directives = directives
        self.location = location
    }
}

public struct VariableNode: Hashable, Sendable {
    public var name: NameNode
    public var location: Location

    public init(name: NameNode, location: Location) {
        self.name = name
        self.location = location
    }
}

public struct SelectionSetNode: Hashable, Sendable {
    public var selections: [SelectionNode]
    public var location: Location

    public init(selections: [SelectionNode], location: Location) {
        self.selections = selections
        self.location = location
    }
}

public enum SelectionNode: Hashable, Sendable {
    case field(FieldNode)
    case fragmentSpread(FragmentSpreadNode)
    case inlineFragment(InlineFragmentNode)

    public var location: Location {
        switch self {
        case .field(let node): node.location
        case .fragmentSpread(let node): node.location
        case .inlineFragment(let node): node.location
        }
    }

    public var directives: [DirectiveNode] {
        switch self {
        case .field(let node): node.directives
        case .fragmentSpread(let node): node.directives
        case .inlineFragment(let node): node.directives
        }
    }
}

public struct FieldNode: Hashable, Sendable {
    public var alias: NameNode?
    public var name: NameNode
    public var arguments: [ArgumentNode]
    public var directives: [DirectiveNode]
    public var selectionSet: SelectionSetNode?
    public var location: Location

    /// The key under which the field appears in the response.
    public var responseKey: String { alias?.value ?? name.value }

    public init(
        alias: NameNode?, name: NameNode, arguments: [ArgumentNode], directives: [DirectiveNode],
        selectionSet: SelectionSetNode?, location: Location
    ) {
        self.alias = alias
        self.name = name
        self.arguments = arguments
        self.directives = directives
        self.selectionSet = selectionSet
        self.location = location
    }
}

public struct ArgumentNode: Hashable, Sendable {
    public var name: NameNode
    public var value: ValueNode
    public var location: Location

    public init(name: NameNode, value: ValueNode, location: Location) {
        self.name = name
        self.value = value
        self.location = location
    }
}

public struct FragmentSpreadNode: Hashable, Sendable {
    public var name: NameNode
    public var directives: [DirectiveNode]
    public var location: Location

    public init(name: NameNode, directives: [DirectiveNode], location: Location) {
        self.name = name
        self.directives = directives
        self.location = location
    }
}

public struct InlineFragmentNode: Hashable, Sendable {
    public var typeCondition: NamedTypeNode?
    public var directives: [DirectiveNode]
    public var selectionSet: SelectionSetNode
    public var location: Location

    public init(
        typeCondition: NamedTypeNode?, directives: [DirectiveNode], selectionSet: SelectionSetNode,
        location: Location
    ) {
        self.typeCondition = typeCondition
        self.directives = directives
        self.selectionSet = selectionSet
        self.location = location
    }
}

public struct FragmentDefinitionNode: Hashable, Sendable {
    public var description: StringValueNode?
    public var name: NameNode
    public var typeCondition: NamedTypeNode
    public var directives: [DirectiveNode]
    public var selectionSet: SelectionSetNode
    public var location: Location

    public init(
        description: StringValueNode? = nil, name: NameNode, typeCondition: NamedTypeNode,
        directives: [DirectiveNode], selectionSet: SelectionSetNode, location: Location
    ) {
        self.description = description
        self.name = name
        self.typeCondition = typeCondition
        self.directives = directives
        self.selectionSet = selectionSet
        self.location = location
    }
}

// MARK: - Values

public enum ValueNode: Hashable, Sendable {
    case variable(VariableNode)
    /// The literal's text exactly as written (`-12`), so range checks happen where the type is known.
    case int(String, Location)
    case float(String, Location)
    case string(StringValueNode)
    case boolean(Bool, Location)
    case null(Location)
    case enumValue(String, Location)
    case list([ValueNode], Location)
    case object([ObjectFieldNode], Location)

    public var location: Location {
        switch self {
        case .variable(let node): node.location
        case .int(_, let location), .float(_, let location), .boolean(_, let location),
            .null(let location), .enumValue(_, let location), .list(_, let location),
            .object(_, let location):
            location
        case .string(let node): node.location
        }
    }
}

public struct StringValueNode: Hashable, Sendable {
    /// The string's value after escapes and block-string indentation are processed.
    public var value: String
    public var isBlock: Bool
    public var location: Location

    public init(value: String, isBlock: Bool, location: Location) {
        self.value = value
        self.isBlock = isBlock
        self.location = location
    }
}

public struct ObjectFieldNode: Hashable, Sendable {
    public var name: NameNode
    public var value: ValueNode
    public var location: Location

    public init(name: NameNode, value: ValueNode, location: Location) {
        self.name = name
        self.value = value
        self.location = location
    }
}

public struct DirectiveNode: Hashable, Sendable {
    public var name: NameNode
    public var arguments: [ArgumentNode]
    public var location: Location

    public init(name: NameNode, arguments: [ArgumentNode], location: Location) {
        self.name = name
        self.arguments = arguments
        self.location = location
    }
}

// MARK: - Type references

public enum TypeNode: Hashable, Sendable {
    case named(NamedTypeNode)
    indirect case list(TypeNode, Location)
    indirect case nonNull(TypeNode, Location)

    public var location: Location {
        switch self {
        case .named(let node): node.location
        case .list(_, let location), .nonNull(_, let location): location
        }
    }

    /// The innermost named type.
    public var namedType: NamedTypeNode {
        switch self {
        case .named(let node): node
        case .list(let inner, _), .nonNull(let inner, _): inner.namedType
        }
    }
}

public struct NamedTypeNode: Hashable, Sendable {
    public var name: NameNode
    public var location: Location

    public init(name: NameNode, location: Location) {
        self.name = name
        self.location = location
    }
}

// MARK: - Type system definitions

public struct SchemaDefinitionNode: Hashable, Sendable {
    public var description: StringValueNode?
    public var directives: [DirectiveNode]
    public var operationTypes: [OperationTypeDefinitionNode]
    public var location: Location

    public init(
        description: StringValueNode?, directives: [DirectiveNode],
        operationTypes: [OperationTypeDefinitionNode], location: Location
    ) {
        self.description = description
        self.directives = directives
        self.operationTypes = operationTypes
        self.location = location
    }
}

public struct SchemaExtensionNode: Hashable, Sendable {
    public var directives: [DirectiveNode]
    public var operationTypes: [OperationTypeDefinitionNode]
    public var location: Location

    public init(directives: [DirectiveNode], operationTypes: [OperationTypeDefinitionNode], location: Location) {
        self.directives = directives
        self.operationTypes = operationTypes
        self.location = location
    }
}

public struct OperationTypeDefinitionNode: Hashable, Sendable {
    public var operation: OperationType
    public var type: NamedTypeNode
    public var location: Location

    public init(operation: OperationType, type: NamedTypeNode, location: Location) {
        self.operation = operation
        self.type = type
        self.location = location
    }
}

/// The kind-specific part of a type definition or extension.
public enum TypeDefinitionKind: Hashable, Sendable {
    case scalar
    case object(interfaces: [NamedTypeNode], fields: [FieldDefinitionNode])
    case interface(interfaces: [NamedTypeNode], fields: [FieldDefinitionNode])
    case union(types: [NamedTypeNode])
    case enumeration(values: [EnumValueDefinitionNode])
    case inputObject(fields: [InputValueDefinitionNode])

    /// graphql-js's kind name, e.g. "ObjectTypeDefinition" minus the suffix: "Object".
    public var kindName: String {
        switch self {
        case .scalar: "Scalar"
        case .object: "Object"
        case .interface: "Interface"
        case .union: "Union"
        case .enumeration: "Enum"
        case .inputObject: "InputObject"
        }
    }
}

public struct TypeDefinitionNode: Hashable, Sendable {
    public var description: StringValueNode?
    public var name: NameNode
    public var directives: [DirectiveNode]
    public var kind: TypeDefinitionKind
    public var location: Location

    public init(
        description: StringValueNode?, name: NameNode, directives: [DirectiveNode],
        kind: TypeDefinitionKind, location: Location
    ) {
        self.description = description
        self.name = name
        self.directives = directives
        self.kind = kind
        self.location = location
    }
}

/// `extend type Foo …`: the same parts as a definition, without a description.
public struct TypeExtensionNode: Hashable, Sendable {
    public var name: NameNode
    public var directives: [DirectiveNode]
    public var kind: TypeDefinitionKind
    public var location: Location

    public init(name: NameNode, directives: [DirectiveNode], kind: TypeDefinitionKind, location: Location) {
        self.name = name
        self.directives = directives
        self.kind = kind
        self.location = location
    }
}

public struct FieldDefinitionNode: Hashable, Sendable {
    public var description: StringValueNode?
    public var name: NameNode
    public var arguments: [InputValueDefinitionNode]
    public var type: TypeNode
    public var directives: [DirectiveNode]
    public var location: Location

    public init(
        description: StringValueNode?, name: NameNode, arguments: [InputValueDefinitionNode],
        type: TypeNode, directives: [DirectiveNode], location: Location
    ) {
        self.description = description
        self.name = name
        self.arguments = arguments
        self.type = type
        self.directives = directives
        self.location = location
    }
}

/// An argument definition or an input object field definition.
public struct InputValueDefinitionNode: Hashable, Sendable {
    public var description: StringValueNode?
    public var name: NameNode
    public var type: TypeNode
    public var defaultValue: ValueNode?
    public var directives: [DirectiveNode]
    public var location: Location

    public init(
        description: StringValueNode?, name: NameNode, type: TypeNode, defaultValue: ValueNode?,
        directives: [DirectiveNode], location: Location
    ) {
        self.description = description
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.directives = directives
        self.location = location
    }
}

public struct EnumValueDefinitionNode: Hashable, Sendable {
    public var description: StringValueNode?
    public var name: NameNode
    public var directives: [DirectiveNode]
    public var location: Location

    public init(description: StringValueNode?, name: NameNode, directives: [DirectiveNode], location: Location) {
        self.description = description
        self.name = name
        self.directives = directives
        self.location = location
    }
}

public struct DirectiveDefinitionNode: Hashable, Sendable {
    public var description: StringValueNode?
    public var name: NameNode
    public var arguments: [InputValueDefinitionNode]
    public var isRepeatable: Bool
    public var locations: [NameNode]
    public var location: Location

    public init(
        description: StringValueNode?, name: NameNode, arguments: [InputValueDefinitionNode],
        isRepeatable: Bool, locations: [NameNode], location: Location
    ) {
        self.description = description
        self.name = name
        self.arguments = arguments
        self.isRepeatable = isRepeatable
        self.locations = locations
        self.location = location
    }
}
