import GraphQLEngine
import Postgres

/// The catalog's DataLoaders of one request, kept on the request's keyed loaders so each is made
/// once per request (and per arguments, for child lists). Products, categories, category
/// children, stores and chains still come from the central `context.loaders` (App/Loaders.swift),
/// which read through the stores here; they belong in this type once the central ones go.
struct CatalogLoaders {
    let context: RequestContext

    /// Price observations by id (`node(id:)`).
    var priceObservations: DataLoader<Int64, PriceRecord> {
        let database = context.database
        return context.loaders.keyed.loader("Catalog.priceObservations") { try await PriceStore.load($0, from: database) }
    }

    /// The latest prices of products, one page each, for one set of arguments.
    func latestPrices(page: Page, near: GeoRadius?, list: String) -> DataLoader<Int64, Connection<PriceRecord>> {
        let database = context.database
        return context.loaders.keyed.loader("Catalog.latestPrices|\(list)|\(near?.radiusKm ?? 0)|\(page.signature)") { productIDs in
            try await PriceStore.latest(of: productIDs, near: near, page: page, in: database).mapValues { try $0.sealed(for: list) }
        }
    }

    /// Price statistics of products over `days` days.
    func priceStatistics(days: Int) -> DataLoader<Int64, PriceStatistics> {
        let database = context.database
        return context.loaders.keyed.loader("Catalog.priceStatistics|\(days)") { productIDs in
            try await PriceStore.statistics(of: productIDs, days: days, in: database)
        }
    }

    /// Chains' stores, one page each, for one set of arguments.
    func chainStores(page: Page, list: String) -> DataLoader<Int64, Connection<StoreRecord>> {
        let database = context.database
        return context.loaders.keyed.loader("Catalog.chainStores|\(page.signature)") { chainIDs in
            try await StoreDirectory.stores(ofChains: chainIDs, page: page, in: database).mapValues { try $0.sealed(for: list) }
        }
    }
}

extension RequestContext {
    /// The catalog's loaders of this request.
    var catalog: CatalogLoaders { CatalogLoaders(context: self) }
}
