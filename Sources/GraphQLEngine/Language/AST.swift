// The abstract syntax tree of a GraphQL document (spec section 2 and 3).
//
// Names follow graphql-js (`FieldNode`, `SelectionSetNode`, …) so that its rules and error messages
// map one to one. Every node keeps its `Location`; within one document a node's `location.start` is
// unique per node kind, which validation and execution use as a cheap identity for caching.
//
// Definitions, names, values and type references are value types. Selection sets, selections,
// directives and variable definitions, the bulk of an executable document, are views into the
// document's flat storage (`SyntaxTree`); their lists are `NodeList`s. Nodes compare by content
// and location, whichever storage they are read from.

public struct DocumentNode: Hashable, Sendable {
    /// Changing the definitions forgets the source, which would no longer match them.
    public var definitions: [DefinitionNode] {
        didSet { source = nil }
    }
    public var location: Location
    /// The text the definitions were parsed from, if they were: the executor compares selection
    /// sets by their text. Documents are equal when their nodes are, whatever their text.
    /// Setting it (or the definitions) starts a new plan cache.
    public var source: String? {
        didSet { planCache = PlanCache() }
    }
    /// The execution plans of this document's operations, shared by its copies.
    private(set) var planCache = PlanCache()

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
    public var variableDefinitions: NodeList<VariableDefinitionNode>
    public var directives: NodeList<DirectiveNode>
    public var selectionSet: SelectionSetNode
    public var location: Location

