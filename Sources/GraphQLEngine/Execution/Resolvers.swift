import Synchronization

/// Everything a resolver gets: the parent value, coerced arguments, the request's context.
///
/// Built for every field resolved, so it holds only what differs between calls; the rest is read
/// through the field's plan and the execution's shared state when asked for.
public struct FieldCall: Sendable {
    public let source: any Sendable
    let plan: FieldPlan
    let shared: ExecutionShared
    let object: ObjectInResponse?

    /// Coerced when the field's plan was made, or for this request when written with variables;
    /// the resolver runs only when they could be coerced.
    public var arguments: Arguments { (try? shared.arguments(of: plan).get()) ?? Arguments(GraphQLObject()) }
    public var context: any Sendable { shared.context }
    public var info: ResolveInfo { ResolveInfo(plan: plan, shared: shared, object: object) }

    /// The source as `Source`: a metadata comparison when the type is exactly `Source` (the usual
    /// case), the general dynamic cast otherwise (a subclass, an existential).
    @inlinable
    public func source<Source>(as _: Source.Type) -> Source? {
        exactCast(source, to: Source.self) ?? source as? Source
    }
}

/// What a resolver may know of the field it resolves: its definition, where the request selects
/// it, and its path. The field's nodes and its path are read from the response being built, so
/// only while the execution runs (the resolver's asynchronous work included); reading them from
/// a task the resolver leaves running is a programming error, which a precondition stops.
public struct ResolveInfo: Sendable {
    let plan: FieldPlan
    let shared: ExecutionShared
    let object: ObjectInResponse?

    public var parentTypeName: String { plan.parentTypeName }
    public var fieldName: String { plan.fieldName }
    public var returnType: TypeReference { plan.returnType }
    /// The nodes of the field where it is executed (worked out on demand: see `ExecutionShared`).
    public var fieldNodes: [FieldNode] { shared.fieldNodes(of: plan, under: parentPath) }
    public var schema: GraphQLSchema { shared.schema }
    public var operation: OperationDefinitionNode { shared.operation }
    public var variables: GraphQLObject { shared.variables }

    /// The response path of the field: `["me", "friends", 2, "name"]`.
    public var path: [PathComponent] { (parentPath?.components ?? []) + [.key(plan.responseKey)] }

    private var parentPath: ResponsePath? {
        guard let object else { return nil }
        precondition(shared.isExecuting, "A field's nodes and path are read while its execution runs.")
        return object.object.path
    }
}

/// The object a field is resolved on, which resolvers may hand to tasks of their own: only its
/// path is read from it (see `ResolveInfo`), and that only reads the response.
struct ObjectInResponse: @unchecked Sendable {
    let object: ResultObject
}

/// What every field of one execution shares, held once.
final class ExecutionShared: Sendable {
    let executable: ExecutableSchema
    let operation: OperationDefinitionNode
    let collector: FieldCollector
    let context: any Sendable
    /// The arguments of plans written with variables, coerced once per request.
    private let variableArguments = Mutex<[ObjectIdentifier: Result<Arguments, GraphQLError>]>([:])
    /// Arguments decoded into their resolver's Swift type, once per plan: a field in a list is
    /// resolved for every parent with the same arguments.
    private let decodedArguments = Mutex<[ObjectIdentifier: any Sendable]>([:])
    /// What resolvers worked out from a field's arguments and the request alone, once per plan
    /// (`ObjectBinder.field(_:arguments:prepare:resolve:)`), a failure included.
    private let prepared = Mutex(PreparedValues())
    private let executionEnded = Atomic(false)

    var schema: GraphQLSchema { executable.schema }
    /// Whether the response is still being built (see `ResolveInfo`).
    var isExecuting: Bool { !executionEnded.load(ordering: .acquiring) }
    var variables: GraphQLObject { collector.variables }
    var introspectionSources: IntrospectionSources { executable.introspectionSources.get(executable.schema) }

    init(executable: ExecutableSchema, operation: OperationDefinitionNode, collector: FieldCollector, context: any Sendable) {
        self.executable = executable
        self.operation = operation
        self.collector = collector
        self.context = context
    }

    func endExecution() { executionEnded.store(true, ordering: .releasing) }

