import GraphQLEngine
import Postgres

/// Everything a resolver of one request may use: who asks, the database, the request's loaders.
public final class RequestContext: Sendable {
    public let viewer: Viewer?
    public let database: PostgresDatabase
    public let scheduler: LoaderScheduler
    public let loaders: Loaders
    public let statistics: QueryStatistics
    public let client: ClientInfo
    let policy: AccountPolicy
    let nodes: [String: NodeFetcher]

    init(
        viewer: Viewer?, database: PostgresDatabase, statistics: QueryStatistics, client: ClientInfo, policy: AccountPolicy,
        nodes: [String: NodeFetcher]
    ) {
        self.nodes = nodes
        self.viewer = viewer
        self.client = client
        self.policy = policy
        self.database = database
        self.scheduler = LoaderScheduler()
        self.statistics = statistics
        self.loaders = Loaders(database: database, scheduler: scheduler)
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
