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

/// A field's return type as completion walks it, a class a level, made once for the field's
/// plan. Walked as a `TypeReference`, an indirect enum, each level's box was copied out of the
/// one above it: a retain and a release for every value completed.
final class CompletionType: Sendable {
    let isNonNull: Bool
    /// The items' type, for a list; nil at the named type.
    let items: CompletionType?

    init(_ type: TypeReference) {
        switch type {
        case .nonNull(let inner):
            isNonNull = true
            items = if case .list(let itemType) = inner { CompletionType(itemType) } else { nil }
        case .list(let itemType):
            isNonNull = false
            items = CompletionType(itemType)
        case .named:
            isNonNull = false
            items = nil
        }
    }
}
