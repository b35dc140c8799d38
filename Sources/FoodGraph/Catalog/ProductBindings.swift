import GraphQLEngine

/// Products, categories and nutrition: the query fields, the object types, their nodes.
enum ProductBindings {
    static func bind(_ binder: inout SchemaBinder) {
        binder.query { query in
            query.field("productByBarcode", arguments: BarcodeArguments.self) { arguments, context in
                Resolved<ProductRecord?>.run { try await ProductStore.active(barcode: arguments.barcode, in: context.database) }
            }
            query.field("products", arguments: ProductsArguments.self) { arguments, context in
                let search = arguments.search
                let page = try Page(arguments.page, list: search.listName)
                return Resolved<Connection<ProductRecord>>.run {
                    try await ProductStore.search(search, page: page, in: context.database).sealed(for: search.listName)
                }
            }
            query.field("pendingProducts", arguments: PageArguments.self) { arguments, context in
                let list = "pendingProducts"
                let page = try Page(arguments, list: list)
                return Resolved<Connection<ProductRecord>>.run {
                    try await ProductStore.pending(page: page, in: context.database).sealed(for: list)
                }
            }
            query.field("categories") { context in
                Resolved<[CategoryRecord]>.run { try await CategoryStore.topLevel(in: context.database) }
            }
            query.field("category", arguments: CategoryArguments.self) { arguments, context in
                Resolved<CategoryRecord?>.run { try await CategoryStore.category(slug: arguments.slug, in: context.database) }
            }
        }
        binder.connection(of: ProductRecord.self, totalCount: true)

        binder.object(ProductRecord.self) { product in
            product.field("id") { GlobalID(typeName: "Product", key: $0.id) }
            product.field("name") { $0.name }
            product.field("brand") { $0.brand }
            product.field("category") { product, context in
                Resolved<CategoryRecord>(unchecked: context.catalog.categories.load(product.categoryID))
            }
            product.field("barcode") { $0.barcode }
            product.field("packageSize") { $0.packageSize }
            product.field("servingSize") { $0.servingSize }
            product.field("servingDescription") { $0.servingDescription }
            product.field("nutritionPer100") { $0.nutrition }
            product.field("nutritionPerServing") { product in product.servingGrams.map { product.nutrition.scaled(by: $0 / 100) } }
            product.field("allergens") { $0.allergens }
            product.field("dietLabels") { $0.dietLabels }
            product.field("shelfLifeDays") { $0.shelfLifeDays }
            product.field("storage") { $0.storage }
            product.field("imageUrl") { _ in String?.none }
            product.field("catalogPrice") { $0.catalogPrice }
            product.field("salePrice") { $0.salePrice }
            product.field("onSale") { $0.salePrice != nil }
            product.field("stock") { $0.stock }
            product.field("inStock") { $0.stock > 0 }
            product.field("status") { $0.productStatus }
        }
        binder.object(CategoryRecord.self) { category in
            category.field("id") { GlobalID(typeName: "Category", key: $0.id) }
            category.field("slug") { $0.slug }
            category.field("name") { $0.name }
            category.field("parent") { category, context -> Resolved<CategoryRecord?> in
                guard let parentID = category.parentID else { return .null }
                return Resolved<CategoryRecord?>(unchecked: context.catalog.categories.load(parentID))
            }
            category.field("children") { category, context in
                Resolved<[CategoryRecord]>(unchecked: context.catalog.categoryChildren.load(category.id))
            }
            category.field("path") { $0.path.split(separator: "/").map(String.init) }
        }
        binder.object(Nutrition.self) { nutrition in
            nutrition.field("basis") { $0.basis }
            nutrition.field("energyKcal") { $0.energyKcal }
            nutrition.field("energyKj") { $0.energyKj }
            nutrition.field("fatG") { $0.fatG }
            nutrition.field("saturatedFatG") { $0.saturatedFatG }
            nutrition.field("transFatG") { $0.transFatG }
            nutrition.field("cholesterolMg") { $0.cholesterolMg }
            nutrition.field("carbohydratesG") { $0.carbohydratesG }
            nutrition.field("fibreG") { $0.fibreG }
            nutrition.field("sugarsG") { $0.sugarsG }
            nutrition.field("sodiumMg") { $0.sodiumMg }
            nutrition.field("proteinG") { $0.proteinG }
            nutrition.field("vitaminAUg") { $0.vitaminAUg }
            nutrition.field("vitaminCMg") { $0.vitaminCMg }
            nutrition.field("calciumMg") { $0.calciumMg }
            nutrition.field("ironMg") { $0.ironMg }
            nutrition.field("micronutrients") { $0.micronutrients }
        }
        binder.object(Micronutrient.self) { micronutrient in
            micronutrient.field("name") { $0.name }
            micronutrient.field("amount") { $0.amount }
            micronutrient.field("unit") { $0.unit }
        }
        binder.object(Quantity.self) { quantity in
            quantity.field("value") { $0.value }
            quantity.field("unit") { $0.unit }
        }
        binder.enumeration(Allergen.self)
        binder.enumeration(DietLabel.self)
        binder.enumeration(StorageLocation.self)
        binder.enumeration(ProductStatus.self)
        binder.enumeration(QuantityUnit.self)
        binder.enumeration(NutritionBasis.self)
        binder.enumeration(ProductOrder.self)
        binder.enumeration(ReviewDecision.self)

        // Products in moderation are visible to administrators only, as everywhere else.
        binder.node(ProductRecord.self) { key, context in
            Resolved<ProductRecord?>(unchecked: context.catalog.products.load(key)).map { product in
                guard let product, product.isActive || context.viewer?.isAdministrator == true else { return nil }
                return product
            }
        }
        binder.node(CategoryRecord.self) { key, context in Resolved(unchecked: context.catalog.categories.load(key)) }
    }
}
