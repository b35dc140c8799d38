/// An error a resolver throws on purpose, shown to the client as it is (with its code).
/// Any other error is reported as an internal error without its details.
public protocol ClientFacingError: Error {
    var graphQLError: GraphQLError { get }
}

extension GraphQLError: ClientFacingError {
    public var graphQLError: GraphQLError { self }
}

/// One request to execute.
public struct ExecutionRequest: Sendable {
    public var document: DocumentNode
    public var operationName: String?
    public var variables: GraphQLObject
    public var context: any Sendable
    public var rootValue: any Sendable
    public var scheduler: LoaderScheduler
    /// Called with resolver errors that are not client-facing, so the host can log them.
    public var onInternalError: (@Sendable (any Error, [PathComponent]) -> Void)?
    /// When execution must stop, whether or not anything is left to cancel the task: the
    /// executor looks at the clock itself, so CPU-bound work stops on time even when every
    /// thread is busy and the task that would cancel it cannot run.
    public var deadline: ContinuousClock.Instant?

    public init(
        document: DocumentNode, operationName: String? = nil, variables: GraphQLObject = GraphQLObject(),
        context: any Sendable = (), rootValue: any Sendable = (), scheduler: LoaderScheduler = LoaderScheduler(),
        onInternalError: (@Sendable (any Error, [PathComponent]) -> Void)? = nil, deadline: ContinuousClock.Instant? = nil
    ) {
        self.document = document
        self.operationName = operationName
        self.variables = variables
        self.context = context
        self.rootValue = rootValue
        self.scheduler = scheduler
        self.onInternalError = onInternalError
        self.deadline = deadline
    }
}

/// graphql-js `getOperationAST` with its request errors, each with a code of its own:
/// `OPERATION_NAME_REQUIRED` when several operations leave the choice open, `OPERATION_NOT_FOUND`
/// when no operation has the name given, or the document has none.
public func selectOperation(in document: DocumentNode, named operationName: String?) throws(GraphQLError) -> OperationDefinitionNode {
    func error(_ message: String, code: String) -> GraphQLError {
        GraphQLError(message, extensions: GraphQLObject([("code", .string(code))]))
    }
    var found: OperationDefinitionNode?
    for case .operation(let operation) in document.definitions {
        if let operationName {
            if operation.name?.value == operationName { return operation }
        } else {
            if found != nil {
                throw error(
                    "Must provide operation name if query contains multiple operations.", code: "OPERATION_NAME_REQUIRED")
            }
            found = operation
        }
    }
    if let found { return found }
    if let operationName { throw error("Unknown operation named \"\(operationName)\".", code: "OPERATION_NOT_FOUND") }
    throw error("Must provide an operation.", code: "OPERATION_NOT_FOUND")
}

/// Executes a validated document (spec 6).
///
/// Cancelling the calling task stops execution between objects (and with it the work of the
/// request's loaders, which run in child tasks): the result is then a request error, with no
/// data, whose code is `CANCELLED`. Passing the request's `deadline` does the same, with the
/// code `TIMEOUT`.
public func execute(_ schema: ExecutableSchema, _ request: ExecutionRequest) async -> ExecutionResult {
    let operation: OperationDefinitionNode
    do {
        operation = try selectOperation(in: request.document, named: request.operationName)
    } catch {
        return .failure([error])
    }
    guard let rootTypeName = schema.schema.rootTypeName(for: operation.operation),
        let rootType = schema.schema.objectType(named: rootTypeName)
    else {
        return .failure([
            GraphQLError(
                "Schema is not configured to execute \(operation.operation.rawValue) operation.",
                locations: [operation.location.sourceLocation])
        ])
    }
    let variables: GraphQLObject
    let (coerced, variableErrors) = ValueCoercion.coerceVariableValues(
        operation.variableDefinitions, inputs: request.variables, schema: schema.schema)
    if !variableErrors.isEmpty { return .failure(variableErrors) }
    variables = coerced
    let executor = Executor(
        schema: schema, operation: operation,
        collector: FieldCollector(schema: schema.schema, document: request.document, variables: variables),
        request: request)
    return await executor.run(rootType: rootType)
}

