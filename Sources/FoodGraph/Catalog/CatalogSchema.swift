extension CatalogArea {
    static let schema = #"""
extend type Query {
  "A catalog product by barcode in any common form (EAN-13, UPC-A, EAN-8, GTIN-14). Null when no product has it; an invalid barcode is an error with code `BAD_USER_INPUT`."
  productByBarcode(barcode: String!): Product

  """
  Search the catalog. `query` matches name and brand and tolerates typos ("bananna"). Filters
  combine with AND. Without `query` the default order is by name; with it, by relevance. A cursor
  belongs to its list and order: one of another list or order is an error with code `BAD_USER_INPUT`.
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

  "Products waiting for moderation, oldest first. Requires the administrator role."
  pendingProducts(first: Int, after: String, last: Int, before: String): ProductConnection!
    @auth(roles: [ADMINISTRATOR])

  "The top-level categories; each lists its sub-categories."
  categories: [Category!]!

  "A category by its slug, e.g. `cheese` (1–100 characters)."
  category(slug: String!): Category

  "Retail chains, by name."
  retailChains(first: Int, after: String, last: Int, before: String): RetailChainConnection!

  """
  Stores, by name; with `near`, only those within the radius, nearest first, each edge with its
  distance from the point.
  """
  stores(first: Int, after: String, last: Int, before: String, near: GeoRadiusInput, chainId: ID): StoreConnection!
}

extend type Mutation {
  "Add a product to the catalog. Requires the administrator role."
  createProduct(input: CreateProductInput!): ProductPayload! @auth(roles: [ADMINISTRATOR])

  "Change a product. Requires the administrator role."
  updateProduct(input: UpdateProductInput!): ProductPayload! @auth(roles: [ADMINISTRATOR])

  "Submit a product missing from the catalog; it waits for moderation."
  submitProduct(input: CreateProductInput!): ProductPayload! @auth

  "Approve or reject a submitted product. Requires the administrator role."
  reviewProduct(input: ReviewProductInput!): ProductPayload! @auth(roles: [ADMINISTRATOR])

  """
  Set a product's stock, sale price or catalog price. Requires the administrator role, or the chain
  representative role.
  """
  updateProductOffer(input: UpdateProductOfferInput!): ProductPayload!
    @auth(roles: [ADMINISTRATOR, CHAIN_REPRESENTATIVE])

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
  "Submitted by a user, waiting for moderation."
  PENDING
  "Refused by a moderator."
  REJECTED
}

enum QuantityUnit {
  GRAM
  MILLILITRE
  PIECE
}

"A grocery product."
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
  imageUrl: String
  catalogPrice: Money
  "The sale price while the product is on sale."
  salePrice: Money
  onSale: Boolean!
  "Units in stock for delivery orders."
  stock: Int!
  inStock: Boolean!
  status: ProductStatus!
  "The latest price at each store, cheapest first; with `near`, only stores within the radius, nearest first."
  latestPrices(near: GeoRadiusInput, first: Int, after: String, last: Int, before: String): StorePriceConnection!
  "Minimum, median and maximum of observed prices over the last `days` days (1–365, default 90)."
  priceStatistics(days: Int = 90): PriceStatistics
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
  totalCount: Int!
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
  RELEVANCE
  NAME
  PRICE_ASCENDING
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
  stores(first: Int, after: String, last: Int, before: String): StoreConnection!
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
  "Price in the catalog currency (CAD), 0.01–99999.99 with at most two decimals."
  catalogPrice: Decimal
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

"Fields left out stay as they are."
input UpdateProductOfferInput {
  productId: ID!
  "Units in stock, 0–1000000; cannot be null."
  stock: Int
  "0.01–99999.99 with at most two decimals; null removes the catalog price."
  catalogPrice: Decimal
  """
  A sale price puts the product on sale; null ends the sale. 0.01–99999.99 with at most two
  decimals, and below the catalog price.
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
"""#
}