    func arguments(of plan: FieldPlan) -> Result<Arguments, GraphQLError> {
        if let constant = plan.constantArguments { return constant }
        // The plans outlive the request, so their identity is a stable key.
        let key = ObjectIdentifier(plan)
        if let coerced = variableArguments.withLock({ $0[key] }) { return coerced }
        let coerced = FieldPlan.coerceArguments(
            info: plan.info, at: plan.fieldNodes.first, schema: schema, variables: variables)
        variableArguments.withLock { $0[key] = coerced }
        return coerced
    }

    func decodedArguments<Decoded: Sendable>(of plan: FieldPlan, _ decode: () throws -> Decoded) rethrows -> Decoded {
        // A query's arguments written without variables decode alike on every request: its
        // cached plan keeps them. A mutation's may be checked against the clock as they decode.
        if plan.constantArguments != nil, operation.operation == .query {
            return try plan.constantArguments(decodedBy: decode)
        }
        let key = ObjectIdentifier(plan)
        if let decoded = decodedArguments.withLock({ $0[key] }).flatMap({ exactCast($0, to: Decoded.self) }) { return decoded }
        let decoded = try decode()
        decodedArguments.withLock { $0[key] = decoded }
        return decoded
    }

    func prepared<Prepared: Sendable>(for plan: FieldPlan, _ prepare: () throws -> Prepared) throws -> Prepared {
        let key = ObjectIdentifier(plan)
        let found = prepared.withLock { values -> AnyObject? in
            if let last = values.last, last.plan == key { return last.kept }
            guard let kept = values.all[key] else { return nil }
            values.last = (key, kept)
            return kept
        }
        if let kept = found as? KeptPreparation<Prepared> { return try kept.result.get() }
        let kept = KeptPreparation(Result { try prepare() })
        prepared.withLock { values in
            values.all[key] = kept
            values.last = (key, kept)
        }
        return try kept.result.get()
    }

    /// The nodes a field is written with at one place of the response. Fields with the same
    /// sub-selection share its plans (see `SelectionShape`), which keep the nodes of the first
    /// of them; the others' are found again, from the root down, when an error or a resolver
    /// asks. Root fields' plans are never shared.
    func fieldNodes(of plan: FieldPlan, under parent: ResponsePath?) -> [FieldNode] {
        guard let parentStep = parent?.fieldStep, let parentPlan = parentStep.plan else { return plan.fieldNodes }
        let parentNodes = fieldNodes(of: parentPlan, under: parentStep.parent)
        return collector.collect(plan.parentTypeName, parentNodes.compactMap(\.selectionSet)).nodes(for: plan.responseKey)
    }
}

/// The preparations of one execution, by plan.
struct PreparedValues {
    var all: [ObjectIdentifier: AnyObject] = [:]
    /// The one asked for last: the objects of a list ask for the same field's, one after
    /// another, and hashing the key cost more than comparing it (2.5 % of the CPU of a list of
    /// 50 products with their prices' stores and chains).
    var last: (plan: ObjectIdentifier, kept: AnyObject)?
}

/// A preparation kept in its own Swift type, so that a lookup casts a class, not an existential.
final class KeptPreparation<Value: Sendable>: Sendable {
    let result: Result<Value, any Error>