/// Executes one operation level by level: every resolver of a level is called, then the
/// request's loaders are dispatched together, then values complete into the next level's work.
final class Executor {
    /// A field of `object` whose value is not there yet.
    struct Waiting {
        var work: Work
        let plan: FieldPlan
        let object: ResultObject
        let index: Int
        let boundary: ResultSlot?

        var slot: ResultSlot { .field(object, index) }
    }

    /// Where a value being completed is, below the object whose field it is: the field's value,
    /// an item of its list, or an item of a list inside that (whose path is made with it).
    enum Step {
        case field
        case item(Int)
        case nestedItem(ResponsePath, Int)
    }

    /// What a waiting value waits for: a `Resolution` but a value. It holds only references, so it
    /// is matched where it is stored; a `Resolution` can hold any value, and matching one copied
    /// it first.
    enum Work {
        case pending(PendingValue)
        case mapped(PendingValue, @Sendable ((any Sendable)?) throws -> Resolution)
        case async(@Sendable () async throws -> Resolution)

        init(waitingFor resolution: Resolution) {
            switch resolution {
            case .pending(let pending): self = .pending(pending)
            case .mapped(let pending, let transform): self = .mapped(pending, transform)
            case .async(let body): self = .async(body)
            case .value: preconditionFailure("A value waits for nothing.")
            }
        }
    }

    let executable: ExecutableSchema
    let schema: GraphQLSchema
    let operation: OperationDefinitionNode
    let request: ExecutionRequest
    let shared: ExecutionShared
    // The executor runs on one task, one step at a time: its state needs no exclusivity checks,
    // which the hot paths would otherwise pay on every access.
    /// Plans by the shape of what they plan, shared by every field with that shape.
    @exclusivity(unchecked) private var plansByShape: [SelectionShape: FieldPlans] = [:]
    @exclusivity(unchecked) private var errors: [GraphQLError] = []
    @exclusivity(unchecked) private var dataIsNull = false
    /// What a null at a non-null field cut off the response, kept until execution ends: objects
    /// below it may still be waiting in a level, and they reach their ancestors without counting
    /// them (`ResultPlace`).
    @exclusivity(unchecked) private var cutOff: [ResultValue] = []
    /// Why execution stopped early, if it did: its partial result is then dropped.
    @exclusivity(unchecked) private var stopReason: StopReason?

    private enum StopReason {
        case cancelled, deadlinePassed
    }
    /// The objects whose fields the next level resolves.
    @exclusivity(unchecked) private var nextLevel: [ResultObject] = []

    init(
        schema: ExecutableSchema, operation: OperationDefinitionNode, collector: FieldCollector, request: ExecutionRequest
    ) {
        self.executable = schema
        self.schema = schema.schema
        self.operation = operation
        self.request = request
        self.shared = ExecutionShared(
            executable: schema, operation: operation, collector: collector, context: request.context)
    }

    func run(rootType: ObjectType) async -> ExecutionResult {
        defer { shared.endExecution() }
        let plans = request.document.planCache.rootPlans(
            of: operation, in: request.document, schema: executable, variables: shared.variables
        ) { self.plans(for: rootType.name, selectionSets: [operation.selectionSet]) }
        let root = ResultObject.make(
            shape: Unmanaged.passUnretained(plans), source: request.rootValue, place: .root, boundary: nil)
        if operation.operation == .mutation {
            // Mutations run strictly one root field after another (spec 6.2.2).
            for index in plans.plans.indices {
                await executeLevels(from: root, fields: index..<(index + 1))
                if dataIsNull || stopReason != nil { break }
            }
        } else {
            await executeLevels(from: root, fields: plans.plans.indices)
        }
        switch stopReason {
        case .cancelled?:
            return .failure([
                GraphQLError("The execution was cancelled.", extensions: GraphQLObject([("code", .string("CANCELLED"))]))
            ])
        case .deadlinePassed?:
            return .failure([
                GraphQLError("The execution passed its deadline.", extensions: GraphQLObject([("code", .string("TIMEOUT"))]))
            ])
        case nil:
            return ExecutionResult(data: root, plans: plans, dataIsNull: dataIsNull, errors: errors)
        }
    }

