/// A JSON-like runtime value: variables as received, coerced argument values, and what custom
/// scalars serialise to. Objects keep their fields in order.
public enum GraphQLValue: Hashable, Sendable {
    case null
    case boolean(Bool)
    case int(Int)
    case float(Double)
    case string(String)
    /// An enum value's name, after input coercion.
    case enumValue(String)
    case list([GraphQLValue])
    case object(GraphQLObject)
}

/// The fields of an input object or JSON object, in order, with lookup by name.
public struct GraphQLObject: Hashable, Sendable {
    public private(set) var fields: [(name: String, value: GraphQLValue)]

    public init(_ fields: [(name: String, value: GraphQLValue)] = []) {
        self.fields = fields
    }

    public var isEmpty: Bool { fields.isEmpty }
    public var count: Int { fields.count }

    /// Linear lookup: input objects are small, and a scan beats hashing at these sizes.
    public subscript(name: String) -> GraphQLValue? {
        get { fields.first { $0.name == name }?.value }
        set {
            if let index = fields.firstIndex(where: { $0.name == name }) {
                if let newValue { fields[index].value = newValue } else { fields.remove(at: index) }
            } else if let newValue {
                fields.append((name, newValue))
            }
        }
    }

    public func contains(_ name: String) -> Bool { fields.contains { $0.name == name } }

    public static func == (lhs: GraphQLObject, rhs: GraphQLObject) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fields.count)
        for field in fields {
            hasher.combine(field.name)
            hasher.combine(field.value)
        }
    }
}
