extension CommonArea {
    static let schema = #"""
"""
FoodGraph: one graph of food data — accounts and profiles, the product catalog, food diaries — for
the NutriBud, Scan&Cook, Meal Budget Plan, Kitchen Keeper and Grocery Spending Tracker apps.

Conventions (see docs/api-conventions.md): every entity is a `Node` with an opaque global ID; every
list is a Relay connection (`first`/`after` or `last`/`before`, 1–100, default 20); mutations take
one `input` and return a payload with `userErrors` for anything the user can fix; authentication,
permission, rate-limit and system failures are GraphQL errors with `extensions.code`.
"""
schema {
  query: Query
  mutation: Mutation
}


"""
The field requires a signed-in, enabled account. With `roles`, the viewer must also hold one of
them (administrators hold every role). Refusals are errors with code `UNAUTHENTICATED` or `FORBIDDEN`.
"""
directive @auth(roles: [Role!]! = []) on FIELD_DEFINITION

"An instant, as an RFC 3339 date-time with an offset, e.g. `2026-11-22T08:30:00Z`."
scalar DateTime @specifiedBy(url: "https://www.rfc-editor.org/rfc/rfc3339")

"A calendar date without a time zone, `YYYY-MM-DD` (ISO 8601)."
scalar Date @specifiedBy(url: "https://www.iso.org/iso-8601-date-and-time-format.html")

"""
An exact decimal number as a string, e.g. `"12.50"`, so money and quantities never lose precision.
Inputs also accept an Int.
"""
scalar Decimal

"Binary data as base64 (RFC 4648: the standard or the URL-safe alphabet, not mixed; padding optional; a `data:<media type>;base64,` prefix allowed)."
scalar Base64 @specifiedBy(url: "https://www.rfc-editor.org/rfc/rfc4648")

"An email address: 6–256 characters shaped like `name@domain.tld`, compared case-insensitively."
scalar EmailAddress

"An object with a globally unique, opaque ID, fetchable with `node(id:)`."
interface Node {
  "The opaque global ID. Treat it as a string: its format may change."
  id: ID!
}

"Pagination state of a connection."
type PageInfo {
  "Whether more items follow the last edge (exact when paginating forward)."
  hasNextPage: Boolean!
  "Whether more items precede the first edge (exact when paginating backward)."
  hasPreviousPage: Boolean!
  "The cursor of the first edge, for `before`."
  startCursor: String
  "The cursor of the last edge, for `after`."
  endCursor: String
}

"A problem with a mutation's input that the user can fix."
type UserError {
  "Path to the input field at fault, starting below `input`, e.g. `[\"password\"]`; null for the whole input."
  field: [String!]
  "A plain-language explanation, fit to show to the user."
  message: String!
  "A stable machine-readable code."
  code: UserErrorCode!
}

"Why an input was refused."
enum UserErrorCode {
  "A required value is missing or blank."
  REQUIRED
  "The value does not have the expected form."
  INVALID_FORMAT
  "The value is shorter or smaller than allowed."
  TOO_SHORT
  "The value is longer or larger than allowed."
  TOO_LONG
  "The value is outside the allowed range."
  OUT_OF_RANGE
  "The value is already used by another account or record."
  TAKEN
  "The password lacks an uppercase letter."
  PASSWORD_NEEDS_UPPERCASE
  "The password lacks a lowercase letter."
  PASSWORD_NEEDS_LOWERCASE
  "The password lacks a digit."
  PASSWORD_NEEDS_DIGIT
  "The password lacks a special character."
  PASSWORD_NEEDS_SPECIAL_CHARACTER
  "The email or password is wrong."
  INVALID_CREDENTIALS
  "The current password given is wrong."
  WRONG_PASSWORD
  "The token is unknown, used or expired."
  INVALID_TOKEN
  "The referenced record does not exist or is not visible to you."
  NOT_FOUND
  "The barcode's check digit is wrong."
  INVALID_CHECK_DIGIT
  "The image is not a complete PNG, JPEG or WebP image: another type, or one that does not decode in full (truncated, corrupt, or with other bytes after its end)."
  UNSUPPORTED_IMAGE_TYPE
  "The image has the wrong dimensions."
  INVALID_IMAGE_DIMENSIONS
  "The weekly budget is below the minimum of 60."
  BUDGET_TOO_LOW
  "The date is too far in the future."
  DATE_IN_FUTURE
  "The record is not in a state that allows this change."
  INVALID_STATE
  "Not enough in stock at the chain: the message names the product and what is left."
  OUT_OF_STOCK
  "The base64 text of an image is longer than allowed (scans: 17 000 000 characters)."
  IMAGE_ENCODING_TOO_LONG
  "The image's bytes are more than allowed (scans: 12 MiB)."
  IMAGE_TOO_LARGE
  "The image has more pixels than allowed (scans: 24 megapixels), whatever its file size (a decompression bomb)."
  IMAGE_TOO_MANY_PIXELS
  "The image's bytes are of another type than the one declared (a `data:image/jpeg` prefix on a PNG)."
  IMAGE_TYPE_MISMATCH
  "The image starts like a PNG, JPEG or WebP but does not decode in full (truncated or damaged)."
  IMAGE_CORRUPT
  "A chunk's offset is not where the upload stands; resume from the `receivedBytes` the upload reports."
  UPLOAD_OFFSET_MISMATCH
  "Sign-in with this provider is not set up on this server (it has no client id for it)."
  PROVIDER_NOT_CONFIGURED
  "The change would leave the account without a way to sign in (no password and no other provider)."
  LAST_SIGN_IN_METHOD
  "A 6th support issue in a day or a 26th in a week; the payload's `allowedAgainAt` says when the next one is accepted."
  SUPPORT_ISSUE_LIMIT
  "Another employee already has this support issue in hand."
  ISSUE_ALREADY_TAKEN
}

"An amount of money in a currency."
type Money {
  "The exact amount, e.g. `\"4.99\"`."
  amount: Decimal!
  "ISO 4217 currency code, e.g. `CAD`."
  currency: String!
}

"A point on Earth (WGS 84)."
type GeoPoint {
  latitude: Float!
  longitude: Float!
}

"A point and a radius, for finding what is near."
input GeoRadiusInput {
  "Degrees, −90 to 90."
  latitude: Float!
  "Degrees, −180 to 180."
  longitude: Float!
  "Kilometres, more than 0 and at most 500."
  radiusKm: Float!
}

type Query {

  """
  Any entity by its global ID. Returns null when the ID is well-formed but no entity with it is
  visible to the viewer; a malformed ID is an error with code `BAD_USER_INPUT`.
  """
  node(id: ID!): Node

  "Several entities by global ID, in the order given (null where not visible). At most 100 IDs."
  nodes(ids: [ID!]!): [Node]!
}

"Every change goes through a mutation: one `input`, a payload with `userErrors`."
type Mutation
"""#
}
