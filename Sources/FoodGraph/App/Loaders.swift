import GraphQLEngine
import Postgres

/// The DataLoaders of one request: each batches every key asked for on a level into one query.
public final class Loaders: Sendable {
    let users: DataLoader<Int64, UserRecord>
    let profiles: DataLoader<Int64, ProfileRecord>
    let products: DataLoader<Int64, ProductRecord>
    let categories: DataLoader<Int64, CategoryRecord>
    let categoryChildren: DataLoader<Int64, [CategoryRecord]>
    let stores: DataLoader<Int64, StoreRecord>
    let chains: DataLoader<Int64, RetailChainRecord>
    /// Loaders of parameterised child lists, one per field and arguments.
    let keyed: KeyedLoaders

    init(database: PostgresDatabase, scheduler: LoaderScheduler) {
        users = DataLoader(scheduler: scheduler) { try await UserRecord.load($0, from: database) }
        profiles = DataLoader(scheduler: scheduler) { try await ProfileRecord.load($0, from: database) }
        products = DataLoader(scheduler: scheduler) { try await ProductRecord.load($0, from: database) }
        categories = DataLoader(scheduler: scheduler) { try await CategoryRecord.load($0, from: database) }
        categoryChildren = DataLoader(scheduler: scheduler) { try await CategoryRecord.children(of: $0, from: database) }
        stores = DataLoader(scheduler: scheduler) { try await StoreRecord.load($0, from: database) }
        chains = DataLoader(scheduler: scheduler) { try await RetailChainRecord.load($0, from: database) }
        keyed = KeyedLoaders(scheduler: scheduler)
    }
}
