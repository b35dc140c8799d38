import Foundation
import GraphQLEngine
import Logging
import Postgres

/// The FoodGraph API: the schema bound to the resolvers of every area, over one database.
public final class FoodGraphApplication: Sendable {
    public let database: PostgresDatabase
    /// Streaming replicas that queries' reads may go to (docs/scaling.md).
    public let replicas: PostgresReplicaSet?
    /// Each user's last write, so their reads wait for a replica to catch up (read-your-writes).
    let writePositions = PostgresWritePositions()
    public let executable: ExecutableSchema
    public let migrations: [Migration]
    public let policy: AccountPolicy
    /// Every area's background work, for the server to run.
    public var jobs: [PeriodicJob] { Areas.all.flatMap { $0.jobs } }

    /// The job runner of this server: every area's periodic jobs and `extra` ones (mail delivery,
    /// the order webhook, as `serve` configures them), and every one-off job kind, claimed from the
    /// `jobs` table with the other servers (see `Jobs/JobRunner.swift`).
    public func jobRunner(extra: [PeriodicJob] = [], worker: String? = nil) -> JobRunner {
        JobRunner(database: database, periodic: jobs + extra, worker: worker)
    }
    /// By node type name: what `node(id:)` fetches with.
    let nodes: [String: NodeFetcher]
    let sessions: SessionCache
    let categoryTree = CategoryTree()
    let storeCache: StoreCache
    let productCache: ProductCache
    private let catalogChanges: CatalogChangeListener

    /// Whether the kept copy of stores and chains is in use and how many it holds; nil when it is
    /// off (`keepsStores`).
    public var keptStores: (isListening: Bool, kept: Int)? { storeCache.isOn ? storeCache.status : nil }
    /// Whether the kept lookups by barcode and lists' counts are in use and how many of each
    /// there are; nil when they are off (`keepsProducts`).
    public var keptProducts: (isListening: Bool, kept: Int, counts: Int)? { productCache.isOn ? productCache.status : nil }
    /// How many lookups by barcode and lists' counts were answered from the kept copy (hits) and
    /// not (misses) since the last call, for the metrics; nil when it is off.
    public func takeKeptProductLookups() -> [(kind: String, result: String, count: Int)]? {
        guard productCache.isOn else { return nil }
        let tally = productCache.takeTally()
        return [
            ("barcode", "hit", tally.barcodeHits), ("barcode", "miss", tally.barcodeMisses), ("count", "hit", tally.countHits),
            ("count", "miss", tally.countMisses),
        ]
    }

    /// `coverage`, for tests only, notes every field resolved. `sessionCacheTimeToLive`: how long a
    /// checked bearer token's viewer is kept (`SessionCache`; zero turns it off), by default from
    /// `FOODGRAPH_SESSION_CACHE_TTL`. `keepsStores`: whether queries read stores and chains from a
    /// copy kept between requests (`StoreCache`); `keepsProducts`: whether lookups by barcode are
    /// kept (`ProductCache`). Either holds a listening connection, one for both (none behind a
    /// transaction pooler without `listenConninfo`: the copies then stay off).
    public init(
        pool: PostgresPool, replicas: PostgresReplicaSet? = nil, policy: AccountPolicy = AccountPolicy(), coverage: FieldCoverage? = nil,
        sessionCacheTimeToLive: Duration? = nil, keepsStores: Bool = false, keepsProducts: Bool = false
    ) throws {
        self.database = PostgresDatabase(pool: pool)
        let events =
            keepsStores || keepsProducts
            ? CatalogChangeListener.events(conninfo: pool.configuration.listeningConninfo, logger: Logger(label: "foodgraph.catalog-changes"))
            : nil
        self.storeCache = StoreCache(isOn: keepsStores && events != nil)
        self.productCache = ProductCache(isOn: keepsProducts && events != nil)
        self.catalogChanges = CatalogChangeListener(events: events, stores: storeCache, products: productCache)
        self.replicas = replicas
        self.policy = policy
        self.sessions = SessionCache(timeToLive: sessionCacheTimeToLive ?? SessionCache.timeToLiveFromEnvironment())
        self.migrations = try Self.bundledMigrations()
        let schema = try SchemaDocument.build()
        var binder = SchemaBinder()
        for area in Areas.all { area.bind(&binder) }
        var problems = StartupCheck(schema: schema, binder: binder).problems()
        if let coverage { binder.resolvers.recordCoverage(into: coverage) }
        do {
            self.executable = try ExecutableSchema(schema: schema, resolvers: binder.resolvers)
        } catch let error as ExecutableSchema.BindingError {
            problems += error.missing
            throw ExecutableSchema.BindingError(missing: problems.sorted())
        }
        if !problems.isEmpty { throw ExecutableSchema.BindingError(missing: problems.sorted()) }
        self.nodes = binder.nodes
    }

