/// What executing one response key of a selection set on one object type needs, worked out once
/// per request however many objects share it: the field definition, coerced arguments, resolver.
final class FieldPlan {
    let responseKey: String
    let fieldNodes: [FieldNode]
    let fieldName: String
    let parentTypeName: String
    let isTypename: Bool
    let returnType: TypeReference
    let arguments: Result<Arguments, GraphQLError>
    let resolver: FieldResolver?

    init(responseKey: String, fieldNodes: [FieldNode], parentTypeName: String, executor: Executor) {
        self.responseKey = responseKey
        self.fieldNodes = fieldNodes
        let fieldName = fieldNodes.first?.name.value ?? responseKey
        self.fieldName = fieldName
        self.parentTypeName = parentTypeName
        self.isTypename = fieldName == "__typename"
        let schema = executor.schema
        let definition = schema.field(named: fieldName, on: parentTypeName)
        self.returnType = definition?.type ?? .named("String")
        if let definition, let node = fieldNodes.first {
            do {
                self.arguments = .success(
                    Arguments(
                        try ValueCoercion.argumentValues(
                            definitions: definition.arguments, nodes: node.arguments, schema: schema,
                            variables: executor.variables, location: node.location)))
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
                ?? executor.executable.boundFields[parentTypeName]?[fieldName]
        }
    }
}
