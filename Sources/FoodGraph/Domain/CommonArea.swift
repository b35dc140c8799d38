import Foundation
import GraphQLEngine

/// What every area shares: the scalars, `Node` and `node(id:)`, pages, user errors, money and
/// places, and the `@auth` rule.
enum CommonArea: Area {
    static func bind(_ binder: inout SchemaBinder) {
        binder.resolvers.directive("auth") { call, arguments in try AuthorizationRule.check(call, arguments) }
        for (name, sample) in [("Date", "2026-01-01"), ("DateTime", "2026-01-01T00:00:00Z"), ("Decimal", "1"), ("Base64", "")] {
            binder.resolvers.scalarSample(name, .string(sample))
        }
        binder.resolvers.scalarSample("EmailAddress", .string("someone@example.com"))
        binder.query { query in
            query.field("node", arguments: NodeArguments.self) { arguments, context in
                Resolved<AbstractValue<NodeInterface>?>(unchecked: try node(arguments.id, context))
            }
            query.field("nodes", arguments: NodesArguments.self) { arguments, context in
                guard arguments.ids.count <= 100 else { throw DomainError.badUserInput("Ask for at most 100 IDs at once.") }
                return Resolved<[AbstractValue<NodeInterface>?]>(unchecked: collect(try arguments.ids.map { try node($0, context) }))
            }
        }
        binder.object(PageInfo.self) { info in
            info.field("hasNextPage") { $0.hasNextPage }
            info.field("hasPreviousPage") { $0.hasPreviousPage }
            info.field("startCursor") { $0.outwardCursor(of: $0.startKeys) }
            info.field("endCursor") { $0.outwardCursor(of: $0.endKeys) }
        }
        binder.object(UserError.self) { error in
            error.field("field") { $0.field }
            error.field("message") { $0.message }
            error.field("code") { $0.code }
        }
        binder.enumeration(UserErrorCode.self)
        binder.object(Money.self) { money in
            money.field("amount") { $0.amount }
            money.field("currency") { $0.currency }
        }
        binder.object(GeoPoint.self) { point in
            point.field("latitude") { $0.latitude }
            point.field("longitude") { $0.longitude }
        }
    }

    /// A node by global ID, through its area's fetcher (which applies the type's visibility).
    static func node(_ id: String, _ context: RequestContext) throws -> Resolution {
        guard let globalID = GlobalID(parsing: id) else { throw DomainError.badUserInput("\"\(id)\" is not a valid ID.") }
        guard let fetch = context.nodes[globalID.typeName] else { return .null }
        return try fetch(globalID.key, context)
    }

    /// Combines per-ID resolutions into one list value, keeping batching.
    static func collect(_ resolutions: [Resolution]) -> Resolution {
        var result: Resolution = .value([(any Sendable)?]())
        for resolution in resolutions {
            result = result.map { partial in
                let items = partial as? [(any Sendable)?] ?? []
                return resolution.map { item in .value(items + [item]) }
            }
        }
        return result
    }
}

private struct NodeArguments: Decodable, Sendable {
    var id: String
}

private struct NodesArguments: Decodable, Sendable {
    var ids: [String]
}

/// The `Node` interface, for values of `node(id:)`.
enum NodeInterface: AbstractKind {
    static let graphQLTypeName = "Node"
}

extension UserError: ObjectValue {
    public static let graphQLTypeName = "UserError"
}

extension UserErrorCode: GraphQLEnum {
    public static let graphQLTypeName = "UserErrorCode"
}

/// An amount of money in a currency (schema type `Money`).
struct Money: ObjectValue {
    static let graphQLTypeName = "Money"
    var amount: DecimalText
    var currency: String

    init(amount: DecimalText, currency: String) {
        self.amount = amount
        self.currency = currency.withoutPadding
    }

    init?(_ amount: String?, _ currency: String) {
        guard let amount else { return nil }
        self.init(amount: DecimalText(amount), currency: currency)
    }
}

/// A point on Earth (schema type `GeoPoint`).
struct GeoPoint: ObjectValue {
    static let graphQLTypeName = "GeoPoint"
    var latitude: Double
    var longitude: Double
}
