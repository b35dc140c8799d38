import GraphQLEngine
import Testing

@testable import FoodGraph

/// The catalog is on typed bindings only: with the check that will hold once every area is typed,
/// nothing of the catalog's SDL (nor `Address`, which it binds for stores) is bound without a
/// declared Swift type.
struct CatalogBindingTests {
    /// Object and enum types of `CatalogArea.schema` and `Address`, and the fields it adds to `Query` and `Mutation`.
    static let types = [
        "Category", "Allergen", "DietLabel", "StorageLocation", "ProductStatus", "QuantityUnit", "Product", "Quantity",
        "NutritionBasis", "Nutrition", "Micronutrient", "ProductConnection", "ProductEdge", "ProductOrder", "RetailChain",
        "RetailChainConnection", "RetailChainEdge", "Store", "StoreConnection", "StoreEdge", "PriceSource", "PriceObservation",
        "StorePriceConnection", "StorePriceEdge", "PriceStatistics", "ProductPayload", "ReviewDecision", "RecordPricePayload",
        "StorePayload", "Address",
    ]
    static let fields = [
        "Query.productByBarcode", "Query.products", "Query.pendingProducts", "Query.categories", "Query.category",
        "Query.retailChains", "Query.stores", "Mutation.createProduct", "Mutation.updateProduct", "Mutation.submitProduct",
        "Mutation.reviewProduct", "Mutation.updateProductOffer", "Mutation.recordPrice", "Mutation.createStore", "Mutation.updateStore",
    ]

    @Test func everyCatalogFieldAndEnumHasADeclaredSwiftType() throws {
        let schema = try SchemaDocument.build()
        var binder = SchemaBinder()
        for area in Areas.all { area.bind(&binder) }
        binder.resolvers.requiresTypedBindings = true
        var problems = StartupCheck(schema: schema, binder: binder).problems()
        do {
            _ = try ExecutableSchema(schema: schema, resolvers: binder.resolvers)
        } catch let error as ExecutableSchema.BindingError {
            problems += error.missing
        }
        let catalog = problems.filter { problem in
            Self.fields.contains { problem.hasPrefix($0 + " ") || problem.hasPrefix($0 + ":") }
                || Self.types.contains { problem.hasPrefix($0 + ".") || problem.hasPrefix("enum \($0) ") || problem.hasPrefix("\($0) ") }
        }
        #expect(catalog == [])
        #expect(binder.nodes.keys.filter { ["Product", "Category", "RetailChain", "Store", "PriceObservation"].contains($0) }.count == 5)
    }
}
