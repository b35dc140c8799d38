extension RivalsArea {
    static let schema = #"""
extend type Query {
  """
  A user found by their exact username (compared case-insensitively, 3–30 characters), as anyone
  signed in sees a stranger: username, display name and avatar only. Null when no account has that
  username, and when either of you blocked the other. Signed-in users only.
  """
  userByUsername(username: String!): RivalProfile @auth
}

extend type User {
  "Your friends, by username. Only you see this list (not administrators). \#(Page.sizeRule)."
  friends(first: Int, after: String, last: Int, before: String): RivalProfileConnection!
  "Friend requests sent to you (`INCOMING`, the default) or by you (`OUTGOING`), pending ones only unless `includeAnswered`, newest first. Only you see them. \#(Page.sizeRule)."
  friendRequests(direction: FriendRequestDirection = INCOMING, includeAnswered: Boolean = false, first: Int, after: String, last: Int, before: String): FriendRequestConnection!
  "The rival groups you belong to, in the order you joined them. Only you see this list. \#(Page.sizeRule)."
  groups(first: Int, after: String, last: Int, before: String): RivalGroupConnection!
  "Invitations to rival groups waiting for your answer (`respondToGroupInvitation`), newest first. Only you see them. \#(Page.sizeRule)."
  rivalGroupInvitations(first: Int, after: String, last: Int, before: String): RivalGroupInvitationConnection!
  "The users you blocked (`blockUser`; `unblockUser` lifts a block). Only you see them. \#(Page.sizeRule)."
  blockedUsers(first: Int, after: String, last: Int, before: String): RivalProfileConnection!
}

extend type Mutation {
  """
  Asks the user with this username (exact, case-insensitive) to be your friend; they get a
  "friend request" notification. If they already asked you, their request is accepted instead.
  Refused with `NOT_FOUND` on `username` when no such user can be found (blocked either way
  included), `INVALID_STATE` when you are already friends, a request between you is pending or you
  ask yourself, and `OUT_OF_RANGE` with 50 of your requests pending.
  """
  sendFriendRequest(input: SendFriendRequestInput!): FriendRequestPayload! @auth
  "Accepts or declines a pending friend request sent to you. `NOT_FOUND` for a request not sent to you, `INVALID_STATE` for one already answered."
  respondToFriendRequest(input: RespondToFriendRequestInput!): FriendRequestPayload! @auth
  "Withdraws a pending friend request you sent. `NOT_FOUND` for a request you did not send, `INVALID_STATE` for one already answered."
  cancelFriendRequest(input: CancelFriendRequestInput!): FriendRequestPayload! @auth
  "Ends a friendship, for both of you. Shared groups stay. `NOT_FOUND` when you are not friends."
  removeFriend(input: RemoveFriendInput!): RemoveFriendPayload! @auth
  """
  Blocks a user: any friendship and pending request between you end, neither of you can send the
  other a request, invite the other to a group or find the other by username. Blocking twice is
  harmless. `INVALID_STATE` for yourself, `NOT_FOUND` for an unknown user.
  """
  blockUser(input: BlockUserInput!): BlockUserPayload! @auth
  "Lifts a block you set. `NOT_FOUND` when you had not blocked that user."
  unblockUser(input: BlockUserInput!): BlockUserPayload! @auth
  """
  Creates a private rival group with you as its owner and only member. Without `scoring` the
  group scores CALORIE_TARGET_CLOSENESS 50, DAYS_LOGGED 25, WEIGHT_PROGRESS 25; without `period`,
  by the week; without `timeZone`, in yours.
  """
  createRivalGroup(input: CreateRivalGroupInput!): RivalGroupPayload! @auth
  "Renames, describes or changes the period or time zone of a group. Owner only (`NOT_FOUND` for others)."
  updateRivalGroup(input: UpdateRivalGroupInput!): RivalGroupPayload! @auth
  """
  Invites one of your friends to a group you belong to; they get a "group invitation"
  notification. A group holds at most 50 members and pending invitations together (`OUT_OF_RANGE`).
  `NOT_FOUND` on `userId` when the user is not your friend, `INVALID_STATE` when already a member
  or invited.
  """
  inviteToRivalGroup(input: InviteToRivalGroupInput!): RivalGroupPayload! @auth
  "Joins (`accept: true`) or declines a group you were invited to. `NOT_FOUND` without an invitation; `OUT_OF_RANGE` when the group is full."
  respondToGroupInvitation(input: RespondToGroupInvitationInput!): RivalGroupPayload! @auth
  "Leaves a group. The owner must first hand the group over (`transferGroupOwnership`) or delete it (`INVALID_STATE`)."
  leaveRivalGroup(input: LeaveRivalGroupInput!): LeaveRivalGroupPayload! @auth
  "Removes a member, or withdraws a pending invitation, from a group you own. Owner only (`NOT_FOUND` for others)."
  removeGroupMember(input: RemoveGroupMemberInput!): RivalGroupPayload! @auth
  "Hands a group you own to another of its members. Owner only (`NOT_FOUND` for others)."
  transferGroupOwnership(input: TransferGroupOwnershipInput!): RivalGroupPayload! @auth
  "Deletes a group you own, with its members and invitations. Owner only (`NOT_FOUND` for others)."
  deleteRivalGroup(input: DeleteRivalGroupInput!): DeleteRivalGroupPayload! @auth
  """
  Sets a group's scoring: 1–6 rules, each metric at most once, weights 1–100 (a metric left out
  counts nothing). Owner only (`NOT_FOUND` for others). How scores are computed: `RivalGroup.leaderboard`.
  """
  setGroupScoring(input: SetGroupScoringInput!): RivalGroupPayload! @auth
}

"""
What other people see of a user in Rivals (friends, requests, group members, the username lookup):
never more than these four fields. The `id` is the user's ID, for `inviteToRivalGroup`,
`removeFriend` and `blockUser`; `node(id:)` on it shows nothing to anyone but its owner.
"""
type RivalProfile {
  id: ID!
  username: String
  displayName: String
  avatarUrl: String
}

type RivalProfileConnection {
  edges: [RivalProfileEdge!]!
  pageInfo: PageInfo!
}

type RivalProfileEdge {
  cursor: String!
  node: RivalProfile!
}

"Which friend requests: sent to you, or sent by you."
enum FriendRequestDirection {
  INCOMING
  OUTGOING
}

"Where a friend request stands."
enum FriendRequestStatus {
  PENDING
  ACCEPTED
  DECLINED
  CANCELLED
}

"A request to be friends. Visible to its sender and its recipient only (also through `node(id:)`)."
type FriendRequest implements Node {
  id: ID!
  from: RivalProfile!
  to: RivalProfile!
  status: FriendRequestStatus!
  createdAt: DateTime!
  "When it was accepted, declined or cancelled."
  answeredAt: DateTime
}

type FriendRequestConnection {
  edges: [FriendRequestEdge!]!
  pageInfo: PageInfo!
}

type FriendRequestEdge {
  cursor: String!
  node: FriendRequest!
}

"What the group's period is: a week (Monday to Sunday), a calendar month, or the group's own dates."
enum RivalPeriod {
  WEEK
  MONTH
  CUSTOM
}

"""
What a group can score. Each is normalised to 0–1 per member before weighting (see `RivalGroup.leaderboard`):

- `CALORIES_CONSUMED`: energy logged in the period, in kcal; normalised by the group's highest.
- `CALORIE_TARGET_CLOSENESS`: per day, 1 − |consumed − target| / target (at least 0; a day without
  entries counts 0), averaged over the period's days; value in percent.
- `PROTEIN_TARGET_MET`: days whose protein reached the member's protein target; normalised by the period's days.
- `LOGGING_STREAK`: the longest run of consecutive days with entries in the period; normalised by the period's days.
- `DAYS_LOGGED`: days with at least one entry; normalised by the period's days.
- `WEIGHT_PROGRESS`: weight change toward the member's own goal, in percent of their starting weight
  (losing counts for LOSE, gaining for GAIN; for HOLD, minus the change either way); normalised by a
  healthy pace of 0.5 % a week (HOLD: 1 − |change| / that pace), so opposite goals compete fairly.
"""
enum ScoringMetric {
  CALORIES_CONSUMED
  CALORIE_TARGET_CLOSENESS
  PROTEIN_TARGET_MET
  LOGGING_STREAK
  DAYS_LOGGED
  WEIGHT_PROGRESS
}

"One metric of a group's scoring and its weight."
type ScoringRule {
  metric: ScoringMetric!
  "1–100. A rule's share of the score is its weight over the sum of the group's weights."
  weight: Int!
}

"One metric of a group's scoring."
input ScoringRuleInput {
  metric: ScoringMetric!
  "1–100."
  weight: Int!
}

"A span of local dates, both included."
type DateSpan {
  from: Date!
  to: Date!
}

"""
A private group of friends competing on the scoring they chose. Visible to its members only
(also through `node(id:)`); invitees see it through `User.rivalGroupInvitations` until they join.
"""
type RivalGroup implements Node {
  id: ID!
  "1–60 characters."
  name: String!
  "At most 500 characters."
  description: String
  owner: RivalProfile!
  "Every member (at most 50), in the order they joined."
  members: [RivalGroupMember!]!
  "Invitations not yet answered."
  pendingInvitations: [RivalGroupInvitation!]!
  "Whether you own the group."
  viewerIsOwner: Boolean!
  "The metrics the group scores and their weights."
  scoring: [ScoringRule!]!
  period: RivalPeriod!
  "The time zone (IANA name) in which the group's periods and today are read."
  timeZone: String!
  "The period containing today in the group's time zone (for CUSTOM, the group's dates)."
  currentPeriod: DateSpan!
  """
  The ranking of the members over local dates `from`–`to` (both included; at most 366 days). Days
  after today (in the group's time zone) do not count yet.

  Scoring: each member's value of each metric is normalised to 0–1 (see `ScoringMetric`); a rule's
  points are `100 × weight / (sum of weights) × normalised value`; the score is the sum of the
  points (0–100). Figures are rounded to two decimals. Equal scores share a rank (1, 1, 3).
  Diary days are the member's own local dates; targets are the member's current targets
  (without a complete profile, the calorie and protein metrics count 0). Members only.
  """
  leaderboard(from: Date!, to: Date!): Leaderboard!
  "Your rank in each of the group's last `periods` periods (1–12, default 6), the current one first. For CUSTOM, the one period."
  myRankHistory(periods: Int = 6): [RankHistoryEntry!]!
  createdAt: DateTime!
}

"A member of a rival group."
type RivalGroupMember {
  member: RivalProfile!
  isOwner: Boolean!
  joinedAt: DateTime!
}

"An invitation to a group, not yet answered."
type RivalGroupInvitation {
  "The group's ID: answer with `respondToGroupInvitation`."
  groupId: ID!
  groupName: String!
  groupDescription: String
  "Who is invited."
  invitee: RivalProfile!
  "Who invited them (null when that account was deleted)."
  invitedBy: RivalProfile
  createdAt: DateTime!
}

type RivalGroupConnection {
  edges: [RivalGroupEdge!]!
  pageInfo: PageInfo!
}

type RivalGroupEdge {
  cursor: String!
  node: RivalGroup!
}

type RivalGroupInvitationConnection {
  edges: [RivalGroupInvitationEdge!]!
  pageInfo: PageInfo!
}

type RivalGroupInvitationEdge {
  cursor: String!
  node: RivalGroupInvitation!
}

"A group's ranking over a span of dates."
type Leaderboard {
  from: Date!
  to: Date!
  "The days that count: from `from` to `to` or today, whichever is earlier (0 when the span has not begun)."
  days: Int!
  "Best first."
  entries: [LeaderboardEntry!]!
}

"One member's place on a leaderboard."
type LeaderboardEntry {
  rank: Int!
  member: RivalProfile!
  "0–100: the sum of the contributions' points."
  score: Float!
  "Each metric of the group's scoring, in the scoring's order."
  contributions: [MetricContribution!]!
}

"What one metric gave a member."
type MetricContribution {
  metric: ScoringMetric!
  "The member's figure, in the metric's unit (kcal, percent or days; see `ScoringMetric`)."
  value: Float!
  "The points it adds to the score."
  points: Float!
}

"Your place in one period of a group."
type RankHistoryEntry {
  period: DateSpan!
  rank: Int!
  score: Float!
  memberCount: Int!
}

input SendFriendRequestInput {
  "3–30 characters, compared case-insensitively."
  username: String!
}

input RespondToFriendRequestInput {
  friendRequestId: ID!
  accept: Boolean!
}

input CancelFriendRequestInput {
  friendRequestId: ID!
}

type FriendRequestPayload {
  friendRequest: FriendRequest
  userErrors: [UserError!]!
}

input RemoveFriendInput {
  "The friend's user ID (`RivalProfile.id`)."
  userId: ID!
}

type RemoveFriendPayload {
  removedUserId: ID
  userErrors: [UserError!]!
}

input BlockUserInput {
  "The user's ID (`RivalProfile.id`)."
  userId: ID!
}

type BlockUserPayload {
  user: RivalProfile
  userErrors: [UserError!]!
}

input CreateRivalGroupInput {
  "1–60 characters."
  name: String!
  "At most 500 characters."
  description: String
  "1–6 rules, each metric at most once, weights 1–100."
  scoring: [ScoringRuleInput!]
  "WEEK by default; CUSTOM needs `customFrom` and `customTo`."
  period: RivalPeriod
  "For CUSTOM: the first day (the span at most 366 days)."
  customFrom: Date
  "For CUSTOM: the last day."
  customTo: Date
  "An IANA time zone such as `America/Toronto`; yours by default."
  timeZone: String
}

input UpdateRivalGroupInput {
  groupId: ID!
  "1–60 characters."
  name: String
  "At most 500 characters; null clears it."
  description: String
  period: RivalPeriod
  customFrom: Date
  customTo: Date
  "An IANA time zone."
  timeZone: String
}

input InviteToRivalGroupInput {
  groupId: ID!
  "A friend's user ID (`RivalProfile.id`)."
  userId: ID!
}

input RespondToGroupInvitationInput {
  groupId: ID!
  accept: Boolean!
}

input LeaveRivalGroupInput {
  groupId: ID!
}

input RemoveGroupMemberInput {
  groupId: ID!
  userId: ID!
}

input TransferGroupOwnershipInput {
  groupId: ID!
  "The member who becomes the owner."
  userId: ID!
}

input DeleteRivalGroupInput {
  groupId: ID!
}

input SetGroupScoringInput {
  groupId: ID!
  "1–6 rules, each metric at most once, weights 1–100."
  rules: [ScoringRuleInput!]!
}

type RivalGroupPayload {
  "The group (null after declining an invitation)."
  group: RivalGroup
  userErrors: [UserError!]!
}

type LeaveRivalGroupPayload {
  leftGroupId: ID
  userErrors: [UserError!]!
}

type DeleteRivalGroupPayload {
  deletedGroupId: ID
  userErrors: [UserError!]!
}
"""#
}
