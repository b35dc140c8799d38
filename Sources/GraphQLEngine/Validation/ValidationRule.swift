/// A node of an executable document as the validation walk visits it.
public enum VisitedNode {
    case document(DocumentNode)
    case operation(OperationDefinitionNode)
    case fragmentDefinition(FragmentDefinitionNode)
    case typeSystemDefinition(DefinitionNode)
    case variableDefinition(VariableDefinitionNode)
    case selectionSet(SelectionSetNode)
    case field(FieldNode)
    case inlineFragment(InlineFragmentNode)
    case fragmentSpread(FragmentSpreadNode)
    case directive(DirectiveNode)
    case argument(ArgumentNode)
    case value(ValueNode)
    case objectField(ObjectFieldNode)
    case namedType(NamedTypeNode)
    /// A part of a type-system definition that may carry directives (a type, a field, an argument,
    /// an enum value, the schema), entered before its children. graphql-js runs every rule over a
    /// document's type-system definitions too (they are errors of their own in an executable
    /// document, but their directives and type names are still checked). `scope` names the
    /// directives' location for uniqueness: a type and its extensions share one, as do the schema
    /// and its extensions; nil for every other part.
    case typeSystemNode(DirectiveLocation, scope: String?, directives: [DirectiveNode])

    public enum Kind: Int, CaseIterable, Sendable {
        case document, operation, fragmentDefinition, typeSystemDefinition, variableDefinition, selectionSet, field
        case inlineFragment, fragmentSpread, directive, argument, value, objectField, namedType, typeSystemNode
    }

    public var kind: Kind {
        switch self {
        case .document: .document
        case .operation: .operation
        case .fragmentDefinition: .fragmentDefinition
        case .typeSystemDefinition: .typeSystemDefinition
        case .variableDefinition: .variableDefinition
        case .selectionSet: .selectionSet
        case .field: .field
        case .inlineFragment: .inlineFragment
        case .fragmentSpread: .fragmentSpread
        case .directive: .directive
        case .argument: .argument
        case .value: .value
        case .objectField: .objectField
        case .namedType: .namedType
        case .typeSystemNode: .typeSystemNode
        }
    }
}

/// One rule of spec section 5: told about the nodes it acts on, on the way in and out of the walk.
public protocol ValidationRule {
    /// The kinds of node the rule is told about; all of them unless it says otherwise. Most rules
    /// act on one or two, and skipping the rest is most of what keeps a walk with 26 rules fast.
    static var visitedKinds: [VisitedNode.Kind] { get }
    mutating func enter(_ node: VisitedNode, _ context: inout ValidationContext)
    mutating func leave(_ node: VisitedNode, _ context: inout ValidationContext)
}

extension ValidationRule {
    public static var visitedKinds: [VisitedNode.Kind] { VisitedNode.Kind.allCases }

    public mutating func enter(_ node: VisitedNode, _ context: inout ValidationContext) {}
    public mutating func leave(_ node: VisitedNode, _ context: inout ValidationContext) {}
}
