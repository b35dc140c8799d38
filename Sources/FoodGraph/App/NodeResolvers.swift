import GraphQLEngine
import Postgres

/// `node(id:)` and `nodes(ids:)`: any entity by global ID, with the same visibility rules as
/// everywhere else (a user is visible to themself and to support; a diary entry to its owner).
enum NodeResolvers {
    static func bind(_ resolvers: inout Resolvers) {
        resolvers.field("Query", "node") { call in
            try node(call.arguments.values.string("id") ?? "", call)
        }
        resolvers.field("Query", "nodes") { call in
            guard case .list(let values)? = call.arguments["ids"] else { return .value([(any Sendable)?]()) }
            guard values.count <= 100 else { throw DomainError.badUserInput("Ask for at most 100 IDs at once.") }
            let resolutions = try values.map { value -> Resolution in
                guard case .string(let id) = value else { return .null }
                return try node(id, call)
            }
            return collect(resolutions)
        }
    }

    static func node(_ id: String, _ call: FieldCall) throws -> Resolution {
        guard let globalID = GlobalID(parsing: id) else { throw DomainError.badUserInput("\"\(id)\" is not a valid ID.") }
        let context = try call.requestContext
        switch globalID.typeName {
        case "User":
            guard let viewer = context.viewer, viewer.userID == globalID.key || viewer.holds(.support) else { return .null }
            return context.loaders.users.load(globalID.key)
        case "Product":
            return context.loaders.products.load(globalID.key).map { product in
                guard let product = product as? ProductRecord, product.status == "active" || context.viewer?.isAdministrator == true
                else { return .null }
                return .value(product)
            }
        case "Category":
            return context.loaders.categories.load(globalID.key)
        case "DiaryEntry":
            guard let viewer = context.viewer else { return .null }
            return .run {
                try await context.database.query(
                    "SELECT \(DiaryEntryRecord.columns) FROM diary_entries e WHERE e.id = $1 AND e.user_id = $2",
                    [globalID.key, viewer.userID]
                ).first.map(DiaryEntryRecord.init)
            }
        case "Store":
            return context.loaders.stores.load(globalID.key)
        case "RetailChain":
            return context.loaders.chains.load(globalID.key)
        case "WeightEntry":
            guard let viewer = context.viewer else { return .null }
            return .run {
                try await context.database.query(
                    "SELECT \(WeightEntryRecord.columns) FROM weight_entries w WHERE w.id = $1 AND w.user_id = $2",
                    [globalID.key, viewer.userID]
                ).first.map(WeightEntryRecord.init)
            }
        default:
            return .null
        }
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
