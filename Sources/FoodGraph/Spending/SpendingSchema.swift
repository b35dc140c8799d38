extension SpendingArea {
    static let schema = #"""
extend type User {
  "Your receipts, the latest purchase first. `first` or `last`: 1–100 (20 when both are left out)."
  receipts(first: Int, after: String, last: Int, before: String): ReceiptConnection!
  "Your purchases (every confirmed receipt line), the latest first. `from` and `to` are local dates in your time zone (inclusive, either may be left out); `productId` narrows the list to your history of one product. `first` or `last`: 1–100 (20 when both are left out)."
  purchases(from: Date, to: Date, productId: ID, first: Int, after: String, last: Int, before: String): PurchaseConnection!
  "Your spending objectives (at most 50), each with its progress in the current period."
  spendingObjectives: [SpendingObjective!]!
  "For each objective exceeded or near (80 % of its limit or more) in its current period: what cost the most, and cheaper alternatives to those products within your radius, outside your ignored stores."
  spendingSuggestions: [SpendingSuggestion!]!
  """
  Your spending from `from` to `to` (local dates in your time zone, inclusive, at most 5 years apart, else
  BAD_USER_INPUT), in your currency. By DAY, WEEK (ISO, from Monday), MONTH or YEAR: every period of the
  range in order, empty ones with a zero total; a period cut by the range counts only the range's days.
  By CATEGORY, STORE or PRODUCT: the groups with purchases, largest total first (PRODUCT is the top
  products).
  """
  spending(from: Date!, to: Date!, groupBy: SpendingGrouping!): [SpendingGroup!]!
  "Your spending from `from` to `to` (inclusive, at most 5 years apart) against the same number of days just before."
  spendingComparison(from: Date!, to: Date!): SpendingComparison!
  "What `undoLastSpendingChange` would undo: your last change of receipts, lines, mappings or objectives (your last 20 changes are kept, for 30 days); null when there is none."
  lastSpendingChange: SpendingChange
}

extend type Product {
  """
  The same product or an equivalent one (same category, same unit of size and within ±25 % of its size)
  bought cheaper by other users in the last 30 days, per store (its lowest price there), largest saving
  per unit first, at most 10. Compared with your latest price of this product in the last 90 days, or its
  catalog price when you have not bought it. Stores are those within `near`, or your profile's location and
  accessible radius when `near` is left out (none without either), never your ignored stores. Anonymous
  callers must give `near`.
  """
  cheaperAlternatives(near: GeoRadiusInput): [CheaperAlternative!]!
}

extend type Query {
  "Community mappings of receipt texts to products, the newest first, for review. Administrators only."
  productMappings(status: ProductMappingStatus, first: Int, after: String, last: Int, before: String): ProductMappingConnection! @auth(roles: [ADMINISTRATOR])
}

extend type Mutation {
  "Enter a receipt by hand (or from a scan): its store, time, total and lines. Lines are mapped to products (your earlier answers, community mappings, then a text search); lines you name a product for, and lines your earlier answers or community mappings map, are confirmed and become purchases. The sum of the lines is checked against the total: `linesTotal` and `totalsMatch` show a mismatch."
  createReceipt(input: CreateReceiptInput!): ReceiptPayload! @auth

  "Correct a line's text, quantity, unit, prices; a confirmed line's purchase changes with it. A new text maps the line again."
  updateReceiptLine(input: UpdateReceiptLineInput!): ReceiptLinePayload! @auth

  "Confirm a line's product, or correct it: the line becomes a purchase of that product (and a price observation for the catalog). Your answer maps this store's text for your later receipts at once, and for everyone once enough independent users agree (3 by default). The product may be one in the catalog or one you submitted (`submitProduct`) for a line that matches nothing."
  confirmReceiptLineMapping(input: ConfirmReceiptLineMappingInput!): ReceiptLinePayload! @auth

  "Delete a receipt, its lines and their purchases."
  deleteReceipt(input: DeleteReceiptInput!): DeleteReceiptPayload! @auth

  "Set a spending limit per period for everything, a category (with its sub-categories) or a product; setting one for the same period and scope again changes its limit."
  setSpendingObjective(input: SetSpendingObjectiveInput!): SpendingObjectivePayload! @auth

  "Remove a spending objective."
  removeSpendingObjective(input: RemoveSpendingObjectiveInput!): RemoveSpendingObjectivePayload! @auth

  """
  Undo your last change of receipts, lines, mappings or objectives (`User.lastSpendingChange`): the receipt,
  lines, objective and your mapping answers are put back exactly as they were (same ids and times), and
  the purchases and catalog receipt prices they give are made again. Repeat to undo the change before it
  (your last 20, within 30 days); an undo cannot itself be undone. INVALID_STATE when there is nothing to
  undo, or when the change can no longer be undone (a store, product or category it names is gone, or
  what it changed no longer exists).
  """
  undoLastSpendingChange: UndoLastSpendingChangePayload! @auth

  "Approve or revoke a community mapping. A revoked mapping stops applying at once and is not made again by further agreement; approving restores it. Administrators only."
  reviewProductMapping(input: ReviewProductMappingInput!): ProductMappingPayload! @auth(roles: [ADMINISTRATOR])
}

enum ReceiptSource {
  MANUAL
  SCAN
}

"The unit a receipt line's quantity counts."
enum PurchaseUnit {
  PIECE
  KILOGRAM
  GRAM
  LITRE
  MILLILITRE
}

"How a receipt line's product was found."
enum MappingSource {
  "Named when the receipt was entered."
  GIVEN
  "Your own earlier answer for this store's text."
  PERSONAL
  "A community mapping (screened agreement of several users)."
  COMMUNITY
  "The best text-search candidate: a guess until you confirm it."
  SEARCH
  "Confirmed or corrected by you on this line."
  USER
}

enum SpendingPeriod {
  DAY
  "ISO weeks, Monday to Sunday."
  WEEK
  MONTH
  YEAR
}

enum SpendingGrouping {
  DAY
  "ISO weeks, Monday to Sunday."
  WEEK
  MONTH
  YEAR
  CATEGORY
  STORE
  PRODUCT
}

enum ObjectiveStatus {
  "Under 80 % of the limit."
  ON_TRACK
  "80 % of the limit or more, not over it."
  NEAR
  "Over the limit."
  EXCEEDED
}

enum ProductMappingStatus {
  ACTIVE
  REVOKED
}

enum MappingReviewDecision {
  APPROVE
  REVOKE
}

"A receipt: what was bought at a store at a time. Seen by its owner and administrators."
type Receipt implements Node {
  id: ID!
  "Null when the store was removed from the catalog."
  store: Store
  purchasedAt: DateTime!
  "The total printed on the receipt."
  total: Money!
  "The sum of the lines' totals."
  linesTotal: Money!
  "Whether the lines add up to the total exactly."
  totalsMatch: Boolean!
  "`total` minus `linesTotal` (negative when the lines add up to more)."
  difference: Money!
  source: ReceiptSource!
  "In receipt order."
  lines: [ReceiptLine!]!
  createdAt: DateTime!
}

type ReceiptConnection {
  edges: [ReceiptEdge!]!
  pageInfo: PageInfo!
}

type ReceiptEdge {
  cursor: String!
  node: Receipt!
}

"One line of a receipt."
type ReceiptLine implements Node {
  id: ID!
  "As printed, e.g. `GV WHL MLK 2L`."
  text: String!
  quantity: Float!
  unit: PurchaseUnit!
  unitPrice: Money!
  discount: Money!
  "What the line cost: quantity × unit price − discount unless entered otherwise."
  lineTotal: Money!
  "The mapped product, or null."
  product: Product
  "0–1: how sure the mapping is (1 for a product named or confirmed); null without a product."
  mappingConfidence: Float
  "Whether the product is confirmed (named, confirmed by you, your earlier answer or a community mapping): only confirmed lines are purchases."
  mappingConfirmed: Boolean!
  mappingSource: MappingSource
  "Products the text may be (text search over name and brand with abbreviations expanded), the likeliest first, at most 5."
  candidates: [Product!]!
}

"A purchase: a confirmed receipt line."
type Purchase implements Node {
  id: ID!
  purchasedAt: DateTime!
  store: Store
  product: Product!
  unitPrice: Money!
  quantity: Float!
  unit: PurchaseUnit!
  "What was paid for the line."
  total: Money!
  "The receipt line it comes from (null for purchases imported in bulk)."
  receiptLine: ReceiptLine
}

type PurchaseConnection {
  edges: [PurchaseEdge!]!
  pageInfo: PageInfo!
}

type PurchaseEdge {
  cursor: String!
  node: Purchase!
}

"A spending limit per period, for everything, a category or a product."
type SpendingObjective implements Node {
  id: ID!
  period: SpendingPeriod!
  limit: Money!
  "The category the limit is for (with its sub-categories), or null."
  category: Category
  "The product the limit is for, or null. Neither: everything."
  product: Product
  "Spent in the current period (in your time zone)."
  spent: Money!
  "The limit minus what is spent; negative when over."
  remaining: Money!
  "Spent ÷ limit (1 = the whole limit)."
  progress: Float!
  exceeded: Boolean!
  status: ObjectiveStatus!
  "The current period's first and last days."
  periodStart: Date!
  periodEnd: Date!
  "The past periods before the current one, the latest first, with whether each was met: `periods` 1–24 (default 6)."
  history(periods: Int = 6): [ObjectivePeriod!]!
}

"An objective's outcome in one past period."
type ObjectivePeriod {
  start: Date!
  end: Date!
  spent: Money!
  "Whether spending stayed within the limit."
  met: Boolean!
  exceeded: Boolean!
}

"Spending in one period, category, store or product."
type SpendingGroup {
  "The period's first date (`2026-03-01`), or the category's, store's or product's ID."
  key: String!
  "Fit to show: `2026-03-01`, `Week of 2026-03-02`, `March 2026`, `2026`, or the name."
  label: String!
  total: Money!
  purchaseCount: Int!
}

type SpendingComparison {
  from: Date!
  to: Date!
  previousFrom: Date!
  previousTo: Date!
  current: Money!
  previous: Money!
  "`current` minus `previous`."
  change: Money!
  "The change in percent of `previous`; null when `previous` is zero."
  changePercent: Float
}

"An objective exceeded or near, and what to do about it."
type SpendingSuggestion {
  objective: SpendingObjective!
  status: ObjectiveStatus!
  "The products that cost the most in the objective's current period, largest first, at most 3: what to stop buying, or buy less of."
  largestContributors: [SpendingGroup!]!
  "Cheaper alternatives to those products (as `Product.cheaperAlternatives`), largest saving per month first, at most 5."
  cheaperAlternatives: [CheaperAlternative!]!
}

"A product bought cheaper by other users at a store near you."
type CheaperAlternative {
  "The same product as `insteadOf`, or an equivalent one."
  product: Product!
  store: Store!
  "The lowest price paid for one unit at the store in the last 30 days."
  price: Money!
  "When it was paid."
  observedAt: DateTime!
  "The product it replaces."
  insteadOf: Product!
  sameProduct: Boolean!
  "What one unit saves against your price."
  savingPerUnit: Money!
  "What it saves a month at your rate of buying `insteadOf` over the last 90 days; null when you have not bought it."
  savingPerMonth: Money
  distanceKm: Float
}

"A community mapping: a store's receipt text is this product, as several independent users agreed."
type ProductMapping implements Node {
  id: ID!
  store: Store
  "The receipt text, normalised (upper case, single spaces)."
  text: String!
  product: Product
  status: ProductMappingStatus!
  "How many enabled accounts gave this answer when it was screened."
  agreeingUsers: Int!
  createdAt: DateTime!
  reviewedAt: DateTime
  reviewNote: String
}

type ProductMappingConnection {
  edges: [ProductMappingEdge!]!
  pageInfo: PageInfo!
}

type ProductMappingEdge {
  cursor: String!
  node: ProductMapping!
}

input ReceiptLineInput {
  "As printed: 1–200 characters."
  text: String!
  "More than 0, at most 10000."
  quantity: Float!
  unit: PurchaseUnit = PIECE
  "0 to 99999.99, at most two decimals."
  unitPrice: Decimal!
  "0 to 99999.99, at most two decimals; 0 by default."
  discount: Decimal
  "0 to 999999.99; quantity × unit price − discount, to the cent, by default."
  lineTotal: Decimal
  "The product, when you know it: the line is then confirmed."
  productId: ID
}

input CreateReceiptInput {
  storeId: ID!
  "When you paid: within the last 10 years, not later than a day from now."
  purchasedAt: DateTime!
  "The receipt's total: 0 to 999999.99, at most two decimals."
  total: Decimal!
  "1 to 200 lines."
  lines: [ReceiptLineInput!]!
  source: ReceiptSource = MANUAL
  """
  The receipt scan this receipt confirms: a recognised `RECEIPT` scan of yours without a receipt yet
  (else `NOT_FOUND`). The receipt's source is then `SCAN`, and the scan's `receipt` is this one.
  """
  scanId: ID
}

type ReceiptPayload {
  receipt: Receipt
  userErrors: [UserError!]!
}

input UpdateReceiptLineInput {
  receiptLineId: ID!
  "1–200 characters."
  text: String
  "More than 0, at most 10000."
  quantity: Float
  unit: PurchaseUnit
  "0 to 99999.99."
  unitPrice: Decimal
  "0 to 99999.99."
  discount: Decimal
  "0 to 999999.99; recomputed from quantity, unit price and discount when left out and one of them changes."
  lineTotal: Decimal
}

input ConfirmReceiptLineMappingInput {
  receiptLineId: ID!
  productId: ID!
}

type ReceiptLinePayload {
  line: ReceiptLine
  receipt: Receipt
  userErrors: [UserError!]!
}

input DeleteReceiptInput {
  receiptId: ID!
}

"What a change of your spending did: it can be undone with `undoLastSpendingChange`."
type SpendingChange {
  kind: SpendingChangeKind!
  "What the change did, in words (e.g. \"Entered a receipt of 3 lines (total 12.40 CAD)\")."
  description: String!
  "When it was made."
  at: DateTime!
}

enum SpendingChangeKind {
  CREATE_RECEIPT
  UPDATE_RECEIPT_LINE
  CONFIRM_RECEIPT_LINE_MAPPING
  DELETE_RECEIPT
  SET_SPENDING_OBJECTIVE
  REMOVE_SPENDING_OBJECTIVE
}

type UndoLastSpendingChangePayload {
  "The change undone."
  undone: SpendingChange
  userErrors: [UserError!]!
}

type DeleteReceiptPayload {
  deletedReceiptId: ID
  userErrors: [UserError!]!
}

input SetSpendingObjectiveInput {
  period: SpendingPeriod!
  "More than 0, at most 999999.99, at most two decimals, in your currency."
  limit: Decimal!
  "A category, or a product, or neither (everything); not both."
  categoryId: ID
  productId: ID
}

type SpendingObjectivePayload {
  objective: SpendingObjective
  userErrors: [UserError!]!
}

input RemoveSpendingObjectiveInput {
  objectiveId: ID!
}

type RemoveSpendingObjectivePayload {
  removedObjectiveId: ID
  userErrors: [UserError!]!
}

input ReviewProductMappingInput {
  mappingId: ID!
  decision: MappingReviewDecision!
  "1–1000 characters."
  note: String
}

type ProductMappingPayload {
  mapping: ProductMapping
  userErrors: [UserError!]!
}
"""#
}
