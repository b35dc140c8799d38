import Synchronization

/// What executing one response key of a selection set on one object type needs, worked out once
/// however many objects share it: the field, its nodes, its coerced arguments. Plans are kept with
/// their document (`PlanCache`), so they hold nothing of one request: arguments written with
/// variables are coerced by each execution (`ExecutionShared.arguments(of:)`).
final class FieldPlan: Sendable {
    let responseKey: String
    let fieldNodes: [FieldNode]
    let info: FieldInfo
    /// The coerced arguments, or why they could not be coerced; nil when they are written with
    /// variables.
    let constantArguments: Result<Arguments, GraphQLError>?
    /// How the field's value is produced, from its binding (or one that first fails with an
    /// argument error), each function in a class of its own: the executor calls it through its
    /// `unretained` reference, where matching a `FieldBinding` copied the closure out of the plan,
    /// a retain and a release for every field. A field without a binding has neither.
    private let reader: SourceReading?
    let unretainedReader: Unmanaged<SourceReading>?
    private let resolver: FieldResolving?
    let unretainedResolver: Unmanaged<FieldResolving>?
    /// The binding's leaf reader, kept as `reader`, when it reads the field's scalar's leaf.
    private let leafReader: SourceLeafReading?
    let unretainedLeafReader: Unmanaged<SourceLeafReading>?
    // Copied from `info` for the executor's per-value work.
    let returnType: TypeReference
    let completionType: CompletionType
    /// Whether the named type is an object type: its values complete with the one type's plans.
    let completesObject: Bool
    let isTypename: Bool
    let isNonNull: Bool
    let directScalar: BuiltInScalar?
    /// The sub-selection's plans per object type: one for a field of an object type, one per
    /// concrete type met for an abstract one. Filled by whichever execution meets the type first.
    /// The first is read for every object completed, without a lock: the address of a retained
    /// `FieldPlans`, or 0 (`AtomicLazyReference` is not specialised: it looks its metadata up on
    /// every load).
    private let firstSubPlans = Atomic<UInt>(0)
    private let otherSubPlans = Mutex<[FieldPlans]>([])
    /// `ResolveInfo.selectedFieldNames` along each path asked for: it depends only on the field's
    /// sub-selection and the `@skip`/`@include` conditions, both fixed for a plan, so a cached
    /// document works it out once rather than on every request (docs/performance.md).
    private let lookaheads = Mutex<[(path: [String], names: Set<String>)]>([])
    /// The constant arguments decoded into their resolver's Swift type, in a retained
    /// `DecodedArguments`, or 0 until a query first decodes them; read without a lock, as
    /// `firstSubPlans` is.
    private let decodedArguments = Atomic<UInt>(0)

    private final class DecodedArguments: Sendable {
        let value: any Sendable
        init(_ value: any Sendable) { self.value = value }
    }

    /// Values worked out from the field's selection (`ResolveInfo.derivedFromSelection`), one
    /// of each type, as a list that only grows at its head: the address of a retained node, or 0.
    /// A node is freed only with the plan, so a reader walking the list without a lock never
    /// meets a freed one.
    private let selectionDerived = Atomic<UInt>(0)

    private final class SelectionDerived: Sendable {
        let type: ObjectIdentifier
        let value: any Sendable
        let next: SelectionDerived?

        init(type: ObjectIdentifier, value: any Sendable, next: SelectionDerived?) {
            self.type = type
            self.value = value
            self.next = next
        }
    }

    var fieldName: String { info.name }
    var parentTypeName: String { info.parentTypeName }
    var completion: Completion { info.completion }

    private static let noArguments = Arguments(GraphQLObject())

    init(responseKey: String, fieldNodes: [FieldNode], info: FieldInfo, schema: GraphQLSchema) {
        self.responseKey = responseKey
        self.fieldNodes = fieldNodes
        self.info = info
        returnType = info.returnType
        completionType = CompletionType(info.returnType)
        completesObject = if case .object = info.completion { true } else { false }
        isTypename = info.isTypename
        isNonNull = info.isNonNull
        directScalar = info.directScalar
        let binding: FieldBinding?
        if let node = fieldNodes.first, node.arguments.contains(where: { $0.value.containsVariable }) {
            constantArguments = nil
            let resolver = info.binding?.resolver
            binding = .resolve { call in
                if case .failure(let error) = call.shared.arguments(of: call.plan) { throw error }
                return try resolver?(call) ?? .null
            }
        } else {
            let arguments = Self.coerceArguments(info: info, at: fieldNodes.first, schema: schema, variables: GraphQLObject())
            constantArguments = arguments
            switch arguments {
            case .success: binding = info.binding
            case .failure(let error): binding = .resolve { _ in throw error }
            }
        }
        reader = if case .read(let read, _)? = binding { SourceReading(read) } else { nil }
        unretainedReader = reader.map { Unmanaged.passUnretained($0) }
        resolver = if case .resolve(let resolve)? = binding { FieldResolving(resolve) } else { nil }
        unretainedResolver = resolver.map { Unmanaged.passUnretained($0) }
        leafReader =
            if case .read(_, let leaf?)? = binding, leaf.scalar == info.scalarName {
                SourceLeafReading(leaf.read)
            } else {
                nil
            }
        unretainedLeafReader = leafReader.map { Unmanaged.passUnretained($0) }
    }

