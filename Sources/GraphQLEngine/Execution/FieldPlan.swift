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
    let arguments: Arguments
    /// Set when the arguments could not be coerced: the field fails with it.
    let argumentError: GraphQLError?
    /// How the field's value is produced (a binding that throws `argumentError` when it is set).
    let binding: FieldBinding?
    /// How a value of the named type at the core of `returnType` completes, decided once.
    let completion: Completion
    let isNonNull: Bool
    /// Set when the field returns a built-in scalar, not a list of them (`String`, `Int!`):
    /// completion then needs no walk of the type for the scalar's usual Swift values.
    let directScalar: BuiltInScalar?
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
        self.completion = executable.completions[returnType.namedType] ?? .invalid(returnType.namedType)
        self.isNonNull = returnType.isNonNull
        if case .scalar(let scalar) = completion, case .named = returnType.nullable {
            directScalar = scalar.builtIn
        } else {
            directScalar = nil
        }
        var arguments = Arguments(GraphQLObject())
        var argumentError: GraphQLError?
        if let definition, let node = fieldNodes.first {
            do {
                arguments = Arguments(
                    try ValueCoercion.argumentValues(
                        definitions: definition.arguments, nodes: node.arguments, schema: schema, variables: variables,
                        location: node.location))
            } catch {
                argumentError = error
            }
        }
        self.arguments = arguments
        self.argumentError = argumentError
        if let argumentError {
            binding = .resolve { _ in throw argumentError }
        } else if fieldName == "__schema" {
            binding = .resolve { call in .value(SchemaIntrospection(schema: call.info.schema)) }
        } else if fieldName == "__type" {
            binding = .resolve { call in
                guard case .string(let name)? = call.arguments["name"], call.info.schema.type(named: name) != nil else {
                    return .null
                }
                return .value(IntrospectedType(.named(name), in: call.info.schema))
            }
        } else {
            binding = Introspection.bindings[parentTypeName]?[fieldName]
                ?? executable.boundFields[parentTypeName]?[fieldName]
        }
    }
}

/// How a field's named type completes (spec 6.4.3). Holds only what completion reads, so that
/// matching on it per value copies no type definition.
enum Completion: Sendable {
    case scalar(ScalarCompletion)
    case enumeration(EnumValueNames)
    case object(String)
    case abstract(String)
    /// An input type or an unknown name: an error at run time.
    case invalid(String)

    init(_ type: NamedType?, name: String) {
        switch type {
        case .scalar(let scalar)?: self = .scalar(ScalarCompletion(scalar))
        case .enumeration(let enumeration)?: self = .enumeration(EnumValueNames(enumeration))
        case .object(let object)?: self = .object(object.name)
        case .interface?, .union?: self = .abstract(name)
        case .inputObject?, nil: self = .invalid(name)
        }
    }
}

final class ScalarCompletion: Sendable {
    let coercion: any ScalarCoercing
    /// Set for the built-in scalars, whose usual values complete without a call through the
    /// coercion protocol.
    let builtIn: BuiltInScalar?

    init(_ type: ScalarType) {
        coercion = type.coercion
        builtIn = BuiltInScalar(rawValue: type.name)
    }

    /// The leaf value of `value`, or the coercion's error message.
    @inline(__always)
    func serialize(_ value: any Sendable) throws -> GraphQLValue {
        if let builtIn, let leaf = builtIn.exactLeaf(value) { return leaf }
        return try coercion.serialize(value)
    }
}

final class EnumValueNames: Sendable {
    let typeName: String
    let names: Set<String>

    init(_ type: EnumType) {
        typeName = type.name
        names = Set(type.values.map(\.name))
    }
}

/// The plans of one selection set on one object type, with their response keys shared by every
/// result object built from them.
final class FieldPlans: @unchecked Sendable {
    // @unchecked: immutable after construction except through FieldPlan's cache (see above).
    /// The object type the selection set is executed on.
    let typeName: String
    let plans: [FieldPlan]
    let keys: [String]
    /// The JSON between values, for each key: `{"first":`, then `,"second":` and so on, escaped once
    /// here rather than for every object written.
    let jsonKeyPrefixes: [UInt8]
    let jsonKeyEnds: [Int]

    init(typeName: String, _ plans: [FieldPlan]) {
        self.typeName = typeName
        self.plans = plans
        self.keys = plans.map(\.responseKey)
        var writer = JSONWriter()
        var ends: [Int] = []
        for (index, key) in keys.enumerated() {
            writer.append(index == 0 ? "{" : ",")
            writer.write(string: key)
            writer.append(":")
            ends.append(writer.count)
        }
        self.jsonKeyPrefixes = writer.bytes
        self.jsonKeyEnds = ends
    }
}
