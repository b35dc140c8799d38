/// The event stream a subscription root field's resolver returns (spec 6.2.3 "source stream").
public struct SubscriptionSource: Sendable {
    public let events: AsyncThrowingStream<any Sendable, any Error>

    public init(events: AsyncThrowingStream<any Sendable, any Error>) {
        self.events = events
    }
}

/// Subscribes: resolves the source stream of the single root field, then maps every event through
/// the executor with the event as the root value (spec 6.2.3). Request errors (unknown operation,
/// bad variables, a resolver that fails or returns no stream) come back as `.failure`.
public func subscribe(
    _ schema: ExecutableSchema, _ request: ExecutionRequest
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
    let call = FieldCall(source: request.rootValue, plan: plan, shared: shared, pathNode: nil)
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
                    eventRequest.rootValue = SubscriptionEvent(value: event)
                    eventRequest.scheduler = LoaderScheduler()
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
