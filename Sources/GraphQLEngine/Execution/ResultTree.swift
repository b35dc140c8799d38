/// The response being built: objects and lists filled in as levels complete, then written once.
enum ResultValue {
    case null
    case leaf(GraphQLValue)
    case object(ResultObject)
    case list(ResultList)
}

/// An object of the response, its values stored inline after the header: one allocation per
/// object, and writes that need neither a uniqueness check nor an exclusivity check.
///
/// Until its fields are resolved the object also carries what resolving them needs, so that a
/// level of execution is a list of objects and nothing else is built per object.
final class ResultObject: ManagedBuffer<ResultObject.Header, ResultValue> {
    struct Header {
        /// The plans the object was built from: its keys, and their JSON. Not counted, nor is the
        /// plan of `step`: the root's plans hold every plan below them (a field's plan keeps the
        /// sub-plans it completed with), and the result holds the root's. Counted, they cost a
        /// retain and a release for each object, on counts every event loop's requests share.
        let shape: Unmanaged<FieldPlans>
        let count: Int
        /// The path up to the object's parent and the step from there (nil for the root). The
        /// object's own path node is made only when something asks for it (a child, an error, a
        /// resolver): most objects are leaves of the response, and never need one.
        let parentPath: ResponsePath?
        let step: PathStep?
        var path: ResponsePath?
        /// The value the fields are resolved on.
        var source: (any Sendable)?
        /// The nearest nullable position above, which a null at a non-null field turns to null.
        /// It refers to an ancestor, so it is cleared once the fields are resolved.
        var boundary: ResultSlot?
    }

    /// An object of `shape`, which the caller keeps alive as long as the object (see `shape`).
    static func make(
        shape: Unmanaged<FieldPlans>, source: consuming any Sendable, parentPath: ResponsePath?, step: PathStep?,
        boundary: ResultSlot?
    ) -> ResultObject {
        let count = shape._withUnsafeGuaranteedRef { $0.table.plans.count }
        // Moved into the header: the closure can take it out of an optional, not consume it.
        var source: (any Sendable)? = consume source
        let object = unsafeDowncast(
            create(minimumCapacity: count) { _ in
                Header(
                    shape: shape, count: count, parentPath: parentPath, step: step, path: nil, source: source.take(),
                    boundary: boundary)
            }, to: ResultObject.self)
        object.withUnsafeMutablePointerToElements { $0.initialize(repeating: .null, count: count) }
        return object
    }

    deinit {
        _ = withUnsafeMutablePointers { header, values in values.deinitialize(count: header.pointee.count) }
    }

    // Through the pointer: `header` itself is a class property, checked for exclusive access.
    var shape: FieldPlans { withUnsafeMutablePointerToHeader { $0.pointee.shape.takeUnretainedValue() } }
    /// The shape's table, read without retaining the shape.
    var table: FieldPlanTable {
        withUnsafeMutablePointerToHeader { $0.pointee.shape._withUnsafeGuaranteedRef(\.table) }
    }
    var isRoot: Bool { withUnsafeMutablePointerToHeader { $0.pointee.step == nil } }

    /// The object's path (nil for the root), made the first time it is asked for. Only the
    /// executor asks, on its own task, so the header needs no lock.
    var path: ResponsePath? {
        withUnsafeMutablePointerToHeader { header in
            if let path = header.pointee.path { return path }
            guard let step = header.pointee.step else { return nil }
            let path = ResponsePath(parent: header.pointee.parentPath, step: step)
            header.pointee.path = path
            return path
        }
    }
    var count: Int { withUnsafeMutablePointerToHeader { $0.pointee.count } }
    var keys: [String] { shape.keys }

    subscript(index: Int) -> ResultValue {
        get { withUnsafeMutablePointerToElements { $0[index] } }
        set { withUnsafeMutablePointerToElements { $0[index] = newValue } }
    }
}

/// A list of the response, stored like `ResultObject`.
final class ResultList: ManagedBuffer<Int, ResultValue> {
    static func make(count: Int) -> ResultList {
        let list = unsafeDowncast(create(minimumCapacity: count) { _ in count }, to: ResultList.self)
        list.withUnsafeMutablePointerToElements { $0.initialize(repeating: .null, count: count) }
        return list
    }

    deinit {
        _ = withUnsafeMutablePointers { count, values in values.deinitialize(count: count.pointee) }
    }

    var count: Int { withUnsafeMutablePointerToHeader { $0.pointee } }

    subscript(index: Int) -> ResultValue {
        get { withUnsafeMutablePointerToElements { $0[index] } }
        set { withUnsafeMutablePointerToElements { $0[index] = newValue } }
    }
}

/// A place in the response a value is written to.
enum ResultSlot {
    case field(ResultObject, Int)
    case item(ResultList, Int)

    func write(_ value: ResultValue) {
        switch self {
        case .field(let object, let index): object[index] = value
        case .item(let list, let index): list[index] = value
        }
    }
}

/// One step of a response path: into a field, or into a list's item.
enum PathStep {
    /// Into a field; its plan is not counted (see `ResultObject.Header.shape`).
    case field(Unmanaged<FieldPlan>)
    case index(Int)

    static func into(_ plan: FieldPlan) -> PathStep { .field(Unmanaged.passUnretained(plan)) }
}

/// A response path as a linked list, so that descending a level costs one small node.
final class ResponsePath: Sendable {
    let parent: ResponsePath?
    /// The field a step names; nil for a step into a list.
    let plan: FieldPlan?
    let index: Int

    init(parent: ResponsePath?, step: PathStep) {
        self.parent = parent
        switch step {
        case .field(let plan):
            self.plan = plan.takeUnretainedValue()
            index = 0
        case .index(let index):
            plan = nil
            self.index = index
        }
    }

    var component: PathComponent { plan.map { .key($0.responseKey) } ?? .index(index) }

    /// The nearest step that names a field: this one, or the one above a list's items.
    var fieldStep: ResponsePath? {
        var node: ResponsePath? = self
        while let current = node, current.plan == nil { node = current.parent }
        return node
    }

    var components: [PathComponent] {
        var result: [PathComponent] = []
        var node: ResponsePath? = self
        while let current = node {
            result.append(current.component)
            node = current.parent
        }
        return result.reversed()
    }
}
