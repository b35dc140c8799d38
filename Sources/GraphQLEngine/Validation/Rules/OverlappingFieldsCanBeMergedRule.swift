/// 5.3.2 Field Selection Merging: fields with one response key must be mergeable.
///
/// Pairs are compared once per selection set after grouping by response key, and sub-selections
/// are compared once per pair of field nodes (memoised), so repeated fields or fragments cost
/// linear work per distinct pair instead of blowing up.
struct OverlappingFieldsCanBeMergedRule: ValidationRule {
    static let visitedKinds: [VisitedNode.Kind] = [.selectionSet]

    private typealias Entry = (parentType: String?, field: FieldNode, definition: FieldDefinition?)
    private struct Conflict {
        var responseKey: String
        var reason: Reason
        var fields1: [FieldNode]
        var fields2: [FieldNode]
    }
    private indirect enum Reason {
        case message(String)
        case subfields([(String, Reason)])
    }

    private var comparedPairs: Set<[Int32]> = []
    private var fragmentFields: [String: [(String, [Entry])]] = [:]

    mutating func enter(_ node: VisitedNode, _ context: inout ValidationContext) {
        guard case .selectionSet(let selectionSet) = node else { return }
        let (fields, fragments) = fieldsAndFragments(selectionSet, parentType: context.parentType, context)
        var conflicts = conflictsWithin(fields, context)
        let fragmentFields = fragments.map { expandedFields(ofFragment: $0, context) }
        for other in fragmentFields {
            conflicts += conflictsBetween(fields, other, mutuallyExclusive: false, context)
        }
        for i in fragmentFields.indices {
            for j in fragmentFields.indices where j > i {
                conflicts += conflictsBetween(fragmentFields[i], fragmentFields[j], mutuallyExclusive: false, context)
            }
        }
        for conflict in conflicts {
            context.report(
                "Fields \"\(conflict.responseKey)\" conflict because \(Self.describe(conflict.reason)). Use different aliases on the fields to fetch both if this was intentional.",
                (conflict.fields1 + conflict.fields2).map(\.location))
        }
    }

    private static func describe(_ reason: Reason) -> String {
        switch reason {
        case .message(let text): text
        case .subfields(let parts):
            parts.map { "subfields \"\($0.0)\" conflict because \(describe($0.1))" }.joined(separator: " and ")
        }
    }

    /// graphql-js `getFieldsAndFragmentNames`: fields by response key (inline fragments included)
    /// and the names of the fragments spread directly.
    private func fieldsAndFragments(_ selectionSet: SelectionSetNode, parentType: String?, _ context: ValidationContext)
        -> ([(String, [Entry])], [String])
    {
        var fields: [(String, [Entry])] = []
        var index: [String: Int] = [:]
        var fragments: [String] = []
        collect(selectionSet, parentType, context, &fields, &index, &fragments)
        return (fields, fragments)
    }

