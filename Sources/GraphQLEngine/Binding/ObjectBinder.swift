import Synchronization

/// Declares the fields of one object type on its Swift source type. Every field says the Swift type
/// it returns (and the arguments type it reads), which the schema check compares with the SDL.
///
/// In a query, arguments written without variables are decoded once, when a document is first
/// executed, and kept with it: an arguments type's decoding must depend on the values alone.
/// Checks against the clock (a date still to come) belong in the resolver, or in a mutation's
/// arguments, which decode on every request.
///
///     resolvers.object(ProductRecord.self, context: RequestContext.self) { product in
///         product.field("name") { $0.name }
///         product.field("category") { product, context in context.categories.load(product.categoryID) }
///     }
public struct ObjectBinder<Source: ObjectValue, Context: Sendable> {
    let typeName: String
    var fields: [(name: String, binding: FieldBinding, declaration: FieldDeclaration)] = []

    /// A field read from the source alone: the cheapest binding, called without a `FieldCall`.
    public mutating func field<Value: OutputValue>(_ name: String, _ read: @escaping @Sendable (Source) throws -> Value) {
        let typeName = typeName
        let read = SourceFunction<Source, Void, Value> { source, _ in try read(source) }
        let leaf = SourceLeafReader(reading: Value.self) { source in try Self.apply(read, to: source, (), typeName, name) }
        // Chosen once here, so that plain values (the most of a schema) pay no conversion call.
        let binding: FieldBinding =
            if Value.needsConversion {
                .read({ source in try Self.apply(read, to: source, (), typeName, name).outputResult }, leaf: leaf)
            } else if _isOptional(Value.self) {
                .read({ source in try Self.apply(read, to: source, (), typeName, name).flattened }, leaf: leaf)
            } else {
                .read({ source in try Self.apply(read, to: source, (), typeName, name) }, leaf: leaf)
            }
        fields.append((name, binding, FieldDeclaration(shape: Value.outputShape, swiftType: "\(Value.self)")))
    }

    /// A field that needs the request's context: a loader, a permission, async work.
    public mutating func field<Value: OutputValue>(
        _ name: String, resolve: @escaping @Sendable (Source, Context) throws -> Resolved<Value>
    ) {
        let typeName = typeName
        let resolve = SourceFunction<Source, Context, Resolved<Value>>(resolve)
        let binding = FieldBinding.resolve { call in
            try Self.apply(resolve, to: call.source, try contextOf(call), typeName, name).completable
        }
        fields.append((name, binding, FieldDeclaration(shape: Value.outputShape, swiftType: "\(Value.self)")))
    }

    /// A field of the objects of a list whose resolver needs something of the request alone, such
    /// as a loader: `prepare` runs once per field of an execution, and `resolve` on each object
    /// with what it made. Looked up in the resolver, a request's loader is found by its name under
    /// a lock, and its batch function made again, for every object. A load by one key of the
    /// source is `field(_:loadingFrom:key:)`.
    public mutating func field<Value: OutputValue, Prepared: Sendable>(
        _ name: String, prepare: @escaping @Sendable (Context) throws -> Prepared,
        resolve: @escaping @Sendable (Source, Prepared) throws -> Resolved<Value>
    ) {
        let typeName = typeName
        let resolve = SourceFunction<Source, Prepared, Resolved<Value>>(resolve)
        let binding = FieldBinding.resolve { call in
            let prepared = try call.shared.prepared(for: call.plan) { try prepare(try contextOf(call)) }
            return try Self.apply(resolve, to: call.source, prepared, typeName, name).completable
        }
        fields.append((name, binding, FieldDeclaration(shape: Value.outputShape, swiftType: "\(Value.self)")))
    }

    /// A field that loads the value of one key of its source through a loader of the request,
    /// which `loader` finds once per field of an execution (as `prepare` above).
    ///
    ///     store.field("chain", loadingFrom: { $0.catalog.chains }, key: \.chainID)
    public mutating func field<Key, Value: OutputValue>(
        _ name: String, loadingFrom loader: @escaping @Sendable (Context) throws -> DataLoader<Key, Value>,
        key: @escaping @Sendable (Source) -> Key
    ) {
        field(name, prepare: loader, resolve: { source, loader in Resolved<Value>(unchecked: loader.load(key(source))) })
    }

