import Foundation

/// GraphQL over WebSocket (`graphql-transport-ws` on `/graphql`); read from the environment
/// (`FOODGRAPH_WS_*`, see README.md).
public struct SubscriptionConfiguration: Sendable {
    /// Upgrades to WebSocket are accepted on `/graphql`.
    public var isEnabled = true
    /// A connection that has not sent `connection_init` by then is closed with 4408.
    public var initTimeout: Duration = .seconds(10)
    /// Messages waiting to be written to one client; a client that lets more pile up (it does not
    /// read) is closed with 4500 and its subscriptions end, so the server's memory stays bounded.
    public var maxQueuedMessages = 100
    /// Operations running at once on one connection (more get an `error` message).
    public var maxOperationsPerConnection = 100
    /// Largest message accepted from a client (bytes); larger closes the connection (1009).
    public var maxMessageBytes = 64 << 10
    /// The server pings an idle client this often (a `ping` message); nil never.
    public var pingInterval: Duration? = .seconds(30)

    public init() {}

    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Self {
        var configuration = Self()
        if let value = environment["FOODGRAPH_WS_ENABLED"] { configuration.isEnabled = !["0", "false", "no"].contains(value.lowercased()) }
        if let value = environment["FOODGRAPH_WS_INIT_TIMEOUT_MS"].flatMap(Int.init), value > 0 {
            configuration.initTimeout = .milliseconds(value)
        }
        if let value = environment["FOODGRAPH_WS_MAX_QUEUED_MESSAGES"].flatMap(Int.init), value > 0 {
            configuration.maxQueuedMessages = value
        }
        if let value = environment["FOODGRAPH_WS_MAX_OPERATIONS"].flatMap(Int.init), value > 0 {
            configuration.maxOperationsPerConnection = value
        }
        if let value = environment["FOODGRAPH_WS_PING_INTERVAL_MS"].flatMap(Int.init) {
            configuration.pingInterval = value > 0 ? .milliseconds(value) : nil
        }
        return configuration
    }
}
