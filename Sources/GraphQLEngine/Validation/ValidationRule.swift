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
}

/// One rule of spec section 5: told about every node on the way in and out of the walk.
public protocol ValidationRule {
    mutating func enter(_ node: VisitedNode, _ context: inout ValidationContext)
    mutating func leave(_ node: VisitedNode, _ context: inout ValidationContext)
}

extension ValidationRule {
    public mutating func enter(_ node: VisitedNode, _ context: inout ValidationContext) {}
    public mutating func leave(_ node: VisitedNode, _ context: inout ValidationContext) {}
}
