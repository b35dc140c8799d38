import Foundation
import Postgres

extension GeoRadius {
    /// A radius around a point known to be valid (a profile's location and accessible radius).
    init(latitude: Double, longitude: Double, radiusKm: Double) {
        self.latitude = latitude
        self.longitude = longitude
        self.radiusKm = radiusKm
    }
}

/// Cheaper alternatives: the same product, or an equivalent one (same category, same unit of size
/// and within ±25 % of its size), bought cheaper by other users in the last `windowDays` days at a
/// store within the user's radius and not on their ignore list. The prices are the catalog's
/// receipt observations (`PriceStore.cheapestFromReceipts`); the user's radius and ignored stores
/// come from their profile (Accounts' store).
enum CheaperAlternatives {
    static let windowDays = 30
    /// The user's rate of buying is measured over this many days.
    static let rateDays = 90
    static let maximum = 10
    /// Equivalent products looked at per product.
    static let equivalentsPerProduct = 20
    static let sizeTolerance = 0.25

    /// Where a viewer looks: a radius (from the argument or their profile) and the stores they ignore.
    struct Place: Sendable {
        var near: GeoRadius?
        var ignoredStores: [Int64]
    }

    static func place(for userID: Int64?, near: GeoRadius?, in database: some PostgresQuerying) async throws -> Place {
        guard let userID else { return Place(near: near, ignoredStores: []) }
        let profile = near == nil ? try await ProfileStore.load([userID], in: database)[userID] : nil
        return try await place(for: userID, near: near, profile: profile, in: database)
    }

    /// Where a viewer looks, their profile already read.
    static func place(for userID: Int64, near: GeoRadius?, profile: ProfileRecord?, in database: some PostgresQuerying) async throws -> Place {
        let marks = try await ProfileStore.storeMarks(of: [userID], in: database)[userID]
        var radius = near
        if radius == nil, let profile, let location = profile.location, let kilometres = profile.accessibleRadiusKm, kilometres > 0 {
            radius = GeoRadius(latitude: location.latitude, longitude: location.longitude, radiusKm: min(kilometres, 500))
        }
        return Place(near: radius, ignoredStores: marks?.ignored ?? [])
    }

    /// Whether two products are of one size class: the same unit, sizes within the tolerance
    /// (two products without a size are of one class).
    static func sameSizeClass(_ a: ProductRecord, _ b: ProductRecord) -> Bool {
        switch (a.packageSize, b.packageSize) {
        case (nil, nil): return true
        case let (x?, y?):
            guard x.unit == y.unit, x.value > 0 else { return false }
            return abs(y.value - x.value) / x.value <= sizeTolerance
        default: return false
        }
    }

    /// Each product's equivalents among the active products of its category (and sub-categories).
    static func equivalents(of products: [ProductRecord], in database: some PostgresQuerying) async throws -> [Int64: [ProductRecord]] {
        let categories = try await CategoryStore.load(Array(Set(products.map(\.categoryID))), from: database)
        var byCategory: [Int64: [ProductRecord]] = [:]
        let page = try Page(PageArguments(first: Page.maximumSize, after: nil, last: nil, before: nil))
        for (id, category) in categories {
            var filter = ProductFilter()
            filter.category = category.slug
            byCategory[id] = try await ProductStore.search(ProductSearch(text: nil, filter: filter, order: .relevance), page: page, in: database)
                .connection.edges.map(\.node)
        }
        var equivalents: [Int64: [ProductRecord]] = [:]
        for product in products {
            equivalents[product.id] = Array(
                (byCategory[product.categoryID] ?? []).filter { $0.id != product.id && $0.isActive && sameSizeClass(product, $0) }
                    .prefix(equivalentsPerProduct))
        }
        return equivalents
    }

    /// The alternatives for each product, for the user (nil: anonymous) at a place.
    static func find(
        for products: [ProductRecord], userID: Int64?, place: Place, now: Date = Date(), in database: some PostgresQuerying
    ) async throws -> [Int64: [CheaperAlternative]] {
        guard let near = place.near, !products.isEmpty else { return [:] }
        let equivalents = try await equivalents(of: products, in: database)
        var buying: [Int64: (price: Decimal, quantity: Double)] = [:]
        if let userID {
            buying = try await PurchaseStore.recentBuying(
                of: userID, products: products.map(\.id), since: now.addingTimeInterval(-Double(rateDays) * 86_400), in: database)
        }
        let candidates = Set(products.map(\.id) + equivalents.values.flatMap { $0.map(\.id) })
        let prices = try await PriceStore.cheapestFromReceipts(
            of: Array(candidates), since: now.addingTimeInterval(-Double(windowDays) * 86_400), near: near,
            excludedStores: place.ignoredStores, excludingReporter: userID, in: database)
        var byProduct: [Int64: [ReceiptPrice]] = [:]
        for price in prices { byProduct[price.productID, default: []].append(price) }
        var found: [Int64: [CheaperAlternative]] = [:]
        for product in products {
            let bought = buying[product.id]
            guard let reference = bought?.price ?? (product.salePrice ?? product.catalogPrice).flatMap({ $0.amount.decimal }) else { continue }
            let currency = product.salePrice?.currency ?? product.catalogPrice?.currency ?? prices.first?.price.currency ?? "CAD"
            var alternatives: [CheaperAlternative] = []
            for candidate in [product.id] + (equivalents[product.id] ?? []).map(\.id) {
                for price in byProduct[candidate] ?? [] {
                    guard let paid = price.price.amount.decimal, paid < reference else { continue }
                    let saving = reference - paid
                    let perMonth = bought.map { saving * Decimal($0.quantity) * 30 / Decimal(rateDays) }
                    alternatives.append(
                        CheaperAlternative(
                            productID: candidate, storeID: price.storeID, price: price.price, observedAt: price.observedAt, insteadOfID: product.id,
                            savingPerUnit: saving, savingPerMonth: perMonth, currency: currency, distanceKm: price.distanceKm))
                }
            }
            alternatives.sort { ($0.savingPerUnit, -($0.distanceKm ?? 0), $1.productID) > ($1.savingPerUnit, -($1.distanceKm ?? 0), $0.productID) }
            found[product.id] = Array(alternatives.prefix(maximum))
        }
        return found
    }
}
