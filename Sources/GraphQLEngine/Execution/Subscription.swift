/// The event stream a subscription root field's resolver returns (spec 6.2.3 "source stream").
public struct SubscriptionSource: Sendable {
    public let events: AsyncThrowingStream<any Sendable, any Error>
    /// The root field's resolver turns each event into the field's value (a `SubscriptionTrigger`
    /// root), rather than the event being the value: so an event carrying only an ID is loaded with
    /// the event's own context, its loaders and its subscriber's permissions.
    public let resolvesEvents: Bool

    public init(events: AsyncThrowingStream<any Sendable, any Error>, resolvesEvents: Bool = false) {
        self.events = events
        self.resolvesEvents = resolvesEvents
    }
}

/// The root value while executing an event of a source that `resolvesEvents`: the root field's
/// resolver runs with it.
public struct SubscriptionTrigger: Sendable {
    public let event: any Sendable
}

/// Subscribes: resolves the source stream of the single root field, then maps every event through
/// the executor with the event as the root value (spec 6.2.3). Request errors (unknown operation,
/// bad variables, a resolver that fails or returns no stream) come back as `.failure`.
///
/// `prepareEvent` makes each event's request from the subscription's (a fresh context, loaders
/// and deadline); without it, events share the subscription's context with a fresh scheduler. An
/// error it throws ends the stream with that error.
public func subscribe(
    _ schema: ExecutableSchema, _ request: ExecutionRequest,
    prepareEvent: (@Sendable (ExecutionRequest) async throws -> ExecutionRequest)? = nil
) async -> Result<AsyncStream<ExecutionResult>, ExecutionFailure> {
    let operation: OperationDefinitionNode
    do {
        operation = try selectOperation(in: request.document, named: request.operationName)
    } catch {
        return .failure(ExecutionFailure(errors: [error]))
    }
    guard operation.operation == .subscription, let rootName = schema.schema.subscriptionTypeName,
        schema.schema.objectType(named: rootName) != nil
    else {
        return .failure(
            ExecutionFailure(errors: [
                GraphQLError("Schema is not configured to execute subscription operation.", locations: [operation.location.sourceLocation])
            ]))
    }
    // Resolve the source stream by executing the root field once with a marker root value: the
    // root field's resolver returns the `SubscriptionSource`, which the executor hands back.
    let (variables, variableErrors) = ValueCoercion.coerceVariableValues(
        operation.variableDefinitions, inputs: request.variables, schema: schema.schema)
    if !variableErrors.isEmpty { return .failure(ExecutionFailure(errors: variableErrors)) }
    guard case .field(let rootField)? = operation.selectionSet.selections.first,
        let info = schema.fieldInfo[rootName]?[rootField.name.value], let resolver = info.binding?.resolver
    else {
        return .failure(ExecutionFailure(errors: [GraphQLError("The subscription must select one root field.")]))
    }
    let plan = FieldPlan(responseKey: rootField.responseKey, fieldNodes: [rootField], info: info, schema: schema.schema)
    let shared = ExecutionShared(
        executable: schema, operation: operation,
        collector: FieldCollector(schema: schema.schema, document: request.document, variables: variables),
        context: request.context)
    if case .failure(let error) = shared.arguments(of: plan) { return .failure(ExecutionFailure(errors: [error])) }
    let call = FieldCall(source: request.rootValue, plan: plan, shared: shared, object: nil)
    let source: SubscriptionSource
    do {
        var resolution = try resolver(call)
        while true {
            switch resolution {
            case .value(let value as SubscriptionSource):
                source = value
            case .async(let body):
                resolution = try await body()
                continue
            default:
                return .failure(
                    ExecutionFailure(errors: [GraphQLError("Subscription field must return an event stream.")]))
            }
            break
        }
    } catch {
        let graphQLError = (error as? any ClientFacingError)?.graphQLError ?? GraphQLError("Internal server error.")
        return .failure(ExecutionFailure(errors: [graphQLError]))
    }
    let stream = AsyncStream<ExecutionResult> { continuation in
        let task = Task {
            do {
                for try await event in source.events {
                    var eventRequest = request
                    if let prepareEvent {
                        eventRequest = try await prepareEvent(request)
                    } else {
                        eventRequest.scheduler = LoaderScheduler()
                    }
                    eventRequest.rootValue =
                        source.resolvesEvents ? SubscriptionTrigger(event: event) : SubscriptionEvent(value: event)
                    continuation.yield(await execute(schema, eventRequest))
                }
            } catch {
                continuation.yield(.failure([(error as? any ClientFacingError)?.graphQLError ?? GraphQLError("The event stream failed.")]))
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
    }
    return .success(stream)
}

/// The root value while executing one subscription event: the root field resolves to the event.
public struct SubscriptionEvent: Sendable {
    public let value: any Sendable
}

public struct ExecutionFailure: Error, Sendable {
    public var errors: [GraphQLError]
}

extension RootBinder {
    /// A `Subscription` root field whose events are resolved by the field itself: `subscribe`
    /// runs once, when a client subscribes (refuse there what the subscriber may not follow), and
    /// returns the source stream; `resolve` runs for every event, with that event's context, and
    /// gives the field's value.
    public mutating func subscription<Value: OutputValue, Arguments: Decodable & Sendable, Event: Sendable>(
        _ name: String, arguments: Arguments.Type,
        subscribe: @escaping @Sendable (Arguments, Context) async throws -> AsyncThrowingStream<Event, any Error>,
        resolve: @escaping @Sendable (Event, Arguments, Context) throws -> Resolved<Value>
    ) {
        let binding = FieldBinding.resolve { call in
            let arguments = try decodeArguments(Arguments.self, call)
            let context: Context = try contextOf(call)
            if let trigger = exactCast(call.source, to: SubscriptionTrigger.self) {
                guard let event = trigger.event as? Event else {
                    throw GraphQLError("Subscription.\(name) expects events of Swift type \(Event.self).")
                }
                return try resolve(event, arguments, context).completable
            }
            return .async {
                let events = try await subscribe(arguments, context)
                let erased = AsyncThrowingStream<any Sendable, any Error> { continuation in
                    let task = Task {
                        do {
                            for try await event in events { continuation.yield(event) }
                            continuation.finish()
                        } catch {
                            continuation.finish(throwing: error)
                        }
                    }
                    continuation.onTermination = { _ in task.cancel() }
                }
                return .value(SubscriptionSource(events: erased, resolvesEvents: true))
            }
        }
        fields.append(
            (name, binding, FieldDeclaration(
                shape: Value.outputShape, swiftType: "\(Value.self)",
                probeArguments: { sample, recorder in _ = try InputDecoder().decode(Arguments.self, from: sample, recorder: recorder) },
                argumentsType: "\(Arguments.self)")))
    }
}
