import Foundation
import GraphQLEngine

/// Creating and editing products: administrators edit the catalog; anyone signed in submits a
/// missing product for moderation; administrators and chain representatives manage offers. Each
/// runs in its mutation's transaction, so a refusal after a write leaves nothing behind.
enum ProductMutations {
    static func bind(_ binder: inout SchemaBinder) {
        binder.mutation("createProduct", input: CreateProductInput.self, access: .roles([.administrator])) { input, scope in
            try await create(input, status: .active, scope)
        }
        binder.mutation("submitProduct", input: CreateProductInput.self, access: .signedIn) { input, scope in
            try await create(input, status: .pending, scope)
        }
        binder.mutation("updateProduct", input: UpdateProductInput.self, access: .roles([.administrator])) { input, scope in
            try await update(input, scope)
        }
        binder.mutation("reviewProduct", input: ReviewProductInput.self, access: .roles([.administrator])) { input, scope in
            try await review(input, scope)
        }
        binder.mutation(
            "updateProductOffer", input: UpdateProductOfferInput.self, access: .roles([.administrator, .chainRepresentative])
        ) { input, scope in
            try await updateOffer(input, scope)
        }
        binder.object(ProductPayload.self) { payload in
            payload.field("product") { $0.product }
            payload.field("userErrors") { $0.userErrors }
        }
    }

    static func create(_ input: CreateProductInput, status: ProductStatus, _ scope: MutationScope) async throws -> ProductPayload {
        let viewer = try scope.requireViewer()
        guard let categoryID = try await CategoryStore.id(ofSlug: input.category, in: scope.transaction) else {
            return ProductPayload(failing: [UserError("category", "No such category.", code: .notFound)])
        }
        guard
            let id = try await ProductStore.insert(
                input, categoryID: categoryID, status: status, submittedBy: viewer.userID, in: scope.transaction)
        else {
            return ProductPayload(failing: [UserError("barcode", "A product with this barcode exists.", code: .taken)])
        }
        return ProductPayload(product: try await ProductStore.load([id], from: scope.transaction)[id])
    }

    /// A patch of a product's description and nutrition: left-out fields stay.
    static func update(_ input: UpdateProductInput, _ scope: MutationScope) async throws -> ProductPayload {
        var categoryID: Int64?
        if let slug = input.category {
            guard let id = try await CategoryStore.id(ofSlug: slug, in: scope.transaction) else {
                return ProductPayload(failing: [UserError("category", "No such category.", code: .notFound)])
            }
            categoryID = id
        }
        let id = input.productId.key
        switch try await ProductStore.update(id, input, categoryID: categoryID, in: scope.transaction) {
        case .notFound: return ProductPayload(failing: [UserError("productId", "No such product.", code: .notFound)])
        case .barcodeTaken: return ProductPayload(failing: [UserError("barcode", "A product with this barcode exists.", code: .taken)])
        case .updated: return ProductPayload(product: try await ProductStore.load([id], from: scope.transaction)[id])
        }
    }

    static func review(_ input: ReviewProductInput, _ scope: MutationScope) async throws -> ProductPayload {
        let viewer = try scope.requireViewer()
        let id = input.productId.key
        let status: ProductStatus = input.decision == .approve ? .active : .rejected
        guard try await ProductStore.review(id, status: status, reviewer: viewer.userID, note: input.note, in: scope.transaction) else {
            return ProductPayload(failing: [UserError("productId", "No product waits for review with this ID.", code: .invalidState)])
        }
        return ProductPayload(product: try await ProductStore.load([id], from: scope.transaction)[id])
    }

    /// Stock and prices. The offer is written first and checked as it then stands (a sale price
    /// must stay below the catalog price, whichever of the two this changes): a refusal rolls the
    /// write back.
    static func updateOffer(_ input: UpdateProductOfferInput, _ scope: MutationScope) async throws -> ProductPayload {
        let id = input.productId.key
        guard
            let offer = try await ProductStore.updateOffer(
                id, stock: input.stock, catalogPrice: input.catalogPrice, removeCatalogPrice: input.removesCatalogPrice,
                salePrice: input.salePrice, endSale: input.endsSale,
                in: scope.transaction)
        else {
            return ProductPayload(failing: [UserError("productId", "No such product.", code: .notFound)])
        }
        if let sale = offer.salePrice, let catalog = offer.catalogPrice, sale >= catalog {
            let field = input.salePrice == nil ? "catalogPrice" : "salePrice"
            return ProductPayload(failing: [UserError(field, "A sale price must be below the catalog price (\(catalog)).", code: .outOfRange)])
        }
        return ProductPayload(product: try await ProductStore.load([id], from: scope.transaction)[id])
    }
}
