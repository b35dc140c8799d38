/// How a field's named type completes (spec 6.4.3). Holds only what completion reads, so that
/// matching on it per value copies no type definition.
enum Completion: Sendable {
    case scalar(ScalarCompletion)
    case enumeration(EnumValueNames)
    case object(String)
    case abstract(String)
    /// An input type or an unknown name: an error at run time.
    case invalid(String)

    init(_ type: NamedType?, name: String) {
        switch type {
        case .scalar(let scalar)?: self = .scalar(ScalarCompletion(scalar))
        case .enumeration(let enumeration)?: self = .enumeration(EnumValueNames(enumeration))
        case .object(let object)?: self = .object(object.name)
        case .interface?, .union?: self = .abstract(name)
        case .inputObject?, nil: self = .invalid(name)
        }
    }
}

final class ScalarCompletion: Sendable {
    let coercion: any ScalarCoercing
    /// Set for the built-in scalars, whose usual values complete without a call through the
    /// coercion protocol.
    let builtIn: BuiltInScalar?

    init(_ type: ScalarType) {
        coercion = type.coercion
        builtIn = BuiltInScalar(rawValue: type.name)
    }

    /// The leaf value of `value`, or the coercion's error message.
    @inline(__always)
    func serialize(_ value: any Sendable) throws -> GraphQLValue {
        if let builtIn, let leaf = builtIn.exactLeaf(value) { return leaf }
        return try coercion.serialize(value)
    }
}

final class EnumValueNames: Sendable {
    let typeName: String
    let names: Set<String>

    init(_ type: EnumType) {
        typeName = type.name
        names = Set(type.values.map(\.name))
    }
}
