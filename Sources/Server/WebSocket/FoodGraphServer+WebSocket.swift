import HTTPTypes
import HummingbirdWebSocket
import Logging
import NIOCore

extension FoodGraphServer {
    static let webSocketSubprotocol = "graphql-transport-ws"

    /// Upgrades `GET /graphql` asking for the `graphql-transport-ws` subprotocol; anything else
    /// stays HTTP (a WebSocket upgrade elsewhere, or with another subprotocol, is answered 400).
    func webSocketUpgrade(
        _ request: HTTPRequest, _ channel: any Channel, _ logger: Logger
    ) -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>> {
        let path = request.path.map { $0.split(separator: "?", maxSplits: 1).first.map(String.init) ?? $0 }
        let offered = request.headerFields[values: .secWebSocketProtocol]
            .flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard path == "/graphql", offered.contains(Self.webSocketSubprotocol) else { return .dontUpgrade }
        let environment = GraphQLWebSocketConnection.Environment(
            application: application, configuration: configuration, subscriptions: subscriptions, documents: handler.documents,
            persistedQueries: handler.persistedQueries, logger: self.logger)
        var address = channel.remoteAddress?.ipAddress
        if configuration.trustForwardedFor, let forwarded = request.headerFields[.init("X-Forwarded-For")!],
            let last = forwarded.split(separator: ",").last?.trimmingCharacters(in: .whitespaces), !last.isEmpty, last.utf8.count <= 64
        {
            address = last
        }
        let clientAddress = address
        let userAgent = request.headerFields[.userAgent].map { String($0.prefix(256)) }
        return .upgrade([.secWebSocketProtocol: Self.webSocketSubprotocol]) { inbound, outbound, _ in
            let connection = GraphQLWebSocketConnection(
                environment: environment, channel: channel, clientAddress: clientAddress, userAgent: userAgent)
            await connection.run(inbound: inbound, outbound: outbound)
        }
    }
}