    private func collect(
        _ selectionSet: SelectionSetNode, _ parentType: String?, _ context: ValidationContext, _ fields: inout [(String, [Entry])],
        _ index: inout [String: Int], _ fragments: inout [String]
    ) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                let definition = parentType.flatMap { context.schema.field(named: field.name.value, on: $0) }
                let entry: Entry = (parentType, field, definition)
                if let position = index[field.responseKey] {
                    fields[position].1.append(entry)
                } else {
                    index[field.responseKey] = fields.count
                    fields.append((field.responseKey, [entry]))
                }
            case .inlineFragment(let fragment):
                collect(fragment.selectionSet, fragment.typeCondition?.name.value ?? parentType, context, &fields, &index, &fragments)
            case .fragmentSpread(let spread):
                if !fragments.contains(spread.name.value) { fragments.append(spread.name.value) }
            }
        }
    }

    /// A fragment's fields with the fragments it spreads expanded (each once), memoised.
    private mutating func expandedFields(ofFragment name: String, _ context: ValidationContext) -> [(String, [Entry])] {
        if let cached = fragmentFields[name] { return cached }
        var result: [(String, [Entry])] = []
        var queue = [name]
        var seen: Set<String> = [name]
        while !queue.isEmpty {
            let current = queue.removeFirst()
            guard let fragment = context.fragment(named: current) else { continue }
            let (fields, nested) = fieldsAndFragments(fragment.selectionSet, parentType: fragment.typeCondition.name.value, context)
            for (key, entries) in fields {
                if let index = result.firstIndex(where: { $0.0 == key }) { result[index].1 += entries } else { result.append((key, entries)) }
            }
            for next in nested where seen.insert(next).inserted { queue.append(next) }
        }
        fragmentFields[name] = result
        return result
    }

    /// Fields that can never conflict with each other are compared once: identical leaf fields
    /// (same parent, name and arguments, no selection) collapse to one.
    private func distinct(_ entries: [Entry]) -> [Entry] {
        var seen: Set<String> = []
        return entries.filter { entry in
            guard entry.field.selectionSet == nil else { return true }
            let signature = "\(entry.parentType ?? "")|\(entry.field.name.value)|"
                + entry.field.arguments.map { "\($0.name.value):\(printValue($0.value))" }.joined(separator: ",")
            return seen.insert(signature).inserted
        }
    }

    private mutating func conflictsWithin(_ fields: [(String, [Entry])], _ context: ValidationContext) -> [Conflict] {
        var conflicts: [Conflict] = []
        for (key, all) in fields where all.count > 1 {
            let entries = distinct(all)
            for i in entries.indices {
                for j in entries.indices where j > i {
                    if let conflict = findConflict(key, entries[i], entries[j], false, context) { conflicts.append(conflict) }
                }
            }
        }
        return conflicts
    }

    private mutating func conflictsBetween(
        _ first: [(String, [Entry])], _ second: [(String, [Entry])], mutuallyExclusive: Bool, _ context: ValidationContext
    ) -> [Conflict] {
        var conflicts: [Conflict] = []
        guard !first.isEmpty, !second.isEmpty else { return conflicts }
        var secondByKey: [String: [Entry]] = [:]
        for (key, entries) in second { secondByKey[key] = entries }
        for (key, entriesA) in first {
            guard let entriesB = secondByKey[key] else { continue }
            for a in distinct(entriesA) {
                for b in distinct(entriesB) {
                    if let conflict = findConflict(key, a, b, mutuallyExclusive, context) { conflicts.append(conflict) }
                }
            }
        }
        return conflicts
    }

    private mutating func findConflict(
        _ key: String, _ a: Entry, _ b: Entry, _ parentsMutuallyExclusive: Bool, _ context: ValidationContext
    ) -> Conflict? {
        if a.field.location.start == b.field.location.start { return nil }
        let pairKey = [min(a.field.location.start, b.field.location.start), max(a.field.location.start, b.field.location.start)]
        let isObject = { (name: String?) -> Bool in
            if let name, case .object? = context.schema.type(named: name) { return true }
            return false
        }
        let mutuallyExclusive = parentsMutuallyExclusive || (a.parentType != b.parentType && isObject(a.parentType) && isObject(b.parentType))
        if !mutuallyExclusive {
            if a.field.name.value != b.field.name.value {
                return Conflict(
                    responseKey: key, reason: .message("\"\(a.field.name.value)\" and \"\(b.field.name.value)\" are different fields"),
                    fields1: [a.field], fields2: [b.field])
            }
            if !sameArguments(a.field.arguments, b.field.arguments) {
                return Conflict(
                    responseKey: key, reason: .message("they have differing arguments"), fields1: [a.field], fields2: [b.field])
            }
        }
        if let typeA = a.definition?.type, let typeB = b.definition?.type, typesConflict(typeA, typeB, context) {
            return Conflict(
                responseKey: key, reason: .message("they return conflicting types \"\(typeA)\" and \"\(typeB)\""),
                fields1: [a.field], fields2: [b.field])
        }
        guard let setA = a.field.selectionSet, let setB = b.field.selectionSet else { return nil }
        if comparedPairs.contains(pairKey) && !mutuallyExclusive { return nil }
        comparedPairs.insert(pairKey)
        let (fieldsA, fragmentsA) = fieldsAndFragments(setA, parentType: a.definition?.type.namedType, context)
        let (fieldsB, fragmentsB) = fieldsAndFragments(setB, parentType: b.definition?.type.namedType, context)
        // graphql-js's order: fields against fields, fields of A against B's fragments, fields of
        // B against A's fragments, then fragment pairs.
        var subConflicts = conflictsBetween(fieldsA, fieldsB, mutuallyExclusive: mutuallyExclusive, context)
        for name in fragmentsB {
            subConflicts += conflictsBetween(fieldsA, expandedFields(ofFragment: name, context), mutuallyExclusive: mutuallyExclusive, context)
        }
        for name in fragmentsA {
            subConflicts += conflictsBetween(fieldsB, expandedFields(ofFragment: name, context), mutuallyExclusive: mutuallyExclusive, context)
        }
        for nameA in fragmentsA {
            for nameB in fragmentsB {
                subConflicts += conflictsBetween(
                    expandedFields(ofFragment: nameA, context), expandedFields(ofFragment: nameB, context),
                    mutuallyExclusive: mutuallyExclusive, context)
            }
        }
        guard !subConflicts.isEmpty else { return nil }
        return Conflict(
            responseKey: key, reason: .subfields(subConflicts.map { ($0.responseKey, $0.reason) }),
            fields1: [a.field] + subConflicts.flatMap(\.fields1), fields2: [b.field] + subConflicts.flatMap(\.fields2))
    }

    private func sameArguments(_ a: NodeList<ArgumentNode>, _ b: NodeList<ArgumentNode>) -> Bool {
        guard a.count == b.count else { return false }
        return a.allSatisfy { argument in
            guard let other = b.first(where: { $0.name.value == argument.name.value }) else { return false }
            return printValue(argument.value) == printValue(other.value)
        }
    }

    private func typesConflict(_ a: TypeReference, _ b: TypeReference, _ context: ValidationContext) -> Bool {
        switch (a, b) {
        case (.list(let x), .list(let y)): return typesConflict(x, y, context)
        case (.list, _), (_, .list): return true
        case (.nonNull(let x), .nonNull(let y)): return typesConflict(x, y, context)
        case (.nonNull, _), (_, .nonNull): return true
        case (.named(let x), .named(let y)):
            let leafX = context.schema.type(named: x)?.isLeaf == true
            let leafY = context.schema.type(named: y)?.isLeaf == true
            return (leafX || leafY) && x != y
        }
    }
}
