import GraphQLEngine
import Postgres

/// Everything a resolver of one request may use: who asks, the database, the request's loaders.
public final class RequestContext: Sendable {
    public let viewer: Viewer?
    public let database: PostgresDatabase
    public let scheduler: LoaderScheduler
    /// The request's DataLoaders, made on first use by the area that owns each (see `loader`).
    let loaders: KeyedLoaders
    public let statistics: QueryStatistics
    public let client: ClientInfo
    let policy: AccountPolicy
    let nodes: [String: NodeFetcher]
    /// A mutation's hold on the session cache, released with this context (`SessionCache`).
    let mutationLease: SessionCache.MutationLease?
    /// The application's copy of the category tree.
    let categoryTree: CategoryTree
    /// The application's copy of stores and chains, which a mutation that writes them empties.
    let storeCache: StoreCache
    /// The application's lookups by barcode, which a mutation's commit tells of its writer.
    let productCache: ProductCache
    /// Whether this request reads from `storeCache` and `productCache`: a query does; a mutation,
    /// which may read what it wrote, and a subscription's event, which announces a change, do not.
    let readsKeptCopies: Bool

    init(
        viewer: Viewer?, database: PostgresDatabase, statistics: QueryStatistics, client: ClientInfo, policy: AccountPolicy,
        nodes: [String: NodeFetcher], categoryTree: CategoryTree, storeCache: StoreCache, productCache: ProductCache,
        readsKeptCopies: Bool,
        mutationLease: SessionCache.MutationLease? = nil
    ) {
        self.nodes = nodes
        self.categoryTree = categoryTree
        self.storeCache = storeCache
        self.productCache = productCache
        self.readsKeptCopies = readsKeptCopies
        self.mutationLease = mutationLease
        self.viewer = viewer
        self.client = client
        self.policy = policy
        self.database = database
        self.scheduler = LoaderScheduler()
        self.statistics = statistics
        self.loaders = KeyedLoaders(scheduler: scheduler)
    }

    /// The request's loader named `key` (an area's name first: `catalog.products`), made with
    /// `batch` on first use: every key asked for on a level of the query goes in one call.
    func loader<Value: Sendable>(
        _ key: String, batch: @escaping @Sendable ([Int64]) async throws -> [Int64: Value]
    ) -> DataLoader<Int64, Value> {
        loaders.loader(key, batch: batch)
    }

    /// The signed-in viewer, or `UNAUTHENTICATED`.
    public func requireViewer() throws -> Viewer {
        guard let viewer else { throw DomainError.unauthenticated }
        return viewer
    }
}

extension FieldCall {
    /// The request context, which every FoodGraph request has.
    var requestContext: RequestContext {
        get throws {
            guard let context = context as? RequestContext else { throw DomainError(.serviceUnavailable, "No request context.") }
            return context
        }
    }
}
