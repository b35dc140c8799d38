import Postgres

/// The SQL of retail chains and their stores: reads by id, pages by name or by distance from a
/// point, and the writes of `createStore` and `updateStore`.
enum StoreDirectory {
    static func chains(_ ids: [Int64], from database: some PostgresQuerying) async throws -> [Int64: RetailChainRecord] {
        try await RetailChainRecord.load(
            "SELECT \(RetailChainRecord.columns) FROM retail_chains c WHERE c.id = ANY($1)", ids: ids, from: database)
    }

    static func stores(_ ids: [Int64], from database: some PostgresQuerying) async throws -> [Int64: StoreRecord] {
        try await StoreRecord.load("SELECT \(StoreRecord.columns) FROM stores s WHERE s.id = ANY($1)", ids: ids, from: database)
    }

    /// Stores by id and their chains, in one statement: a store is nearly always shown with its
    /// chain (a price's store and chain), which then needs no statement of its own.
    static func storesWithChains(
        _ ids: [Int64], from database: some PostgresQuerying
    ) async throws -> (stores: [Int64: StoreRecord], chains: [Int64: RetailChainRecord]) {
        let rows = try await database.query(
            "SELECT \(StoreRecord.columns), \(RetailChainRecord.columns) FROM stores s JOIN retail_chains c ON c.id = s.chain_id WHERE s.id = ANY($1)",
            [PostgresArray(ids)])
        var stores: [Int64: StoreRecord] = [:]
        var chains: [Int64: RetailChainRecord] = [:]
        for row in rows {
            let store = try StoreRecord(row)
            stores[store.id] = store
            if chains[store.chainID] == nil { chains[store.chainID] = try RetailChainRecord(row, from: StoreRecord.columnCount) }
        }
        return (stores, chains)
    }

    /// Retail chains by name.
    static func chains(page: Page, in database: some PostgresQuerying) async throws -> Connection<RetailChainRecord> {
        try await page.fetch(
            select: RetailChainRecord.columns, from: "SELECT * FROM retail_chains", as: "c",
            keys: [.init(expression: "c.name", type: "text"), .init(expression: "c.id", type: "bigint")], parameters: [], count: .none,
            in: database, decode: RetailChainRecord.init)
    }

    /// Stores of one chain or all, by name; with `near`, only those within the radius, nearest
    /// first, each with its distance.
    static func stores(
        page: Page, near: GeoRadius?, chainID: Int64?, in database: some PostgresQuerying
    ) async throws -> Connection<StoreRecord> {
        var parameters: [any PostgresEncodable] = [chainID]
        var source = "SELECT *, NULL::float8 AS distance_km FROM stores WHERE ($1::bigint IS NULL OR chain_id = $1)"
        var keys: [Page.Key] = [.init(expression: "s.name", type: "text"), .init(expression: "s.id", type: "bigint")]
        if let near {
            parameters += [near.latitude, near.longitude, near.radiusKm]
            let distance = distanceSQL(latitude: "$2", longitude: "$3", alias: "stores")
            source = """
                SELECT * FROM (SELECT *, \(distance) AS distance_km FROM stores WHERE ($1::bigint IS NULL OR chain_id = $1)) AS near
                WHERE distance_km <= $4
                """
            keys = [.init(expression: "s.distance_km", type: "float8"), .init(expression: "s.id", type: "bigint")]
        }
        return try await page.fetch(
            select: StoreRecord.columns + ", s.distance_km", from: source, as: "s", keys: keys, parameters: parameters, count: .none,
            in: database
        ) { row in
            var store = try StoreRecord(row)
            store.distanceKm = try row.decode(Double?.self, at: 10).map(roundedKilometres)
            return store
        }
    }

    /// The same page of stores, by name, for each of many chains in one statement.
    static func stores(
        ofChains chainIDs: [Int64], page: Page, in database: some PostgresQuerying
    ) async throws -> [Int64: Connection<StoreRecord>] {
        try await page.fetchForParents(
            chainIDs, select: StoreRecord.columns, from: "SELECT *, chain_id AS page_parent FROM stores",
            as: "s", keys: [.init(expression: "s.name", type: "text"), .init(expression: "s.id", type: "bigint")], parameters: [],
            in: database, decode: StoreRecord.init)
    }

    /// Inserts a store; nil when the chain does not exist.
    static func insertStore(
        chainID: Int64, name: String, address: StoreAddressInput, location: StoreLocationInput, in transaction: PostgresTransaction
    ) async throws -> Int64? {
        do {
            return try await transaction.query(
                """
                INSERT INTO stores (chain_id, name, address_line, city, region, postal_code, country, latitude, longitude)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id
                """,
                [chainID, name, address.addressLine, address.city, address.region, address.postalCode, address.country,
                 location.latitude, location.longitude])[0].decode(Int64.self, at: 0)
        } catch let error as PostgresError where error.isForeignKeyViolation {
            return nil
        }
    }

    /// Changes what is given of a store's name, address and location.
    static func updateStore(
        _ id: Int64, name: String?, address: StoreAddressInput?, location: StoreLocationInput?, in transaction: PostgresTransaction
    ) async throws {
        _ = try await transaction.query(
            """
            UPDATE stores SET name = coalesce($2, name), address_line = coalesce($3, address_line), city = coalesce($4, city),
              region = coalesce($5, region), postal_code = coalesce($6, postal_code), country = coalesce($7, country),
              latitude = coalesce($8, latitude), longitude = coalesce($9, longitude)
            WHERE id = $1
            """,
            [id, name, address?.addressLine, address?.city, address?.region, address?.postalCode, address?.country,
             location?.latitude, location?.longitude])
    }

    /// Applies a patch of a chain's description and contact details (nil: unchanged; `.some(nil)`:
    /// cleared); false when no chain has the id.
    static func updateChain(
        _ id: Int64, description: String??, website: String??, contactEmail: String??, contactPhone: String??,
        in transaction: PostgresTransaction
    ) async throws -> Bool {
        var assignments: [String] = []
        var parameters: [any PostgresEncodable] = [id]
        for (column, value) in [("description", description), ("website", website), ("contact_email", contactEmail), ("contact_phone", contactPhone)] {
            guard let value else { continue }
            parameters.append(value)
            assignments.append("\(column) = $\(parameters.count)")
        }
        let set = assignments.isEmpty ? "name = name" : assignments.joined(separator: ", ")
        return !(try await transaction.query("UPDATE retail_chains SET \(set) WHERE id = $1 RETURNING id", parameters)).isEmpty
    }

    /// Great-circle distance in km from a point given as two SQL parameters, by the haversine formula.
    static func distanceSQL(latitude: String, longitude: String, alias: String = "s") -> String {
        """
        (12742 * asin(sqrt(power(sin(radians(\(alias).latitude - \(latitude)) / 2), 2)
          + cos(radians(\(latitude))) * cos(radians(\(alias).latitude)) * power(sin(radians(\(alias).longitude - \(longitude)) / 2), 2))))
        """
    }

    /// Distances are shown to 0.1 km.
    static func roundedKilometres(_ kilometres: Double) -> Double { (kilometres * 10).rounded() / 10 }
}