    /// Whether execution must stop: its task was cancelled (the client went away, the server
    /// shuts down) or its deadline passed. Execution is CPU work between the loaders' awaits,
    /// which no cancellation interrupts: the executor looks at every level, and every
    /// `checkInterval` objects of one.
    private func mustStop() -> Bool {
        if stopReason == nil {
            if Task.isCancelled {
                stopReason = .cancelled
            } else if let deadline = request.deadline, ContinuousClock.now >= deadline {
                stopReason = .deadlinePassed
            }
        }
        return stopReason != nil
    }

    /// Objects resolved between two looks at cancellation and the deadline, and two yields to the
    /// other tasks: a look costs tens of nanoseconds and a yield a microsecond or two, while a
    /// thousand objects take a few hundred microseconds.
    private static let checkInterval = 1024

    private func executeLevels(from root: ResultObject, fields: Range<Int>) async {
        var waiting: [Waiting] = []
        nextLevel = []
        resolveFields(of: root, in: fields, waiting: &waiting)
        await settle(&waiting)
        while !nextLevel.isEmpty {
            if mustStop() { return }
            let level = nextLevel
            nextLevel = []
            // Borrowed from the level: iterating it retained and released every object.
            for index in level.indices {
                if index % Self.checkInterval == Self.checkInterval - 1 {
                    if mustStop() { return }
                    // A level of many objects is long CPU work: let other requests (and health
                    // checks) have the thread for a moment.
                    await Task.yield()
                }
                Unmanaged.passUnretained(level[index])._withUnsafeGuaranteedRef { object in
                    resolveFields(of: object, in: 0..<object.count, waiting: &waiting)
                }
            }
            await settle(&waiting)
        }
    }

    /// Calls the resolvers of an object's fields and completes every value they return at once;
    /// pending values wait for the level's loaders.
    private func resolveFields(of object: ResultObject, in fields: Range<Int>, waiting: inout [Waiting]) {
        // An object of a level is resolved once: its source and the reference to an ancestor are
        // taken out of it, neither copied nor kept. The root keeps them, as a mutation resolves
        // its fields one at a time. Only stored properties of the header are read: a computed
        // one's getter, when not inlined, was handed a copy of the whole header.
        let (table, isRoot, source, boundary) = object.withUnsafeMutablePointerToHeader { header in
            let table = header.pointee.shape._withUnsafeGuaranteedRef(\.table)
            return if case .root = header.pointee.place {
                (table, true, header.pointee.source ?? (), header.pointee.boundary)
            } else {
                (table, false, header.pointee.source.take() ?? (), header.pointee.boundary.take())
            }
        }
        // The plans are the document's, shared by every object and request, and kept alive by the
        // root's plans: read without a retain and a release of each, whose counts every event
        // loop's requests would otherwise change together.
        for index in fields {
            table.plans[index]._withUnsafeGuaranteedRef { plan in
                resolveField(index, plan: plan, of: object, isRoot: isRoot, source: source, boundary: boundary, waiting: &waiting)
            }
        }
    }

    private func resolveField(
        _ index: Int, plan: FieldPlan, of object: ResultObject, isRoot: Bool, source: any Sendable, boundary: ResultSlot?,
        waiting: inout [Waiting]
    ) {
        if plan.isTypename {
            object[index] = .leaf(.string(object.shape.typeName))
            return
        }
        let value: (any Sendable)?
        do {
            if !isRoot, let reader = plan.unretainedReader {
                // Most leaves are a built-in scalar's usual Swift type: written as read, without a
                // box to cast them back out of. What the reader leaves is read the general way.
                if let leafReader = plan.unretainedLeafReader,
                    let leaf = try leafReader._withUnsafeGuaranteedRef({ try $0.read(source) })
                {
                    switch leaf {
                    case .null where plan.isNonNull: break  // The general path reports it.
                    case .null:
                        object[index] = .null
                        return
                    default:
                        object[index] = .leaf(leaf)
                        return
                    }
                }
                value = try reader._withUnsafeGuaranteedRef { try $0.read(source) }
            } else {
                func wait(for work: Work) {
                    waiting.append(Waiting(work: work, plan: plan, object: object, index: index, boundary: boundary))
                }
                // Matched as it is returned: a `Resolution` bound to a name was copied to be matched,
                // and again to be kept waiting.
                switch try resolve(plan, source: source, of: object) {
                case .value(let resolved): value = resolved
                case .pending(let pending): return wait(for: .pending(pending))
                case .mapped(let pending, let transform): return wait(for: .mapped(pending, transform))
                case .async(let body): return wait(for: .async(body))
                }
            }
        } catch {
            fieldError(
                error, plan: plan, slot: .field(object, index), boundary: boundary,
                path: ResponsePath(parent: object.path, step: .into(plan)), isNonNull: plan.isNonNull)
            return
        }
        // Most fields return a built-in scalar's usual Swift type: complete those directly.
        if let builtIn = plan.directScalar, let value, let leaf = builtIn.exactLeaf(value) {
            object[index] = .leaf(leaf)
        } else {
            // Moved: passed as it is, the value was copied for completion and the original released.
            complete(consume value, plan: plan, of: object, index: index, boundary: boundary)
        }
    }

