/// Measures an operation for `QueryLimits`, each field, selection set and fragment once.
///
/// Walking fragment spreads as written is exponential: thirty fragments that each spread the one
/// before twice make 2^30 walks of the first, from a document of one kilobyte. The spec's
/// CollectFields visits a fragment once per selection set it collects, however many times it is
/// spread there, and so does this analysis: a selection set's measure is that of its own fields
/// (and its inline fragments'), plus, once each, that of every fragment its spreads reach at the
/// same level, directly or through other fragments. A fragment's own fields and the fragments it
/// reaches are worked out once; so is each field with everything below it. The time taken is
/// linear in the document, plus one pass over the reached fragments per selection set.
///
/// Two writings of the same field are still counted twice (`a { x } a { y }`, or one field in
/// two different fragments spread side by side): the measure stays an upper bound, as before.
struct LimitAnalyzer {
    /// A node of the document: fields and selection sets are measured once each.
    private struct NodeKey: Hashable {
        let tree: ObjectIdentifier
        let number: Int32
    }

    /// What a fragment contributes wherever it is spread: its fields (and its inline fragments')
    /// and the other fragments reached from it at the same level.
    private struct FragmentLevel {
        var fields: LimitMeasure
        var reached: FragmentSet
    }

    let limits: QueryLimits
    let schema: GraphQLSchema
    /// Nil when unknown (`foodgraph validate`): a page size written as a variable is then taken
    /// at the largest allowed.
    let variables: GraphQLObject?
    private let defaultValues: [String: ValueNode]
    private let fragments: [FragmentDefinitionNode]
    private let fragmentNumbers: [String: Int]
    private var fragmentLevels: [FragmentLevel?]
    /// Fragments whose level is being worked out: meeting one again is a cycle, which only an
    /// invalid document has; it ends there.
    private var fragmentsInProgress: FragmentSet
    private var fieldMeasures: [NodeKey: LimitMeasure] = [:]
    private var selectionSetMeasures: [NodeKey: LimitMeasure] = [:]

    init(
        limits: QueryLimits, schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode,
        variables: GraphQLObject?
    ) {
        self.limits = limits
        self.schema = schema
        self.variables = variables
        var defaultValues: [String: ValueNode] = [:]
        for definition in operation.variableDefinitions {
            if let value = definition.defaultValue { defaultValues[definition.variable.name.value] = value }
        }
        self.defaultValues = defaultValues
        var fragments: [FragmentDefinitionNode] = []
        var fragmentNumbers: [String: Int] = [:]
        for case .fragment(let fragment) in document.definitions where fragmentNumbers[fragment.name.value] == nil {
            fragmentNumbers[fragment.name.value] = fragments.count
            fragments.append(fragment)
        }
        self.fragments = fragments
        self.fragmentNumbers = fragmentNumbers
        fragmentLevels = Array(repeating: nil, count: fragments.count)
        fragmentsInProgress = FragmentSet(count: fragments.count)
    }

    /// The measure of a selection set on `typeName`: its fields with everything below them, and
    /// those of the fragments it reaches, each once.
    mutating func measure(_ selectionSet: SelectionSetNode, on typeName: String) -> LimitMeasure {
        let key = NodeKey(tree: ObjectIdentifier(selectionSet.tree), number: selectionSet.number)
        if let known = selectionSetMeasures[key] { return known }
        var measure = LimitMeasure()
        var reached = FragmentSet(count: fragments.count)
        collect(selectionSet, on: typeName, into: &measure, reaching: &reached)
        for number in reached {
            if let level = level(ofFragment: number) { measure.add(level.fields) }
        }
        selectionSetMeasures[key] = measure
        return measure
    }