    /// The same for a key the source may not have: the field is null without one.
    public mutating func field<Key, Value: OutputValue>(
        _ name: String, loadingFrom loader: @escaping @Sendable (Context) throws -> DataLoader<Key, Value>,
        key: @escaping @Sendable (Source) -> Key?
    ) {
        field(name, prepare: loader, resolve: { source, loader -> Resolved<Value?> in
            guard let key = key(source) else { return .null }
            return Resolved<Value?>(unchecked: loader.load(key))
        })
    }

    /// A field with arguments, decoded into `Arguments`.
    public mutating func field<Value: OutputValue, Arguments: Decodable & Sendable>(
        _ name: String, arguments: Arguments.Type,
        resolve: @escaping @Sendable (Source, Arguments, Context) throws -> Resolved<Value>
    ) {
        let typeName = typeName
        let resolve = SourceFunction<Source, (Arguments, Context), Resolved<Value>> { source, input in
            try resolve(source, input.0, input.1)
        }
        let binding = FieldBinding.resolve { call in
            let input = (try decodeArguments(Arguments.self, call), try contextOf(call) as Context)
            return try Self.apply(resolve, to: call.source, input, typeName, name).completable
        }
        fields.append(
            (name, binding, FieldDeclaration(
                shape: Value.outputShape, swiftType: "\(Value.self)", probeArguments: probe(Arguments.self),
                argumentsType: "\(Arguments.self)")))
    }

    /// A field with arguments whose resolver needs something worked out from the arguments and
    /// the request alone, such as the loader for those arguments: `prepare` runs once per field of
    /// an execution, however many objects of a list the field is resolved on, and a failure of it
    /// fails the field on each of them.
    ///
    ///     product.field(
    ///         "priceStatistics", arguments: PriceStatisticsArguments.self,
    ///         prepare: { arguments, context in context.catalog.priceStatistics(days: arguments.days) },
    ///         resolve: { product, statistics in Resolved<PriceStatistics?>(unchecked: statistics.load(product.id)) })
    public mutating func field<Value: OutputValue, Arguments: Decodable & Sendable, Prepared: Sendable>(
        _ name: String, arguments: Arguments.Type,
        prepare: @escaping @Sendable (Arguments, Context) throws -> Prepared,
        resolve: @escaping @Sendable (Source, Prepared) throws -> Resolved<Value>
    ) {
        field(name, arguments: arguments, prepare: { arguments, context, _ in try prepare(arguments, context) }, resolve: resolve)
    }

    /// The same, where what `prepare` makes also depends on how the field is selected (the
    /// columns its loader reads, say).
    public mutating func field<Value: OutputValue, Arguments: Decodable & Sendable, Prepared: Sendable>(
        _ name: String, arguments: Arguments.Type,
        prepare: @escaping @Sendable (Arguments, Context, ResolveInfo) throws -> Prepared,
        resolve: @escaping @Sendable (Source, Prepared) throws -> Resolved<Value>
    ) {
        let typeName = typeName
        let resolve = SourceFunction<Source, Prepared, Resolved<Value>>(resolve)
        let binding = FieldBinding.resolve { call in
            let prepared = try call.shared.prepared(for: call.plan) {
                try prepare(try decodeArguments(Arguments.self, call), try contextOf(call), call.info)
            }
            return try Self.apply(resolve, to: call.source, prepared, typeName, name).completable
        }
        fields.append(
            (name, binding, FieldDeclaration(
                shape: Value.outputShape, swiftType: "\(Value.self)", probeArguments: probe(Arguments.self),
                argumentsType: "\(Arguments.self)")))
    }

