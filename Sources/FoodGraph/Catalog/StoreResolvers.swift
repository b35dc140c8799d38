import Foundation
import GraphQLEngine
import Postgres

/// Retail chains, stores (by distance from a point), and prices seen at stores.
enum StoreResolvers {
    static func bind(_ resolvers: inout Resolvers) {
        resolvers.field("Query", "retailChains") { call in
            let context = try call.requestContext
            let page = try Page(call.arguments)
            return .run {
                try await page.fetch(
                    select: RetailChainRecord.columns, from: "SELECT * FROM retail_chains", as: "c",
                    keys: [.init(expression: "c.name", type: "text"), .init(expression: "c.id", type: "bigint")], parameters: [],
                    in: context.database, decode: RetailChainRecord.init)
            }
        }
        resolvers.field("Query", "stores") { call in
            let context = try call.requestContext
            let page = try Page(call.arguments)
            let chainID = try call.arguments.values.string("chainId").map { try key(of: $0, type: "RetailChain", field: "chainId") }
            return try stores(page: page, near: call.arguments["near"], chainID: chainID, context)
        }
        resolvers.field("RetailChain", "id", on: RetailChainRecord.self) { GlobalID(typeName: "RetailChain", key: $0.id).description }
        resolvers.field("RetailChain", "name", on: RetailChainRecord.self) { $0.name }
        resolvers.field("RetailChain", "description", on: RetailChainRecord.self) { $0.description }
        resolvers.field("RetailChain", "website", on: RetailChainRecord.self) { $0.website }
        resolvers.field("RetailChain", "contactEmail", on: RetailChainRecord.self) { $0.contactEmail }
        resolvers.field("RetailChain", "contactPhone", on: RetailChainRecord.self) { $0.contactPhone }
        resolvers.field("RetailChain", "stores") { call in
            guard let chain = call.source(as: RetailChainRecord.self) else { return .null }
            let context = try call.requestContext
            let page = try Page(call.arguments)
            return context.loaders.keyed.loader("RetailChain.stores|\(page.signature)") { chainIDs in
                try await page.fetchForParents(
                    chainIDs, select: StoreRecord.columns + ", s.distance_km",
                    from: "SELECT *, chain_id AS page_parent, NULL::float8 AS distance_km FROM stores WHERE chain_id = ANY($1)", as: "s",
                    keys: [.init(expression: "s.name", type: "text"), .init(expression: "s.id", type: "bigint")], parameters: [],
                    in: context.database, decode: StoreRecord.init)
            }.load(chain.id)
        }
        for type in ["RetailChainConnection", "RetailChainEdge", "StoreConnection", "StoreEdge", "Address", "GeoPoint", "Money",
            "StorePriceConnection", "StorePriceEdge", "PriceStatistics", "RecordPricePayload", "StorePayload"]
        {
            resolvers.readFields(of: type)
        }
        resolvers.field("Store", "id", on: StoreRecord.self) { GlobalID(typeName: "Store", key: $0.id).description }
        resolvers.field("Store", "name", on: StoreRecord.self) { $0.name }
        resolvers.field("Store", "chain") { call in
            guard let store = call.source(as: StoreRecord.self) else { return .null }
            return try call.requestContext.loaders.chains.load(store.chainID)
        }
        resolvers.field("Store", "address", on: StoreRecord.self) { store in
            Payload([
                "line1": store.addressLine, "city": store.city, "region": store.region, "postalCode": store.postalCode,
                "country": store.country,
            ])
        }
        resolvers.field("Store", "location", on: StoreRecord.self) { GeoPoint(latitude: $0.latitude, longitude: $0.longitude) }

        resolvers.field("PriceObservation", "id", on: PriceRecord.self) { GlobalID(typeName: "PriceObservation", key: $0.id).description }
        resolvers.field("PriceObservation", "price", on: PriceRecord.self) { money($0.price, $0.currency) }
        resolvers.field("PriceObservation", "observedAt", on: PriceRecord.self) { $0.observedAt }
        resolvers.field("PriceObservation", "source", on: PriceRecord.self) { $0.source.uppercased() }
        resolvers.field("PriceObservation", "discounted", on: PriceRecord.self) { $0.discounted }
        resolvers.field("PriceObservation", "product") { call in
            guard let price = call.source(as: PriceRecord.self) else { return .null }
            return try call.requestContext.loaders.products.load(price.productID)
        }
        resolvers.field("PriceObservation", "store") { call in
            guard let price = call.source(as: PriceRecord.self) else { return .null }
            return try call.requestContext.loaders.stores.load(price.storeID)
        }
        resolvers.field("Product", "latestPrices") { call in
            guard let product = call.source(as: ProductRecord.self) else { return .null }
            let context = try call.requestContext
            let page = try Page(call.arguments)
            let near = try GeoRadius(call.arguments["near"])
            let signature = "Product.latestPrices|\(page.signature)|\(near.map { "\($0.latitude),\($0.longitude),\($0.radiusKm)" } ?? "")"
            return context.loaders.keyed.loader(signature) { productIDs in
                try await latestPrices(of: productIDs, near: near, page: page, context)
            }.load(product.id)
        }
        resolvers.field("Product", "priceStatistics") { call in
            guard let product = call.source(as: ProductRecord.self) else { return .null }
            let context = try call.requestContext
            let days = call.arguments.values.int("days") ?? 90
            guard (1...3650).contains(days) else { throw DomainError.badUserInput("`days` must be between 1 and 3650.") }
            return context.loaders.keyed.loader("Product.priceStatistics|\(days)") { productIDs in
                let rows = try await context.database.query(
                    """
                    SELECT product_id, count(*)::int, min(price)::text,
                      (percentile_cont(0.5) WITHIN GROUP (ORDER BY price))::numeric(10, 2)::text, max(price)::text, min(currency)
                    FROM price_observations WHERE product_id = ANY($1) AND observed_at > now() - make_interval(days => $2)
                    GROUP BY product_id
                    """, [PostgresArray(productIDs), days])
                var statistics: [Int64: Payload] = [:]
                for row in rows {
                    let currency = try row.decode(String.self, at: 5)
                    statistics[try row.decode(Int64.self, at: 0)] = Payload([
                        "days": days, "observations": try row.decode(Int.self, at: 1),
                        "minimum": money(try row.decode(String.self, at: 2), currency),
                        "median": money(try row.decode(String.self, at: 3), currency),
                        "maximum": money(try row.decode(String.self, at: 4), currency),
                    ])
                }
                return statistics
            }.load(product.id)
        }
        resolvers.mutation("recordPrice") { context, input in try await recordPrice(input, context) }
    }

