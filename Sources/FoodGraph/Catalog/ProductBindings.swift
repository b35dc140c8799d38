import GraphQLEngine

/// Products, categories and nutrition: the query fields, the object types, their nodes.
enum ProductBindings {
    /// What a `products` field's selection reads, worked out once per document.
    private struct PageSelection: Sendable {
        let columns: ProductColumns
        /// Whether the count is asked for: then it is kept, or made in the page's statement.
        let counting: Bool

        init(_ info: ResolveInfo) {
            columns = ProductColumns.needed(by: info, along: ["edges", "node"])
            counting = !info.selectedFieldNames().isDisjoint(with: ["totalCount", "totalCountIsExact"])
        }
    }

    static func bind(_ binder: inout SchemaBinder) {
        binder.query { query in
            query.field("productByBarcode", arguments: BarcodeArguments.self) { arguments, context, info in
                if context.readsKeptCopies {
                    let cache = context.productCache
                    switch cache.lookup(arguments.barcode, for: context.viewer?.userID) {
                    case .kept(let product): return Resolved(product)
                    case .missing(let generation):
                        let database = context.database
                        return .run { try await cache.read(arguments.barcode, generation: generation, from: database) }
                    case .unavailable: break
                    }
                }
                let columns = info.derivedFromSelection { ProductColumns.needed(by: $0, along: []) }
                return Resolved<ProductRecord?>.run {
                    try await ProductStore.active(barcode: arguments.barcode, columns: columns, in: context.database)
                }
            }
            query.field("products", arguments: ProductsArguments.self) { arguments, context, info in
                let search = arguments.search
                let page = try Page(arguments.page, list: search.listName)
                let selection = info.derivedFromSelection(PageSelection.init)
                let counting: ProductCounting
                switch (selection.counting, context.readsKeptCopies) {
                case (false, _): counting = .whenRead
                case (true, false): counting = .inPage
                case (true, true):
                    counting = .kept(context.productCache, viewer: context.viewer?.userID, primary: context.database.primary)
                }
                return Resolved<ProductPage>.run {
                    try await ProductStore.search(search, page: page, columns: selection.columns, counting: counting, in: context.database)
                        .sealed(for: search.listName)
                }
            }
            query.field("pendingProducts", arguments: PageArguments.self) { arguments, context in
                let list = "pendingProducts"
                let page = try Page(arguments, list: list)
                return Resolved<ProductPage>.run {
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
        // `ProductConnection` counts on demand (`PageCount`), so it is bound here rather than by
        // `binder.connection(of:)`.
        binder.object(ProductPage.self) { page in
            page.field("edges") { $0.connection.edges }
            page.field("pageInfo") { $0.connection.pageInfo }
            page.field("totalCount") { page, context in Resolved<Int>.run { try await page.count.total(in: context.database) } }
            page.field("totalCountIsExact") { page, context in Resolved<Bool>.run { try await page.count.isExact(in: context.database) } }
        }
        binder.object(Edge<ProductRecord>.self) { edge in
            edge.field("cursor") { $0.outwardCursor() }
            edge.field("node") { $0.boxedNode }
        }

        binder.object(ProductRecord.self) { product in
            product.field("id") { GlobalID(typeName: "Product", key: $0.id) }
            product.field("name") { $0.name }
            product.field("brand") { $0.brand }
            product.field("category") { product, context in context.catalog.category(product.categoryID) }
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
            product.field("imageUrl") { product, context in
                Resolved<String?>(unchecked: context.catalog.imageURLs.load(product.id))
            }
            product.field("catalogPrice") { $0.catalogPrice }
            product.field("salePrice") { $0.salePrice }
            product.field("onSale") { $0.salePrice != nil }
            product.field("stock") { $0.stock }
            product.field("inStock") { $0.stock > 0 }
            product.field("offers", loadingFrom: { $0.catalog.offers }, key: \.id)
            product.field("chain", prepare: { $0.catalog.keptOrLoadedChains }, resolve: { product, chains in chains.load(product.chainID) })
            product.field("status") { $0.productStatus }
            product.field("revisionOf") { product, context -> Resolved<ProductRecord?> in
                guard let original = product.revisionOf else { return .null }
                let viewer = context.viewer
                return Resolved<ProductRecord?>(unchecked: context.catalog.products.load(original)).map { product in
                    product.flatMap { $0.isVisible(to: viewer) ? $0 : nil }
                }
            }
        }
        binder.object(ChainOfferRecord.self) { offer in
            offer.field("chain", prepare: { $0.catalog.keptOrLoadedChains }, resolve: { offer, chains in chains.load(offer.chainID) })
            offer.field("price") { $0.price }
            offer.field("salePrice") { $0.salePrice }
            offer.field("onSale") { $0.salePrice != nil }
            offer.field("pricePaid") { $0.salePrice ?? $0.price }
            offer.field("stock") { $0.stock }
            offer.field("inStock") { $0.stock > 0 }
            offer.field("updatedAt") { $0.updatedAt }
        }
        binder.object(CategoryRecord.self) { category in
            category.field("id") { GlobalID(typeName: "Category", key: $0.id) }
            category.field("slug") { $0.slug }
            category.field("name") { $0.name }
            category.field("parent") { category, context -> Resolved<CategoryRecord?> in
                guard let parentID = category.parentID else { return .null }
                if let parent = context.categoryTree.fresh?.byID[parentID] { return .value(parent) }
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
            nutrition.field("dailyValues", arguments: DailyValuesArguments.self) { nutrition, arguments, _ in
                .value(nutrition.dailyValues(standard: arguments.standard))
            }
        }
        binder.object(DailyValue.self) { value in
            value.field("nutrient") { $0.nutrient }
            value.field("amount") { $0.amount }
            value.field("unit") { $0.unit }
            value.field("dailyValue") { $0.dailyValue }
            value.field("percent") { $0.percent }
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
        binder.enumeration(DailyValueStandard.self)

        // Products out of the catalog are visible to administrators and their chain's
        // representatives only, as everywhere else (`ProductRecord.isVisible(to:)`).
        binder.node(ProductRecord.self) { key, context in
            let viewer = context.viewer
            return Resolved<ProductRecord?>(unchecked: context.catalog.products.load(key)).map { product in
                product.flatMap { $0.isVisible(to: viewer) ? $0 : nil }
            }
        }
        binder.node(CategoryRecord.self) { key, context in Resolved(unchecked: context.catalog.categories.load(key)) }
    }
}
