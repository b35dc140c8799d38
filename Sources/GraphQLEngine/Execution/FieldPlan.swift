/// What executing one response key of a selection set on one object type needs, worked out once
/// per request however many objects share it: the field definition, coerced arguments, resolver.
final class FieldPlan: @unchecked Sendable {
    // @unchecked: built and read by one executor; `subPlans` is a cache written only by that executor,
    // and resolvers receive the plan only to read immutable properties.
    let responseKey: String
    let fieldNodes: [FieldNode]
    let fieldName: String
    let parentTypeName: String
    let isTypename: Bool
    let returnType: TypeReference
    let arguments: Result<Arguments, GraphQLError>
    let resolver: FieldResolver?
    /// The named type at the core of `returnType`, looked up once.
    let namedReturnType: NamedType?
    /// The last sub-selection plans made for this field, with the object type they are for.
    var subPlans: (typeName: String, plans: FieldPlans)?

    init(
        responseKey: String, fieldNodes: [FieldNode], parentTypeName: String, schema executable: ExecutableSchema,
        variables: GraphQLObject
    ) {
        self.responseKey = responseKey
        self.fieldNodes = fieldNodes
        let fieldName = fieldNodes.first?.name.value ?? responseKey
        self.fieldName = fieldName
        self.parentTypeName = parentTypeName
        self.isTypename = fieldName == "__typename"
        let schema = executable.schema
        let definition = schema.field(named: fieldName, on: parentTypeName)
        self.returnType = definition?.type ?? .named("String")
        self.namedReturnType = schema.type(named: returnType.namedType)
        if let definition, let node = fieldNodes.first {
            do {
                self.arguments = .success(
                    Arguments(
                        try ValueCoercion.argumentValues(
                            definitions: definition.arguments, nodes: node.arguments, schema: schema,
                            variables: variables, location: node.location)))
            } catch {
                self.arguments = .failure(error)
            }
        } else {
            self.arguments = .success(Arguments(GraphQLObject()))
        }
        if fieldName == "__schema" {
            resolver = { call in .value(SchemaIntrospection(schema: call.info.schema)) }
        } else if fieldName == "__type" {
            resolver = { call in
                guard case .string(let name)? = call.arguments["name"], call.info.schema.type(named: name) != nil else {
                    return .null
                }
                return .value(IntrospectedType.named(name))
            }
        } else {
            resolver = Introspection.resolvers[parentTypeName]?[fieldName]
                ?? executable.boundFields[parentTypeName]?[fieldName]
        }
    }
}

/// The plans of one selection set on one object type, with their response keys shared by every
/// result object built from them.
final class FieldPlans: @unchecked Sendable {
    // @unchecked: immutable after construction except through FieldPlan's cache (see above).
    let plans: [FieldPlan]
    let keys: [String]

    init(_ plans: [FieldPlan]) {
        self.plans = plans
        self.keys = plans.map(\.responseKey)
    }
}
