/// `Subscription.orderStatusChanged(orderId:)`.
struct OrderStatusChangedArguments: Decodable, Sendable {
    var orderID: NodeID<OrderRecord>
    private enum CodingKeys: String, CodingKey { case orderID = "orderId" }
}

/// `Subscription.scanUpdated(scanId:)`.
struct ScanUpdatedArguments: Decodable, Sendable {
    var scanID: NodeID<ScanRecord>
    private enum CodingKeys: String, CodingKey { case scanID = "scanId" }
}

/// `Subscription.leaderboardChanged(groupId:)`.
struct LeaderboardChangedArguments: Decodable, Sendable {
    var groupID: NodeID<RivalGroupRecord>
    private enum CodingKeys: String, CodingKey { case groupID = "groupId" }
}

/// A field without arguments (`notificationAdded`).
struct NoSubscriptionArguments: Decodable, Sendable {}
