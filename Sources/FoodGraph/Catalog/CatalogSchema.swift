extension CatalogArea {
    static let schema = #"""
extend type Query {
  "A catalog product by barcode in any common form (EAN-13, UPC-A, EAN-8, GTIN-14). Null when no product has it; an invalid barcode is an error with code `BAD_USER_INPUT`."
  productByBarcode(barcode: String!): Product

  """
  Search the catalog (products in it: status `ACTIVE`). `query` matches name and brand and
  tolerates typos ("bananna"). Filters combine with AND. Without `query` the default order is by
  name (ignoring case); with it, by relevance. Prices, sales and stock are the catalog's summary of
  the chains' offers (see `Product.catalogPrice`). Pages: `first` or `last` 1–100, 20 when both are
  left out, not both; out of range is `BAD_USER_INPUT`. A cursor belongs to its list and order: one
  of another list or order is an error with code `BAD_USER_INPUT`.
  """
  products(
    first: Int
    after: String
    last: Int
    before: String
    "At most 200 characters, no control characters."
    query: String
    filter: ProductFilter
    orderBy: ProductOrder
  ): ProductConnection!

  """
  Products waiting for moderation, oldest first: users' submissions, chains' new products, and
  chains' changes to their products (`revisionOf` names the product a change is for). Pages:
  `first` or `last` 1–100, 20 when both are left out. Requires the administrator role.
  """
  pendingProducts(first: Int, after: String, last: Int, before: String): ProductConnection!
    @auth(roles: [ADMINISTRATOR])

  "The top-level categories; each lists its sub-categories."
  categories: [Category!]!

  "A category by its slug, e.g. `cheese` (1–100 characters)."
  category(slug: String!): Category

  "Retail chains, by name. Pages: `first` or `last` 1–100, 20 when both are left out."
  retailChains(first: Int, after: String, last: Int, before: String): RetailChainConnection!

  """
  Stores, by name; with `near`, only those within the radius, nearest first, each edge with its
  distance from the point. Pages: `first` or `last` 1–100, 20 when both are left out.
  """
  stores(first: Int, after: String, last: Int, before: String, near: GeoRadiusInput, chainId: ID): StoreConnection!
}

extend type Mutation {
  """
  Add a product. An administrator's is in the catalog at once (`ACTIVE`). A chain representative
  adds their own chain's product (`chainId` is their chain, or left out), which waits for
  moderation (`PENDING`) as users' submissions do; another chain's is refused with `FORBIDDEN`.
  Requires the administrator or chain representative role.
  """
  createProduct(input: CreateProductInput!): ProductPayload! @auth(roles: [ADMINISTRATOR, CHAIN_REPRESENTATIVE])

  """
  Change a product. Administrators change any product at once. A chain representative changes
  their own chain's products only (another chain's product is refused with `FORBIDDEN`; one they
  cannot see is `NOT_FOUND`): a product still in moderation changes at once (a rejected one goes
  back to moderation); a change to a product in the catalog becomes a pending revision (returned,
  with `revisionOf`), which an administrator approves into the product or rejects with
  `reviewProduct`, while the product stays as it was. Requires the administrator or chain
  representative role.
  """
  updateProduct(input: UpdateProductInput!): ProductPayload! @auth(roles: [ADMINISTRATOR, CHAIN_REPRESENTATIVE])

  """
  Take a product out of the catalog (`WITHDRAWN`): at once, as it publishes nothing. Chain
  representatives withdraw their own chain's products only (another chain's: `FORBIDDEN`);
  withdrawing a pending revision cancels that change and returns its product. Requires the
  administrator or chain representative role.
  """
  withdrawProduct(input: WithdrawProductInput!): ProductPayload! @auth(roles: [ADMINISTRATOR, CHAIN_REPRESENTATIVE])

  """
  Submit a product missing from the catalog; it waits for moderation. `chainId` and
  `catalogPrice` are for the chain's representatives (as in `createProduct`); anyone else giving
  `chainId` is refused with `FORBIDDEN`, and `catalogPrice` without a chain with a user error.
  """
  submitProduct(input: CreateProductInput!): ProductPayload! @auth

  """
  Approve or reject a product waiting for moderation. Approving a revision applies it to its
  product (the revision goes, and the product is returned); rejecting one keeps the product as it
  is. Requires the administrator role.
  """
  reviewProduct(input: ReviewProductInput!): ProductPayload! @auth(roles: [ADMINISTRATOR])

  """
  Set one chain's offer of a product: its price, sale price and stock. A chain representative sets
  their own chain's offer only (`chainId` is their chain, or left out; another chain's is refused
  with `FORBIDDEN`); administrators set any chain's and must name it. Other chains' offers and the
  product itself are untouched; the product's summary (`catalogPrice`, `salePrice`, `stock`)
  follows. Requires the administrator or chain representative role.
  """
  updateProductOffer(input: UpdateProductOfferInput!): ProductPayload!
    @auth(roles: [ADMINISTRATOR, CHAIN_REPRESENTATIVE])

  """
  Change a chain's description and contact details. Chain representatives change their own
  chain's only (another chain's: `FORBIDDEN`). Requires the administrator or chain representative
  role.
  """
  updateRetailChain(input: UpdateRetailChainInput!): RetailChainPayload! @auth(roles: [ADMINISTRATOR, CHAIN_REPRESENTATIVE])

  """
  Record a product's price at a store. Chain representatives may record prices at their own
  chain's stores only; other users record prices they saw (source `USER`).
  """
  recordPrice(input: RecordPriceInput!): RecordPricePayload! @auth

  "Add a store to a chain. Requires the administrator role, or representing that chain."
  createStore(input: CreateStoreInput!): StorePayload! @auth(roles: [ADMINISTRATOR, CHAIN_REPRESENTATIVE])

  "Change a store. Requires the administrator role, or representing the store's chain."
  updateStore(input: UpdateStoreInput!): StorePayload! @auth(roles: [ADMINISTRATOR, CHAIN_REPRESENTATIVE])
}

"A product category; categories form a tree (e.g. Dairy › Cheese)."
type Category implements Node {
  id: ID!
  slug: String!
  name: String!
  parent: Category
  children: [Category!]!
  "Slugs from the top-level category down to this one."
  path: [String!]!
}

enum Allergen {
  MILK
  EGGS
  FISH
  SHELLFISH
  TREE_NUTS
  PEANUTS
  WHEAT
  SOY
  SESAME
  MUSTARD
  SULPHITES
}

enum DietLabel {
  VEGAN
  VEGETARIAN
  GLUTEN_FREE
  DAIRY_FREE
  NUT_FREE
  LOW_SODIUM
  LOW_FAT
  LOW_SUGAR
  HIGH_PROTEIN
  ORGANIC
}

enum StorageLocation {
  FRIDGE
  FREEZER
  PANTRY
}

enum ProductStatus {
  "In the catalog."
  ACTIVE
  "Submitted by a user or a chain (or a chain's change to its product), waiting for moderation."
  PENDING
  "Refused by a moderator."
  REJECTED
  "Taken out of the catalog by its chain or an administrator."
  WITHDRAWN
}

enum QuantityUnit {
  GRAM
  MILLILITRE
  PIECE
}

"""
A grocery product. Products in the catalog (`ACTIVE`) are public; others (in moderation, rejected,
withdrawn, pending revisions) are seen only by administrators and, for a chain's own products, that
chain's representatives: to everyone else they do not exist, by `node(id:)` too.
"""
type Product implements Node {
  id: ID!
  name: String!
  brand: String
  category: Category!
  "The barcode, normalised to EAN-13 (or EAN-8 for short codes)."
  barcode: String
  packageSize: Quantity
  servingSize: Quantity
  "How a serving is described on the label, e.g. `1 cup (250 ml)`."
  servingDescription: String
  "Nutrition per 100 g (or per 100 ml for liquids: see `basis`)."
  nutritionPer100: Nutrition!
  "Nutrition per serving, when the serving size is known."
  nutritionPerServing: Nutrition
  allergens: [Allergen!]!
  dietLabels: [DietLabel!]!
  "Approximate shelf life of an unopened package, in days."
  shelfLifeDays: Int
  storage: StorageLocation
  """
  Where the product's image is served: `/images/<token>` on this server, the token 32 random bytes
  (base64url), never a sequential number, so addresses cannot be guessed or walked; anyone holding
  the address may fetch the image. A replaced image gets a new address. Null until an image is
  uploaded (`createProduct`, `updateProduct`, `submitProduct`).
  """
  imageUrl: String
  """
  The catalog price: the regular price of the product's best chain offer. Prices belong to chains
  (`offers` lists each); the fields `catalogPrice`, `salePrice`, `onSale`, `stock` and `inStock` are
  the catalog's summary of them, the same for every viewer, and what `products(filter:, orderBy:)`
  filter and sort on. The best offer is the lowest price paid (the sale price while on sale, else
  the regular price) among chains with the product in stock, or among all chains when none has it
  in stock; ties go to the older chain. Null when no chain offers the product. In CAD.
  """
  catalogPrice: Money
  "The best offer's sale price while that offer is on sale (see `catalogPrice`)."
  salePrice: Money
  "Whether the best offer is on sale (see `catalogPrice`)."
  onSale: Boolean!
  "Units in stock for delivery orders: the sum of every chain's stock."
  stock: Int!
  "Whether any chain has the product in stock."
  inStock: Boolean!
  "Every chain's offer of the product, lowest price paid first (ties: the older chain first)."
  offers: [ChainOffer!]!
  "The chain whose own product this is (one its representatives created), if any."
  chain: RetailChain
  status: ProductStatus!
  """
  For a pending revision (a chain representative's change to a product in the catalog, waiting for
  moderation): the product it changes when approved. Null for every other product.
  """
  revisionOf: Product
  """
  The latest price at each store, cheapest first; with `near`, only stores within the radius,
  nearest first. Pages: `first` or `last` 1–100, 20 when both are left out.
  """
  latestPrices(near: GeoRadiusInput, first: Int, after: String, last: Int, before: String): StorePriceConnection!
  "Minimum, median and maximum of observed prices over the last `days` days (1–365, default 90)."
  priceStatistics(days: Int = 90): PriceStatistics
}

"""
One chain's offer of a product. Set by that chain's representatives (or administrators) with
`updateProductOffer`.
"""
type ChainOffer {
  chain: RetailChain!
  "The chain's regular price, in CAD."
  price: Money!
  "The sale price while the chain has the product on sale; always below `price`."
  salePrice: Money
  onSale: Boolean!
  "The price paid: the sale price while on sale, else the regular price."
  pricePaid: Money!
  "Units the chain has in stock for delivery orders."
  stock: Int!
  inStock: Boolean!
  "When the chain last changed the offer."
  updatedAt: DateTime!
}

"An amount with its unit."
type Quantity {
  value: Float!
  unit: QuantityUnit!
}

enum NutritionBasis {
  "Values per 100 grams."
  PER_100_G
  "Values per 100 millilitres."
  PER_100_ML
}

"""
Nutrient amounts. Every field names its unit; a null value means unknown. Values are exact as stored;
clients round for display (energy to 1 kcal, grams to 0.1 g).
"""
type Nutrition {
  basis: NutritionBasis
  energyKcal: Float!
  energyKj: Float!
  fatG: Float!
  saturatedFatG: Float
  transFatG: Float
  cholesterolMg: Float
  carbohydratesG: Float!
  fibreG: Float
  sugarsG: Float
  sodiumMg: Float
  proteinG: Float!
  vitaminAUg: Float
  vitaminCMg: Float
  calciumMg: Float
  ironMg: Float
  "Further minerals and vitamins where known."
  micronutrients: [Micronutrient!]!
  """
  These amounts as a percentage of the Daily Value, for each vitamin and mineral that has one and
  whose amount is known (unknown ones are left out): vitamin A, vitamin C, calcium, iron first,
  then sodium, potassium and the further micronutrients with a Daily Value, in that order.
  Reference values: Health Canada, the Table of Daily Values of the Food and Drug Regulations
  (2016 nutrition labelling amendments; vitamin A 900 µg RAE, vitamin C 90 mg, calcium 1300 mg,
  iron 18 mg, sodium 2300 mg, potassium 3400 mg, vitamin D 20 µg, …) by default; or the FDA's,
  21 CFR 101.9(c)(8)(iv) and (c)(9) (2016), which differ only in potassium (4700 mg). Like every
  `Nutrition` field, the percentages are of this basis: per 100 g or ml, per serving, or a day's
  total.
  """
  dailyValues(standard: DailyValueStandard = HEALTH_CANADA): [DailyValue!]!
}

"Whose Daily Values `Nutrition.dailyValues` uses."
enum DailyValueStandard {
  "Health Canada, Table of Daily Values (Food and Drug Regulations, 2016 amendments)."
  HEALTH_CANADA
  "U.S. FDA, 21 CFR 101.9(c)(8)(iv) and (c)(9) (2016 final rule)."
  FDA
}

"A nutrient's amount as a percentage of its Daily Value."
type DailyValue {
  "`vitamin_a`, `vitamin_c`, `calcium`, `iron`, `sodium`, `potassium`, or another micronutrient's name (`vitamin_d`, `magnesium`, …)."
  nutrient: String!
  "The amount, in `unit` (converted from the micronutrient's own unit where it differs)."
  amount: Float!
  "`mg` or `µg`."
  unit: String!
  "The reference amount (the Daily Value), in `unit`."
  dailyValue: Float!
  "`amount` ÷ `dailyValue` × 100, rounded to 0.1."
  percent: Float!
}

type Micronutrient {
  "e.g. `potassium`, `vitamin_d`."
  name: String!
  amount: Float!
  "e.g. `mg`, `µg`."
  unit: String!
}

type ProductConnection {
  edges: [ProductEdge!]!
  pageInfo: PageInfo!
  """
  How many products the list has, counted up to 10000 (as GitHub's search caps its counts): when
  more match, 10000, and `totalCountIsExact` is false. Counted only when selected, stopping after
  10001 rows, so its cost does not grow with the catalog; a list's count is then kept until any
  product changes, so its next pages are not counted again. Your own change shows at once.
  """
  totalCount: Int!
  "Whether `totalCount` is exact: false when more than 10000 products match."
  totalCountIsExact: Boolean!
}

type ProductEdge {
  cursor: String!
  node: Product!
}

input ProductFilter {
  "A category slug (1–100 characters); sub-categories are included."
  category: String
  "The brand, ignoring case (1–100 characters)."
  brand: String
  """
  Products whose price paid (the sale price while on sale, else the catalog price) is at least
  this: 0 to 99999.99, at most two decimals. Products without a price are left out.
  """
  minPrice: Decimal
  "Products whose price paid is at most this: 0 to 99999.99, at most two decimals, not below `minPrice`."
  maxPrice: Decimal
  "On sale (true) or not (false)."
  onSale: Boolean
  "In stock (true) or sold out (false)."
  inStock: Boolean
  "Products carrying every one of these labels."
  dietLabels: [DietLabel!]
  "Products free of every one of these allergens."
  allergenFree: [Allergen!]
}

enum ProductOrder {
  "Best match of `query` first; without `query`, the most recently added first."
  RELEVANCE
  "By name, ignoring case."
  NAME
  "By price paid (see `ProductFilter.minPrice`), cheapest first; products without a price last."
  PRICE_ASCENDING
  "By price paid, dearest first; products without a price last."
  PRICE_DESCENDING
}

"A retail chain."
type RetailChain implements Node {
  id: ID!
  name: String!
  description: String
  website: String
  contactEmail: String
  contactPhone: String
  "The chain's stores, by name. Pages: `first` or `last` 1–100, 20 when both are left out."
  stores(first: Int, after: String, last: Int, before: String): StoreConnection!
  """
  The chain's own products (created by its representatives), by name (ignoring case). Everyone
  sees those in the catalog; the chain's representatives and administrators also those in
  moderation, rejected or withdrawn, and pending revisions. Pages: `first` or `last` 1–100, 20
  when both are left out.
  """
  products(first: Int, after: String, last: Int, before: String): ProductConnection!
}

type RetailChainConnection {
  edges: [RetailChainEdge!]!
  pageInfo: PageInfo!
}

type RetailChainEdge {
  cursor: String!
  node: RetailChain!
}

"A store of a retail chain."
type Store implements Node {
  id: ID!
  chain: RetailChain!
  name: String!
  address: Address!
  location: GeoPoint!
}

type StoreConnection {
  edges: [StoreEdge!]!
  pageInfo: PageInfo!
}

type StoreEdge {
  cursor: String!
  node: Store!
  "Kilometres from the point searched near, when `near` was given."
  distanceKm: Float
}

enum PriceSource {
  CATALOG
  CHAIN
  RECEIPT
  USER
}

"A price seen for a product at a store."
type PriceObservation implements Node {
  id: ID!
  product: Product!
  store: Store!
  price: Money!
  observedAt: DateTime!
  source: PriceSource!
  "Whether the price was a discount."
  discounted: Boolean!
}

type StorePriceConnection {
  edges: [StorePriceEdge!]!
  pageInfo: PageInfo!
}

type StorePriceEdge {
  cursor: String!
  node: PriceObservation!
  "Kilometres from the point searched near, when `near` was given."
  distanceKm: Float
}

type PriceStatistics {
  days: Int!
  observations: Int!
  minimum: Money!
  median: Money!
  maximum: Money!
}

input QuantityInput {
  "0.01–100000."
  value: Float!
  unit: QuantityUnit!
}

"""
Nutrition per 100 g or 100 ml. Energy may be given in kcal or kJ. Amounts in grams are 0–100,
in milligrams 0–100000, in micrograms 0–100000000.
"""
input NutritionInput {
  basis: NutritionBasis = PER_100_G
  "0–1000; this or `energyKj` is required."
  energyKcal: Float
  "0–4200, used when `energyKcal` is left out."
  energyKj: Float
  fatG: Float!
  saturatedFatG: Float
  transFatG: Float
  cholesterolMg: Float
  carbohydratesG: Float!
  fibreG: Float
  sugarsG: Float
  sodiumMg: Float
  proteinG: Float!
  vitaminAUg: Float
  vitaminCMg: Float
  calciumMg: Float
  ironMg: Float
}

"Texts are trimmed of surrounding white space; control characters are refused."
input CreateProductInput {
  """
  The chain whose own product this is (a store brand, say), and whose offer `catalogPrice` sets. A
  chain representative's products are always their chain's (left out: their chain; another
  chain's: `FORBIDDEN`). Administrators may name any chain or none; other users none.
  """
  chainId: ID
  "1–200 characters."
  name: String!
  "1–100 characters."
  brand: String
  "Category slug, 1–100 characters."
  category: String!
  "EAN-13, UPC-A, EAN-8 or GTIN-14 with a valid check digit."
  barcode: String
  packageSize: QuantityInput
  "In grams or millilitres (not `PIECE`)."
  servingSize: QuantityInput
  "How a serving is described on the label, 1–100 characters."
  servingDescription: String
  nutrition: NutritionInput!
  allergens: [Allergen!]
  dietLabels: [DietLabel!]
  "Days, 1–3650."
  shelfLifeDays: Int
  storage: StorageLocation
  """
  The chain's price (its offer, as `updateProductOffer` sets it), in CAD, 0.01–99999.99 with at
  most two decimals. Prices belong to chains: without a chain it is refused (`REQUIRED` on
  `chainId` for administrators, `INVALID_STATE` for users, who record prices they see with
  `recordPrice`).
  """
  catalogPrice: Decimal
  """
  The product's image: PNG, JPEG or WebP, at most 2 MB decoded, each side 200–4096 pixels; read
  from its own bytes (`UNSUPPORTED_IMAGE_TYPE`, `INVALID_IMAGE_DIMENSIONS`, `TOO_LONG`).
  """
  image: Base64
}

"""
A patch: fields left out stay as they are; `null` clears a field (an empty list for `allergens` and
`dietLabels`), except `name`, `category` and `nutrition`, which cannot be cleared. Texts are trimmed
of surrounding white space; control characters are refused.
"""
input UpdateProductInput {
  productId: ID!
  "1–200 characters."
  name: String
  "1–100 characters."
  brand: String
  "Category slug, 1–100 characters."
  category: String
  "EAN-13, UPC-A, EAN-8 or GTIN-14 with a valid check digit."
  barcode: String
  packageSize: QuantityInput
  "In grams or millilitres (not `PIECE`)."
  servingSize: QuantityInput
  "1–100 characters."
  servingDescription: String
  nutrition: NutritionInput
  allergens: [Allergen!]
  dietLabels: [DietLabel!]
  "Days, 1–3650."
  shelfLifeDays: Int
  storage: StorageLocation
  "A new image, as in `CreateProductInput.image`; null removes the image."
  image: Base64
}

input WithdrawProductInput {
  productId: ID!
}

type ProductPayload {
  product: Product
  userErrors: [UserError!]!
}

enum ReviewDecision {
  APPROVE
  REJECT
}

input ReviewProductInput {
  productId: ID!
  decision: ReviewDecision!
  "1–1000 characters, trimmed; line breaks and tabs are allowed, other control characters are not."
  note: String
}

"""
One chain's offer: fields left out stay as they are. A chain without an offer of the product
starts one by giving `catalogPrice`. Only active products take offers, and a chain's own products
in moderation.
"""
input UpdateProductOfferInput {
  productId: ID!
  """
  The chain whose offer this is: a representative's own chain when left out (another chain's is
  `FORBIDDEN`); administrators must give it (`REQUIRED`).
  """
  chainId: ID
  "Units the chain has in stock, 0–1000000; cannot be null."
  stock: Int
  """
  The chain's regular price, in CAD, 0.01–99999.99 with at most two decimals; null withdraws the
  chain's offer (its sale and stock with it).
  """
  catalogPrice: Decimal
  """
  A sale price puts the chain's offer on sale; null ends the sale. 0.01–99999.99 with at most two
  decimals, and below the chain's regular price.
  """
  salePrice: Decimal
}

input RecordPriceInput {
  productId: ID!
  storeId: ID!
  "0.01–99999.99, at most two decimals."
  price: Decimal!
  "When the price was seen (now when left out): within the last 10 years, and not in the future."
  observedAt: DateTime
  discounted: Boolean = false
}

type RecordPricePayload {
  priceObservation: PriceObservation
  userErrors: [UserError!]!
}

input CreateStoreInput {
  chainId: ID!
  "1–120 characters, trimmed; no control characters."
  name: String!
  """
  Trimmed, without control characters: `line1` and `line2` 1–200 characters, `city` and `region`
  1–100, `postalCode` 1–20, `country` two letters (ISO 3166-1 alpha-2), `recipient` 1–100 and
  `phone` 1–30 (stores keep neither).
  """
  address: AddressInput!
  "Latitude −90 to 90, longitude −180 to 180."
  location: GeoPointInput!
}

"Fields left out stay as they are; a store always has a name, address and location, so null is refused."
input UpdateStoreInput {
  storeId: ID!
  "1–120 characters, trimmed; no control characters."
  name: String
  "The bounds of `CreateStoreInput.address`."
  address: AddressInput
  "Latitude −90 to 90, longitude −180 to 180."
  location: GeoPointInput
}

type StorePayload {
  store: Store
  userErrors: [UserError!]!
}

"""
A patch of a chain's description and contact details: fields left out stay, null clears one.
Texts are trimmed of surrounding white space; control characters are refused.
"""
input UpdateRetailChainInput {
  chainId: ID!
  "1–2000 characters; line breaks are allowed."
  description: String
  "An `https://` or `http://` address, 1–300 characters."
  website: String
  "An email address, 6–256 characters, `x@x.x`."
  contactEmail: String
  "A phone number: 7–30 characters of digits, spaces and `+ - ( ) .`, with at least 7 digits."
  contactPhone: String
}

type RetailChainPayload {
  retailChain: RetailChain
  userErrors: [UserError!]!
}
"""#
}
