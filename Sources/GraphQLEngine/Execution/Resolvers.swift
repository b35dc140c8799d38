/// Everything a resolver gets: the parent value, coerced arguments, the request's context.
public struct FieldCall: Sendable {
    public let source: any Sendable
    public let arguments: Arguments
    public let context: any Sendable
    public let info: ResolveInfo
}

public struct ResolveInfo: Sendable {
    let plan: FieldPlan
    let shared: ExecutionShared
    let pathNode: ResponsePath?
    public let parentTypeName: String

    public var fieldName: String { plan.fieldName }
    public var returnType: TypeReference { plan.returnType }
    public var fieldNodes: [FieldNode] { plan.fieldNodes }
    public var schema: GraphQLSchema { shared.schema }
    public var operation: OperationDefinitionNode { shared.operation }
    public var variables: GraphQLObject { shared.variables }

    /// The response path of the field: `["me", "friends", 2, "name"]`.
    public var path: [PathComponent] { (pathNode?.components ?? []) + [.key(plan.responseKey)] }
}

/// What every field of one execution shares, held once.
final class ExecutionShared: Sendable {
    let schema: GraphQLSchema
    let operation: OperationDefinitionNode
    let variables: GraphQLObject

    init(schema: GraphQLSchema, operation: OperationDefinitionNode, variables: GraphQLObject) {
        self.schema = schema
        self.operation = operation
        self.variables = variables
    }
}

/// Coerced argument values of a field, read by name.
public struct Arguments: Sendable {
    public let values: GraphQLObject

    public init(_ values: GraphQLObject) {
        self.values = values
    }

    public subscript(name: String) -> GraphQLValue? { values[name] }

    public func contains(_ name: String) -> Bool { values.contains(name) }
}

public typealias FieldResolver = @Sendable (FieldCall) throws -> Resolution
/// Names the object type of a value returned for an interface or union.
public typealias TypeResolver = @Sendable (any Sendable) -> String?
/// Runs before the resolver of every field whose definition carries the directive; throws to refuse.
public typealias DirectiveHandler = @Sendable (FieldCall, _ directiveArguments: GraphQLObject) throws -> Void

/// A value that names its own GraphQL object type, so abstract types need no type resolver.
public protocol GraphQLTypeNamed {
    var graphQLTypeName: String { get }
}

/// A value that answers field reads by name: the default resolver for types bound with
/// `Resolvers.readFields(of:)`.
public protocol GraphQLFieldReadable: Sendable {
    func graphQLField(_ name: String) -> (any Sendable)?
}

/// Binds a schema's fields to resolvers.
public struct Resolvers: Sendable {
    var fields: [String: [String: FieldResolver]] = [:]
    var typeResolvers: [String: TypeResolver] = [:]
    var readableTypes: Set<String> = []
    var directiveHandlers: [String: DirectiveHandler] = [:]

    public init() {}

    public mutating func field(_ typeName: String, _ fieldName: String, _ resolver: @escaping FieldResolver) {
        fields[typeName, default: [:]][fieldName] = resolver
    }

    /// Whether the field has a resolver, its own or a readable type's default.
    public func resolves(_ typeName: String, _ fieldName: String) -> Bool {
        fields[typeName]?[fieldName] != nil || readableTypes.contains(typeName)
    }

    /// Fields of `typeName` without their own resolver read `GraphQLFieldReadable` sources.
    public mutating func readFields(of typeName: String) {
        readableTypes.insert(typeName)
    }

    public mutating func resolveType(of abstractTypeName: String, _ resolver: @escaping TypeResolver) {
        typeResolvers[abstractTypeName] = resolver
    }

    public mutating func directive(_ name: String, _ handler: @escaping DirectiveHandler) {
        directiveHandlers[name] = handler
    }
}

/// A schema with its resolvers, checked at start-up: every field of every object type resolves.
public final class ExecutableSchema: Sendable {
    public let schema: GraphQLSchema
    let resolvers: Resolvers
    /// Per type and field: the resolver with its directive handlers folded in.
    let boundFields: [String: [String: FieldResolver]]

    public struct BindingError: Error, CustomStringConvertible {
        public var missing: [String]
        public var description: String { "Fields without a resolver: " + missing.joined(separator: ", ") + "." }
    }

    public init(schema: GraphQLSchema, resolvers: Resolvers) throws {
        self.schema = schema
        self.resolvers = resolvers
        var bound: [String: [String: FieldResolver]] = [:]
        var missing: [String] = []
        for case .object(let object) in schema.types where !IntrospectionTypes.names.contains(object.name) {
            var fields: [String: FieldResolver] = [:]
            for field in object.fields {
                var resolver = resolvers.fields[object.name]?[field.name]
                if resolver == nil, resolvers.readableTypes.contains(object.name) {
                    let name = field.name
                    resolver = { call in .value((call.source as? any GraphQLFieldReadable)?.graphQLField(name)) }
                }
                guard var resolver else {
                    missing.append("\(object.name).\(field.name)")
                    continue
                }
                for directive in field.directives.reversed() {
                    guard let handler = resolvers.directiveHandlers[directive.name.value] else { continue }
                    let arguments = Self.constantArguments(directive, schema: schema)
                    let next = resolver
                    resolver = { call in
                        try handler(call, arguments)
                        return try next(call)
                    }
                }
                fields[field.name] = resolver
            }
            bound[object.name] = fields
        }
        for (typeName, fields) in resolvers.fields {
            for fieldName in fields.keys where schema.objectType(named: typeName)?.fields[fieldName] == nil {
                missing.append("\(typeName).\(fieldName) (bound but not in the schema)")
            }
        }
        if !missing.isEmpty { throw BindingError(missing: missing.sorted()) }
        self.boundFields = bound
    }

    func typeResolver(for abstractTypeName: String) -> TypeResolver? { resolvers.typeResolvers[abstractTypeName] }

    private static func constantArguments(_ directive: DirectiveNode, schema: GraphQLSchema) -> GraphQLObject {
        let definition = schema.directives[directive.name.value]
        var values = GraphQLObject()
        for argument in definition?.arguments ?? OrderedDefinitions() {
            if let node = directive.arguments.first(where: { $0.name.value == argument.name }) {
                values[argument.name] = ValueCoercion.valueFromAST(node.value, type: argument.type, schema: schema, variables: GraphQLObject())
            } else if let defaultValue = argument.defaultValue {
                values[argument.name] = ValueCoercion.valueFromAST(defaultValue, type: argument.type, schema: schema, variables: GraphQLObject())
            }
        }
        return values
    }
}