    static func coerceArguments(
        info: FieldInfo, at node: FieldNode?, schema: GraphQLSchema, variables: GraphQLObject
    ) -> Result<Arguments, GraphQLError> {
        guard let node, !(info.arguments.isEmpty && node.arguments.isEmpty) else { return .success(noArguments) }
        return Result { () throws(GraphQLError) in
            Arguments(
                try ValueCoercion.argumentValues(
                    info.arguments, nodes: node.arguments, schema: schema, variables: variables, location: node.location))
        }
    }

    deinit {
        if let first = UnsafeRawPointer(bitPattern: firstSubPlans.load(ordering: .acquiring)) {
            Unmanaged<FieldPlans>.fromOpaque(first).release()
        }
        if let decoded = UnsafeRawPointer(bitPattern: decodedArguments.load(ordering: .acquiring)) {
            Unmanaged<DecodedArguments>.fromOpaque(decoded).release()
        }
        if let derived = UnsafeRawPointer(bitPattern: selectionDerived.load(ordering: .acquiring)) {
            Unmanaged<SelectionDerived>.fromOpaque(derived).release()
        }
    }

    /// The value of type `Value` worked out from this plan's selection, by `workOut` the first
    /// time it is asked for.
    func derivedFromSelection<Value: Sendable>(_ workOut: () -> Value) -> Value {
        let type = ObjectIdentifier(Value.self)
        func find(from head: UInt) -> Value? {
            var node = UnsafeRawPointer(bitPattern: head).map { Unmanaged<SelectionDerived>.fromOpaque($0).takeUnretainedValue() }
            while let current = node {
                if current.type == type { return exactCast(current.value, to: Value.self) }
                node = current.next
            }
            return nil
        }
        var head = selectionDerived.load(ordering: .acquiring)
        if let known = find(from: head) { return known }
        let value = workOut()
        while true {
            let next = UnsafeRawPointer(bitPattern: head).map { Unmanaged<SelectionDerived>.fromOpaque($0).takeUnretainedValue() }
            let node = Unmanaged.passRetained(SelectionDerived(type: type, value: value, next: next)).toOpaque()
            let (stored, current) = selectionDerived.compareExchange(
                expected: head, desired: UInt(bitPattern: node), ordering: .acquiringAndReleasing)
            if stored {
                // The new node holds the old head now; the plan holds the new one.
                if let next { Unmanaged.passUnretained(next).release() }
                return value
            }
            Unmanaged<SelectionDerived>.fromOpaque(node).release()
            if let known = find(from: current) { return known }
            head = current
        }
    }

    /// `constantArguments` decoded by `decode` the first time, and kept for every later request:
    /// decoding them (into the resolver's `Decodable` arguments) was about 1 % of a diary day's CPU.
    func constantArguments<Decoded: Sendable>(decodedBy decode: () throws -> Decoded) rethrows -> Decoded {
        if let pointer = UnsafeRawPointer(bitPattern: decodedArguments.load(ordering: .acquiring)),
            let kept = exactCast(Unmanaged<DecodedArguments>.fromOpaque(pointer).takeUnretainedValue().value, to: Decoded.self)
        {
            return kept
        }
        let decoded = try decode()
        let retained = Unmanaged.passRetained(DecodedArguments(decoded)).toOpaque()
        let (stored, _) = decodedArguments.compareExchange(
            expected: 0, desired: UInt(bitPattern: retained), ordering: .acquiringAndReleasing)
        if !stored { Unmanaged<DecodedArguments>.fromOpaque(retained).release() }
        return decoded
    }

    /// The sub-plans of a field of an object type, once kept, without a count: this plan holds
    /// them. Nothing to compare: there is only the one type.
    var objectSubPlans: Unmanaged<FieldPlans>? {
        UnsafeRawPointer(bitPattern: firstSubPlans.load(ordering: .acquiring)).map(Unmanaged<FieldPlans>.fromOpaque)
    }

    /// The sub-plans kept for `typeName`, without a count: this plan holds them.
    func subPlans(for typeName: String) -> Unmanaged<FieldPlans>? {
        if let pointer = UnsafeRawPointer(bitPattern: firstSubPlans.load(ordering: .acquiring)) {
            let first = Unmanaged<FieldPlans>.fromOpaque(pointer)
            if first._withUnsafeGuaranteedRef({ $0.typeName == typeName }) { return first }
        }
        return otherSubPlans.withLock { others in others.first { $0.typeName == typeName }.map(Unmanaged.passUnretained) }
    }

