import Foundation
import GraphQLEngine
import Postgres

/// Creating and editing the catalog: administrators edit products; anyone signed in submits a
/// missing product for moderation; administrators and chain representatives manage offers and
/// their stores.
enum ProductManagement {
    static func bind(_ resolvers: inout Resolvers) {
        resolvers.mutation("createProduct") { context, input in try await create(input, context, status: "active") }
        resolvers.mutation("submitProduct") { context, input in try await create(input, context, status: "pending") }
        resolvers.mutation("reviewProduct") { context, input in try await review(input, context) }
        resolvers.mutation("updateProduct") { context, input in try await update(input, context) }
        resolvers.mutation("updateProductOffer") { context, input in try await updateOffer(input, context) }
        resolvers.mutation("createStore") { context, input in try await saveStore(input, context, creating: true) }
        resolvers.mutation("updateStore") { context, input in try await saveStore(input, context, creating: false) }
        resolvers.readFields(of: "ProductPayload")
        resolvers.field("Query", "pendingProducts") { call in
            let context = try call.requestContext
            let page = try Page(call.arguments)
            return .run {
                try await page.fetch(
                    select: ProductRecord.columns, from: "SELECT * FROM products WHERE status = 'pending'", as: "p",
                    keys: [.init(expression: "p.created_at", type: "timestamptz"), .init(expression: "p.id", type: "bigint")],
                    parameters: [], in: context.database, decode: ProductRecord.init)
            }
        }
    }

