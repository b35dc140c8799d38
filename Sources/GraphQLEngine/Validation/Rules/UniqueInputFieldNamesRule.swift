/// 5.6.3 Input Object Field Uniqueness.
///
/// A repeated field is reported when the walk reaches it, as graphql-js does, so that errors about
/// the values of the fields before it come first.
struct UniqueInputFieldNamesRule: ValidationRule {
    static let visitedKinds: [VisitedNode.Kind] = [.value, .objectField]

    /// For each object value being walked, the names of its fields seen so far.
    private var seenByObject: [[String: NameNode]] = []

    mutating func enter(_ node: VisitedNode, _ context: inout ValidationContext) {
        switch node {
        case .value(.object):
            seenByObject.append([:])
        case .objectField(let field):
            guard !seenByObject.isEmpty else { return }
            let name = field.name.value
            if let first = seenByObject[seenByObject.count - 1][name] {
                context.report("There can be only one input field named \"\(name)\".", [first.location, field.name.location])
            } else {
                seenByObject[seenByObject.count - 1][name] = field.name
            }
        default:
            break
        }
    }

    mutating func leave(_ node: VisitedNode, _ context: inout ValidationContext) {
        if case .value(.object) = node { seenByObject.removeLast() }
    }
}