    /// A field with arguments whose resolver also looks at how it is selected
    /// (`ResolveInfo.selectedFieldNames`), to start on one level the loads its selection will need.
    public mutating func field<Value: OutputValue, Arguments: Decodable & Sendable>(
        _ name: String, arguments: Arguments.Type,
        resolve: @escaping @Sendable (Source, Arguments, Context, ResolveInfo) throws -> Resolved<Value>
    ) {
        let typeName = typeName
        let resolve = SourceFunction<Source, (Arguments, Context, ResolveInfo), Resolved<Value>> { source, input in
            try resolve(source, input.0, input.1, input.2)
        }
        let binding = FieldBinding.resolve { call in
            let input = (try decodeArguments(Arguments.self, call), try contextOf(call) as Context, call.info)
            return try Self.apply(resolve, to: call.source, input, typeName, name).completable
        }
        fields.append(
            (name, binding, FieldDeclaration(
                shape: Value.outputShape, swiftType: "\(Value.self)", probeArguments: probe(Arguments.self),
                argumentsType: "\(Arguments.self)")))
    }

    /// `function` applied to the source: borrowed where it is exactly a `Source` (the usual case),
    /// cast otherwise.
    @inline(__always)
    static func apply<Input, Output>(
        _ function: SourceFunction<Source, Input, Output>, to source: any Sendable, _ input: Input,
        _ typeName: String, _ fieldName: String
    ) throws -> Output {
        try function(source, input) {
            guard let typed = Source.source(from: source) else {
                throw GraphQLError("\(typeName).\(fieldName) expects a source of Swift type \(Source.self), got \(type(of: source)).")
            }
            return try function.body(typed, input)
        }
    }
}

/// Declares root fields (`Query`, `Mutation`): they read no source.
public struct RootBinder<Context: Sendable> {
    let typeName: String
    var fields: [(name: String, binding: FieldBinding, declaration: FieldDeclaration)] = []

    public mutating func field<Value: OutputValue>(_ name: String, resolve: @escaping @Sendable (Context) throws -> Resolved<Value>) {
        let binding = FieldBinding.resolve { call in try resolve(try contextOf(call)).completable }
        fields.append((name, binding, FieldDeclaration(shape: Value.outputShape, swiftType: "\(Value.self)")))
    }

    public mutating func field<Value: OutputValue, Arguments: Decodable & Sendable>(
        _ name: String, arguments: Arguments.Type, resolve: @escaping @Sendable (Arguments, Context) throws -> Resolved<Value>
    ) {
        let binding = FieldBinding.resolve { call in
            try resolve(try decodeArguments(Arguments.self, call), try contextOf(call)).completable
        }
        fields.append(
            (name, binding, FieldDeclaration(
                shape: Value.outputShape, swiftType: "\(Value.self)", probeArguments: probe(Arguments.self),
                argumentsType: "\(Arguments.self)")))
    }

    /// A root field without arguments whose resolver also looks at how it is selected
    /// (`ResolveInfo.selectedFieldNames`).
    public mutating func field<Value: OutputValue>(
        _ name: String, resolve: @escaping @Sendable (Context, ResolveInfo) throws -> Resolved<Value>
    ) {
        let binding = FieldBinding.resolve { call in try resolve(try contextOf(call), call.info).completable }
        fields.append((name, binding, FieldDeclaration(shape: Value.outputShape, swiftType: "\(Value.self)")))
    }

    /// A root field whose resolver also looks at how it is selected (`ResolveInfo.selectedFieldNames`).
    public mutating func field<Value: OutputValue, Arguments: Decodable & Sendable>(
        _ name: String, arguments: Arguments.Type,
        resolve: @escaping @Sendable (Arguments, Context, ResolveInfo) throws -> Resolved<Value>
    ) {
        let binding = FieldBinding.resolve { call in
            try resolve(try decodeArguments(Arguments.self, call), try contextOf(call), call.info).completable
        }
        fields.append(
            (name, binding, FieldDeclaration(
                shape: Value.outputShape, swiftType: "\(Value.self)", probeArguments: probe(Arguments.self),
                argumentsType: "\(Arguments.self)")))
    }
}

