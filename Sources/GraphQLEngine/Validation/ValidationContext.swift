/// What validation rules see while the document is walked: the schema, the document, the type
/// information at the current node, and where to report.
public struct ValidationContext {
    public let schema: GraphQLSchema
    public let document: DocumentNode
    public private(set) var errors: [GraphQLError] = []
    /// The errors reported before validation stops (`validate(_:_:maxErrors:)`).
    let maxErrors: Int
    /// Set once the error limit was passed: the walk stops and nothing more is reported.
    private(set) var isAborted = false
    let fragments: [String: FragmentDefinitionNode]
    /// The stack of parent (composite) types while walking selection sets.
    var parentTypes: [String?] = []
    /// The stack of field definitions being walked.
    var fieldDefinitions: [FieldDefinition?] = []
    /// The expected input type where a value is being walked.
    var inputTypes: [TypeReference?] = []
    /// The argument definitions of the arguments being walked.
    var argumentDefinitions: [InputValueDefinition?] = []
    var variableUsageCache: [Int32: [VariableUsage]] = [:]
    /// Whether the walk is inside a type-system definition (where standard type names need no
    /// definition).
    var isInTypeSystemDefinition = false
    /// Directives the document itself declares, by name (the last of a name), found on first use.
    private var declaredDirectives: [String: DirectiveDefinitionNode]?
    /// The definition of the directive whose arguments are being walked.
    var directiveDefinition: DirectiveDefinition?

    init(schema: GraphQLSchema, document: DocumentNode, maxErrors: Int = 100) {
        self.schema = schema
        self.document = document
        self.maxErrors = maxErrors
        var fragments: [String: FragmentDefinitionNode] = [:]
        // Of two fragments with one name (an error of its own), the last is the one graphql-js's
        // rules look at.
        for case .fragment(let fragment) in document.definitions { fragments[fragment.name.value] = fragment }
        self.fragments = fragments
    }

    public mutating func report(_ message: String, _ locations: [Location]) {
        guard !isAborted else { return }
        if errors.count >= maxErrors {
            // graphql-js's words, without locations: the error that would have come next is dropped.
            errors.append(GraphQLError("Too many validation errors, error limit reached. Validation aborted.", extensions: Self.code))
            isAborted = true
            return
        }
        errors.append(GraphQLError(message, locations: locations.map(\.sourceLocation), extensions: Self.code))
    }

    private static let code = GraphQLObject([("code", .string("GRAPHQL_VALIDATION_FAILED"))])

    var parentType: String? { parentTypes.last ?? nil }

    /// A directive the document declares. Such a declaration is an error in an executable document,
    /// but graphql-js's directive rules take it over the schema's directive of the same name.
    mutating func directiveDeclaredInDocument(_ name: String) -> DirectiveDefinitionNode? {
        if declaredDirectives == nil {
            var declared: [String: DirectiveDefinitionNode] = [:]
            for case .directive(let definition) in document.definitions { declared[definition.name.value] = definition }
            declaredDirectives = declared
        }
        return declaredDirectives?[name]
    }

    func fragment(named name: String) -> FragmentDefinitionNode? { fragments[name] }

    var inputType: TypeReference? { inputTypes.last ?? nil }
    var fieldDefinition: FieldDefinition? { fieldDefinitions.last ?? nil }

    mutating func run(_ rules: [any ValidationRule]) -> [GraphQLError] {
        var walker = DocumentWalker(context: self, rules: rules)
        walker.walkDocument()
        self = walker.context
        return errors
    }
}
