/// A list a resolver returned, read item by item. Arrays conform, so completing a list neither
/// converts it to `[(any Sendable)?]` (a dynamic cast of every item) nor copies it.
protocol ListItems {
    var itemCount: Int { get }
    /// Items as `Any`: a conformance cannot be conditional on the marker protocol `Sendable`.
    /// The list itself arrived as `any Sendable`, so its items are.
    func forEachItem(_ body: (Int, Any?) -> Void)
}

extension Array: ListItems {
    var itemCount: Int { count }

    func forEachItem(_ body: (Int, Any?) -> Void) {
        // An array of optionals: each item's nil must reach completion as nil, not as a boxed
        // `Optional.none`. One check per list; only such lists pay a cast per item.
        if Element.self is any OptionalItem.Type {
            for index in indices { body(index, (self[index] as? any OptionalItem)?.wrappedItem) }
        } else {
            for index in indices { body(index, self[index]) }
        }
    }
}

protocol OptionalItem {
    var wrappedItem: Any? { get }
}

extension Optional: OptionalItem {
    var wrappedItem: Any? {
        switch self {
        case .some(let value): (value as? any OptionalItem)?.wrappedItem ?? value
        case .none: nil
        }
    }
}