    static func create(_ input: GraphQLObject, _ context: RequestContext, status: String) async throws -> Payload {
        let viewer = try context.requireViewer()
        var errors: [UserError] = []
        let name = (input.string("name") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if name.isEmpty || name.count > 200 { errors.append(UserError("name", "Name the product in 1 to 200 characters.", code: .required)) }
        var barcode: String?
        if let text = input.string("barcode") {
            switch Barcode.validate(text) {
            case .success(let code): barcode = code
            case .failure(let error):
                errors.append(
                    UserError(
                        "barcode", error.problem == .invalidCheckDigit ? "The check digit is wrong." : "A barcode is 8, 12, 13 or 14 digits.",
                        code: error.problem == .invalidCheckDigit ? .invalidCheckDigit : .invalidFormat))
            }
        }
        guard case .object(let nutritionInput)? = input["nutrition"] else {
            return .userErrors([UserError("nutrition", "Give the nutrition per 100 g or ml.", code: .required)])
        }
        var per100 = Nutrition.zero
        per100.energyKcal = nutritionInput.double("energyKcal") ?? nutritionInput.double("energyKj").map { ($0 / 4.184 * 10).rounded() / 10 } ?? -1
        if per100.energyKcal < 0 { errors.append(UserError(field: ["nutrition", "energyKcal"], message: "Give the energy in kcal or kJ.", code: .required)) }
        for key in NutrientKey.allCases where key != .energyKcal { per100[key] = nutritionInput.double(key.fieldName) }
        if NutrientKey.allCases.contains(where: { (per100[$0] ?? 0) < 0 && $0 != .energyKcal }) {
            errors.append(UserError("nutrition", "Nutrient amounts cannot be negative.", code: .outOfRange))
        }
        let price = input.string("catalogPrice")
        if let price, !validPrice(price) { errors.append(UserError("catalogPrice", "A price is above 0 with at most two decimals.", code: .outOfRange)) }
        let categorySlug = input.string("category") ?? ""
        let categories = try await context.database.query("SELECT id FROM categories WHERE slug = $1", [categorySlug])
        guard let categoryID = try categories.first?.decode(Int64.self, at: 0) else {
            return .userErrors(errors + [UserError("category", "No such category.", code: .notFound)])
        }
        guard errors.isEmpty else { return .userErrors(errors) }
        let serving = quantity(input["servingSize"])
        let package = quantity(input["packageSize"])
        let basis = nutritionInput.enumName("basis") == "PER_100_ML" ? "ml" : "g"
        var parameters: [any PostgresEncodable] = [
            name, input.string("brand"), categoryID, barcode, basis, status, viewer.userID, price, serving?.value, serving.map { $0.unit == "ml" ? "ml" : "g" },
            package?.value, package?.unit, input.string("servingDescription"), input.int("shelfLifeDays"), input.enumName("storage")?.lowercased(),
            PostgresArray(enumList(input["allergens"])), PostgresArray(enumList(input["dietLabels"])),
        ]
        let values = NutrientKey.allCases.map { key -> String in
            parameters.append(per100[key])
            return "$\(parameters.count)"
        }
        do {
            let rows = try await context.database.query(
                """
                INSERT INTO products (name, brand, category_id, barcode, nutrition_basis, status, submitted_by, catalog_price,
                  serving_quantity, serving_unit, package_quantity, package_unit, serving_description, shelf_life_days, storage,
                  allergens, diet_labels, \(NutrientKey.allCases.map(\.column).joined(separator: ", ")))
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8::numeric, $9, $10, $11, $12, $13, $14, $15, $16, $17, \(values.joined(separator: ", ")))
                RETURNING id
                """, parameters)
            let id = try rows[0].decode(Int64.self, at: 0)
            return .userErrors([], ["product": try await ProductRecord.load([id], from: context.database)[id]])
        } catch let error as PostgresError where error.isUniqueViolation {
            return .userErrors([UserError("barcode", "A product with this barcode exists.", code: .taken)])
        }
    }

    /// A patch of a product's description and nutrition (administrators); left-out fields stay.
    static func update(_ input: GraphQLObject, _ context: RequestContext) async throws -> Payload {
        _ = try context.requireViewer()
        let id = try StoreResolvers.key(of: input.string("productId") ?? "", type: "Product", field: "productId")
        var assignments: [String] = []
        var parameters: [any PostgresEncodable] = [id]
        var errors: [UserError] = []
        func set(_ column: String, _ value: any PostgresEncodable, cast: String = "") {
            parameters.append(value)
            assignments.append("\(column) = $\(parameters.count)\(cast)")
        }
        if let name = input.string("name")?.trimmingCharacters(in: .whitespacesAndNewlines) {
            if name.isEmpty || name.count > 200 { errors.append(UserError("name", "Name the product in 1 to 200 characters.", code: .required)) }
            set("name", name)
        }
        if input.contains("brand") { set("brand", input.string("brand")) }
        if input.contains("servingDescription") { set("serving_description", input.string("servingDescription")) }
        if input.contains("shelfLifeDays") {
            if let days = input.int("shelfLifeDays"), days <= 0 { errors.append(UserError("shelfLifeDays", "Give a positive number of days.", code: .outOfRange)) }
            set("shelf_life_days", input.int("shelfLifeDays"))
        }
        if input.contains("storage") { set("storage", input.enumName("storage")?.lowercased()) }
        if input.contains("allergens") { set("allergens", PostgresArray(enumList(input["allergens"]))) }
        if input.contains("dietLabels") { set("diet_labels", PostgresArray(enumList(input["dietLabels"]))) }
        if input.contains("barcode") {
            if let text = input.string("barcode") {
                switch Barcode.validate(text) {
                case .success(let code): set("barcode", code)
                case .failure(let error):
                    errors.append(
                        UserError(
                            "barcode", "The barcode is not a valid GTIN.", code: error.problem == .invalidCheckDigit ? .invalidCheckDigit : .invalidFormat))
                }
            } else {
                set("barcode", String?.none)
            }
        }
        if let slug = input.string("category") {
            let rows = try await context.database.query("SELECT id FROM categories WHERE slug = $1", [slug])
            if let categoryID = try rows.first?.decode(Int64.self, at: 0) { set("category_id", categoryID) } else {
                errors.append(UserError("category", "No such category.", code: .notFound))
            }
        }
        if case .object(let values)? = input["nutrition"] {
            guard let energy = values.double("energyKcal") ?? values.double("energyKj").map({ ($0 / 4.184 * 10).rounded() / 10 }) else {
                return .userErrors([UserError(field: ["nutrition", "energyKcal"], message: "Give the energy in kcal or kJ.", code: .required)])
            }
            set("nutrition_basis", values.enumName("basis") == "PER_100_ML" ? "ml" : "g")
            for key in NutrientKey.allCases {
                let value = key == .energyKcal ? energy : values.double(key.fieldName)
                if let value, value < 0 { errors.append(UserError(field: ["nutrition", key.fieldName], message: "Cannot be negative.", code: .outOfRange)) }
                set(key.column, value)
            }
        }
        guard errors.isEmpty else { return .userErrors(errors) }
        if !assignments.isEmpty {
            do {
                let rows = try await context.database.query(
                    "UPDATE products SET \(assignments.joined(separator: ", ")), updated_at = now() WHERE id = $1 RETURNING id", parameters)
                if rows.isEmpty { return .userErrors([UserError("productId", "No such product.", code: .notFound)]) }
            } catch let error as PostgresError where error.isUniqueViolation {
                return .userErrors([UserError("barcode", "A product with this barcode exists.", code: .taken)])
            }
        }
        return .userErrors([], ["product": try await ProductRecord.load([id], from: context.database)[id]])
    }


    static func review(_ input: GraphQLObject, _ context: RequestContext) async throws -> Payload {
        let viewer = try context.requireViewer()
        let id = try StoreResolvers.key(of: input.string("productId") ?? "", type: "Product", field: "productId")
        let status = input.enumName("decision") == "APPROVE" ? "active" : "rejected"
        let rows = try await context.database.query(
            "UPDATE products SET status = $2, reviewed_by = $3, review_note = $4, updated_at = now() WHERE id = $1 AND status = 'pending' RETURNING id",
            [id, status, viewer.userID, input.string("note")])
        guard !rows.isEmpty else { return .userErrors([UserError("productId", "No product waits for review with this ID.", code: .invalidState)]) }
        return .userErrors([], ["product": try await ProductRecord.load([id], from: context.database)[id]])
    }

    static func updateOffer(_ input: GraphQLObject, _ context: RequestContext) async throws -> Payload {
        _ = try context.requireViewer()
        let id = try StoreResolvers.key(of: input.string("productId") ?? "", type: "Product", field: "productId")
        var errors: [UserError] = []
        if let stock = input.int("stock"), stock < 0 { errors.append(UserError("stock", "Stock cannot be negative.", code: .outOfRange)) }
        for field in ["catalogPrice", "salePrice"] {
            if let price = input.string(field), !validPrice(price) {
                errors.append(UserError(field, "A price is above 0 with at most two decimals.", code: .outOfRange))
            }
        }
        guard errors.isEmpty else { return .userErrors(errors) }
        let clearSale: Bool = if case .null? = input["salePrice"] { true } else { false }
        let rows = try await context.database.query(
            """
            UPDATE products SET stock = coalesce($2, stock), catalog_price = coalesce($3::numeric, catalog_price),
              sale_price = CASE WHEN $5 THEN NULL ELSE coalesce($4::numeric, sale_price) END, updated_at = now()
            WHERE id = $1 RETURNING id
            """, [id, input.int("stock"), input.string("catalogPrice"), input.string("salePrice"), clearSale])
        guard !rows.isEmpty else { return .userErrors([UserError("productId", "No such product.", code: .notFound)]) }
        return .userErrors([], ["product": try await ProductRecord.load([id], from: context.database)[id]])
    }

    /// Stores belong to a chain: its representative or an administrator manages them.
    static func saveStore(_ input: GraphQLObject, _ context: RequestContext, creating: Bool) async throws -> Payload {
        let viewer = try context.requireViewer()
        var chainID: Int64
        var storeID: Int64?
        if creating {
            chainID = try StoreResolvers.key(of: input.string("chainId") ?? "", type: "RetailChain", field: "chainId")
        } else {
            let id = try StoreResolvers.key(of: input.string("storeId") ?? "", type: "Store", field: "storeId")
            guard let store = try await StoreRecord.load([id], from: context.database)[id] else {
                return .userErrors([UserError("storeId", "No such store.", code: .notFound)])
            }
            chainID = store.chainID
            storeID = id
        }
        guard viewer.mayManageChain(chainID) else { throw DomainError.forbidden("You manage another chain's stores only.") }
        var errors: [UserError] = []
        let name = input.string("name")?.trimmingCharacters(in: .whitespacesAndNewlines)
        if creating && (name ?? "").isEmpty { errors.append(UserError("name", "Name the store.", code: .required)) }
        var address: GraphQLObject?
        if case .object(let object)? = input["address"] { address = object }
        var latitude: Double?
        var longitude: Double?
        if case .object(let location)? = input["location"] {
            latitude = location.double("latitude")
            longitude = location.double("longitude")
            if !(-90...90).contains(latitude ?? 999) || !(-180...180).contains(longitude ?? 999) {
                errors.append(UserError("location", "A latitude is −90…90 and a longitude −180…180.", code: .outOfRange))
            }
        }
        guard errors.isEmpty else { return .userErrors(errors) }
        let line = address.map { [$0.string("line1"), $0.string("line2")].compactMap { $0 }.joined(separator: ", ") }
        let rows: PostgresRows
        if let storeID {
            rows = try await context.database.query(
                """
                UPDATE stores SET name = coalesce($2, name), address_line = coalesce($3, address_line), city = coalesce($4, city),
                  region = coalesce($5, region), postal_code = coalesce($6, postal_code), country = coalesce($7, country),
                  latitude = coalesce($8, latitude), longitude = coalesce($9, longitude)
                WHERE id = $1 RETURNING id
                """,
                [storeID, name, line, address?.string("city"), address?.string("region"), address?.string("postalCode"),
                 address?.string("country"), latitude, longitude])
        } else {
            guard let address, let line, let latitude, let longitude else {
                return .userErrors([UserError("address", "A new store needs an address and a location.", code: .required)])
            }
            do {
                rows = try await context.database.query(
                    """
                    INSERT INTO stores (chain_id, name, address_line, city, region, postal_code, country, latitude, longitude)
                    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id
                    """,
                    [chainID, name, line, address.string("city"), address.string("region"), address.string("postalCode"),
                     address.string("country") ?? "CA", latitude, longitude])
            } catch let error as PostgresError where error.isForeignKeyViolation {
                return .userErrors([UserError("chainId", "No such chain.", code: .notFound)])
            }
        }
        let id = try rows[0].decode(Int64.self, at: 0)
        return .userErrors([], ["store": try await StoreRecord.load([id], from: context.database)[id]])
    }

    static func validPrice(_ text: String) -> Bool {
        guard let value = Decimal(string: text), value > 0, value < 100_000 else { return false }
        return text.split(separator: ".").dropFirst().first.map { $0.count <= 2 } ?? true
    }

    private static func quantity(_ value: GraphQLValue?) -> (value: Double, unit: String)? {
        guard case .object(let object)? = value, let amount = object.double("value"), amount > 0 else { return nil }
        let unit =
            switch object.enumName("unit") {
            case "MILLILITRE": "ml"
            case "PIECE": "piece"
            default: "g"
            }
        return (amount, unit)
    }

    private static func enumList(_ value: GraphQLValue?) -> [String] {
        guard case .list(let items)? = value else { return [] }
        return items.compactMap { if case .enumValue(let name) = $0 { name.lowercased() } else { nil } }
    }
}
