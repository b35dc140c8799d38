/// A list a resolver returned, read item by item. Arrays conform, so completing a list neither
/// converts it to `[(any Sendable)?]` (a dynamic cast of every item) nor copies it.
protocol ListItems {
    var itemCount: Int { get }
    /// Each item is handed over, so that completing it moves it rather than copying it.
    func forEachItem(_ body: (Int, consuming (any Sendable)?) -> Void)
}

/// `value` as a list. Arrays of the built-in scalars' usual Swift types are found by a metadata
/// comparison; anything else takes the general dynamic cast, a conformance lookup per list that
/// costs a list of strings more than completing its items.
func listItems(_ value: any Sendable) -> (any ListItems)? {
    if let strings = exactCast(value, to: [String].self) { return strings }
    if let integers = exactCast(value, to: [Int].self) { return integers }
    if let numbers = exactCast(value, to: [Double].self) { return numbers }
    if let booleans = exactCast(value, to: [Bool].self) { return booleans }
    return value as? any ListItems
}

extension Array: ListItems {
    var itemCount: Int { count }

    func forEachItem(_ body: (Int, consuming (any Sendable)?) -> Void) {
        if _isOptional(Element.self) {
            // An array of optionals: each item's nil must reach completion as nil, not as a boxed
            // `Optional.none`. One check per list; only such lists pay a cast per item.
            for index in 0..<count { body(index, (self[index] as? any OptionalItem)?.wrappedItem.map(sendable)) }
        } else {
            for index in 0..<count { body(index, sendable(self[index])) }
        }
    }
}

/// An item of a list that arrived as `any Sendable`, so that the item is Sendable too. A
/// conformance cannot say so (it cannot be conditional on a marker protocol), so the item is
/// reinterpreted: `Any` and `any Sendable` have the same layout, a marker protocol adding no
/// witness table. The `as Any` keeps the existential closed; opened, the cast would reinterpret
/// the value itself.
@inline(__always)
private func sendable(_ item: Any) -> any Sendable {
    unsafeBitCast(item as Any, to: (any Sendable).self)
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