    /// Adds the fields of a selection set and of its inline fragments (all of one level), and
    /// gathers the fragments its spreads reach.
    private mutating func collect(
        _ selectionSet: SelectionSetNode, on typeName: String, into measure: inout LimitMeasure,
        reaching reached: inout FragmentSet
    ) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                measure.add(self.measure(field, on: typeName))
            case .inlineFragment(let fragment):
                collect(
                    fragment.selectionSet, on: fragment.typeCondition?.name.value ?? typeName, into: &measure,
                    reaching: &reached)
            case .fragmentSpread(let spread):
                guard let number = fragmentNumbers[spread.name.value], !reached.contains(number) else { continue }
                reached.insert(number)
                if let level = level(ofFragment: number) { reached.formUnion(level.reached) }
            }
        }
    }

    private mutating func level(ofFragment number: Int) -> FragmentLevel? {
        if let known = fragmentLevels[number] { return known }
        guard !fragmentsInProgress.contains(number) else { return nil }
        fragmentsInProgress.insert(number)
        let fragment = fragments[number]
        var fields = LimitMeasure()
        var reached = FragmentSet(count: fragments.count)
        collect(fragment.selectionSet, on: fragment.typeCondition.name.value, into: &fields, reaching: &reached)
        fragmentsInProgress.remove(number)
        let level = FragmentLevel(fields: fields, reached: reached)
        fragmentLevels[number] = level
        return level
    }

    /// The measure of one field with everything below it, for one object of its parent type.
    private mutating func measure(_ field: FieldNode, on typeName: String) -> LimitMeasure {
        let key = NodeKey(tree: ObjectIdentifier(field.tree), number: field.number)
        if let known = fieldMeasures[key] { return known }
        let name = field.name.value
        let fieldType = schema.field(named: name, on: typeName)?.type.namedType ?? ""
        let below = field.selectionSet.map { measure($0, on: fieldType) } ?? LimitMeasure()
        var result = below
        // Introspection types lead only to introspection types: below `__schema` and `__type`
        // the limits are those of introspection, not the query depth.
        if fieldType.hasPrefix("__") {
            result.depth = 1
            result.deepestField = field
        } else {
            result.depth = below.depth + 1
            result.deepestField = below.deepestField ?? field
        }
        if typeName.hasPrefix("__") {
            if name == "ofType" {
                result.typeDepth += 1
                if below.deepestTypeField == nil { result.deepestTypeField = field }
            } else if QueryLimits.introspectionListFields.contains(name) {
                result.listDepth += 1
                if below.deepestListField == nil { result.deepestListField = field }
            }
        }
        var multiplier = 1
        if field.selectionSet != nil, fieldType.hasSuffix("Connection") {
            switch pageSize(of: field) {
            case .success(let size): multiplier = size
            case .failure(let error): result.pageSizeError = error
            }
        }
        result.cost = 1.saturatingAdding(multiplier.saturatingMultiplied(by: below.cost))
        result.aliases = (field.alias == nil ? 0 : 1).saturatingAdding(below.aliases)
        fieldMeasures[key] = result
        return result
    }

    /// `first` or `last` of a connection field, within 1…maxPageSize; the default page when neither
    /// is given.
    private func pageSize(of field: FieldNode) -> Result<Int, GraphQLError> {
        var given: Int?
        for argument in field.arguments where argument.name.value == "first" || argument.name.value == "last" {
            switch argument.value {
            case .int(let text, _):
                given = Int(text)
            case .variable(let variable):
                let name = variable.name.value
                guard let variables else {
                    given = limits.maxPageSize
                    continue
                }
                if let value = variables[name] {
                    if case .int(let value) = value { given = value }
                } else if case .int(let text, _)? = defaultValues[name] {
                    given = Int(text)
                }
            default: break
            }
        }
        let size = given ?? limits.defaultPageSize
        guard (1...limits.maxPageSize).contains(size) else {
            return .failure(
                GraphQLError(
                    "The connection \"\(field.name.value)\" takes `first` or `last` between 1 and \(limits.maxPageSize) (\(limits.defaultPageSize) when left out).",
                    locations: [field.location.sourceLocation],
                    extensions: GraphQLObject([("code", .string("PAGE_SIZE_REQUIRED"))])))
        }
        return .success(size)
    }
}
