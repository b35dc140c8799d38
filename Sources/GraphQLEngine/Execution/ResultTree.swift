/// The response being built: objects and lists filled in as levels complete, then written once.
enum ResultValue {
    case null
    case leaf(GraphQLValue)
    case object(ResultObject)
    case list(ResultList)
}

final class ResultObject {
    /// The plans the object was built from: its keys, and their JSON.
    let shape: FieldPlans
    var values: [ResultValue]

    var keys: [String] { shape.keys }

    init(shape: FieldPlans) {
        self.shape = shape
        self.values = Array(repeating: .null, count: shape.keys.count)
    }
}

final class ResultList {
    var values: [ResultValue]

    init(count: Int) {
        self.values = Array(repeating: .null, count: count)
    }
}

/// A place in the response a value is written to.
enum ResultSlot {
    case field(ResultObject, Int)
    case item(ResultList, Int)

    func write(_ value: ResultValue) {
        switch self {
        case .field(let object, let index): object.values[index] = value
        case .item(let list, let index): list.values[index] = value
        }
    }
}

/// A response path as a linked list, so that descending a level costs one small node.
final class ResponsePath: Sendable {
    let parent: ResponsePath?
    let component: PathComponent

    init(parent: ResponsePath?, component: PathComponent) {
        self.parent = parent
        self.component = component
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
