import Foundation
import GraphQLEngine
import Postgres

/// The catalog: products with nutrition, categories, search.
enum CatalogResolvers {
    static func bind(_ resolvers: inout Resolvers) {
        resolvers.field("Query", "productByBarcode") { call in
            let context = try call.requestContext
            let barcode: String
            switch Barcode.validate(call.arguments.values.string("barcode") ?? "") {
            case .success(let code): barcode = code
            case .failure(let error):
                throw DomainError.badUserInput(
                    error.problem == .invalidCheckDigit
                        ? "The barcode's check digit is wrong; scan it again." : "A barcode is 8, 12, 13 or 14 digits.")
            }
            return .run {
                let rows = try await context.database.query(
                    "SELECT \(ProductRecord.columns) FROM products p WHERE p.barcode = $1 AND p.status = 'active'", [barcode])
                return try rows.first.map(ProductRecord.init)
            }
        }
        resolvers.field("Query", "products") { call in
            let context = try call.requestContext
            let page = try Page(call.arguments)
            let search = try ProductSearch(call.arguments.values)
            return .run { try await search.run(page: page, in: context.database) }
        }
        resolvers.field("Query", "categories") { call in
            let context = try call.requestContext
            return .run { try await context.database.query(CategoryRecord.selectSQL + " ORDER BY path").map(CategoryRecord.init) }
        }
        resolvers.field("Query", "category") { call in
            let context = try call.requestContext
            let slug = call.arguments.values.string("slug") ?? ""
            return .run {
                try await context.database.query(CategoryRecord.selectSQL + " WHERE slug = $1", [slug]).first.map(CategoryRecord.init)
            }
        }
        for type in ["ProductConnection", "ProductEdge", "PageInfo", "Nutrition", "Quantity"] { resolvers.readFields(of: type) }

        resolvers.field("Product", "id", on: ProductRecord.self) { GlobalID(typeName: "Product", key: $0.id).description }
        resolvers.field("Product", "name", on: ProductRecord.self) { $0.name }
        resolvers.field("Product", "brand", on: ProductRecord.self) { $0.brand }
        resolvers.field("Product", "barcode", on: ProductRecord.self) { $0.barcode }
        resolvers.field("Product", "category") { call in
            guard let product = call.source(as: ProductRecord.self) else { return .null }
            return try call.requestContext.loaders.categories.load(product.categoryID)
        }
        resolvers.field("Product", "nutritionPer100", on: ProductRecord.self) { $0.nutrition }
        resolvers.field("Product", "allergens", on: ProductRecord.self) { $0.allergens.map { $0.uppercased() } }
        resolvers.field("Product", "dietLabels", on: ProductRecord.self) { $0.dietLabels.map { $0.uppercased() } }
        resolvers.field("Product", "shelfLifeDays", on: ProductRecord.self) { $0.shelfLifeDays }
        resolvers.field("Product", "storage", on: ProductRecord.self) { $0.storage?.uppercased() }
        resolvers.field("Product", "stock", on: ProductRecord.self) { $0.stock }
        resolvers.field("Product", "inStock", on: ProductRecord.self) { $0.stock > 0 }
        resolvers.field("Product", "status", on: ProductRecord.self) { $0.status.uppercased() }
        resolvers.field("Product", "catalogPrice", on: ProductRecord.self) { money($0.catalogPrice, $0.currency) }
        resolvers.field("Product", "salePrice", on: ProductRecord.self) { money($0.salePrice, $0.currency) }
        resolvers.field("Product", "onSale", on: ProductRecord.self) { $0.salePrice != nil }
        resolvers.field("Product", "packageSize", on: ProductRecord.self) { ProductRecord.quantity($0.packageQuantity, $0.packageUnit) }
        resolvers.field("Product", "servingSize", on: ProductRecord.self) { ProductRecord.quantity($0.servingGrams, $0.servingUnit) }
        resolvers.field("Product", "servingDescription", on: ProductRecord.self) { $0.servingDescription }
        resolvers.field("Product", "nutritionPerServing", on: ProductRecord.self) { product in
            product.servingGrams.map { product.nutrition.scaled(by: $0 / 100) }
        }
        resolvers.field("Product", "imageUrl", on: ProductRecord.self) { _ in String?.none }

        resolvers.field("Category", "id", on: CategoryRecord.self) { GlobalID(typeName: "Category", key: $0.id).description }
        resolvers.field("Category", "slug", on: CategoryRecord.self) { $0.slug }
        resolvers.field("Category", "name", on: CategoryRecord.self) { $0.name }
        resolvers.field("Category", "path", on: CategoryRecord.self) { $0.path.split(separator: "/").map(String.init) }
        resolvers.field("Category", "children") { call in
            guard let category = call.source(as: CategoryRecord.self) else { return .null }
            return try call.requestContext.loaders.categoryChildren.load(category.id)
        }
        resolvers.readFields(of: "Micronutrient")
        resolvers.field("Category", "parent") { call in
            guard let category = call.source(as: CategoryRecord.self), let parentID = category.parentID else { return .null }
            return try call.requestContext.loaders.categories.load(parentID)
        }
    }
}
