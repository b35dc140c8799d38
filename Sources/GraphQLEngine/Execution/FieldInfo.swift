/// What executing a field of an object type needs that does not depend on the request, worked
/// out once when the schema is bound: its definition, its binding, how its values complete.
final class FieldInfo: Sendable {
    let name: String
    let parentTypeName: String
    let definition: FieldDefinition
    let arguments: [ArgumentInfo]
    let isTypename: Bool
    let isNonNull: Bool
    /// How a value of the named type at the core of the field's type completes.
    let completion: Completion
    /// Set when the field returns a built-in scalar, not a list of them (`String`, `Int!`):
    /// completion then needs no walk of the type for the scalar's usual Swift values.
    let directScalar: BuiltInScalar?
    /// The scalar's name when the field returns a scalar, not a list of them.
    let scalarName: String?
    let binding: FieldBinding?

    var returnType: TypeReference { definition.type }

    init(
        _ definition: FieldDefinition, on parentTypeName: String, binding: FieldBinding?,
        completions: [String: Completion]
    ) {
        self.name = definition.name
        self.parentTypeName = parentTypeName
        self.definition = definition
        arguments = definition.arguments.map { ArgumentInfo($0, completions: completions) }
        self.binding = binding
        isTypename = definition.name == "__typename"
        isNonNull = definition.type.isNonNull
        let namedType = definition.type.namedType
        completion = completions[namedType] ?? .invalid(namedType)
        if case .scalar(let scalar) = completion, case .named = definition.type.nullable {
            directScalar = scalar.builtIn
            scalarName = namedType
        } else {
            directScalar = nil
            scalarName = nil
        }
    }

    /// The fields of every object type, the meta-fields included, with their bindings.
    static func table(
        for schema: GraphQLSchema, boundFields: [String: [String: FieldBinding]]
    ) -> [String: [String: FieldInfo]] {
        var completions: [String: Completion] = [:]
        for type in schema.types { completions[type.name] = Completion(type, name: type.name) }
        var table: [String: [String: FieldInfo]] = [:]
        for case .object(let object) in schema.types {
            var fields: [String: FieldInfo] = [:]
            let bindings = Introspection.bindings[object.name] ?? boundFields[object.name] ?? [:]
            for field in object.fields {
                fields[field.name] = FieldInfo(
                    field, on: object.name, binding: bindings[field.name], completions: completions)
            }
            fields["__typename"] = FieldInfo(
                GraphQLSchema.typenameField, on: object.name, binding: nil, completions: completions)
            if object.name == schema.queryTypeName {
                fields["__schema"] = FieldInfo(
                    GraphQLSchema.schemaField, on: object.name, binding: Introspection.schemaBinding,
                    completions: completions)
                fields["__type"] = FieldInfo(
                    GraphQLSchema.typeField, on: object.name, binding: Introspection.typeBinding,
                    completions: completions)
            }
            table[object.name] = fields
        }
        return table
    }
}
