/// 5.5.1.2 / 5.8.3: every named type exists in the schema (or is defined by the document, which
/// is an error of its own but counts for graphql-js). Inside type-system definitions the specified
/// scalars and introspection types need no definition.
struct KnownTypeNamesRule: ValidationRule {
    static let visitedKinds: [VisitedNode.Kind] = [.namedType]

    private var definedInDocument: [String]?

    mutating func enter(_ node: VisitedNode, _ context: inout ValidationContext) {
        guard case .namedType(let named) = node else { return }
        let name = named.name.value
        guard context.schema.type(named: name) == nil else { return }
        if definedInDocument == nil {
            definedInDocument = context.document.definitions.compactMap { definition in
                if case .type(let type) = definition { return type.name.value }
                return nil
            }
        }
        let defined = definedInDocument ?? []
        if defined.contains(name) { return }
        let isStandard = BuiltInScalars.names.contains(name) || IntrospectionTypes.names.contains(name)
        if context.isInTypeSystemDefinition && isStandard { return }
        var candidates = context.schema.types.map(\.name) + defined
        if context.isInTypeSystemDefinition {
            candidates = BuiltInScalars.all.map(\.name) + Array(IntrospectionTypes.names) + candidates
        }
        // Each name once, as graphql-js's suggestions are keys of an object.
        var seen: Set<String> = []
        candidates = candidates.filter { seen.insert($0).inserted }
        context.report("Unknown type \"\(name)\"." + didYouMean(suggestionList(name, candidates)), [named.location])
    }
}
