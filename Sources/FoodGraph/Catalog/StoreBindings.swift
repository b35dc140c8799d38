import GraphQLEngine

/// Retail chains, stores (by distance from a point) and the prices seen at them.
enum StoreBindings {
    static func bind(_ binder: inout SchemaBinder) {
        binder.query { query in
            query.field("retailChains", arguments: PageArguments.self) { arguments, context in
                let list = "retailChains"
                let page = try Page(arguments, list: list)
                return Resolved<Connection<RetailChainRecord>>.run {
                    try await StoreDirectory.chains(page: page, in: context.database).sealed(for: list)
                }
            }
            query.field("stores", arguments: StoresArguments.self) { arguments, context in
                let list = "stores/" + (arguments.near?.orderName ?? "NAME")
                let page = try Page(arguments.page, list: list)
                return Resolved<Connection<StoreRecord>>.run {
                    try await StoreDirectory.stores(page: page, near: arguments.near, chainID: arguments.chainID, in: context.database)
                        .sealed(for: list)
                }
            }
        }
        binder.connection(of: RetailChainRecord.self)
        binder.connection(of: StoreRecord.self, distance: { $0.distanceKm })
        binder.connection(of: PriceRecord.self, distance: { $0.distanceKm })

        binder.object(RetailChainRecord.self) { chain in
            chain.field("id") { GlobalID(typeName: "RetailChain", key: $0.id) }
            chain.field("name") { $0.name }
            chain.field("description") { $0.description }
            chain.field("website") { $0.website }
            chain.field("contactEmail") { $0.contactEmail }
            chain.field("contactPhone") { $0.contactPhone }
            chain.field(
                "stores", arguments: PageArguments.self,
                prepare: { arguments, context in
                    let list = "RetailChain.stores"
                    return context.catalog.chainStores(page: try Page(arguments, list: list), list: list)
                },
                resolve: { chain, stores in Resolved<Connection<StoreRecord>>(unchecked: stores.load(chain.id)) })
            chain.field(
                "products", arguments: PageArguments.self,
                prepare: { arguments, context in
                    let list = "RetailChain.products"
                    return context.catalog.chainProducts(page: try Page(arguments, list: list), list: list)
                },
                resolve: { chain, products in Resolved<ProductPage>(unchecked: products.load(chain.id)) })
        }
        binder.object(StoreRecord.self) { store in
            store.field("id") { GlobalID(typeName: "Store", key: $0.id) }
            store.field("chain", prepare: { $0.catalog.keptOrLoadedChains }, resolve: { store, chains in chains.load(store.chainID) })
            store.field("name") { $0.name }
            // `Address` is Accounts' type (bound there), shared with profiles.
            store.field("address") { $0.address }
            store.field("location") { $0.location }
        }
        binder.object(PriceRecord.self) { price in
            price.field("id") { GlobalID(typeName: "PriceObservation", key: $0.id) }
            price.field("product", loadingFrom: { $0.catalog.products }, key: \.productID)
            price.field("store", prepare: { $0.catalog.keptOrLoadedStores }, resolve: { price, stores in stores.load(price.storeID) })
            price.field("price") { $0.price }
            price.field("observedAt") { $0.observedAt }
            price.field("source") { $0.source }
            price.field("discounted") { $0.discounted }
        }
        binder.object(PriceStatistics.self) { statistics in
            statistics.field("days") { $0.days }
            statistics.field("observations") { $0.observations }
            statistics.field("minimum") { $0.minimum }
            statistics.field("median") { $0.median }
            statistics.field("maximum") { $0.maximum }
        }
        binder.object(ProductRecord.self) { product in
            product.field(
                "latestPrices", arguments: LatestPricesArguments.self,
                prepare: { arguments, context, info in
                    let list = "Product.latestPrices/" + (arguments.near?.orderName ?? "PRICE")
                    let page = try Page(arguments.page, list: list)
                    let columns = info.derivedFromSelection { PriceColumns.needed(by: $0, along: ["edges", "node"]) }
                    return context.catalog.latestPrices(page: page, near: arguments.near, list: list, columns: columns)
                },
                resolve: { product, prices in Resolved<Connection<PriceRecord>>(unchecked: prices.load(product.id)) })
            product.field(
                "priceStatistics", arguments: PriceStatisticsArguments.self,
                prepare: { arguments, context in context.catalog.priceStatistics(days: arguments.days) },
                resolve: { product, statistics in Resolved<PriceStatistics?>(unchecked: statistics.load(product.id)) })
        }
        binder.enumeration(PriceSource.self)

        // Chains, stores and prices are public.
        binder.node(RetailChainRecord.self) { key, context in Resolved(unchecked: context.catalog.chains.load(key)) }
        binder.node(StoreRecord.self) { key, context in Resolved(unchecked: context.catalog.stores.load(key)) }
        binder.node(PriceRecord.self) { key, context in Resolved(unchecked: context.catalog.priceObservations.load(key)) }
    }
}
