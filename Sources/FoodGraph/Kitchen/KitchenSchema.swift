extension KitchenArea {
    static let schema = #"""
    extend type User {
      """
      What the user has at home, oldest expiry first (items without a date last). Filter by `location`,
      by `expiringWithinDays` (0–365: items whose expiry date is at most that many days from today,
      expired ones included) or by `productId`. Consumed and removed items are not listed. Page:
      `first` or `last`: 1–100 (20 when both are left out; not both). The owner and administrators.
      """
      pantry(location: StorageLocation, expiringWithinDays: Int, productId: ID, first: Int, after: String, last: Int, before: String): PantryItemConnection!

      """
      Pantry items expiring within `days` (0–365, default: the user's `kitchenSettings.expiryAlertDays`)
      from today, expired ones included, soonest first (at most 100).
      """
      expiringSoon(days: Int): [PantryItem!]!

      """
      How much of a product is at home, every item added up in `unit`: grams and millilitres count 1:1,
      pieces as the product's package size (an item in pieces of a product without a package size
      adds nothing to a total in grams, and the reverse).
      """
      pantryAmount(productId: ID!, unit: QuantityUnit!): Float!

      "The pantry's movements (adds, edits, consumption, removals, undos), newest first. Page: as `pantry`."
      pantryMovements(first: Int, after: String, last: Int, before: String): PantryMovementConnection!

      "The user's kitchen settings: when expiring food is announced."
      kitchenSettings: KitchenSettings!

      "The cart: the order being put together, with one chain; null when empty."
      draftOrder: Order

      "The user's submitted orders, newest first, optionally of one status. Page: as `pantry`."
      orders(status: OrderStatus, first: Int, after: String, last: Int, before: String): OrderConnection!

      "The recurring order: the products to keep at home, how often to order what is missing, and its runs."
      recurringOrder: RecurringOrder!
    }

    extend type Query {
      """
      The order handlers' queue: submitted orders, oldest first, optionally of one status (all but
      cancelled and delivered when left out). Each shows its items and delivery address, nothing else
      of the customer. Order handlers and administrators. Page: `first` or `last`: 1–100 (20 when both
      are left out; not both).
      """
      orderQueue(status: OrderStatus, first: Int, after: String, last: Int, before: String): OrderConnection!
        @auth(roles: [ORDER_HANDLER])
    }

    extend type Mutation {
      "Add food to the pantry. Signed in."
      addPantryItem(input: AddPantryItemInput!): AddPantryItemPayload! @auth
      "Change a pantry item (quantity, unit, place, expiry date, opened). Recorded as a movement that can be undone. Signed in."
      updatePantryItem(input: UpdatePantryItemInput!): UpdatePantryItemPayload! @auth
      """
      Use part of a pantry item: from the item named, then (when it holds less) from the user's other
      items of the same product or food in the same unit, oldest expiry first. Undo with
      `undoPantryMovement`. Signed in.
      """
      consumePantryItem(input: ConsumePantryItemInput!): ConsumePantryItemPayload! @auth
      "Take an item out of the pantry (thrown away, or gone). Can be undone. Signed in."
      removePantryItem(input: RemovePantryItemInput!): RemovePantryItemPayload! @auth
      """
      Reverse a movement exactly (with the other movements of the same consumption): a consumption's
      quantity comes back, a removed item returns, an edit is reverted, an added item goes. A movement
      is undone once; an undo cannot be undone. Signed in.
      """
      undoPantryMovement(input: UndoPantryMovementInput!): UndoPantryMovementPayload! @auth
      "Change the kitchen settings. Signed in."
      updateKitchenSettings(input: UpdateKitchenSettingsInput!): UpdateKitchenSettingsPayload! @auth

      """
      Put a product in the cart (its quantity is added to what the cart has). The cart orders from one
      chain: `chainId`, else the chain of the user's preferred store, else the first chain; the chain must
      have the product in stock. Signed in.
      """
      addToDraftOrder(input: AddToDraftOrderInput!): AddToDraftOrderPayload! @auth
      "Set the quantity of a product in the cart. Signed in."
      updateDraftOrderItem(input: UpdateDraftOrderItemInput!): UpdateDraftOrderItemPayload! @auth
      "Take a product out of the cart. Signed in."
      removeFromDraftOrder(input: RemoveFromDraftOrderInput!): RemoveFromDraftOrderPayload! @auth
      """
      Send the cart as an order. Needs `confirmed: true`, a payment method and a delivery address (the
      profile's shipping address when left out). Prices are fixed now, and the chain's stock is reserved
      in the same transaction: when any item is short, the payload names it (`OUT_OF_STOCK`, `field`
      `["items", "<product ID>"]`) and nothing is written. Signed in.
      """
      submitOrder(input: SubmitOrderInput!): SubmitOrderPayload! @auth
      """
      Change a submitted order until an order handler accepts it: its items (the stock is reserved again),
      delivery address, delivery time, instructions, meal date. The owner. Signed in.
      """
      updateOrder(input: UpdateOrderInput!): UpdateOrderPayload! @auth
      """
      Move an order along IN_PROCESS → ACCEPTED → PENDING_DELIVERY → DELIVERED, or to CANCELLED before it
      is delivered (its stock returns, its payment is refunded). Any other change is `INVALID_STATE`.
      Delivered orders add their items to the customer's pantry. Order handlers and administrators.
      """
      setOrderStatus(input: SetOrderStatusInput!): SetOrderStatusPayload! @auth(roles: [ORDER_HANDLER])
      """
      Cancel an order: its owner until an order handler accepts it; order handlers and administrators
      until it is delivered. The stock returns and the payment is refunded. Signed in.
      """
      cancelOrder(input: CancelOrderInput!): CancelOrderPayload! @auth

      "Keep a product at home: the quantity wanted at all times (par level). Signed in."
      setRecurringOrderItem(input: SetRecurringOrderItemInput!): SetRecurringOrderItemPayload! @auth
      "Take a product off the recurring order. Signed in."
      removeRecurringOrderItem(input: RemoveRecurringOrderItemInput!): RemoveRecurringOrderItemPayload! @auth
      """
      Switch automatic ordering on or off, and set how often it runs, how many days before it the user is
      told, and how it is paid. Switching it on needs a payment method (given or set before). Signed in.
      """
      setRecurringOrdersEnabled(input: SetRecurringOrdersEnabledInput!): SetRecurringOrdersEnabledPayload! @auth
    }

    "Why a pantry item's expiry date is what it is."
    enum ExpiryKind {
      "Estimated from the product's shelf life and where it is kept (docs/kitchen.md has the table)."
      ESTIMATED
      "Set by the user."
      EXACT
    }

    "How an item reached the pantry."
    enum PantrySource {
      MANUAL
      "A delivered order."
      ORDER
      "A scanned barcode or photo."
      SCAN
      "A receipt."
      RECEIPT
    }

    "What a pantry movement did."
    enum PantryMovementKind {
      ADD
      EDIT
      CONSUME
      REMOVE
      "The reversal of another movement."
      UNDO
    }

    "Where an order is. A draft (the cart) has no status."
    enum OrderStatus {
      "Submitted; waiting for an order handler. The customer may still change or cancel it."
      IN_PROCESS
      "Accepted by an order handler: being put together."
      ACCEPTED
      "On its way."
      PENDING_DELIVERY
      "Delivered: its items are in the customer's pantry."
      DELIVERED
      "Cancelled: its stock returned and its payment refunded."
      CANCELLED
    }

    "How an order is paid. FoodGraph keeps a payment reference at most, never card numbers."
    enum PaymentMethod {
      "On delivery."
      CASH
      CREDIT_CARD
      DEBIT_CARD
      PAYPAL
    }

    "Who changed an order's status."
    enum OrderActor {
      CUSTOMER
      ORDER_HANDLER
      ADMINISTRATOR
      "The server (a recurring order)."
      SYSTEM
    }

    enum PaymentKind {
      PAYMENT
      REFUND
    }

    "How often a recurring order runs."
    enum RecurringFrequency {
      WEEKLY
      "Every two weeks."
      BIWEEKLY
      "On the same day each month."
      MONTHLY
      "Every `everyDays` days."
      EVERY_N_DAYS
    }

    enum RecurringRunOutcome {
      "An order was submitted for what was missing."
      ORDERED
      "Everything was at home: no order."
      NOTHING_MISSING
      "Something was missing but could not be ordered (`message` says why: out of stock, no address)."
      NOT_ORDERED
    }

    "Food at home: one lot of a product (or a free-text food) in one place with one expiry date."
    type PantryItem implements Node {
      id: ID!
      "The catalog product; null for free-text food."
      product: Product
      "The free-text food; null for a product."
      food: String
      "The product's name or the food."
      name: String!
      "What is left, in `unit` (0 once consumed)."
      quantity: Float!
      unit: QuantityUnit!
      location: StorageLocation!
      addedAt: DateTime!
      "Null when no date is known."
      expiresOn: Date
      "Whether `expiresOn` is estimated or the user's; null without a date."
      expiryKind: ExpiryKind
      "Days from today (the user's time zone) to `expiresOn`: negative once expired."
      daysUntilExpiry: Int
      source: PantrySource!
      opened: Boolean!
    }

    type PantryItemConnection {
      edges: [PantryItemEdge!]!
      pageInfo: PageInfo!
    }

    type PantryItemEdge {
      cursor: String!
      node: PantryItem!
    }

    "A change to a pantry item, kept so that it can be undone."
    type PantryMovement implements Node {
      id: ID!
      kind: PantryMovementKind!
      pantryItem: PantryItem!
      quantityBefore: Float!
      quantityAfter: Float!
      "After minus before: negative for consumption."
      quantityChange: Float!
      "Whether it has been undone."
      undone: Boolean!
      createdAt: DateTime!
    }

    type PantryMovementConnection {
      edges: [PantryMovementEdge!]!
      pageInfo: PageInfo!
    }

    type PantryMovementEdge {
      cursor: String!
      node: PantryMovement!
    }

    type KitchenSettings {
      "How many days before an item's expiry the user is told (an \"expiring food\" notification), 0–30; default 3."
      expiryAlertDays: Int!
    }

    """
    A grocery order with one chain. Its owner sees all of it; order handlers see submitted orders with
    their items and delivery address (the address's recipient and phone are the delivery contact),
    nothing else of the customer (no payment reference, no payments); administrators everything.
    """
    type Order implements Node {
      id: ID!
      "The number customers quote, e.g. `KK-100234`; null for a draft."
      number: String
      "Null for a draft."
      status: OrderStatus
      "Whether this is the cart."
      isDraft: Boolean!
      "The chain whose stock and prices the order uses."
      chain: RetailChain!
      items: [OrderItem!]!
      "The items' total: at the chain's current prices while a draft, fixed at submission."
      subtotal: Money!
      "The delivery fee: 0.00 for standard delivery, 9.99 for quick delivery."
      deliveryFee: Money!
      total: Money!
      quickDelivery: Boolean!
      deliveryAddress: Address
      deliveryInstructions: String
      "The delivery time asked for."
      deliveryTime: DateTime
      "The date of the meal the order is for."
      mealDate: Date
      paymentMethod: PaymentMethod
      "The payment reference given (owner and administrators; null for others)."
      paymentReference: String
      "Payments and refunds (owner and administrators; empty for others)."
      payments: [OrderPayment!]!
      "Every status change, oldest first."
      statusHistory: [OrderStatusChange!]!
      "Whether the recurring order created it."
      recurring: Boolean!
      createdAt: DateTime!
      submittedAt: DateTime
    }

    type OrderItem {
      product: Product!
      "Units of the chain's offer, 1–99."
      quantity: Int!
      "The price paid per unit: fixed at submission; the chain's current price while a draft (null if it has no offer)."
      unitPrice: Money
      lineTotal: Money
      "Whether the chain has this many in stock now (drafts); true once submitted (reserved)."
      inStock: Boolean!
    }

    type OrderStatusChange {
      status: OrderStatus!
      "Null for the submission."
      previousStatus: OrderStatus
      changedBy: OrderActor!
      changedAt: DateTime!
    }

    type OrderPayment {
      kind: PaymentKind!
      method: PaymentMethod!
      reference: String
      amount: Money!
      createdAt: DateTime!
    }

    type OrderConnection {
      edges: [OrderEdge!]!
      pageInfo: PageInfo!
    }

    type OrderEdge {
      cursor: String!
      node: Order!
    }

    "The products to keep at home and how often to order what is missing."
    type RecurringOrder {
      "Whether orders are made automatically."
      enabled: Boolean!
      frequency: RecurringFrequency!
      "For `EVERY_N_DAYS`."
      everyDays: Int
      "The next run's date (UTC); null while switched off."
      nextRunOn: Date
      "Days before a run that the user is told (an \"upcoming recurring order\" notification), 0–14."
      noticeDays: Int!
      "How runs pay."
      paymentMethod: PaymentMethod
      items: [RecurringOrderItem!]!
      "The last 20 runs, newest first."
      runs: [RecurringOrderRun!]!
    }

    type RecurringOrderItem {
      product: Product!
      "The quantity wanted at home, in `unit`."
      parQuantity: Float!
      unit: QuantityUnit!
      "What the pantry holds now, in `unit`."
      inPantry: Float!
      "What a run would order for, in `unit` (par minus pantry, at least 0)."
      missing: Float!
    }

    type RecurringOrderRun {
      runOn: Date!
      outcome: RecurringRunOutcome!
      order: Order
      message: String
      createdAt: DateTime!
    }

    """
    A product (`productId`) or a free-text food (`food`, 1–200 characters): exactly one. `quantity`
    0.001–100000 in `unit`. `expiresOn` is the exact date; left out, it is estimated from the
    product's shelf life and the location. `source` defaults to MANUAL.
    """
    input AddPantryItemInput {
      productId: ID
      food: String
      quantity: Float!
      unit: QuantityUnit!
      location: StorageLocation!
      expiresOn: Date
      source: PantrySource
      opened: Boolean
    }

    """
    A patch: fields left out are unchanged. `quantity` 0–100000. `expiresOn: null` goes back to the
    estimate; a new `location` re-estimates an estimated date.
    """
    input UpdatePantryItemInput {
      pantryItemId: ID!
      quantity: Float
      unit: QuantityUnit
      location: StorageLocation
      expiresOn: Date
      opened: Boolean
    }

    "`quantity` 0.001–100000, in the item's unit."
    input ConsumePantryItemInput {
      pantryItemId: ID!
      quantity: Float!
    }

    input RemovePantryItemInput {
      pantryItemId: ID!
    }

    input UndoPantryMovementInput {
      movementId: ID!
    }

    input UpdateKitchenSettingsInput {
      "0–30."
      expiryAlertDays: Int
    }

    "`quantity` 1–99 units of the chain's offer."
    input AddToDraftOrderInput {
      productId: ID!
      quantity: Int!
      "The chain to order from: only while the cart is empty (or already with that chain)."
      chainId: ID
    }

    "`quantity` 1–99."
    input UpdateDraftOrderItemInput {
      productId: ID!
      quantity: Int!
    }

    input RemoveFromDraftOrderInput {
      productId: ID!
    }

    """
    `confirmed` must be true. `paymentReference`: 1–64 characters, a reference only (the last four
    digits of a card, a PayPal transaction ID): anything that looks like a card number is refused.
    `deliveryInstructions` up to 500 characters. `deliveryTime` in the future, within 60 days.
    """
    input SubmitOrderInput {
      confirmed: Boolean!
      paymentMethod: PaymentMethod!
      paymentReference: String
      deliveryAddress: AddressInput
      quickDelivery: Boolean
      mealDate: Date
      deliveryInstructions: String
      deliveryTime: DateTime
    }

    "A product and its quantity, 1–99."
    input OrderItemInput {
      productId: ID!
      quantity: Int!
    }

    "A patch: fields left out are unchanged. `items` replaces the order's items (1–100 products)."
    input UpdateOrderInput {
      orderId: ID!
      items: [OrderItemInput!]
      deliveryAddress: AddressInput
      deliveryTime: DateTime
      deliveryInstructions: String
      mealDate: Date
    }

    input SetOrderStatusInput {
      orderId: ID!
      status: OrderStatus!
    }

    input CancelOrderInput {
      orderId: ID!
    }

    "`parQuantity` 0.001–100000 in `unit`."
    input SetRecurringOrderItemInput {
      productId: ID!
      parQuantity: Float!
      unit: QuantityUnit!
    }

    input RemoveRecurringOrderItemInput {
      productId: ID!
    }

    """
    `everyDays` 1–365, for `EVERY_N_DAYS` only. `noticeDays` 0–14. `firstRunOn`: the first run's date,
    today to a year ahead (default: one period from today). `paymentReference` as in `SubmitOrderInput`.
    """
    input SetRecurringOrdersEnabledInput {
      enabled: Boolean!
      frequency: RecurringFrequency
      everyDays: Int
      noticeDays: Int
      firstRunOn: Date
      paymentMethod: PaymentMethod
      paymentReference: String
    }

    type AddPantryItemPayload {
      pantryItem: PantryItem
      userErrors: [UserError!]!
    }

    type UpdatePantryItemPayload {
      pantryItem: PantryItem
      movement: PantryMovement
      userErrors: [UserError!]!
    }

    type ConsumePantryItemPayload {
      "The item named, after the consumption."
      pantryItem: PantryItem
      "The movement of the item named: `undoPantryMovement` reverses it with the rest of the consumption."
      movement: PantryMovement
      "Every movement of this consumption (one per item used)."
      movements: [PantryMovement!]!
      userErrors: [UserError!]!
    }

    type RemovePantryItemPayload {
      pantryItem: PantryItem
      movement: PantryMovement
      userErrors: [UserError!]!
    }

    type UndoPantryMovementPayload {
      pantryItem: PantryItem
      "The undo movement."
      movement: PantryMovement
      userErrors: [UserError!]!
    }

    type UpdateKitchenSettingsPayload {
      kitchenSettings: KitchenSettings
      userErrors: [UserError!]!
    }

    type AddToDraftOrderPayload {
      order: Order
      userErrors: [UserError!]!
    }

    type UpdateDraftOrderItemPayload {
      order: Order
      userErrors: [UserError!]!
    }

    type RemoveFromDraftOrderPayload {
      "The cart, or null once empty."
      order: Order
      userErrors: [UserError!]!
    }

    type SubmitOrderPayload {
      order: Order
      userErrors: [UserError!]!
    }

    type UpdateOrderPayload {
      order: Order
      userErrors: [UserError!]!
    }

    type SetOrderStatusPayload {
      order: Order
      userErrors: [UserError!]!
    }

    type CancelOrderPayload {
      order: Order
      userErrors: [UserError!]!
    }

    type SetRecurringOrderItemPayload {
      recurringOrder: RecurringOrder
      userErrors: [UserError!]!
    }

    type RemoveRecurringOrderItemPayload {
      recurringOrder: RecurringOrder
      userErrors: [UserError!]!
    }

    type SetRecurringOrdersEnabledPayload {
      recurringOrder: RecurringOrder
      userErrors: [UserError!]!
    }
    """#
}
