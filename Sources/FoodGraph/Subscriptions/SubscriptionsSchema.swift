extension SubscriptionsArea {
    static let schema = #"""
extend schema {
  subscription: Subscription
}

"""
Live updates over WebSocket (the `graphql-transport-ws` protocol on `/graphql`; see
docs/subscriptions.md). Every field needs a signed-in connection (the token in `connection_init`).
An event carries only an ID: each subscriber's selection is resolved with its own permissions, when
the event arrives, as a query would be (same limits, same request deadline). A field whose argument
names something you may not follow is refused when you subscribe (`NOT_FOUND`). A subscriber more
than 256 events behind is ended with `RATE_LIMITED`.
"""
type Subscription {
  "A notification added for you (any kind you have switched on)."
  notificationAdded: Notification
  """
  The order after each change of its status (submitted as IN_PROCESS, then ACCEPTED, PENDING_DELIVERY,
  DELIVERED or CANCELLED). The order's owner may follow it; order handlers and administrators may
  follow any submitted order. Null if the order is no longer visible to you.
  """
  orderStatusChanged(orderId: ID!): Order
  "Your scan after each change of its status (PROCESSING, then RECOGNISED or FAILED). Null once it is deleted."
  scanUpdated(scanId: ID!): Scan
  """
  The group whenever its leaderboard may have changed: a member's diary day, a member joining or
  leaving, the group's scoring rules or period. Select `leaderboard(from:, to:)` for the ranking.
  Members only; null once you are no longer a member.
  """
  leaderboardChanged(groupId: ID!): RivalGroup
  """
  The support issue after each change: taken in hand, a comment from either side, resolved, reopened.
  Its owner and support staff or administrators may follow it; null if it is no longer visible to you.
  """
  supportIssueUpdated(issueId: ID!): SupportIssue
}
"""#
}