    private func resolve(_ plan: FieldPlan, source: any Sendable, of object: ResultObject) throws -> Resolution {
        // Executing a subscription event: the root field's value is the event itself (spec 6.2.3.2).
        if object.isRoot, let event = exactCast(source, to: SubscriptionEvent.self) { return .value(event.value) }
        if let resolver = plan.unretainedResolver {
            return try resolver._withUnsafeGuaranteedRef {
                try $0.resolve(FieldCall(source: source, plan: plan, shared: shared, object: ObjectInResponse(object: object)))
            }
        }
        if let reader = plan.unretainedReader { return .value(try reader._withUnsafeGuaranteedRef { try $0.read(source) }) }
        return .null
    }

    /// Drives pending values to completion: dispatch loaders and run async bodies together, then
    /// complete what arrived, until nothing waits.
    private func settle(_ waiting: inout [Waiting]) async {
        while !waiting.isEmpty {
            if mustStop() { return }
            var thunks: [(Int, @Sendable () async throws -> Resolution)] = []
            // By index, here and below: iterating would copy every item, five references each.
            for index in waiting.indices {
                if case .async(let body) = waiting[index].work { thunks.append((index, body)) }
            }
            let scheduler = request.scheduler
            var asyncResults: [Int: Result<Resolution, any Error>] = [:]
            if thunks.isEmpty {
                await scheduler.dispatchAll()
            } else if thunks.count == 1, !scheduler.hasWork {
                // Nothing to run beside it: in this task, without a group and its child tasks (two
                // tasks made and scheduled on every request that reads a row by its key).
                let (index, body) = thunks[0]
                do { asyncResults[index] = .success(try await body()) } catch { asyncResults[index] = .failure(error) }
            } else {
                asyncResults = await withTaskGroup(of: (Int, Result<Resolution, any Error>)?.self) { group in
                    group.addTask {
                        await scheduler.dispatchAll()
                        return nil
                    }
                    for (index, body) in thunks {
                        group.addTask {
                            do { return (index, .success(try await body())) } catch { return (index, .failure(error)) }
                        }
                    }
                    var results: [Int: Result<Resolution, any Error>] = [:]
                    for await case let (index, result)? in group { results[index] = result }
                    return results
                }
            }

            var stillWaiting: [Waiting] = []
            var progressed = !thunks.isEmpty
            func complete(_ index: Int, with value: consuming (any Sendable)?) {
                self.complete(
                    consume value, plan: waiting[index].plan, of: waiting[index].object, index: waiting[index].index,
                    boundary: waiting[index].boundary)
            }
            func fail(_ index: Int, with error: any Error) {
                let plan = waiting[index].plan
                fieldError(
                    error, plan: plan, slot: waiting[index].slot, boundary: waiting[index].boundary,
                    path: ResponsePath(parent: waiting[index].object.path, step: .into(plan)),
                    isNonNull: plan.returnType.isNonNull)
            }
            for index in waiting.indices {
                let outcome: Result<Resolution, any Error>?
                switch waiting[index].work {
                case .pending(let pending):
                    // Most waiting values are a loader's: completed without wrapping them as a
                    // resolution first, a retain and a release less for each.
                    guard let result = pending.result else {
                        stillWaiting.append(waiting[index])
                        continue
                    }
                    progressed = true
                    switch result {
                    case .success(let value): complete(index, with: value)
                    case .failure(let error): fail(index, with: error)
                    }
                    continue
                case .async: outcome = asyncResults[index]
                case .mapped(let pending, let transform):
                    outcome = pending.result.map { result in Result { try transform(try result.get()) } }
                }
                guard let outcome else {
                    stillWaiting.append(waiting[index])
                    continue
                }
                progressed = true
                switch outcome {
                case .success(.value(let value)): complete(index, with: value)
                case .success(let next):
                    var item = waiting[index]
                    item.work = Work(waitingFor: next)
                    stillWaiting.append(item)
                case .failure(let error): fail(index, with: error)
                }
            }
            if !progressed && !scheduler.hasWork {
                // A pending value no loader will deliver: fail those fields rather than wait forever.
                for item in stillWaiting {
                    fieldError(
                        GraphQLError("The value of this field was never delivered."), plan: item.plan, slot: item.slot,
                        boundary: item.boundary, path: ResponsePath(parent: item.object.path, step: .into(item.plan)),
                        isNonNull: item.plan.returnType.isNonNull)
                }
                stillWaiting = []
            }
            waiting = stillWaiting
        }
    }

