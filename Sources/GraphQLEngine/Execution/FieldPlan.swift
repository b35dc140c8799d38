/// What executing one response key of a selection set on one object type needs, worked out once
/// per request however many objects share it: the field, its nodes, its coerced arguments.
final class FieldPlan: @unchecked Sendable {
    // @unchecked: built and read by one executor; `subPlans` is a cache written only by that executor,
    // and resolvers receive the plan only to read immutable properties.
    let responseKey: String
    let fieldNodes: [FieldNode]
    let info: FieldInfo
    let arguments: Arguments
    /// Set when the arguments could not be coerced: the field fails with it.
    let argumentError: GraphQLError?
    /// How the field's value is produced: the field's binding, or one that throws `argumentError`.
    let binding: FieldBinding?
    // Copied from `info` for the executor's per-value work.
    let isTypename: Bool
    let isNonNull: Bool
    let directScalar: BuiltInScalar?
    /// The sub-selection plans made for this field, per object type: one for a field of an
    /// object type, one per concrete type met for an abstract one.
    @exclusivity(unchecked) var subPlans: (typeName: String, plans: FieldPlans)?
    @exclusivity(unchecked) var otherSubPlans: [(typeName: String, plans: FieldPlans)] = []

    var fieldName: String { info.name }
    var parentTypeName: String { info.parentTypeName }
    var returnType: TypeReference { info.returnType }
    var completion: Completion { info.completion }

    private static let noArguments = Arguments(GraphQLObject())

    init(responseKey: String, fieldNodes: [FieldNode], info: FieldInfo, schema: GraphQLSchema, variables: GraphQLObject) {
        self.responseKey = responseKey
        self.fieldNodes = fieldNodes
        self.info = info
        isTypename = info.isTypename
        isNonNull = info.isNonNull
        directScalar = info.directScalar
        var arguments = Self.noArguments
        var argumentError: GraphQLError?
        if let node = fieldNodes.first, !(info.arguments.isEmpty && node.arguments.isEmpty) {
            do {
                arguments = Arguments(
                    try ValueCoercion.argumentValues(
                        info.arguments, nodes: node.arguments, schema: schema, variables: variables,
                        location: node.location))
            } catch {
                argumentError = error
            }
        }
        self.arguments = arguments
        self.argumentError = argumentError
        if let argumentError {
            binding = .resolve { _ in throw argumentError }
        } else {
            binding = info.binding
        }
    }
}

/// The plans of one selection set on one object type, with their response keys shared by every
/// result object built from them.
final class FieldPlans: @unchecked Sendable {
    // @unchecked: immutable after construction except through FieldPlan's cache (see above).
    /// The object type the selection set is executed on.
    let typeName: String
    let plans: [FieldPlan]
    /// The JSON before each value: `{"first":`, then `,"second":` and so on, written once here
    /// rather than for every object. Response keys are names, so nothing in them needs escaping.
    let jsonKeyPrefixes: [UInt8]
    let jsonKeyEnds: [Int]

    var keys: [String] { plans.map(\.responseKey) }

    init(typeName: String, _ plans: [FieldPlan]) {
        self.typeName = typeName
        self.plans = plans
        var prefixes: [UInt8] = []
        prefixes.reserveCapacity(plans.reduce(0) { $0 + $1.responseKey.utf8.count + 4 })
        var ends: [Int] = []
        ends.reserveCapacity(plans.count)
        for (index, plan) in plans.enumerated() {
            prefixes.append(index == 0 ? UInt8(ascii: "{") : UInt8(ascii: ","))
            prefixes.append(UInt8(ascii: "\""))
            prefixes.append(contentsOf: plan.responseKey.utf8)
            prefixes.append(UInt8(ascii: "\""))
            prefixes.append(UInt8(ascii: ":"))
            ends.append(prefixes.count)
        }
        self.jsonKeyPrefixes = prefixes
        self.jsonKeyEnds = ends
    }
}