    struct GeoRadius: Sendable {
        var latitude: Double
        var longitude: Double
        var radiusKm: Double

        init?(_ value: GraphQLValue?) throws {
            guard case .object(let object)? = value else { return nil }
            guard let latitude = object.double("latitude"), (-90...90).contains(latitude),
                let longitude = object.double("longitude"), (-180...180).contains(longitude),
                let radius = object.double("radiusKm"), radius > 0, radius <= 500
            else {
                throw DomainError.badUserInput("`near` needs a latitude (−90…90), a longitude (−180…180) and a radius of 0 to 500 km.")
            }
            self.latitude = latitude
            self.longitude = longitude
            self.radiusKm = radius
        }
    }

    static func key(of id: String, type: String, field: String) throws -> Int64 {
        guard let globalID = GlobalID(parsing: id), globalID.typeName == type else {
            throw DomainError.badUserInput("`\(field)` is not a \(type) ID.")
        }
        return globalID.key
    }

    /// Stores of a chain or all, nearest first when a point is given (the edge carries the distance).
    static func stores(page: Page, near value: GraphQLValue?, chainID: Int64?, _ context: RequestContext) throws -> Resolution {
        let near = try GeoRadius(value)
        return .run {
            var conditions = ["($1::bigint IS NULL OR chain_id = $1)"]
            var parameters: [any PostgresEncodable] = [chainID]
            var keys: [Page.Key] = [.init(expression: "s.name", type: "text"), .init(expression: "s.id", type: "bigint")]
            var source = "SELECT *, NULL::float8 AS distance_km FROM stores"
            if let near {
                parameters += [near.latitude, near.longitude, near.radiusKm]
                source = "SELECT *, \(StoreRecord.distanceSQL(latitude: "$2", longitude: "$3", alias: "stores")) AS distance_km FROM stores"
                conditions.append("\(StoreRecord.distanceSQL(latitude: "$2", longitude: "$3", alias: "stores")) <= $4")
                keys = [.init(expression: "s.distance_km", type: "float8"), .init(expression: "s.id", type: "bigint")]
            }
            return try await page.fetch(
                select: StoreRecord.columns + ", s.distance_km", from: source + " WHERE " + conditions.joined(separator: " AND "), as: "s",
                keys: keys, parameters: parameters, in: context.database, decode: StoreRecord.init)
        }
    }

