import GraphQLEngine

/// The catalog: products, categories, chains, stores and prices.
enum CatalogArea: Area {
    static func bind(_ binder: inout SchemaBinder) {
        CatalogResolvers.bind(&binder.resolvers)
        StoreResolvers.bind(&binder.resolvers)
        ProductManagement.bind(&binder.resolvers)
        LegacyMutations.bind(["createProduct", "updateProduct", "submitProduct", "reviewProduct", "updateProductOffer", "recordPrice",
            "createStore", "updateStore"], in: &binder)
        NodeResolvers.register(["Product", "Category", "Store", "RetailChain", "PriceObservation"], in: &binder)
    }
}

extension ProductRecord: ObjectValue { static let graphQLTypeName = "Product" }
extension StoreRecord: ObjectValue { static let graphQLTypeName = "Store" }
extension RetailChainRecord: ObjectValue { static let graphQLTypeName = "RetailChain" }
extension PriceRecord: ObjectValue { static let graphQLTypeName = "PriceObservation" }