@inline(__always)
func contextOf<Context>(_ call: FieldCall) throws -> Context {
    guard let context = exactCast(call.context, to: Context.self) ?? call.context as? Context else {
        throw GraphQLError("The request has no context of Swift type \(Context.self).")
    }
    return context
}

/// Arguments that a Swift type refuses (a bound, a format) are the client's fault: `BAD_USER_INPUT`.
func decodeArguments<Arguments: Decodable & Sendable>(_ type: Arguments.Type, _ call: FieldCall) throws -> Arguments {
    do {
        return try call.shared.decodedArguments(of: call.plan) { try InputDecoder().decode(type, from: call.arguments.values) }
    } catch let error as DecodingError {
        let path = error.inputPath
        throw GraphQLError(
            path.isEmpty ? error.reason : "Argument \"\(path.joined(separator: "."))\": \(error.reason)",
            extensions: GraphQLObject([("code", .string("BAD_USER_INPUT"))]))
    }
}

private func probe<Arguments: Decodable & Sendable>(_: Arguments.Type) -> @Sendable (GraphQLValue, KeyRecorder) throws -> Void {
    { sample, recorder in _ = try InputDecoder().decode(Arguments.self, from: sample, recorder: recorder) }
}

extension Resolvers {
    /// Binds the fields of an object type (of each type the Swift type stands for) from `body`.
    public mutating func object<Source: ObjectValue, Context: Sendable>(
        _ source: Source.Type, context: Context.Type, _ body: (inout ObjectBinder<Source, Context>) -> Void
    ) {
        for typeName in Source.graphQLTypeNames {
            var binder = ObjectBinder<Source, Context>(typeName: typeName)
            body(&binder)
            for field in binder.fields { declare(typeName, field.name, field.binding, field.declaration) }
        }
    }

    /// Binds fields of a root type (`Query`, `Mutation`).
    public mutating func root<Context: Sendable>(
        _ typeName: String, context: Context.Type, _ body: (inout RootBinder<Context>) -> Void
    ) {
        var binder = RootBinder<Context>(typeName: typeName)
        body(&binder)
        for field in binder.fields { declare(typeName, field.name, field.binding, field.declaration) }
    }

    /// Binds an enum type to a Swift enum, checked value by value.
    public mutating func enumeration<Value: GraphQLEnum>(_ type: Value.Type) {
        enums[Value.graphQLTypeName] = EnumDeclaration(swiftType: "\(Value.self)", names: Value.allCases.map(\.graphQLName))
    }

    /// Samples for custom scalars, used when the check decodes sample arguments (a `Date` must
    /// look like a date for a type that decodes one).
    public mutating func scalarSample(_ scalarName: String, _ sample: GraphQLValue) {
        scalarSamples[scalarName] = sample
    }

    mutating func declare(_ typeName: String, _ fieldName: String, _ binding: FieldBinding, _ declaration: FieldDeclaration) {
        if fields[typeName]?[fieldName] != nil { duplicates.append("\(typeName).\(fieldName)") }
        fields[typeName, default: [:]][fieldName] = binding
        declarations[typeName, default: [:]][fieldName] = declaration
    }
}

extension Resolvers {
    /// Wraps every field's binding to note `Type.field` in `coverage` when it resolves: for a test
    /// that shows every field of a schema is reached by real queries. Never used in production.
    public mutating func recordCoverage(into coverage: FieldCoverage) {
        for (typeName, typeFields) in fields {
            for (fieldName, binding) in typeFields {
                let coordinate = "\(typeName).\(fieldName)"
                let resolver = binding.resolver
                fields[typeName]?[fieldName] = .resolve { call in
                    coverage.note(coordinate)
                    return try resolver(call)
                }
            }
        }
    }
}

/// The fields resolved so far (see `Resolvers.recordCoverage(into:)`).
public final class FieldCoverage: Sendable {
    private let resolved = Mutex<Set<String>>([])

    public init() {}

    func note(_ coordinate: String) {
        _ = resolved.withLock { $0.insert(coordinate) }
    }

    public var coordinates: Set<String> { resolved.withLock { $0 } }
}
