extension PrivacyArea {
    static let schema = #"""
extend type Query {
  "The current versions of the terms of service and the privacy policy, which users accept at registration (`RegisterInput`) and again when a newer one is published (`acceptPolicies`). Public."
  policyDocuments: [PolicyDocument!]!
}

extend type User {
  "Every version of the terms of service and the privacy policy this account accepted, newest first. Owner and administrators."
  consents: [Consent!]!
  "The documents whose current version this account has not accepted yet (empty when up to date): show them, then call `acceptPolicies`. Owner and administrators."
  pendingConsents: [PolicyDocumentKind!]!
  "Your personal-data exports of the last 30 days, newest first. Owner only."
  dataExports: [DataExport!]!
}

extend type Query {
  """
  What administrators did to users' data and accounts (corrections, deletions, roles, disabling),
  newest first: who, when, what and why. `userId` narrows it to one user. Requires the
  administrator role.
  """
  auditLog(userId: ID, first: Int, after: String, last: Int, before: String): AuditLogEntryConnection!
    @auth(roles: [ADMINISTRATOR])
}

extend type Mutation {
  """
  Correct a user's profile on their request (PIPEDA's right to correction): the fields of
  `profile` as `updateProfile` takes them, with the same rules. Recorded in the audit log with the
  reason and the names of the fields (not their values). Requires the administrator role.
  """
  correctUserProfile(input: CorrectUserProfileInput!): CorrectUserProfilePayload! @auth(roles: [ADMINISTRATOR])

  """
  Delete some of a user's diary entries or weigh-ins on their request: all of them, or none when
  one is not theirs (`NOT_FOUND` naming it). Recorded in the audit log with the reason and the IDs.
  Requires the administrator role.
  """
  deleteUserRecords(input: DeleteUserRecordsInput!): DeleteUserRecordsPayload! @auth(roles: [ADMINISTRATOR])

  """
  Delete a user's account and personal data on their request, as `deleteMyAccount` does (a
  confirmation is emailed to them). Recorded in the audit log; the entry stays without whom it was
  about. Requires the administrator role; your own account goes through `deleteMyAccount`.
  """
  deleteUserAccount(input: DeleteUserAccountInput!): DeleteUserAccountPayload! @auth(roles: [ADMINISTRATOR])

  """
  Ask for a copy of every record FoodGraph holds about you (Canada's PIPEDA): profile, diary,
  weights, sessions, consents and every other area's data, as one JSON document. It is prepared
  in the background (usually within a minute; watch `User.dataExports` or `node(id:)`), then
  downloadable once with `downloadDataExport`, within a day. A request while another is still
  being prepared returns that one; at most 3 requests a day, then `RATE_LIMITED`.
  """
  exportMyData: ExportMyDataPayload! @auth

  """
  Download a ready export: the JSON document, once. It is deleted from the server as it is
  returned; an export already downloaded, expired or not ready yet is a user error `INVALID_STATE`.
  """
  downloadDataExport(input: DownloadDataExportInput!): DownloadDataExportPayload! @auth

  """
  Delete your account and your personal data, at once and for good, in one step: profile,
  avatar, diary, weights, sessions (every device is signed out), consents, exports. Community
  records stay without you (price observations you reported, products you submitted); a
  confirmation is emailed to your address. Give your password, or do it within 10 minutes of
  signing in. docs/security.md lists what happens to each kind of record.
  """
  deleteMyAccount(input: DeleteMyAccountInput!): DeleteMyAccountPayload! @auth

  "Accept the current version of the terms of service, the privacy policy, or both (recorded with the time)."
  acceptPolicies(input: AcceptPoliciesInput!): AcceptPoliciesPayload! @auth
}

enum PolicyDocumentKind {
  TERMS_OF_SERVICE
  PRIVACY_POLICY
}

"A published version of the terms of service or the privacy policy."
type PolicyDocument {
  kind: PolicyDocumentKind!
  "The version's name, e.g. `2026-01`: what registration and `acceptPolicies` record."
  version: String!
  "When this version took effect."
  publishedOn: Date!
}

"An acceptance of one version of a policy document."
type Consent {
  document: PolicyDocumentKind!
  version: String!
  acceptedAt: DateTime!
}

enum DataExportStatus {
  "Being prepared."
  PENDING
  "Ready to download (once, until `expiresAt`)."
  READY
  "Downloaded; the document is no longer on the server."
  DOWNLOADED
  "Not downloaded within a day; the document was deleted."
  EXPIRED
}

"A request for a copy of your personal data. Visible to its owner only."
type DataExport implements Node {
  id: ID!
  status: DataExportStatus!
  requestedAt: DateTime!
  "When the document was ready; null while pending."
  readyAt: DateTime
  "Until when the document can be downloaded: a day after it was ready."
  expiresAt: DateTime
  downloadedAt: DateTime
  "The document's size in bytes, once ready."
  sizeBytes: Int
}

type ExportMyDataPayload {
  dataExport: DataExport
  userErrors: [UserError!]!
}

input DownloadDataExportInput {
  "One of your exports."
  exportId: ID!
}

type DownloadDataExportPayload {
  dataExport: DataExport
  """
  The document, a JSON object (as a string): `format` (`foodgraph-personal-data/1`),
  `generatedAt`, `userId`, then one member per area (`accounts`, `diary`, `privacy`, …) with every
  record it holds about you. Secrets (password hash, token hashes) are left out.
  """
  document: String
  userErrors: [UserError!]!
}

input DeleteMyAccountInput {
  "Your password (at most 100 characters); may be left out within 10 minutes of signing in. Wrong passwords count with failed sign-ins."
  password: String
}

type DeleteMyAccountPayload {
  "True when the account is deleted; the session that asked is ended with it."
  deleted: Boolean!
  userErrors: [UserError!]!
}

"At least one of the fields."
input AcceptPoliciesInput {
  "The current version of the terms of service (`policyDocuments`); another is refused with `INVALID_STATE`."
  termsOfServiceVersion: String
  "The current version of the privacy policy (`policyDocuments`); another is refused with `INVALID_STATE`."
  privacyPolicyVersion: String
}

type AcceptPoliciesPayload {
  user: User
  userErrors: [UserError!]!
}

"What an administrator did to a user's data or account."
enum AuditAction {
  PROFILE_CORRECTED
  RECORDS_DELETED
  ACCOUNT_DELETED
  ROLE_GRANTED
  ROLE_REVOKED
  ACCOUNT_DISABLED
  ACCOUNT_ENABLED
}

"One administrator action, kept when either account is deleted (then without it)."
type AuditLogEntry {
  action: AuditAction!
  "The administrator; null once their account is deleted."
  actor: User
  "The user the action was about; null once their account is deleted."
  subjectUser: User
  "Why, as the administrator gave it (required for corrections and deletions)."
  reason: String
  "What: the profile fields corrected, the IDs of the records deleted, or the role. Never the values."
  details: [String!]!
  createdAt: DateTime!
}

type AuditLogEntryConnection {
  edges: [AuditLogEntryEdge!]!
  pageInfo: PageInfo!
}

type AuditLogEntryEdge {
  cursor: String!
  node: AuditLogEntry!
}

input CorrectUserProfileInput {
  userId: ID!
  "Why: the user's request (date, channel). 1–500 characters."
  reason: String!
  "The corrections, as `updateProfile` takes them; at least one field."
  profile: UpdateProfileInput!
}

type CorrectUserProfilePayload {
  user: User
  userErrors: [UserError!]!
}

input DeleteUserRecordsInput {
  userId: ID!
  "Why: the user's request (date, channel). 1–500 characters."
  reason: String!
  "1–100 IDs of the user's `DiaryEntry` or `WeightEntry` records."
  recordIds: [ID!]!
}

type DeleteUserRecordsPayload {
  deletedRecordIds: [ID!]!
  userErrors: [UserError!]!
}

input DeleteUserAccountInput {
  userId: ID!
  "Why: the user's request (date, channel). 1–500 characters."
  reason: String!
}

type DeleteUserAccountPayload {
  deleted: Boolean!
  userErrors: [UserError!]!
}
"""#
}