    // MARK: - Completion

    /// Completes the value of `object`'s field at `index`.
    private func complete(
        _ value: consuming (any Sendable)?, plan: FieldPlan, of object: ResultObject, index: Int, boundary: ResultSlot?
    ) {
        completeValue(
            consume value, type: plan.completionType, plan: plan, slot: .field(object, index), boundary: boundary,
            parent: object, step: .field)
    }

    /// Completes one value at `slot` (spec 6.4.3). `boundary` is the nearest nullable position above,
    /// which a null at a non-null position turns to null. The value is `step` below `parent`'s
    /// field: its path is made from the two only where needed (an error; an object keeps them).
    /// The value is consumed: an object's becomes its source without a copy (a retain and a
    /// release each).
    private func completeValue(
        _ value: consuming (any Sendable)?, type: CompletionType, plan: FieldPlan, slot: ResultSlot, boundary: ResultSlot?,
        parent: ResultObject, step: Step
    ) {
        func path() -> ResponsePath {
            switch step {
            case .field: ResponsePath(field: .passUnretained(plan), of: parent)
            case .item(let index): ResponsePath(field: .passUnretained(plan), of: parent, item: index)
            case .nestedItem(let listPath, let index): ResponsePath(parent: listPath, step: .index(index))
            }
        }
        let isNonNull = type.isNonNull
        let childBoundary = isNonNull ? boundary : slot
        guard let value = consume value, !isGraphQLNull(value) else {
            if isNonNull {
                fieldError(
                    GraphQLError("Cannot return null for non-nullable field \(plan.parentTypeName).\(plan.fieldName)."),
                    plan: plan, slot: slot, boundary: boundary, path: path(), isNonNull: true)
            } else {
                slot.write(.null)
            }
            return
        }
        if let itemType = type.items {
            let items: any ListItems
            if let list = listItems(value) {
                items = list
            } else if case .list(let values)? = value as? GraphQLValue {
                items = values
            } else {
                fieldError(
                    GraphQLError(
                        "Expected Iterable, but did not find one for field \"\(plan.parentTypeName).\(plan.fieldName)\"."),
                    plan: plan, slot: slot, boundary: boundary, path: path(), isNonNull: isNonNull)
                return
            }
            let list = ResultList.make(count: items.itemCount)
            slot.write(.list(list))
            // Items of a built-in scalar type mostly have its usual Swift type: complete those directly.
            let itemScalar: BuiltInScalar? =
                if case .scalar(let scalar) = plan.completion, itemType.items == nil { scalar.builtIn } else { nil }
            // A list inside a list makes its path, which its items need; a field's list does not.
            let listPath: ResponsePath? = if case .field = step { nil } else { path() }
            items.forEachItem { index, item in
                if let itemScalar, let item, let leaf = itemScalar.exactLeaf(item) {
                    list[index] = .leaf(leaf)
                    return
                }
                completeValue(
                    consume item, type: itemType, plan: plan, slot: .item(list, index), boundary: childBoundary, parent: parent,
                    step: listPath.map { .nestedItem($0, index) } ?? .item(index))
            }
        } else if plan.completesObject {
            // Most values of a named type are objects of the field's one object type.
            let shape = plan.objectSubPlans ?? subPlans(of: plan, for: plan.returnType.namedType)
            completeObject(
                consume value, shape: shape, plan: plan, slot: slot, boundary: childBoundary, parent: parent, step: step)
        } else {
            switch plan.completion {
            case .scalar(let scalar):
                do {
                    slot.write(.leaf(try scalar.serialize(value)))
                } catch {
                    let message =
                        (error as? ScalarCoercionError)?.message
                        ?? "\(plan.returnType.namedType) cannot represent value: \(inspect(value))"
                    fieldError(GraphQLError(message), plan: plan, slot: slot, boundary: boundary, path: path(), isNonNull: isNonNull)
                }
            case .enumeration(let enumeration):
                let name: String? =
                    if let string = exactCast(value, to: String.self) {
                        string
                    } else {
                        switch value {
                        case let string as String: string
                        case let raw as any RawRepresentable<String>: raw.rawValue
                        case let graphQLValue as GraphQLValue:
                            if case .enumValue(let text) = graphQLValue { text } else if case .string(let text) = graphQLValue { text } else { nil }
                        default: nil
                        }
                    }
                if let name, enumeration.names.contains(name) {
                    slot.write(.leaf(.enumValue(name)))
                } else {
                    fieldError(
                        GraphQLError("Enum \"\(enumeration.typeName)\" cannot represent value: \(inspect(value))"),
                        plan: plan, slot: slot, boundary: boundary, path: path(), isNonNull: isNonNull)
                }
            case .object:
                // Completed above, without copying the completion, and its type's name, out of the plan.
                preconditionFailure("An object type's field completes through `completesObject`.")
            case .abstract(let name):
                let runtimeName = executable.typeResolver(for: name)?(value) ?? (value as? any GraphQLTypeNamed)?.graphQLTypeName
                guard let runtimeName else {
                    fieldError(
                        GraphQLError(
                            "Abstract type \"\(name)\" must resolve to an Object type at runtime for field \"\(plan.parentTypeName).\(plan.fieldName)\". Either the \"\(name)\" type should provide a \"resolveType\" function or each possible type should provide an \"isTypeOf\" function."),
                        plan: plan, slot: slot, boundary: boundary, path: path(), isNonNull: isNonNull)
                    return
                }
                guard case .object? = schema.type(named: runtimeName) else {
                    fieldError(
                        GraphQLError(
                            "Abstract type \"\(name)\" was resolved to a type \"\(runtimeName)\" that does not exist inside the schema."),
                        plan: plan, slot: slot, boundary: boundary, path: path(), isNonNull: isNonNull)
                    return
                }
                guard schema.isPossibleType(runtimeName, of: name) else {
                    fieldError(
                        GraphQLError("Runtime Object type \"\(runtimeName)\" is not a possible type for \"\(name)\"."),
                        plan: plan, slot: slot, boundary: boundary, path: path(), isNonNull: isNonNull)
                    return
                }
                completeObject(
                    consume value, shape: subPlans(of: plan, for: runtimeName), plan: plan, slot: slot,
                    boundary: childBoundary, parent: parent, step: step)
            case .invalid(let name):
                fieldError(
                    GraphQLError("Cannot complete value of unexpected output type: \"\(name)\"."), plan: plan, slot: slot,
                    boundary: boundary, path: path(), isNonNull: isNonNull)
            }
        }
    }