    public init(
        description: StringValueNode? = nil, operation: OperationType, name: NameNode?,
        variableDefinitions: NodeList<VariableDefinitionNode>, directives: NodeList<DirectiveNode>,
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

public struct VariableDefinitionNode: StoredNode {
    let tree: SyntaxTree
    let number: Int32

    public init(_ tree: SyntaxTree, number: Int32) {
        self.tree = tree
        self.number = number
    }

    private var record: VariableDefinitionRecord { tree.storage.variableDefinitions[Int(number)] }

    public var description: StringValueNode? { tree.description(record.description) }
    public var variable: VariableNode { tree.storage.variables[Int(record.variable)] }
    public var type: TypeNode { tree.storage.types[Int(record.type)] }
    public var defaultValue: ValueNode? { tree.value(record.defaultValue) }
    public var directives: NodeList<DirectiveNode> { NodeList(tree, record.directives) }
    public var location: Location { record.location }

    public static func == (left: Self, right: Self) -> Bool {
        (left.tree === right.tree && left.number == right.number)
            || (left.location == right.location && left.description == right.description
                && left.variable == right.variable && left.type == right.type
                && left.defaultValue == right.defaultValue && left.directives == right.directives)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(location) }
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
    let tree: SyntaxTree
    let number: Int32

    private var record: SelectionSetRecord { tree.storage.selectionSets[Int(number)] }

    public var selections: NodeList<SelectionNode> { NodeList(tree, record.selections) }
    public var location: Location { record.location }

    public static func == (left: Self, right: Self) -> Bool {
        (left.tree === right.tree && left.number == right.number)
            || (left.location == right.location && left.selections == right.selections)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(location) }
}

public enum SelectionNode: StoredNode {
    case field(FieldNode)
    case fragmentSpread(FragmentSpreadNode)
    case inlineFragment(InlineFragmentNode)

    public init(_ tree: SyntaxTree, number: Int32) {
        switch tree.storage.selections[Int(number)].kind {
        case .field: self = .field(FieldNode(tree: tree, number: number))
        case .fragmentSpread: self = .fragmentSpread(FragmentSpreadNode(tree: tree, number: number))
        case .inlineFragment: self = .inlineFragment(InlineFragmentNode(tree: tree, number: number))
        }
    }

    public var location: Location {
        switch self {
        case .field(let node): node.location
        case .fragmentSpread(let node): node.location
        case .inlineFragment(let node): node.location
        }
    }

    public var directives: NodeList<DirectiveNode> {
        switch self {
        case .field(let node): node.directives
        case .fragmentSpread(let node): node.directives
        case .inlineFragment(let node): node.directives
        }
    }
}

public struct FieldNode: Hashable, Sendable {
    let tree: SyntaxTree
    let number: Int32

    private var record: SelectionRecord { tree.storage.selections[Int(number)] }

    public var alias: NameNode? { tree.name(record.alias) }
    public var name: NameNode { tree.storage.names[Int(record.name)] }
    public var arguments: NodeList<ArgumentNode> { NodeList(tree, record.arguments) }
    public var directives: NodeList<DirectiveNode> { NodeList(tree, record.directives) }
    public var selectionSet: SelectionSetNode? { tree.selectionSet(record.selectionSet) }
    public var location: Location { record.location }

    /// The key under which the field appears in the response.
    public var responseKey: String {
        let record = record
        return tree.storage.names[Int(record.alias == .none ? record.name : record.alias)].value
    }

    public static func == (left: Self, right: Self) -> Bool {
        (left.tree === right.tree && left.number == right.number)
            || (left.location == right.location && left.alias == right.alias && left.name == right.name
                && left.arguments == right.arguments && left.directives == right.directives
                && left.selectionSet == right.selectionSet)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(location) }
}

public struct ArgumentNode: StoredNode {
    public var name: NameNode
    public var value: ValueNode
    public var location: Location

    public init(name: NameNode, value: ValueNode, location: Location) {
        self.name = name
        self.value = value
        self.location = location
    }

    public init(_ tree: SyntaxTree, number: Int32) {
        self = tree.storage.arguments[Int(number)]
    }
}

public struct FragmentSpreadNode: Hashable, Sendable {
    let tree: SyntaxTree
    let number: Int32

    private var record: SelectionRecord { tree.storage.selections[Int(number)] }

    public var name: NameNode { tree.storage.names[Int(record.name)] }
    public var directives: NodeList<DirectiveNode> { NodeList(tree, record.directives) }
    public var location: Location { record.location }

    public static func == (left: Self, right: Self) -> Bool {
        (left.tree === right.tree && left.number == right.number)
            || (left.location == right.location && left.name == right.name && left.directives == right.directives)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(location) }
}

public struct InlineFragmentNode: Hashable, Sendable {
    let tree: SyntaxTree
    let number: Int32

    private var record: SelectionRecord { tree.storage.selections[Int(number)] }

    public var typeCondition: NamedTypeNode? {
        tree.name(record.name).map { NamedTypeNode(name: $0, location: $0.location) }
    }
    public var directives: NodeList<DirectiveNode> { NodeList(tree, record.directives) }
    public var selectionSet: SelectionSetNode { SelectionSetNode(tree: tree, number: record.selectionSet) }
    public var location: Location { record.location }

    public static func == (left: Self, right: Self) -> Bool {
        (left.tree === right.tree && left.number == right.number)
            || (left.location == right.location && left.typeCondition == right.typeCondition
                && left.directives == right.directives && left.selectionSet == right.selectionSet)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(location) }
}

public struct FragmentDefinitionNode: Hashable, Sendable {
    public var description: StringValueNode?
    public var name: NameNode
    public var typeCondition: NamedTypeNode
    public var directives: NodeList<DirectiveNode>
    public var selectionSet: SelectionSetNode
    public var location: Location

    public init(
        description: StringValueNode? = nil, name: NameNode, typeCondition: NamedTypeNode,
        directives: NodeList<DirectiveNode>, selectionSet: SelectionSetNode, location: Location
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

public struct DirectiveNode: StoredNode {
    let tree: SyntaxTree
    let number: Int32

    public init(_ tree: SyntaxTree, number: Int32) {
        self.tree = tree
        self.number = number
    }

    private var record: DirectiveRecord { tree.storage.directives[Int(number)] }

    public var name: NameNode { tree.storage.names[Int(record.name)] }
    public var arguments: NodeList<ArgumentNode> { NodeList(tree, record.arguments) }
    public var location: Location { record.location }

    public static func == (left: Self, right: Self) -> Bool {
        (left.tree === right.tree && left.number == right.number)
            || (left.location == right.location && left.name == right.name && left.arguments == right.arguments)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(location) }
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
