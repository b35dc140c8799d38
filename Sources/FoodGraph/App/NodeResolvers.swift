import GraphQLEngine
import Postgres

/// `node(id:)` and `nodes(ids:)`: any entity by global ID, with the same visibility rules as
/// everywhere else (a user is visible to themself and to support; a diary entry to its owner).
/// Transitional: node fetchers of the areas not yet on typed bindings.
enum NodeResolvers {
    static func register(_ typeNames: [String], in binder: inout SchemaBinder) {
        for typeName in typeNames {
            binder.nodes[typeName] = { key, context in try node(GlobalID(typeName: typeName, key: key), context) }
        }
    }

    static func node(_ globalID: GlobalID, _ context: RequestContext) throws -> Resolution {
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
}
