/// 5.3.2 Field Selection Merging: fields with one response key must be mergeable.
///
/// The comparisons are graphql-js 16's, step for step (its steps A to J): which pairs are compared,
/// which fragment pairs are skipped as already compared, and so which conflicts are reported, how
/// often and in what order, depend on that exact walk. An earlier version compared each pair of
/// field nodes once and expanded fragments eagerly; it was faster on pathological documents but
/// reported some conflicts twice, or in another order, than graphql-js does.
///
/// What keeps it fast: fields and fragment names of a selection set are collected once (cached by
/// selection set), argument lists are only printed when both fields have arguments, and two fields
/// of the same type skip the type comparison.
struct OverlappingFieldsCanBeMergedRule: ValidationRule {
    static let visitedKinds: [VisitedNode.Kind] = [.selectionSet]

    fileprivate struct Entry {
        /// The type the field was selected on, when the schema has it.
        var parentType: String?
        var parentIsObject: Bool
        var field: FieldNode
        var definition: FieldDefinition?
    }

    /// Fields by response key in first-seen order, with the fragments spread directly (inline
    /// fragments included), and the selection set they come from: two maps from one selection set
    /// are the same map (graphql-js compares them by identity).
    fileprivate struct FieldsAndFragments {
        var selectionSet: Int32
        var keys: [String] = []
        var fields: [String: [Entry]] = [:]
        var fragmentNames: [String] = []
    }

    fileprivate struct Conflict {
        var responseKey: String
        var reason: Reason
        var fields1: [FieldNode]
        var fields2: [FieldNode]
    }

    fileprivate indirect enum Reason {
        case message(String)
        case subfields([(String, Reason)])
    }

    private var comparedFragmentPairs = FragmentPairs()
    private var cache: [Int32: FieldsAndFragments] = [:]

