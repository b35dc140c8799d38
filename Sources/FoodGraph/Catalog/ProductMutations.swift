import Foundation
import GraphQLEngine

/// Creating and editing products. Administrators edit the catalog at once; chain representatives
/// manage their own chain's products, which administrators moderate as they do users'
/// submissions; anyone signed in submits a missing product; each chain's offers are its own. Each
/// runs in its mutation's transaction, so a refusal after a write leaves nothing behind.
enum ProductMutations {
    static func bind(_ binder: inout SchemaBinder) {
        binder.mutation("createProduct", input: CreateProductInput.self, access: .roles([.administrator, .chainRepresentative])) {
            input, scope in try await create(input, publishing: true, scope)
        }
        binder.mutation("submitProduct", input: CreateProductInput.self, access: .signedIn) { input, scope in
            try await create(input, publishing: false, scope)
        }
        binder.mutation("updateProduct", input: UpdateProductInput.self, access: .roles([.administrator, .chainRepresentative])) {
            input, scope in try await update(input, scope)
        }
        binder.mutation("withdrawProduct", input: WithdrawProductInput.self, access: .roles([.administrator, .chainRepresentative])) {
            input, scope in try await withdraw(input, scope)
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

    static func reload(_ id: Int64, _ scope: MutationScope) async throws -> ProductPayload {
        ProductPayload(product: try await ProductStore.load([id], from: scope.transaction)[id])
    }

    /// The chain a new product belongs to: a representative's own (another chain's is forbidden),
    /// any or none for administrators, none for other users.
    static func owningChain(of input: CreateProductInput, viewer: Viewer) throws -> Int64? {
        if viewer.isAdministrator { return input.chainId?.key }
        if viewer.roles.contains(.chainRepresentative), let own = viewer.representedChainID {
            if let given = input.chainId?.key, given != own { throw DomainError.forbidden("You manage your own chain's products only.") }
            return own
        }
        if input.chainId != nil { throw DomainError.forbidden("Only a chain's representatives add its products.") }
        return nil
    }

    /// `createProduct` (`publishing`: an administrator's product is in the catalog at once) and
    /// `submitProduct`. Everything else waits for moderation.
    static func create(_ input: CreateProductInput, publishing: Bool, _ scope: MutationScope) async throws -> ProductPayload {
        let viewer = try scope.requireViewer()
        let chainID = try owningChain(of: input, viewer: viewer)
        if input.catalogPrice != nil, chainID == nil {
            return ProductPayload(
                failing: [
                    viewer.isAdministrator
                        ? UserError("chainId", "A catalog price is a chain's offer: name the chain.", code: .required)
                        : UserError(
                            "catalogPrice", "Prices are set by chains; record a price you saw at a store with recordPrice.",
                            code: .invalidState)
                ])
        }
        var image: ImageInfo?
        if let bytes = input.image?.bytes {
            switch ProductImages.check(bytes) {
            case .invalid(let error): return ProductPayload(failing: [error])
            case .valid(let info): image = info
            }
        }
        guard let categoryID = try await CategoryStore.id(ofSlug: input.category, in: scope.transaction) else {
            return ProductPayload(failing: [UserError("category", "No such category.", code: .notFound)])
        }
        if let chainID, try await StoreDirectory.chains([chainID], from: scope.transaction)[chainID] == nil {
            return ProductPayload(failing: [UserError("chainId", "No such chain.", code: .notFound)])
        }
        let status: ProductStatus = publishing && viewer.isAdministrator ? .active : .pending
        guard
            let id = try await ProductStore.insert(
                input, categoryID: categoryID, status: status, submittedBy: viewer.userID, chainID: chainID, in: scope.transaction)
        else {
            return ProductPayload(failing: [UserError("barcode", "A product with this barcode exists.", code: .taken)])
        }
        if let image, let bytes = input.image?.bytes {
            try await ProductImages.set(bytes, image, of: id, uploadedBy: viewer.userID, in: scope.transaction)
        }
        if let price = input.catalogPrice, let chainID {
            try await OfferStore.set(productID: id, chainID: chainID, price: price, salePrice: nil, stock: 0, by: viewer.userID, in: scope.transaction)
        }
        return try await reload(id, scope)
    }

    /// The product a staff mutation acts on, locked: nil when the viewer cannot see it (it does
    /// not exist for them); forbidden when they see it but it is not theirs to manage.
    static func managedProduct(_ id: Int64, viewer: Viewer, _ scope: MutationScope) async throws -> ProductRecord? {
        guard let product = try await ProductStore.lock(id, in: scope.transaction), product.isVisible(to: viewer) else { return nil }
        guard viewer.isAdministrator || product.chainID.map({ viewer.mayManageChain($0) }) == true else {
            throw DomainError.forbidden("You manage your own chain's products only.")
        }
        return product
    }

    /// A patch of a product's description, nutrition and image. Administrators' apply at once; a
    /// representative's change of an active product goes to a pending revision.
    static func update(_ input: UpdateProductInput, _ scope: MutationScope) async throws -> ProductPayload {
        let viewer = try scope.requireViewer()
        var image: (bytes: [UInt8], info: ImageInfo)??
        if let given = input.image {
            if let bytes = given?.bytes {
                switch ProductImages.check(bytes) {
                case .invalid(let error): return ProductPayload(failing: [error])
                case .valid(let info): image = .some((bytes, info))
                }
            } else {
                image = .some(nil)
            }
        }
        var categoryID: Int64?
        if let slug = input.category {
            guard let id = try await CategoryStore.id(ofSlug: slug, in: scope.transaction) else {
                return ProductPayload(failing: [UserError("category", "No such category.", code: .notFound)])
            }
            categoryID = id
        }
        guard let product = try await managedProduct(input.productId.key, viewer: viewer, scope) else {
            return ProductPayload(failing: [UserError("productId", "No such product.", code: .notFound)])
        }
        var target = product.id
        if !viewer.isAdministrator {
            switch product.productStatus {
            case .withdrawn:
                return ProductPayload(failing: [UserError("productId", "The product was withdrawn.", code: .invalidState)])
            case .active:
                // Moderated: the change waits in a revision (one per product; a second change adds to it).
                if let revision = try await ProductStore.pendingRevision(of: product.id, in: scope.transaction) {
                    target = revision
                } else {
                    target = try await ProductStore.createRevision(of: product.id, by: viewer.userID, in: scope.transaction)
                }
            case .rejected where product.revisionOf != nil:
                return ProductPayload(
                    failing: [UserError("productId", "This change was rejected; change the product itself again.", code: .invalidState)])
            case .rejected:
                // Changed after a refusal: back to moderation.
                try await ProductStore.setStatus(product.id, .pending, in: scope.transaction)
            case .pending:
                break
            }
        }
        switch try await ProductStore.update(target, input, categoryID: categoryID, in: scope.transaction) {
        case .notFound: return ProductPayload(failing: [UserError("productId", "No such product.", code: .notFound)])
        case .barcodeTaken: return ProductPayload(failing: [UserError("barcode", "A product with this barcode exists.", code: .taken)])
        case .updated: break
        }
        switch image {
        case .some(.some(let image)):
            try await ProductImages.set(image.bytes, image.info, of: target, uploadedBy: viewer.userID, in: scope.transaction)
        case .some(.none): try await ProductImages.remove(of: target, in: scope.transaction)
        case .none: break
        }
        return try await reload(target, scope)
    }

    static func withdraw(_ input: WithdrawProductInput, _ scope: MutationScope) async throws -> ProductPayload {
        let viewer = try scope.requireViewer()
        guard let product = try await managedProduct(input.productId.key, viewer: viewer, scope) else {
            return ProductPayload(failing: [UserError("productId", "No such product.", code: .notFound)])
        }
        if let original = product.revisionOf {
            guard product.productStatus == .pending else {
                return ProductPayload(failing: [UserError("productId", "This change is no longer waiting.", code: .invalidState)])
            }
            try await ProductStore.delete(product.id, in: scope.transaction)
            return try await reload(original, scope)
        }
        guard product.productStatus != .withdrawn else {
            return ProductPayload(failing: [UserError("productId", "The product was withdrawn already.", code: .invalidState)])
        }
        try await ProductStore.withdraw(product.id, in: scope.transaction)
        return try await reload(product.id, scope)
    }

    static func review(_ input: ReviewProductInput, _ scope: MutationScope) async throws -> ProductPayload {
        let viewer = try scope.requireViewer()
        let id = input.productId.key
        guard let product = try await ProductStore.lock(id, in: scope.transaction), product.productStatus == .pending else {
            return ProductPayload(failing: [UserError("productId", "No product waits for review with this ID.", code: .invalidState)])
        }
        guard let original = product.revisionOf else {
            let status: ProductStatus = input.decision == .approve ? .active : .rejected
            _ = try await ProductStore.review(id, status: status, reviewer: viewer.userID, note: input.note, in: scope.transaction)
            return try await reload(id, scope)
        }
        guard input.decision == .approve else {
            try await ProductStore.rejectRevision(id, reviewer: viewer.userID, note: input.note, in: scope.transaction)
            return try await reload(id, scope)
        }
        guard try await ProductStore.lock(original, in: scope.transaction) != nil,
            try await ProductStore.applyRevision(id, to: original, reviewer: viewer.userID, note: input.note, in: scope.transaction)
        else {
            return ProductPayload(failing: [UserError("productId", "Another product has this change's barcode.", code: .taken)])
        }
        return try await reload(original, scope)
    }

    /// One chain's offer: a representative's own chain's only. The offer is checked as it would
    /// stand (a sale price must stay below the chain's price, whichever of the two this changes)
    /// before it is written.
    static func updateOffer(_ input: UpdateProductOfferInput, _ scope: MutationScope) async throws -> ProductPayload {
        let viewer = try scope.requireViewer()
        guard let chainID = input.chainId?.key ?? (viewer.roles.contains(.chainRepresentative) ? viewer.representedChainID : nil)
        else {
            return ProductPayload(failing: [UserError("chainId", "Name the chain whose offer this is.", code: .required)])
        }
        guard viewer.mayManageChain(chainID) else { throw DomainError.forbidden("You set your own chain's offers only.") }
        guard try await StoreDirectory.chains([chainID], from: scope.transaction)[chainID] != nil else {
            return ProductPayload(failing: [UserError("chainId", "No such chain.", code: .notFound)])
        }
        // Products in the catalog take offers, and a chain's own products before they are.
        guard let product = try await ProductStore.lock(input.productId.key, in: scope.transaction), product.revisionOf == nil,
            product.isActive || viewer.isAdministrator || (product.chainID == chainID && product.productStatus != .withdrawn)
        else {
            return ProductPayload(failing: [UserError("productId", "No such product.", code: .notFound)])
        }
        let current = try await OfferStore.offer(of: product.id, by: chainID, in: scope.transaction)
        if input.removesCatalogPrice {
            try await OfferStore.remove(productID: product.id, chainID: chainID, in: scope.transaction)
            return try await reload(product.id, scope)
        }
        guard let price = input.catalogPrice ?? current?.price.amount else {
            return ProductPayload(
                failing: [UserError("catalogPrice", "The chain has no offer of this product yet: give its price.", code: .required)])
        }
        let sale = input.endsSale ? nil : input.salePrice ?? current?.salePrice?.amount
        if let sale, let saleAmount = sale.decimal, let priceAmount = price.decimal, saleAmount >= priceAmount {
            let field = input.salePrice == nil ? "catalogPrice" : "salePrice"
            return ProductPayload(failing: [UserError(field, "A sale price must be below the chain's price (\(price)).", code: .outOfRange)])
        }
        try await OfferStore.set(
            productID: product.id, chainID: chainID, price: price, salePrice: sale, stock: input.stock ?? current?.stock ?? 0,
            by: viewer.userID, in: scope.transaction)
        return try await reload(product.id, scope)
    }
}