    /// Makes an object of `shape` for the next level.
    private func completeObject(
        _ value: consuming any Sendable, shape: Unmanaged<FieldPlans>, plan: FieldPlan, slot: ResultSlot,
        boundary: consuming ResultSlot?, parent: ResultObject, step: Step
    ) {
        let place: ResultPlace =
            switch step {
            case .field: .field(Unmanaged.passUnretained(parent), Unmanaged.passUnretained(plan))
            case .item(let index): .item(Unmanaged.passUnretained(parent), Unmanaged.passUnretained(plan), index: index)
            case .nestedItem(let listPath, let index): .path(ResponsePath(parent: listPath, step: .index(index)))
            }
        let object = ResultObject.make(shape: shape, source: consume value, place: place, boundary: consume boundary)
        slot.write(.object(object))
        nextLevel.append(consume object)
    }

    /// Whether `value` is `GraphQLValue.null`, which completes as an absent value does. (Optionals
    /// inside lists arrive flattened: `listItems` maps a nil item to nil.) A test rather than an
    /// unwrapping function: returning the value cost a retain and a release for every value.
    private func isGraphQLNull(_ value: any Sendable) -> Bool {
        // A metadata comparison first: a full dynamic cast on every value is measurably slow.
        guard let graphQLValue = exactCast(value, to: GraphQLValue.self) else { return false }
        return graphQLValue == .null
    }

