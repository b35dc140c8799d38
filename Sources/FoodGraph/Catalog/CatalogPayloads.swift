import GraphQLEngine

/// `ProductPayload`: the product created or changed, or user errors.
struct ProductPayload: MutationPayload {
    static let graphQLTypeName = "ProductPayload"

    var product: ProductRecord?
    var userErrors: [UserError]

    init(product: ProductRecord?) {
        self.product = product
        userErrors = []
    }

    init(failing errors: [UserError]) {
        product = nil
        userErrors = errors
    }
}

/// `StorePayload`: the store created or changed, or user errors.
struct StorePayload: MutationPayload {
    static let graphQLTypeName = "StorePayload"

    var store: StoreRecord?
    var userErrors: [UserError]

    init(store: StoreRecord?) {
        self.store = store
        userErrors = []
    }

    init(failing errors: [UserError]) {
        store = nil
        userErrors = errors
    }
}

/// `RecordPricePayload`: the price recorded, or user errors.
struct RecordPricePayload: MutationPayload {
    static let graphQLTypeName = "RecordPricePayload"

    var priceObservation: PriceRecord?
    var userErrors: [UserError]

    init(priceObservation: PriceRecord?) {
        self.priceObservation = priceObservation
        userErrors = []
    }

    init(failing errors: [UserError]) {
        priceObservation = nil
        userErrors = errors
    }
}

/// `RetailChainPayload`: the chain changed, or user errors.
struct RetailChainPayload: MutationPayload {
    static let graphQLTypeName = "RetailChainPayload"

    var retailChain: RetailChainRecord?
    var userErrors: [UserError]

    init(retailChain: RetailChainRecord?) {
        self.retailChain = retailChain
        userErrors = []
    }

    init(failing errors: [UserError]) {
        retailChain = nil
        userErrors = errors
    }
}