    /// The latest price of each product at each store (near a point when given), nearest then
    /// cheapest first; one statement for all the products of a level.
    static func latestPrices(of productIDs: [Int64], near: GeoRadius?, page: Page, _ context: RequestContext) async throws -> [Int64: Connection<PriceRecord>] {
        var parameters: [any PostgresEncodable] = []
        var distance = "NULL::float8"
        var filter = ""
        if let near {
            parameters = [near.latitude, near.longitude, near.radiusKm]
            distance = StoreRecord.distanceSQL(latitude: "$2", longitude: "$3")
            filter = "AND \(distance) <= $4"
        }
        let source = """
            SELECT DISTINCT ON (o.product_id, o.store_id) o.*, o.product_id AS page_parent, \(distance) AS distance_km,
              coalesce(\(distance), 0) AS distance_key
            FROM price_observations o JOIN stores s ON s.id = o.store_id
            WHERE o.product_id = ANY($1) \(filter)
            ORDER BY o.product_id, o.store_id, o.observed_at DESC, o.id DESC
            """
        var pages = try await page.fetchForParents(
            productIDs, select: PriceRecord.columns + ", o.distance_km", from: source, as: "o",
            keys: [
                .init(expression: "o.distance_key", type: "float8"), .init(expression: "o.price", type: "numeric"),
                .init(expression: "o.id", type: "bigint"),
            ], parameters: parameters, in: context.database
        ) { row in
            var price = try PriceRecord(row)
            price.distanceKm = try row.decode(Double?.self, at: 8)
            return price
        }
        // Each edge says how far its store is.
        for (product, var connection) in pages {
            for index in connection.edges.indices {
                connection.edges[index].distanceKm = connection.edges[index].node.distanceKm.map { ($0 * 10).rounded() / 10 }
            }
            pages[product] = connection
        }
        return pages
    }

    /// Representatives record their own chain's prices (source CHAIN); anyone else records what they saw (USER).
    static func recordPrice(_ input: GraphQLObject, _ context: RequestContext) async throws -> Payload {
        let viewer = try context.requireViewer()
        guard let productText = input.string("productId"), let product = GlobalID(parsing: productText), product.typeName == "Product"
        else { return .userErrors([UserError("productId", "This is not a product ID.", code: .invalidFormat)]) }
        guard let storeText = input.string("storeId"), let store = GlobalID(parsing: storeText), store.typeName == "Store" else {
            return .userErrors([UserError("storeId", "This is not a store ID.", code: .invalidFormat)])
        }
        guard let price = input.string("price"), let amount = Decimal(string: price), amount > 0, amount < 100_000,
            price.split(separator: ".").dropFirst().first.map({ $0.count <= 2 }) ?? true
        else {
            return .userErrors([UserError("price", "A price is above 0 with at most two decimals.", code: .outOfRange)])
        }
        guard let storeRecord = try await StoreRecord.load([store.key], from: context.database)[store.key] else {
            return .userErrors([UserError("storeId", "No such store.", code: .notFound)])
        }
        let source = viewer.mayManageChain(storeRecord.chainID) ? "chain" : "user"
        let discounted: Bool
        if case .boolean(let value)? = input["discounted"] { discounted = value } else { discounted = false }
        do {
            let rows = try await context.database.query(
                """
                INSERT INTO price_observations (product_id, store_id, price, observed_at, source, is_discount, reported_by)
                VALUES ($1, $2, $3::numeric, coalesce($4::timestamptz, now()), $5, $6, $7)
                RETURNING \(PriceRecord.columns.replacingOccurrences(of: "o.", with: ""))
                """, [product.key, store.key, price, input.string("observedAt"), source, discounted, viewer.userID])
            return .userErrors([], ["priceObservation": try PriceRecord(rows[0])])
        } catch let error as PostgresError where error.isForeignKeyViolation {
            return .userErrors([UserError("productId", "No such product.", code: .notFound)])
        }
    }
}
