/// A schema element with a name: a field, an argument, an enum value, a type.
public protocol NamedDefinition: Sendable {
    var name: String { get }
}

/// Definitions in declaration order with constant-time lookup by name; introspection and printing
/// need the order, validation and execution need the lookup.
public struct OrderedDefinitions<Element: NamedDefinition>: Sendable, RandomAccessCollection {
    public private(set) var elements: [Element]
    private var indexByName: [String: Int]

    public init(_ elements: [Element] = []) {
        self.elements = []
        self.indexByName = [:]
        self.elements.reserveCapacity(elements.count)
        for element in elements { append(element) }
    }

    public var startIndex: Int { elements.startIndex }
    public var endIndex: Int { elements.endIndex }
    public subscript(position: Int) -> Element { elements[position] }

    public subscript(name: String) -> Element? {
        guard let index = indexByName[name] else { return nil }
        return elements[index]
    }

    /// Appends, or replaces an element of the same name in place.
    public mutating func append(_ element: Element) {
        if let index = indexByName[element.name] {
            elements[index] = element
        } else {
            indexByName[element.name] = elements.count
            elements.append(element)
        }
    }

    public func contains(name: String) -> Bool { indexByName[name] != nil }
}
