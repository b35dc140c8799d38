extension NotificationsArea {
    static let schema = #"""
extend type User {
  """
  Your notifications, newest first (the owner's only). `unreadOnly` leaves out those already read.
  Read notifications go after 90 days, any after a year.
  """
  notifications(unreadOnly: Boolean = false, first: Int, after: String, last: Int, before: String): NotificationConnection!
  "How many of your notifications are unread."
  unreadNotificationCount: Int!
}

extend type Mutation {
  """
  Mark notifications read: those of `notificationIds`, or all of yours when it is left out. IDs that
  are not your notifications are user errors (`NOT_FOUND`) and nothing is marked.
  """
  markNotificationsRead(input: MarkNotificationsReadInput!): MarkNotificationsReadPayload! @auth
  "Switch one kind of notification on or off; a kind switched off is not created at all."
  setNotificationEnabled(input: SetNotificationEnabledInput!): SetNotificationEnabledPayload! @auth
}

"""
Something the service tells you: food about to expire, a budget exceeded, an order's new status, a
friend request. Visible to its recipient only.
"""
type Notification implements Node {
  id: ID!
  kind: NotificationKind!
  title: String!
  body: String!
  "The ID of what it is about (an order, a pantry item, a friend request…), for `node(id:)`; null when nothing."
  subjectId: ID
  createdAt: DateTime!
  "When you read it; null while unread."
  readAt: DateTime
}

"What a notification is about. Each kind is switched in `NotificationSettings`."
enum NotificationKind {
  "Food in your pantry expires soon (`expiringFood`)."
  EXPIRING_FOOD
  "A spending objective is exceeded or nearly (`budgetExceeded`)."
  BUDGET_EXCEEDED
  "Something you buy is cheaper elsewhere (`cheaperAlternative`)."
  CHEAPER_ALTERNATIVE
  "One of your orders changed status (`orderStatus`)."
  ORDER_STATUS_CHANGED
  "A recurring order will be placed soon (`upcomingRecurringOrder`)."
  UPCOMING_RECURRING_ORDER
  "Someone sent you a friend request (`friendRequests`)."
  FRIEND_REQUEST
  "You were invited to a rival group (`groupInvitations`)."
  GROUP_INVITATION
  "A scan you sent was recognised (`scanReady`)."
  SCAN_READY
  "Support answered one of your issues (`supportIssueAnswered`)."
  SUPPORT_ISSUE_ANSWERED
}

type NotificationConnection {
  edges: [NotificationEdge!]!
  pageInfo: PageInfo!
}

type NotificationEdge {
  cursor: String!
  node: Notification!
}

input MarkNotificationsReadInput {
  "At most 100 IDs; left out (or null), every unread notification of yours."
  notificationIds: [ID!]
}

type MarkNotificationsReadPayload {
  "How many notifications this marked read (those read already are not counted)."
  markedCount: Int!
  "Your unread notifications after this."
  unreadNotificationCount: Int!
  userErrors: [UserError!]!
}

input SetNotificationEnabledInput {
  kind: NotificationKind!
  enabled: Boolean!
}

type SetNotificationEnabledPayload {
  "Your switches after the change; null when it failed."
  settings: NotificationSettings
  userErrors: [UserError!]!
}
"""#
}