    mutating func enter(_ node: VisitedNode, _ context: inout ValidationContext) {
        guard case .selectionSet(let selectionSet) = node else { return }
        var conflicts: [Conflict] = []
        let map = fieldsAndFragments(selectionSet, parentType: context.parentType, context)
        collectConflictsWithin(map, into: &conflicts, context)
        // B and C: the fields against each fragment, and the fragments against each other.
        for (i, name) in map.fragmentNames.enumerated() {
            collectConflictsBetween(map, andFragment: name, mutuallyExclusive: false, into: &conflicts, context)
            for other in map.fragmentNames[(i + 1)...] {
                collectConflictsBetweenFragments(name, other, mutuallyExclusive: false, into: &conflicts, context)
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

    // MARK: - Collecting fields

    private mutating func fieldsAndFragments(
        _ selectionSet: SelectionSetNode, parentType: String?, _ context: ValidationContext
    ) -> FieldsAndFragments {
        if let cached = cache[selectionSet.number] { return cached }
        var map = FieldsAndFragments(selectionSet: selectionSet.number)
        var seenFragments: Set<String> = []
        collect(selectionSet, parentType, context, &map, &seenFragments)
        cache[selectionSet.number] = map
        return map
    }

    private func collect(
        _ selectionSet: SelectionSetNode, _ parentType: String?, _ context: ValidationContext, _ map: inout FieldsAndFragments,
        _ seenFragments: inout Set<String>
    ) {
        let parent = parentType.flatMap { context.schema.type(named: $0) }
        var parentIsObject = false
        if case .object? = parent { parentIsObject = true }
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                let definition = parent?.fields?[field.name.value]
                let entry = Entry(parentType: parent?.name, parentIsObject: parentIsObject, field: field, definition: definition)
                let key = field.responseKey
                if map.fields[key] == nil {
                    map.keys.append(key)
                    map.fields[key] = [entry]
                } else {
                    map.fields[key]!.append(entry)
                }
            case .inlineFragment(let fragment):
                let condition = fragment.typeCondition.map { $0.name.value } ?? parentType
                collect(fragment.selectionSet, condition, context, &map, &seenFragments)
            case .fragmentSpread(let spread):
                if seenFragments.insert(spread.name.value).inserted { map.fragmentNames.append(spread.name.value) }
            }
        }
    }

    private mutating func fieldsAndFragments(ofFragment name: String, _ context: ValidationContext) -> FieldsAndFragments? {
        guard let fragment = context.fragment(named: name) else { return nil }
        return fieldsAndFragments(fragment.selectionSet, parentType: fragment.typeCondition.name.value, context)
    }

    // MARK: - Comparing sets of fields

    /// A: every pair of fields with one response key within one selection set.
    ///
    /// Two leaf fields written alike (same parent type, name and arguments) never conflict, so
    /// such pairs are skipped without a comparison; every other pair is compared in graphql-js's
    /// order, so the same conflicts come out, as often and in the same order. A document repeating
    /// one field thousands of times then costs integer comparisons, not field comparisons.
    private mutating func collectConflictsWithin(_ map: FieldsAndFragments, into conflicts: inout [Conflict], _ context: ValidationContext) {
        for key in map.keys {
            guard let entries = map.fields[key], entries.count > 1 else { continue }
            let groups = Self.leafGroups(entries)
            for i in entries.indices {
                for j in (i + 1)..<entries.count {
                    if groups[i] >= 0 && groups[i] == groups[j] { continue }
                    if let conflict = findConflict(key, entries[i], entries[j], parentsMutuallyExclusive: false, context) {
                        conflicts.append(conflict)
                    }
                }
            }
        }
    }

    /// For each entry, a number shared by the leaf fields written alike, or -1 for a field with a
    /// selection set (always compared).
    private static func leafGroups(_ entries: [Entry]) -> [Int] {
        var numbers: [String: Int] = [:]
        return entries.map { entry in
            guard entry.field.selectionSet == nil else { return -1 }
            let field = entry.field
            var signature = (entry.parentType ?? "") + "|" + field.name.value
            if !field.arguments.isEmpty { signature += "|" + sortedText(field.arguments) }
            if let number = numbers[signature] { return number }
            numbers[signature] = numbers.count
            return numbers.count - 1
        }
    }

    /// D and E: a set of fields against a fragment's fields, then against the fragments it spreads.
    private mutating func collectConflictsBetween(
        _ map: FieldsAndFragments, andFragment name: String, mutuallyExclusive: Bool, into conflicts: inout [Conflict],
        _ context: ValidationContext
    ) {
        guard let fragmentMap = fieldsAndFragments(ofFragment: name, context) else { return }
        // A fragment's fields are not compared with themselves.
        if fragmentMap.selectionSet == map.selectionSet { return }
        collectConflictsBetween(map, fragmentMap, mutuallyExclusive: mutuallyExclusive, into: &conflicts, context)
        for referenced in fragmentMap.fragmentNames {
            if comparedFragmentPairs.contains(referenced, name, mutuallyExclusive: mutuallyExclusive) { continue }
            comparedFragmentPairs.insert(referenced, name, mutuallyExclusive: mutuallyExclusive)
            collectConflictsBetween(map, andFragment: referenced, mutuallyExclusive: mutuallyExclusive, into: &conflicts, context)
        }
    }

    /// F and G: two fragments' fields, then each against the fragments the other spreads.
    private mutating func collectConflictsBetweenFragments(
        _ name1: String, _ name2: String, mutuallyExclusive: Bool, into conflicts: inout [Conflict], _ context: ValidationContext
    ) {
        if name1 == name2 { return }
        if comparedFragmentPairs.contains(name1, name2, mutuallyExclusive: mutuallyExclusive) { return }
        comparedFragmentPairs.insert(name1, name2, mutuallyExclusive: mutuallyExclusive)
        guard context.fragment(named: name1) != nil, context.fragment(named: name2) != nil,
            let map1 = fieldsAndFragments(ofFragment: name1, context), let map2 = fieldsAndFragments(ofFragment: name2, context)
        else { return }
        collectConflictsBetween(map1, map2, mutuallyExclusive: mutuallyExclusive, into: &conflicts, context)
        for referenced in map2.fragmentNames {
            collectConflictsBetweenFragments(name1, referenced, mutuallyExclusive: mutuallyExclusive, into: &conflicts, context)
        }
        for referenced in map1.fragmentNames {
            collectConflictsBetweenFragments(referenced, name2, mutuallyExclusive: mutuallyExclusive, into: &conflicts, context)
        }
    }

    /// Every pair of fields with one response key, one from each set.
    private mutating func collectConflictsBetween(
        _ map1: FieldsAndFragments, _ map2: FieldsAndFragments, mutuallyExclusive: Bool, into conflicts: inout [Conflict],
        _ context: ValidationContext
    ) {
        for key in map1.keys {
            guard let entries2 = map2.fields[key], let entries1 = map1.fields[key] else { continue }
            for entry1 in entries1 {
                for entry2 in entries2 {
                    if let conflict = findConflict(key, entry1, entry2, parentsMutuallyExclusive: mutuallyExclusive, context) {
                        conflicts.append(conflict)
                    }
                }
            }
        }
    }

    /// H, I and J: the sub-selections of two fields with one response key.
    private mutating func conflictsBetweenSubSelections(
        mutuallyExclusive: Bool, _ parentType1: String?, _ selectionSet1: SelectionSetNode, _ parentType2: String?,
        _ selectionSet2: SelectionSetNode, _ context: ValidationContext
    ) -> [Conflict] {
        var conflicts: [Conflict] = []
        let map1 = fieldsAndFragments(selectionSet1, parentType: parentType1, context)
        let map2 = fieldsAndFragments(selectionSet2, parentType: parentType2, context)
        collectConflictsBetween(map1, map2, mutuallyExclusive: mutuallyExclusive, into: &conflicts, context)
        for name in map2.fragmentNames {
            collectConflictsBetween(map1, andFragment: name, mutuallyExclusive: mutuallyExclusive, into: &conflicts, context)
        }
        for name in map1.fragmentNames {
            collectConflictsBetween(map2, andFragment: name, mutuallyExclusive: mutuallyExclusive, into: &conflicts, context)
        }
        for name1 in map1.fragmentNames {
            for name2 in map2.fragmentNames {
                collectConflictsBetweenFragments(name1, name2, mutuallyExclusive: mutuallyExclusive, into: &conflicts, context)
            }
        }
        return conflicts
    }

    // MARK: - Comparing two fields

    private mutating func findConflict(
        _ key: String, _ entry1: Entry, _ entry2: Entry, parentsMutuallyExclusive: Bool, _ context: ValidationContext
    ) -> Conflict? {
        // Fields on two different object types can never be selected together, so only their
        // shapes must agree.
        let mutuallyExclusive =
            parentsMutuallyExclusive || (entry1.parentType != entry2.parentType && entry1.parentIsObject && entry2.parentIsObject)
        let field1 = entry1.field
        let field2 = entry2.field
        if !mutuallyExclusive {
            let name1 = field1.name.value
            let name2 = field2.name.value
            if name1 != name2 {
                return Conflict(
                    responseKey: key, reason: .message("\"\(name1)\" and \"\(name2)\" are different fields"), fields1: [field1],
                    fields2: [field2])
            }
            if !Self.sameArguments(field1.arguments, field2.arguments) {
                return Conflict(responseKey: key, reason: .message("they have differing arguments"), fields1: [field1], fields2: [field2])
            }
        }
        let type1 = entry1.definition?.type
        let type2 = entry2.definition?.type
        if let type1, let type2, type1 != type2, Self.typesConflict(type1, type2, context.schema) {
            return Conflict(
                responseKey: key, reason: .message("they return conflicting types \"\(type1)\" and \"\(type2)\""), fields1: [field1],
                fields2: [field2])
        }
        guard let selectionSet1 = field1.selectionSet, let selectionSet2 = field2.selectionSet else { return nil }
        let subConflicts = conflictsBetweenSubSelections(
            mutuallyExclusive: mutuallyExclusive, type1?.namedType, selectionSet1, type2?.namedType, selectionSet2, context)
        guard !subConflicts.isEmpty else { return nil }
        return Conflict(
            responseKey: key, reason: .subfields(subConflicts.map { ($0.responseKey, $0.reason) }),
            fields1: [field1] + subConflicts.flatMap(\.fields1), fields2: [field2] + subConflicts.flatMap(\.fields2))
    }

    /// graphql-js prints both argument lists as objects with their fields (and those of nested
    /// objects) sorted by name: `(a: 1, b: {y: 2, x: 1})` and `(b: {x: 1, y: 2}, a: 1)` agree.
    private static func sameArguments(_ arguments1: NodeList<ArgumentNode>, _ arguments2: NodeList<ArgumentNode>) -> Bool {
        if arguments1.isEmpty && arguments2.isEmpty { return true }
        return sortedText(arguments1) == sortedText(arguments2)
    }

    private static func sortedText(_ arguments: NodeList<ArgumentNode>) -> String {
        arguments.map { ($0.name.value, $0.value) }.sorted { $0.0 < $1.0 }
            .map { "\($0.0): \(sortedText($0.1))" }.joined(separator: ", ")
    }

    private static func sortedText(_ value: ValueNode) -> String {
        switch value {
        case .object(let fields, _):
            "{" + fields.sorted { $0.name.value < $1.name.value }.map { "\($0.name.value): \(sortedText($0.value))" }
                .joined(separator: ", ") + "}"
        case .list(let items, _):
            "[" + items.map(sortedText).joined(separator: ", ") + "]"
        default:
            printValue(value)
        }
    }

    private static func typesConflict(_ type1: TypeReference, _ type2: TypeReference, _ schema: GraphQLSchema) -> Bool {
        switch (type1, type2) {
        case (.list(let inner1), .list(let inner2)): return typesConflict(inner1, inner2, schema)
        case (.list, _), (_, .list): return true
        case (.nonNull(let inner1), .nonNull(let inner2)): return typesConflict(inner1, inner2, schema)
        case (.nonNull, _), (_, .nonNull): return true
        case (.named(let name1), .named(let name2)):
            let isLeaf = schema.type(named: name1)?.isLeaf == true || schema.type(named: name2)?.isLeaf == true
            return isLeaf && name1 != name2
        }
    }
}

/// graphql-js's `PairSet`: unordered pairs of fragment names, remembered with whether they were
/// compared as mutually exclusive. Any earlier comparison answers for an exclusive one; only a
/// non-exclusive one answers for a non-exclusive one (it checks more).
private struct FragmentPairs {
    private var pairs: [String: [String: Bool]] = [:]

    func contains(_ a: String, _ b: String, mutuallyExclusive: Bool) -> Bool {
        let (first, second) = a < b ? (a, b) : (b, a)
        guard let stored = pairs[first]?[second] else { return false }
        return mutuallyExclusive ? true : stored == mutuallyExclusive
    }

    mutating func insert(_ a: String, _ b: String, mutuallyExclusive: Bool) {
        let (first, second) = a < b ? (a, b) : (b, a)
        pairs[first, default: [:]][second] = mutuallyExclusive
    }
}