    public static func bundledMigrations() throws -> [Migration] {
        guard let directory = Bundle.module.url(forResource: "migrations", withExtension: nil) else {
            throw DomainError(.serviceUnavailable, "The migrations are missing from the resources.")
        }
        return try Migration.load(from: directory)
    }

    /// The request's context: the viewer behind a bearer token (an unknown, expired or revoked
    /// token is refused rather than treated as anonymous, so a client notices it is signed out).
    /// `operation`: the request's kind when known. A query or a subscription's event may use a
    /// viewer cached moments ago (`SessionCache`); a mutation, or nil (not known), reads the session
    /// afresh and keeps the cache out of use until its context is released. A query may also read
    /// from a replica once it has replayed the viewer's own last write (the session itself is always
    /// checked on the primary, where a sign-in of a moment ago already is); a subscription's event
    /// reads the primary, where the change it announces is already committed.
    public func makeContext(bearerToken: String?, client: ClientInfo = ClientInfo(), operation: OperationType? = nil) async throws
        -> RequestContext
    {
        let statistics = QueryStatistics()
        var database = PostgresDatabase(pool: self.database.pool, statistics: statistics)
        let isQuery = (operation == .query || operation == .subscription) && sessions.isEnabled
        let lease = isQuery || !sessions.isEnabled ? nil : sessions.beginMutation()
        let readOnly = operation == .query
        var viewer: Viewer?
        if let bearerToken {
            viewer = try await self.viewer(forToken: bearerToken, cached: isQuery, in: database)
            if viewer == nil { throw DomainError(.unauthenticated, "The session token is invalid or has expired; sign in again.") }
        }
        if let replicas {
            if let userID = viewer?.userID {
                database.onCommit = { [writePositions] lsn in writePositions.record(lsn, for: userID) }
            }
            if readOnly {
                var minimumLSN: PostgresLSN?
                var mayUseReplica = true
                if let userID = viewer?.userID {
                    minimumLSN = writePositions.minimumLSN(for: userID)
                    if minimumLSN == nil {
                        // This instance has not seen the user lately: their sign-in, or a write
                        // through another instance, may be newer than a replica. The primary's
                        // position now covers both (one round trip per user every few minutes);
                        // without it, the request reads from the primary.
                        minimumLSN = try? await PostgresLSN.current(in: database)
                        if let minimumLSN { writePositions.record(minimumLSN, for: userID) } else { mayUseReplica = false }
                    }
                }
                if mayUseReplica { database.readRoute = PostgresReadRoute(replicas: replicas, minimumLSN: minimumLSN) }
            }
        }
        return RequestContext(
            viewer: viewer, database: database, statistics: statistics, client: client, policy: policy, nodes: nodes,
            categoryTree: categoryTree, storeCache: storeCache, productCache: productCache, readsKeptCopies: readOnly,
            mutationLease: lease)
    }

    private func viewer(forToken token: String, cached: Bool, in database: PostgresDatabase) async throws -> Viewer? {
        guard cached, token.utf8.count <= 128 else { return try await Sessions.viewer(forToken: token, policy: policy, in: database) }
        let key = Crypto.sha256(Array(token.utf8))
        let (viewer, generation) = sessions.lookup(key)
        if let viewer { return viewer }
        let found = try await Sessions.viewer(forToken: token, policy: policy, in: database)
        if let found, let generation { sessions.store(found, for: key, generation: generation) }
        return found
    }

    /// An uploaded image by the name in its address: a product image's random token, a recipe's
    /// image, or an avatar's.
    public func image(id: String) async throws -> (contentType: String, bytes: [UInt8])? {
        if let image = try await ProductImages.image(token: id, in: database) { return image }
        if let image = try await RecipesArea.image(id, in: database) { return image }
        return try await ProfilePreferences.image(id, in: database)
    }

    /// Ready when the database answers and every bundled migration is applied.
    public func readiness() async -> (isReady: Bool, detail: String) {
        do {
            let status = try await MigrationRunner(migrations: migrations, pool: database.pool).status()
            guard status.isCurrent else {
                return (false, "migrations pending: \(status.pending.map(\.fileName).joined(separator: ", "))")
            }
            return (true, "ready")
        } catch {
            return (false, "database unreachable")
        }
    }
}
