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

/// `Subscription.supportIssueUpdated(issueId:)`.
struct SupportIssueUpdatedArguments: Decodable, Sendable {
    var issueID: NodeID<SupportIssueRecord>
    private enum CodingKeys: String, CodingKey { case issueID = "issueId" }
}

/// A field without arguments (`notificationAdded`).
struct NoSubscriptionArguments: Decodable, Sendable {}
