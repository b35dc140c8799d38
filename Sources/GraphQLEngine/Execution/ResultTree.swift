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
        /// plan in `place`: the root's plans hold every plan below them (a field's plan keeps the
        /// sub-plans it completed with), and the result holds the root's. Counted, they cost a
        /// retain and a release for each object, on counts every event loop's requests share.
        let shape: Unmanaged<FieldPlans>
        let count: Int
        /// Where the object is in the response, from which its path is made when something asks
        /// for it (an error, a resolver reading its path): most objects never need one.
        let place: ResultPlace
        /// The value the fields are resolved on.
        var source: (any Sendable)?
        /// The nearest nullable position above, which a null at a non-null field turns to null.
        /// It refers to an ancestor, so it is cleared once the fields are resolved.
        var boundary: ResultSlot?
    }

    /// An object of `shape`, which the caller keeps alive as long as the object (see `shape`).
    static func make(
        shape: Unmanaged<FieldPlans>, source: consuming any Sendable, place: ResultPlace,
        boundary: consuming ResultSlot?
    ) -> ResultObject {
        let count = shape._withUnsafeGuaranteedRef { $0.table.plans.count }
        // Moved into the header: the closure can take them out of optionals, not consume them.
        var source: (any Sendable)? = consume source
        var boundary = consume boundary
        let object = unsafeDowncast(
            create(minimumCapacity: count) { _ in
                Header(
                    shape: shape, count: count, place: place, source: source.take(), boundary: boundary.take())
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
    var isRoot: Bool { withUnsafeMutablePointerToHeader { if case .root = $0.pointee.place { true } else { false } } }

    /// The object's path (nil for the root), made each time it is asked for: errors and
    /// resolvers that read their path are rare. Only read from the tree, so resolvers running
    /// side by side may ask for it.
    var path: ResponsePath? {
        withUnsafeMutablePointerToHeader { header in
            switch header.pointee.place {
            case .root: nil
            case .field(let parent, let plan): parent._withUnsafeGuaranteedRef { ResponsePath(field: plan, of: $0) }
            case .item(let parent, let plan, let index):
                parent._withUnsafeGuaranteedRef { ResponsePath(field: plan, of: $0, item: index) }
            case .path(let path): path
            }
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

    /// Writes `value`, returning what was there.
    func exchange(_ value: ResultValue) -> ResultValue {
        switch self {
        case .field(let object, let index):
            defer { object[index] = value }
            return object[index]
        case .item(let list, let index):
            defer { list[index] = value }
            return list[index]
        }
    }
}

/// Where an object is in the response: enough to make its path, without making it.
///
/// The parent is not counted: counted, it would make a cycle with the parent's reference to the
/// object. It lives as long as the object needs it because the result tree holds it until the
/// execution ends (the executor keeps what a null at a non-null field cuts off the tree), and a
/// path is asked for only while the execution runs (`ResolveInfo` checks it).
enum ResultPlace {
    case root
    /// The value of the parent's field.
    case field(Unmanaged<ResultObject>, Unmanaged<FieldPlan>)
    /// An item of the list that is the value of the parent's field.
    case item(Unmanaged<ResultObject>, Unmanaged<FieldPlan>, index: Int)
    /// The path itself, made with the object: an item of a list inside a list.
    case path(ResponsePath)
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

    /// The path of `plan`'s field of `parent`, or of the item at `index` of the field's list.
    convenience init(field plan: Unmanaged<FieldPlan>, of parent: ResultObject, item index: Int? = nil) {
        if let index {
            self.init(parent: ResponsePath(parent: parent.path, step: .field(plan)), step: .index(index))
        } else {
            self.init(parent: parent.path, step: .field(plan))
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
