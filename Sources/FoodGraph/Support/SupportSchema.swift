extension SupportArea {
    static let schema = #"""
    extend type User {
      """
      Your support issues, newest first; `status` filters. The owner's (and administrators'); support
      staff reach issues through `supportQueue` and `node(id:)`. \#(Page.sizeRule).
      """
      supportIssues(status: SupportIssueStatus, first: Int, after: String, last: Int, before: String): SupportIssueConnection!
    }

    extend type Query {
      """
      The support queue, oldest first: every user's issues, filtered by `status` (OPEN and IN_HAND
      when left out), `severity` and `category`. Support staff (role SUPPORT) and administrators.
      \#(Page.sizeRule).
      """
      supportQueue(
        status: SupportIssueStatus, severity: SupportIssueSeverity, category: SupportIssueCategory,
        first: Int, after: String, last: Int, before: String
      ): SupportIssueConnection! @auth(roles: [SUPPORT])

      """
      Experience reports summed up over a period (`from` inclusive, `to` exclusive; the last 30 days
      when left out; at most 366 days). Administrators.
      """
      feedbackSummary(from: DateTime, to: DateTime): FeedbackSummary! @auth(roles: [ADMINISTRATOR])
    }

    extend type Mutation {
      """
      Send an issue to support. It gets the next number of one global sequence. At most 5 issues a
      calendar day and 25 a calendar week (Monday to Sunday) per user, both counted in the time zone of
      your profile; the 6th of a day or the 26th of a week is refused with the user error
      `SUPPORT_ISSUE_LIMIT`, and `allowedAgainAt` says when you may send again (the next local midnight,
      or the next local Monday). Signed in.
      """
      submitSupportIssue(input: SubmitSupportIssueInput!): SubmitSupportIssuePayload! @auth

      """
      Take an OPEN issue in hand (it becomes IN_HAND, assigned to you). Taking one another employee
      holds is refused with `ISSUE_ALREADY_TAKEN`; taking one you hold returns it unchanged; a RESOLVED
      one is `INVALID_STATE` (reopen it first). Support staff and administrators.
      """
      takeSupportIssue(input: TakeSupportIssueInput!): TakeSupportIssuePayload! @auth(roles: [SUPPORT])

      """
      Comment on an issue: its owner on their own issues, support staff and administrators on any. A
      staff member's comment on someone else's issue notifies its owner (kind SUPPORT_ISSUE_ANSWERED).
      Signed in.
      """
      commentOnSupportIssue(input: CommentOnSupportIssueInput!): CommentOnSupportIssuePayload! @auth

      """
      Mark an issue RESOLVED: its owner (solved on their side) or support staff and administrators.
      Resolving a resolved issue is `INVALID_STATE`. Signed in.
      """
      resolveSupportIssue(input: ResolveSupportIssueInput!): ResolveSupportIssuePayload! @auth

      """
      Open a RESOLVED issue again: its owner (the problem came back) or support staff and
      administrators. It returns to OPEN, unassigned, at its original place in the queue. Signed in.
      """
      reopenSupportIssue(input: ReopenSupportIssueInput!): ReopenSupportIssuePayload! @auth

      """
      Send an experience report: a rating of 1–5 and a text. Administrators see the totals
      (`feedbackSummary`); each report is also emailed to the address the server is configured with
      (`FOODGRAPH_FEEDBACK_EMAIL`). Signed in.
      """
      submitFeedback(input: SubmitFeedbackInput!): SubmitFeedbackPayload! @auth
    }

    "Where an issue stands."
    enum SupportIssueStatus {
      "Waiting in the queue for an employee."
      OPEN
      "An employee has it in hand (`assignee`)."
      IN_HAND
      "Done; it can be reopened."
      RESOLVED
    }

    "How badly an issue hurts."
    enum SupportIssueSeverity {
      LOW
      MEDIUM
      HIGH
      "Cannot use the service, or data is wrong or lost: suggested to the most experienced available employee."
      CRITICAL
    }

    "What an issue is about."
    enum SupportIssueCategory {
      BUG
      ACCOUNT
      ORDERS
      DATA
      FEATURE_REQUEST
      OTHER
    }

    """
    A support issue. Visible to its owner and to support staff and administrators, on every path
    (`User.supportIssues`, `supportQueue`, `node(id:)`); to anyone else it does not exist.
    """
    type SupportIssue implements Node {
      id: ID!
      "The issue's number in the global sequence (1, 2, 3, …), shown to users."
      number: Int!
      subject: String!
      description: String!
      category: SupportIssueCategory!
      severity: SupportIssueSeverity!
      status: SupportIssueStatus!
      "The screenshot sent with the issue, re-encoded without its metadata; null when none was sent."
      screenshot: SupportScreenshot
      "Who sent it: their display name and email, for support to answer (the owner sees their own)."
      requester: SupportRequester
      "The employee who has it in hand (or resolved it while holding it); null while OPEN."
      assignee: SupportEmployee
      """
      For an OPEN CRITICAL issue, the employee suggested to take it: among enabled SUPPORT staff with
      fewer than 5 issues in hand, the one who resolved the most issues (ties: fewest in hand, then the
      longest-serving account). Null otherwise, and for anyone but support staff and administrators.
      """
      suggestedAssignee: SupportEmployee
      "The comments, oldest first (at most 200 are kept per issue)."
      comments: [SupportIssueComment!]!
      createdAt: DateTime!
      "When an employee took it in hand; null while OPEN."
      takenAt: DateTime
      resolvedAt: DateTime
      updatedAt: DateTime!
    }

    type SupportIssueConnection {
      edges: [SupportIssueEdge!]!
      pageInfo: PageInfo!
    }

    type SupportIssueEdge {
      cursor: String!
      node: SupportIssue!
    }

    "A screenshot: PNG, JPEG or WebP, as the scans area checks them."
    type SupportScreenshot {
      "`image/png`, `image/jpeg` or `image/webp`."
      contentType: String!
      width: Int!
      height: Int!
      "The image's bytes in base64 (standard alphabet, padded)."
      data: String!
    }

    "The user who sent an issue, as support sees them."
    type SupportRequester {
      displayName: String
      email: String
    }

    "A support employee, as issues show them."
    type SupportEmployee {
      "The employee's user ID."
      id: ID!
      "Their display name (their email's local part when they set none)."
      name: String!
    }

    type SupportIssueComment {
      id: ID!
      body: String!
      "True for a comment by support staff or an administrator on someone else's issue."
      fromStaff: Boolean!
      "Who wrote it: the employee for staff comments; null for the owner's own and for deleted accounts."
      author: SupportEmployee
      createdAt: DateTime!
    }

    input SubmitSupportIssueInput {
      "3–200 characters (trimmed)."
      subject: String!
      "1–10 000 characters."
      description: String!
      category: SupportIssueCategory!
      severity: SupportIssueSeverity!
      """
      An optional screenshot in base64 (a `data:` prefix allowed): PNG, JPEG or WebP, checked by its
      own bytes as scans are, at most 12 MiB decoded, 24 megapixels, each side 16–8192 pixels; codes
      `IMAGE_ENCODING_TOO_LONG`, `IMAGE_TOO_LARGE`, `UNSUPPORTED_IMAGE_TYPE`, `IMAGE_TYPE_MISMATCH`,
      `IMAGE_TOO_MANY_PIXELS`, `INVALID_IMAGE_DIMENSIONS`, `IMAGE_CORRUPT`.
      """
      screenshot: Base64
    }

    type SubmitSupportIssuePayload {
      issue: SupportIssue
      "When refused with `SUPPORT_ISSUE_LIMIT`: when the next issue will be accepted."
      allowedAgainAt: DateTime
      userErrors: [UserError!]!
    }

    input TakeSupportIssueInput {
      issueId: ID!
    }

    type TakeSupportIssuePayload {
      issue: SupportIssue
      userErrors: [UserError!]!
    }

    input CommentOnSupportIssueInput {
      issueId: ID!
      "1–5000 characters (trimmed)."
      body: String!
    }

    type CommentOnSupportIssuePayload {
      issue: SupportIssue
      comment: SupportIssueComment
      userErrors: [UserError!]!
    }

    input ResolveSupportIssueInput {
      issueId: ID!
    }

    type ResolveSupportIssuePayload {
      issue: SupportIssue
      userErrors: [UserError!]!
    }

    input ReopenSupportIssueInput {
      issueId: ID!
    }

    type ReopenSupportIssuePayload {
      issue: SupportIssue
      userErrors: [UserError!]!
    }

    input SubmitFeedbackInput {
      "1 (poor) to 5 (excellent)."
      rating: Int!
      "0–2000 characters."
      text: String!
    }

    "An experience report, as its sender sees it."
    type FeedbackReport {
      rating: Int!
      text: String!
      createdAt: DateTime!
    }

    type SubmitFeedbackPayload {
      feedback: FeedbackReport
      userErrors: [UserError!]!
    }

    "Experience reports over a period."
    type FeedbackSummary {
      from: DateTime!
      to: DateTime!
      "How many reports."
      count: Int!
      "The mean rating, rounded to 2 decimals; null without reports."
      averageRating: Float
      "How many reports gave each rating, 1 to 5 (all five, zeros included)."
      ratings: [FeedbackRatingCount!]!
    }

    type FeedbackRatingCount {
      rating: Int!
      count: Int!
    }
    """#
}