    func selectedFieldNames(along path: [String], workedOutBy workOut: () -> Set<String>) -> Set<String> {
        if let known = lookaheads.withLock({ $0.first { $0.path == path }?.names }) { return known }
        let names = workOut()
        lookaheads.withLock { lookaheads in
            if !lookaheads.contains(where: { $0.path == path }) { lookaheads.append((path, names)) }
        }
        return names
    }

    /// Keeps `plans` unless another execution kept plans for the same type first; returns the
    /// plans kept.
    func keepSubPlans(_ plans: FieldPlans) -> FieldPlans {
        let retained = Unmanaged.passRetained(plans).toOpaque()
        let (stored, existing) = firstSubPlans.compareExchange(
            expected: 0, desired: UInt(bitPattern: retained), ordering: .acquiringAndReleasing)
        if stored { return plans }
        Unmanaged<FieldPlans>.fromOpaque(retained).release()
        let first = Unmanaged<FieldPlans>.fromOpaque(UnsafeRawPointer(bitPattern: existing)!).takeUnretainedValue()
        if first.typeName == plans.typeName { return first }
        return otherSubPlans.withLock { others in
            if let kept = others.first(where: { $0.typeName == plans.typeName }) { return kept }
            others.append(plans)
            return plans
        }
    }
}

/// A binding's function of its source, in a class so that it can be called without copying it.
final class SourceReading: Sendable {
    let read: SourceReader

    init(_ read: @escaping SourceReader) {
        self.read = read
    }
}

/// A binding's resolver, kept as `SourceReading` is.
final class FieldResolving: Sendable {
    let resolve: FieldResolver

    init(_ resolve: @escaping FieldResolver) {
        self.resolve = resolve
    }
}

/// A binding's leaf reader, kept as `SourceReading` is.
final class SourceLeafReading: Sendable {
    let read: @Sendable (any Sendable) throws -> GraphQLValue?

    init(_ read: @escaping @Sendable (any Sendable) throws -> GraphQLValue?) {
        self.read = read
    }
}

/// The plans of one selection set on one object type, with their response keys shared by every
/// result object built from them.
final class FieldPlans: Sendable {
    /// The object type the selection set is executed on.
    let typeName: String
    let plans: [FieldPlan]
    /// What the executor and the JSON writer read for every object, in memory of its own.
    let table: FieldPlanTable

    var keys: [String] { plans.map(\.responseKey) }

    init(typeName: String, _ plans: [FieldPlan]) {
        self.typeName = typeName
        self.plans = plans
        var prefixes: [UInt8] = []
        prefixes.reserveCapacity(plans.reduce(0) { $0 + $1.responseKey.utf8.count + 4 })
        var ends: [Int] = []
        ends.reserveCapacity(plans.count)
        for (index, plan) in plans.enumerated() {
            prefixes.append(index == 0 ? UInt8(ascii: "{") : UInt8(ascii: ","))
            prefixes.append(UInt8(ascii: "\""))
            prefixes.append(contentsOf: plan.responseKey.utf8)
            prefixes.append(UInt8(ascii: "\""))
            prefixes.append(UInt8(ascii: ":"))
            ends.append(prefixes.count)
        }
        table = FieldPlanTable(plans: plans.map { Unmanaged.passUnretained($0) }, keyPrefixes: prefixes, keyEnds: ends)
    }

    deinit {
        table.deallocate()
    }
}

/// A `FieldPlans`' plans and their JSON keys, in buffers it owns: reading them through an object
/// retains nothing, where reading one of its arrays retained the array, and the plans the object,
/// for each object executed and written (docs/performance.md). Valid while its `FieldPlans` lives.
struct FieldPlanTable: @unchecked Sendable {
    /// The plans, without their reference counts (`FieldPlans.plans` holds them).
    let plans: UnsafeBufferPointer<Unmanaged<FieldPlan>>
    /// The JSON before each value: `{"first":`, then `,"second":` and so on, written once here
    /// rather than for every object. Response keys are names, so nothing in them needs escaping.
    let keyPrefixes: UnsafeBufferPointer<UInt8>
    /// Where each value's prefix ends in `keyPrefixes`.
    let keyEnds: UnsafeBufferPointer<Int>

    fileprivate init(plans: [Unmanaged<FieldPlan>], keyPrefixes: [UInt8], keyEnds: [Int]) {
        self.plans = Self.copy(plans)
        self.keyPrefixes = Self.copy(keyPrefixes)
        self.keyEnds = Self.copy(keyEnds)
    }

    private static func copy<Element>(_ elements: [Element]) -> UnsafeBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: elements.count)
        _ = buffer.initialize(from: elements)
        return UnsafeBufferPointer(buffer)
    }

    fileprivate func deallocate() {
        plans.deallocate()
        keyPrefixes.deallocate()
        keyEnds.deallocate()
    }
}

extension ValueNode {
    var containsVariable: Bool {
        switch self {
        case .variable: true
        case .list(let items, _): items.contains { $0.containsVariable }
        case .object(let fields, _): fields.contains { $0.value.containsVariable }
        default: false
        }
    }
}
