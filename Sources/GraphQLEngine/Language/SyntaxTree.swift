/// The executable nodes of one parsed document, stored flat: one array per kind of node, children
/// referred to by number, the children of one node side by side.
///
/// Selections, directives and variable definitions are read through views (`FieldNode`,
/// `DirectiveNode`, …) that hold the tree and a number. Parsing a document therefore makes a few
/// arrays rather than one per list of children, and copying or freeing a node is one reference
/// count. The records hold no reference to the tree, so views never form a cycle with it.
/// Public only as an opaque handle: nothing outside the parser makes or reads one.
public final class SyntaxTree: @unchecked Sendable {
    // @unchecked: the parser fills `storage` once, before any view of the tree is read; it is
    // never written again. Unchecked exclusivity for the same reason: every access is a read.
    @exclusivity(unchecked) var storage = SyntaxStorage()

    deinit {
        StoragePool.recycle(&storage)
    }

    func name(_ number: Int32) -> NameNode? { number == .none ? nil : storage.names[Int(number)] }

    func description(_ number: Int32) -> StringValueNode? {
        number == .none ? nil : storage.descriptions[Int(number)]
    }

    func value(_ number: Int32) -> ValueNode? { number == .none ? nil : storage.values[Int(number)] }

    func selectionSet(_ number: Int32) -> SelectionSetNode? {
        number == .none ? nil : SelectionSetNode(tree: self, number: number)
    }
}

struct SyntaxStorage {
    var names: [NameNode] = []
    var descriptions: [StringValueNode] = []
    var variables: [VariableNode] = []
    var values: [ValueNode] = []
    var types: [TypeNode] = []
    var arguments: [ArgumentNode] = []
    var directives: [DirectiveRecord] = []
    var variableDefinitions: [VariableDefinitionRecord] = []
    var selections: [SelectionRecord] = []
    var selectionSets: [SelectionSetRecord] = []

    var capacityInBytes: Int {
        func bytes<Element>(_ array: [Element]) -> Int { array.capacity * MemoryLayout<Element>.stride }
        return bytes(names) + bytes(descriptions) + bytes(variables) + bytes(values) + bytes(types)
            + bytes(arguments) + bytes(directives) + bytes(variableDefinitions) + bytes(selections)
            + bytes(selectionSets)
    }

    /// Empties every array, keeping its capacity.
    mutating func removeAll() {
        names.removeAll(keepingCapacity: true)
        descriptions.removeAll(keepingCapacity: true)
        variables.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        types.removeAll(keepingCapacity: true)
        arguments.removeAll(keepingCapacity: true)
        directives.removeAll(keepingCapacity: true)
        variableDefinitions.removeAll(keepingCapacity: true)
        selections.removeAll(keepingCapacity: true)
        selectionSets.removeAll(keepingCapacity: true)
    }
}

/// A run of children in one of the storage's arrays.
struct Span: Hashable, Sendable {
    var start: Int32
    var count: Int32

    static let empty = Span(start: 0, count: 0)
}

/// The number of an optional child: `none` when absent.
extension Int32 {
    static let none: Int32 = -1
}

struct DirectiveRecord {
    var name: Int32
    var arguments: Span
    var location: Location
}

struct VariableDefinitionRecord {
    var description: Int32
    var variable: Int32
    var type: Int32
    var defaultValue: Int32
    var directives: Span
    var location: Location
}

struct SelectionRecord {
    enum Kind: UInt8 {
        case field, fragmentSpread, inlineFragment
    }

    var kind: Kind
    /// Fields only.
    var alias: Int32 = .none
    /// A field's or a fragment spread's name; an inline fragment's type condition, if any.
    var name: Int32
    var arguments: Span = .empty
    var directives: Span
    var selectionSet: Int32 = .none
    var location: Location
}

struct SelectionSetRecord {
    var selections: Span
    var location: Location
}
