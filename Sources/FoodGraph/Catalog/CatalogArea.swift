import GraphQLEngine

/// The catalog: products, categories, chains, stores and prices.
enum CatalogArea: Area {
    static func bind(_ binder: inout SchemaBinder) {
        ProductBindings.bind(&binder)
        StoreBindings.bind(&binder)
        ProductMutations.bind(&binder)
        StoreMutations.bind(&binder)
    }
}