    // MARK: - Errors

    private func fieldError(
        _ error: any Error, plan: FieldPlan, slot: ResultSlot, boundary: ResultSlot?, path: ResponsePath, isNonNull: Bool
    ) {
        let components = path.components
        var graphQLError: GraphQLError
        if let clientFacing = error as? any ClientFacingError {
            graphQLError = clientFacing.graphQLError
        } else {
            request.onInternalError?(error, components)
            graphQLError = GraphQLError(
                "Internal server error.", extensions: GraphQLObject([("code", .string("INTERNAL_SERVER_ERROR"))]))
        }
        let argumentsFailed = if case .failure = shared.arguments(of: plan) { true } else { false }
        if graphQLError.locations.isEmpty || argumentsFailed {
            let nodes = path.fieldStep.map { shared.fieldNodes(of: plan, under: $0.parent) } ?? plan.fieldNodes
            if argumentsFailed, let error = argumentError(of: plan, at: nodes) { graphQLError = error }
            if graphQLError.locations.isEmpty { graphQLError.locations = nodes.map { $0.location.sourceLocation } }
        }
        graphQLError.path = components
        errors.append(graphQLError)
        if isNonNull {
            if let boundary { cutOff.append(boundary.exchange(.null)) } else { dataIsNull = true }
        } else {
            slot.write(.null)
        }
    }

    // MARK: - Plans

    /// The plans of selection sets (a field's nodes', or the operation's) on one object type.
    func plans(for typeName: String, selectionSets: [SelectionSetNode]) -> FieldPlans {
        let groups = shared.collector.collect(typeName, selectionSets)
        let fields = executable.fieldInfo[typeName] ?? [:]
        // Wide selections are mostly aliases of one field: look a name up once per run of it.
        var last: (name: String, info: FieldInfo)?
        return FieldPlans(
            typeName: typeName,
            groups.keys.indices.map { index in
                let nodes = groups.nodes[index]
                let fieldName = nodes[0].name.value
                let info =
                    (last?.name == fieldName ? last?.info : fields[fieldName])
                    ?? FieldInfo(
                        FieldDefinition(name: fieldName, type: .named("String")), on: typeName, binding: nil,
                        completions: [:])
                last = (fieldName, info)
                return FieldPlan(responseKey: groups.keys[index], fieldNodes: nodes, info: info, schema: schema)
            })
    }

    /// The plans of a field's sub-selection on one object type, kept by the field's plan and
    /// shared with every other field of the same shape; not counted, as the plan holds them.
    private func subPlans(of plan: FieldPlan, for typeName: String) -> Unmanaged<FieldPlans> {
        if let kept = plan.subPlans(for: typeName) { return kept }
        let shape = SelectionShape(typeName: typeName, fieldNodes: plan.fieldNodes, source: request.document.source)
        let plans: FieldPlans
        if let shape, let shared = plansByShape[shape] {
            plans = shared
        } else {
            plans = self.plans(for: typeName, selectionSets: plan.fieldNodes.compactMap(\.selectionSet))
            if let shape { plansByShape[shape] = plans }
        }
        return Unmanaged.passUnretained(plan.keepSubPlans(plans))
    }

    /// A shared plan's argument error carries the locations of the field it was planned from:
    /// the arguments are coerced again as written at this field.
    private func argumentError(of plan: FieldPlan, at nodes: [FieldNode]) -> GraphQLError? {
        let coerced = FieldPlan.coerceArguments(
            info: plan.info, at: nodes.first, schema: schema, variables: shared.variables)
        if case .failure(let error) = coerced { return error }
        return nil
    }
}
