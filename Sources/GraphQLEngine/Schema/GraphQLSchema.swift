/// A built schema: its named types (built-in scalars and introspection types included), its
/// directives and its root operation types, with the subtype relation precomputed.
///
/// Construction does not validate: `SchemaBuilder` (SDL) and `validateSchema` report problems.
public final class GraphQLSchema: Sendable {
    public let description: String?
    public let queryTypeName: String?
    public let mutationTypeName: String?
    public let subscriptionTypeName: String?
    /// Every named type, in the order they were declared (built-ins last).
    public let types: OrderedDefinitions<NamedType>
    public let directives: OrderedDefinitions<DirectiveDefinition>
    /// Directives applied to the `schema` definition.
    public let schemaDirectives: [DirectiveNode]

    /// For each abstract type: the object types that implement it (interfaces) or belong to it
    /// (unions), in type declaration order.
    private let possibleTypesByAbstract: [String: [String]]
    private let possibleTypeSets: [String: Set<String>]
    /// For each interface: the interfaces that implement it.
    private let interfaceImplementations: [String: [String]]

    public init(
        description: String? = nil, queryTypeName: String?, mutationTypeName: String? = nil,
        subscriptionTypeName: String? = nil, types: [NamedType], directives: [DirectiveDefinition],
        schemaDirectives: [DirectiveNode] = []
    ) {
        self.description = description
        self.queryTypeName = queryTypeName
        self.mutationTypeName = mutationTypeName
        self.subscriptionTypeName = subscriptionTypeName
        self.types = OrderedDefinitions(types)
        self.directives = OrderedDefinitions(directives)
        self.schemaDirectives = schemaDirectives

        var possible: [String: [String]] = [:]
        var interfaces: [String: [String]] = [:]
        for type in types {
            switch type {
            case .object(let object):
                for interface in object.interfaces { possible[interface, default: []].append(object.name) }
            case .interface(let interface):
                for parent in interface.interfaces { interfaces[parent, default: []].append(interface.name) }
            case .union(let union):
                possible[union.name, default: []].append(contentsOf: union.types)
            default:
                break
            }
        }
        self.possibleTypesByAbstract = possible
        self.possibleTypeSets = possible.mapValues(Set.init)
        self.interfaceImplementations = interfaces
    }

    public func type(named name: String) -> NamedType? { types[name] }

    public func rootTypeName(for operation: OperationType) -> String? {
        switch operation {
        case .query: queryTypeName
        case .mutation: mutationTypeName
        case .subscription: subscriptionTypeName
        }
    }

    public func objectType(named name: String) -> ObjectType? {
        if case .object(let type)? = types[name] { return type }
        return nil
    }

    /// The object types an abstract type may resolve to; `[name]` for an object type itself.
    public func possibleTypes(of typeName: String) -> [String] {
        if case .object? = types[typeName] { return [typeName] }
        return possibleTypesByAbstract[typeName] ?? []
    }

    /// Whether `objectTypeName` is a possible type of the abstract type `abstractTypeName`.
    public func isPossibleType(_ objectTypeName: String, of abstractTypeName: String) -> Bool {
        possibleTypeSets[abstractTypeName]?.contains(objectTypeName) ?? false
    }

    /// The interfaces that declare they implement `interfaceName`.
    public func interfacesImplementing(_ interfaceName: String) -> [String] {
        interfaceImplementations[interfaceName] ?? []
    }

    /// graphql-js `isSubType`: an object or interface that is a possible type or an implementation
    /// of the abstract type.
    public func isSubType(_ maybeSubTypeName: String, of abstractTypeName: String) -> Bool {
        switch types[maybeSubTypeName] {
        case .object:
            return isPossibleType(maybeSubTypeName, of: abstractTypeName)
        case .interface:
            return interfaceImplementations[abstractTypeName]?.contains(maybeSubTypeName) ?? false
        default:
            return false
        }
    }

    /// The field `name` of an object or interface type, including the meta-fields `__typename`,
    /// `__schema` and `__type` where the spec allows them.
    public func field(named name: String, on parentTypeName: String) -> FieldDefinition? {
        if name.utf8.first == UInt8(ascii: "_") {
            if name == "__typename" { return Self.typenameField }
            if parentTypeName == queryTypeName {
                if name == "__schema" { return Self.schemaField }
                if name == "__type" { return Self.typeField }
            }
        }
        return types[parentTypeName]?.fields?[name]
    }

    public static let typenameField = FieldDefinition(
        name: "__typename", description: "The name of the current Object type at runtime.",
        type: .nonNull(.named("String")))
    public static let schemaField = FieldDefinition(
        name: "__schema", description: "Access the current type schema of this server.",
        type: .nonNull(.named("__Schema")))
    public static let typeField = FieldDefinition(
        name: "__type", description: "Request the type information of a single type.",
        arguments: [InputValueDefinition(name: "name", type: .nonNull(.named("String")))],
        type: .named("__Type"))
}
