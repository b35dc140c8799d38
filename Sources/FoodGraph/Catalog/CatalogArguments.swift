import Foundation
import GraphQLEngine

// The arguments of the catalog's query fields. A value a rule refuses is `BAD_USER_INPUT` naming
// the argument (`InputError.asArgumentError`).

/// `Query.productByBarcode(barcode:)`: any common GTIN form, normalised.
struct BarcodeArguments: Decodable, Sendable {
    var barcode: String

    private enum Keys: String, CodingKey { case barcode }

    init(from decoder: any Decoder) throws {
        do {
            barcode = try CatalogInput(decoder, keyedBy: Keys.self).barcode(.barcode) ?? ""
        } catch let error as InputError { throw error.asArgumentError }
    }
}

/// `Query.products`.
struct ProductsArguments: Decodable, Sendable {
    var page: PageArguments
    var search: ProductSearch

    private enum Keys: String, CodingKey { case query, filter, orderBy }

    init(from decoder: any Decoder) throws {
        do {
            page = try PageArguments(from: decoder)
            let input = try CatalogInput(decoder, keyedBy: Keys.self)
            let text = try input.text(.query, .searchText).flatMap { $0.isEmpty ? nil : $0 }
            let filter = try input.decodeIfPresent(ProductFilter.self, .filter) ?? ProductFilter()
            let order = try input.decodeIfPresent(ProductOrder.self, .orderBy) ?? (text == nil ? .name : .relevance)
            search = ProductSearch(text: text, filter: filter, order: order)
        } catch let error as InputError { throw error.asArgumentError }
    }
}

/// `ProductFilter`: every criterion given applies (AND).
struct ProductFilter: Decodable, Sendable {
    /// A category slug; its sub-categories are included.
    var category: String?
    var brand: String?
    /// Bounds on the price paid: the sale price while on sale, else the catalog price.
    var minPrice: DecimalText?
    var maxPrice: DecimalText?
    var onSale: Bool?
    var inStock: Bool?
    /// Products carrying every one of these labels.
    var dietLabels: [DietLabel] = []
    /// Products free of every one of these allergens.
    var allergenFree: [Allergen] = []

    private enum Keys: String, CodingKey { case category, brand, minPrice, maxPrice, onSale, inStock, dietLabels, allergenFree }

    /// Whether which products match depends on their offers (the price paid, the sale, the
    /// stock), which every order and offer refresh changes.
    var dependsOnOffers: Bool { minPrice != nil || maxPrice != nil || onSale != nil || inStock != nil }

    init() {}

    init(from decoder: any Decoder) throws {
        let input = try CatalogInput(decoder, keyedBy: Keys.self)
        category = try input.text(.category, .categorySlug)
        brand = try input.text(.brand, .brand)
        minPrice = try input.amount(.minPrice, NumberRule.priceFilter)
        maxPrice = try input.amount(.maxPrice, NumberRule.priceFilter)
        if let low = minPrice?.decimal, let high = maxPrice?.decimal, low > high {
            try input.refuse(.maxPrice, "The maximum price is below the minimum price.")
        }
        onSale = try input.decodeIfPresent(Bool.self, .onSale)
        inStock = try input.decodeIfPresent(Bool.self, .inStock)
        dietLabels = try input.decodeIfPresent([DietLabel].self, .dietLabels) ?? []
        allergenFree = try input.decodeIfPresent([Allergen].self, .allergenFree) ?? []
    }
}

/// `Query.category(slug:)`.
struct CategoryArguments: Decodable, Sendable {
    var slug: String

    private enum Keys: String, CodingKey { case slug }

    init(from decoder: any Decoder) throws {
        do {
            slug = try CatalogInput(decoder, keyedBy: Keys.self).requiredText(.slug, .categorySlug)
        } catch let error as InputError { throw error.asArgumentError }
    }
}

/// `Query.stores`.
struct StoresArguments: Decodable, Sendable {
    var page: PageArguments
    var near: GeoRadius?
    var chainID: Int64?

    private enum Keys: String, CodingKey { case near, chainId }

    init(from decoder: any Decoder) throws {
        do {
            page = try PageArguments(from: decoder)
            let input = try CatalogInput(decoder, keyedBy: Keys.self)
            near = try input.decodeIfPresent(GeoRadius.self, .near)
            chainID = try input.decodeIfPresent(NodeID<RetailChainRecord>.self, .chainId)?.key
        } catch let error as InputError { throw error.asArgumentError }
    }
}

/// `Product.latestPrices`.
struct LatestPricesArguments: Decodable, Sendable {
    var page: PageArguments
    var near: GeoRadius?

    private enum Keys: String, CodingKey { case near }

    init(from decoder: any Decoder) throws {
        do {
            page = try PageArguments(from: decoder)
            near = try CatalogInput(decoder, keyedBy: Keys.self).decodeIfPresent(GeoRadius.self, .near)
        } catch let error as InputError { throw error.asArgumentError }
    }
}

/// `Product.priceStatistics(days:)`: 1–365, default 90.
struct PriceStatisticsArguments: Decodable, Sendable {
    var days: Int

    private enum Keys: String, CodingKey { case days }

    init(from decoder: any Decoder) throws {
        do {
            days = try CatalogInput(decoder, keyedBy: Keys.self).int(.days, NumberRule.statisticsDays) ?? 90
        } catch let error as InputError { throw error.asArgumentError }
    }
}

/// `GeoRadiusInput`: latitude −90 to 90, longitude −180 to 180, radius more than 0 and at most 500 km.
struct GeoRadius: Decodable, Sendable, Hashable {
    var latitude: Double
    var longitude: Double
    var radiusKm: Double

    private enum Keys: String, CodingKey { case latitude, longitude, radiusKm }

    init(from decoder: any Decoder) throws {
        let input = try CatalogInput(decoder, keyedBy: Keys.self)
        latitude = try input.requiredDouble(.latitude, NumberRule.latitude)
        longitude = try input.requiredDouble(.longitude, NumberRule.longitude)
        radiusKm = try input.requiredDouble(.radiusKm, 0...500)
        if radiusKm <= 0 { try input.refuse(.radiusKm, "Give a radius of more than 0 and at most 500 km.") }
    }

    /// Names the order of lists sorted by distance from the point, for their cursors.
    var orderName: String { "NEAR \(latitude),\(longitude)" }
}

/// `Nutrition.dailyValues(standard:)`: Health Canada's Daily Values unless another is asked for.
struct DailyValuesArguments: Decodable, Sendable {
    var standard: DailyValueStandard

    private enum Keys: String, CodingKey { case standard }

    init(from decoder: any Decoder) throws {
        standard = try decoder.container(keyedBy: Keys.self).decodeIfPresent(DailyValueStandard.self, forKey: .standard) ?? .healthCanada
    }
}