    init(_ result: Result<Value, any Error>) {
        self.result = result
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
/// Reads a field's value from its source alone: the executor calls it without building a
/// `FieldCall`, which makes it the cheapest way to bind the many plain fields of a schema.
public typealias SourceReader = @Sendable (any Sendable) throws -> (any Sendable)?
/// Names the object type of a value returned for an interface or union.
public typealias TypeResolver = @Sendable (any Sendable) -> String?
/// Runs before the resolver of every field whose definition carries the directive; throws to refuse.
public typealias DirectiveHandler = @Sendable (FieldCall, _ directiveArguments: GraphQLObject) throws -> Void

/// A value that names its own GraphQL object type, so abstract types need no type resolver.
public protocol GraphQLTypeNamed {
    var graphQLTypeName: String { get }
}

/// How a bound field produces its value.
enum FieldBinding: Sendable {
    /// `leaf`: the same read returning the value's leaf, for a field whose Swift type is a
    /// built-in scalar's usual one.
    case read(SourceReader, leaf: SourceLeafReader?)
    case resolve(FieldResolver)

    var resolver: FieldResolver {
        switch self {
        case .read(let read, _): { call in .value(try read(call.source)) }
        case .resolve(let resolver): resolver
        }
    }
}

/// Binds a schema's fields to resolvers.
public struct Resolvers: Sendable {
    var fields: [String: [String: FieldBinding]] = [:]
    var typeResolvers: [String: TypeResolver] = [:]
    var directiveHandlers: [String: DirectiveHandler] = [:]
    /// What typed bindings (`object`, `root`, `enumeration`) declare, checked against the schema.
    var declarations: [String: [String: FieldDeclaration]] = [:]
    var enums: [String: EnumDeclaration] = [:]
    var scalarSamples: [String: GraphQLValue] = [:]
    var duplicates: [String] = []
    /// When set, the schema check also refuses a field bound without a declared Swift type, an enum
    /// type without a Swift enum, and everything the typed bindings declare that the SDL does not
    /// say (see `BindingCheck`).
    public var requiresTypedBindings = false

    public init() {}

    public mutating func field(_ typeName: String, _ fieldName: String, _ resolver: @escaping FieldResolver) {
        fields[typeName, default: [:]][fieldName] = .resolve(resolver)
        declarations[typeName]?[fieldName] = nil
    }

    /// Binds a field whose value depends on its source only (no arguments, context or path).
    public mutating func readField(_ typeName: String, _ fieldName: String, _ read: @escaping SourceReader) {
        fields[typeName, default: [:]][fieldName] = .read(read, leaf: nil)
        declarations[typeName]?[fieldName] = nil
    }

    /// Whether the field has a resolver.
    public func resolves(_ typeName: String, _ fieldName: String) -> Bool {
        fields[typeName]?[fieldName] != nil
    }

    /// A field whose resolver is untyped, with the GraphQL type it returns declared by hand (an
    /// abstract type's field whose values the resolver picks itself).
    public mutating func field(_ typeName: String, _ fieldName: String, returning shape: TypeShape, _ resolver: @escaping FieldResolver) {
        declare(typeName, fieldName, .resolve(resolver), FieldDeclaration(shape: shape, swiftType: "declared \(shape)"))
    }

    /// Binds a field that reads its value from a source of a known Swift type; a source of any
    /// other type resolves to null.
    @inlinable
    public mutating func field<Source>(
        _ typeName: String, _ fieldName: String, on _: Source.Type,
        _ read: @escaping @Sendable (Source) throws -> (any Sendable)?
    ) {
        readField(typeName, fieldName) { source in
            guard let typed = exactCast(source, to: Source.self) ?? source as? Source else { return nil }
            return try read(typed)
        }
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
    /// Per object type and field (meta-fields included): what executing it needs, with the field's
    /// directive handlers folded into its binding.
    let fieldInfo: [String: [String: FieldInfo]]
    /// What introspection reads, made on the first introspection query.
    let introspectionSources = IntrospectionSources.Holder()

    public struct BindingError: Error, CustomStringConvertible {
        public var missing: [String]
        public init(missing: [String]) { self.missing = missing }
        public var description: String {
            "The resolvers do not match the schema:\n" + missing.map { "  - " + $0 }.joined(separator: "\n")
        }
    }

    public init(schema: GraphQLSchema, resolvers: Resolvers) throws {
        self.schema = schema
        self.resolvers = resolvers
        var bound: [String: [String: FieldBinding]] = [:]
        var missing: [String] = []
        for case .object(let object) in schema.types where !IntrospectionTypes.names.contains(object.name) {
            var fields: [String: FieldBinding] = [:]
            for field in object.fields {
                guard var binding = resolvers.fields[object.name]?[field.name] else {
                    missing.append("\(object.name).\(field.name) has no resolver")
                    continue
                }
                for directive in field.directives.reversed() {
                    guard let handler = resolvers.directiveHandlers[directive.name.value] else { continue }
                    let arguments = Self.constantArguments(directive, schema: schema)
                    let next = binding.resolver
                    binding = .resolve { call in
                        try handler(call, arguments)
                        return try next(call)
                    }
                }
                fields[field.name] = binding
            }
            bound[object.name] = fields
        }
        for (typeName, fields) in resolvers.fields {
            for fieldName in fields.keys where schema.objectType(named: typeName)?.fields[fieldName] == nil {
                missing.append("\(typeName).\(fieldName) is bound but not in the schema")
            }
        }
        missing += BindingCheck(schema: schema, resolvers: resolvers).problems()
        if !missing.isEmpty { throw BindingError(missing: missing.sorted()) }
        self.fieldInfo = FieldInfo.table(for: schema, boundFields: bound)
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
