import GraphQLEngine
import Postgres

/// The catalog's DataLoaders of one request, kept on the request's context so each is made once
/// per request (and per arguments, for child lists). Other areas read products, stores and chains
/// through these.
struct CatalogLoaders {
    let context: RequestContext

    var products: DataLoader<Int64, ProductRecord> {
        let database = context.database
        return context.loader("catalog.products") { try await ProductStore.load($0, from: database) }
    }

    var categories: DataLoader<Int64, CategoryRecord> {
        let (database, tree) = (context.database, context.categoryTree)
        return context.loader("catalog.categories") { ids in try await tree.categories(holding: ids, in: database).byID }
    }

    /// Each category's sub-categories.
    var categoryChildren: DataLoader<Int64, [CategoryRecord]> {
        let (database, tree) = (context.database, context.categoryTree)
        return context.loader("catalog.categoryChildren") { ids in
            let children = try await tree.categories(holding: ids, in: database).children
            return Dictionary(uniqueKeysWithValues: ids.map { ($0, children[$0] ?? []) })
        }
    }

    /// A category from the kept tree while it is fresh, without waiting for the level's batch;
    /// otherwise through `categories`.
    func category(_ id: Int64) -> Resolved<CategoryRecord> {
        if let category = context.categoryTree.fresh?.byID[id] { return .value(category) }
        return Resolved(unchecked: categories.load(id))
    }

    /// Stores, read with their chains: `chains` is primed with them. A query reads them through
    /// the application's copy (`StoreCache`).
    var stores: DataLoader<Int64, StoreRecord> {
        let database = context.database
        let cache = context.readsKeptCopies ? context.storeCache : nil
        // Weakly: the context keeps its loaders, and this one's batch would keep the context.
        return context.loader("catalog.stores") { [weak context = self.context] ids in
            let read =
                if let cache { try await cache.storesWithChains(ids, from: database) } else {
                    try await StoreDirectory.storesWithChains(ids, from: database)
                }
            if let chains = context?.catalog.chains {
                for (id, chain) in read.chains { chains.prime(id, chain) }
            }
            return read.stores
        }
    }

    var chains: DataLoader<Int64, RetailChainRecord> {
        let database = context.database
        let cache = context.readsKeptCopies ? context.storeCache : nil
        return context.loader("catalog.chains") { ids in
            if let cache { try await cache.chains(ids, from: database) } else { try await StoreDirectory.chains(ids, from: database) }
        }
    }

    /// Stores for a field: kept ones at once, the others through `stores`.
    var keptOrLoadedStores: KeptOrLoaded<StoreRecord> {
        KeptOrLoaded(kept: keptStores?.stores ?? [:], loader: stores)
    }

    /// Chains for a field: kept ones at once, the others through `chains`.
    var keptOrLoadedChains: KeptOrLoaded<RetailChainRecord> {
        KeptOrLoaded(kept: keptStores?.chains ?? [:], loader: chains)
    }

    private var keptStores: StoreCache.Snapshot? {
        context.readsKeptCopies ? context.storeCache.snapshot() : nil
    }

    /// Every chain's offer of products.
    var offers: DataLoader<Int64, [ChainOfferRecord]> {
        let database = context.database
        return context.loader("catalog.offers") { try await OfferStore.offers(of: $0, in: database) }
    }

    /// The image addresses of products (none for a product without an image).
    var imageURLs: DataLoader<Int64, String> {
        let database = context.database
        return context.loader("catalog.imageURLs") { try await ProductImages.urls(of: $0, in: database) }
    }

    /// Chains' own products, one page each, as the request's viewer sees them.
    func chainProducts(page: Page, list: String) -> DataLoader<Int64, ProductPage> {
        let database = context.database
        let viewer = context.viewer
        let managed = viewer.flatMap { viewer in viewer.roles.contains(.chainRepresentative) ? viewer.representedChainID : nil }
        return context.loader("catalog.chainProducts|\(page.signature)") { chainIDs in
            try await ProductStore.products(
                ofChains: chainIDs, managed: managed.map { [$0] } ?? [], everything: viewer?.isAdministrator == true, page: page,
                in: database
            ).sealed(for: list)
        }
    }

    /// Price observations by id (`node(id:)`).
    var priceObservations: DataLoader<Int64, PriceRecord> {
        let database = context.database
        return context.loader("catalog.priceObservations") { try await PriceStore.load($0, from: database) }
    }

    /// The latest prices of products, one page each, for one set of arguments and columns.
    func latestPrices(page: Page, near: GeoRadius?, list: String, columns: PriceColumns) -> DataLoader<Int64, Connection<PriceRecord>> {
        let database = context.database
        return context.loader("catalog.latestPrices|\(list)|\(near?.radiusKm ?? 0)|\(page.signature)|\(columns)") { productIDs in
            try await PriceStore.latest(of: productIDs, near: near, page: page, columns: columns, in: database).sealed(for: list)
        }
    }

    /// Price statistics of products over `days` days.
    func priceStatistics(days: Int) -> DataLoader<Int64, PriceStatistics> {
        let database = context.database
        return context.loader("catalog.priceStatistics|\(days)") { productIDs in
            try await PriceStore.statistics(of: productIDs, days: days, in: database)
        }
    }

    /// Chains' stores, one page each, for one set of arguments.
    func chainStores(page: Page, list: String) -> DataLoader<Int64, Connection<StoreRecord>> {
        let database = context.database
        return context.loader("catalog.chainStores|\(page.signature)") { chainIDs in
            try await StoreDirectory.stores(ofChains: chainIDs, page: page, in: database).sealed(for: list)
        }
    }
}

extension RequestContext {
    /// The catalog's loaders of this request.
    var catalog: CatalogLoaders { CatalogLoaders(context: self) }
}
