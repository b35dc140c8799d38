import GraphQLEngine

/// Stores belong to a chain: its representative or an administrator manages them. Anyone signed
/// in records the prices they saw; representatives record their own chain's.
enum StoreMutations {
    static func bind(_ binder: inout SchemaBinder) {
        binder.mutation("createStore", input: CreateStoreInput.self, access: .roles([.administrator, .chainRepresentative])) {
            input, scope in try await createStore(input, scope)
        }
        binder.mutation("updateStore", input: UpdateStoreInput.self, access: .roles([.administrator, .chainRepresentative])) {
            input, scope in try await updateStore(input, scope)
        }
        binder.mutation("recordPrice", input: RecordPriceInput.self, access: .signedIn) { input, scope in
            try await recordPrice(input, scope)
        }
        binder.mutation(
            "updateRetailChain", input: UpdateRetailChainInput.self, access: .roles([.administrator, .chainRepresentative])
        ) { input, scope in
            try await updateChain(input, scope)
        }
        binder.object(RetailChainPayload.self) { payload in
            payload.field("retailChain") { $0.retailChain }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(StorePayload.self) { payload in
            payload.field("store") { $0.store }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(RecordPricePayload.self) { payload in
            payload.field("priceObservation") { $0.priceObservation }
            payload.field("userErrors") { $0.userErrors }
        }
    }

    static func createStore(_ input: CreateStoreInput, _ scope: MutationScope) async throws -> StorePayload {
        let viewer = try scope.requireViewer()
        guard viewer.mayManageChain(input.chainId.key) else { throw DomainError.forbidden("You manage another chain's stores only.") }
        guard
            let id = try await StoreDirectory.insertStore(
                chainID: input.chainId.key, name: input.name, address: input.address, location: input.location, in: scope.transaction)
        else {
            return StorePayload(failing: [UserError("chainId", "No such chain.", code: .notFound)])
        }
        emptyKeptStores(after: scope)
        return StorePayload(store: try await StoreDirectory.stores([id], from: scope.transaction)[id])
    }

    static func updateStore(_ input: UpdateStoreInput, _ scope: MutationScope) async throws -> StorePayload {
        let viewer = try scope.requireViewer()
        let id = input.storeId.key
        guard let store = try await StoreDirectory.stores([id], from: scope.transaction)[id] else {
            return StorePayload(failing: [UserError("storeId", "No such store.", code: .notFound)])
        }
        guard viewer.mayManageChain(store.chainID) else { throw DomainError.forbidden("You manage another chain's stores only.") }
        try await StoreDirectory.updateStore(id, name: input.name, address: input.address, location: input.location, in: scope.transaction)
        emptyKeptStores(after: scope)
        return StorePayload(store: try await StoreDirectory.stores([id], from: scope.transaction)[id])
    }

    /// A chain's description and contact details: its representatives' own chain only.
    static func updateChain(_ input: UpdateRetailChainInput, _ scope: MutationScope) async throws -> RetailChainPayload {
        let viewer = try scope.requireViewer()
        let id = input.chainId.key
        guard viewer.mayManageChain(id) else { throw DomainError.forbidden("You manage your own chain only.") }
        guard
            try await StoreDirectory.updateChain(
                id, description: input.description, website: input.website, contactEmail: input.contactEmail,
                contactPhone: input.contactPhone, in: scope.transaction)
        else {
            return RetailChainPayload(failing: [UserError("chainId", "No such chain.", code: .notFound)])
        }
        emptyKeptStores(after: scope)
        return RetailChainPayload(retailChain: try await StoreDirectory.chains([id], from: scope.transaction)[id])
    }

    /// This instance's next query shows the change at once, without waiting for the trigger's
    /// announcement to reach its listening connection (`StoreCache`).
    private static func emptyKeptStores(after scope: MutationScope) {
        let cache = scope.context.storeCache
        scope.afterCommit { cache.empty() }
    }

    /// Representatives record their own chain's prices (source CHAIN); anyone else what they saw (USER).
    static func recordPrice(_ input: RecordPriceInput, _ scope: MutationScope) async throws -> RecordPricePayload {
        let viewer = try scope.requireViewer()
        let productID = input.productId.key
        guard let store = try await StoreDirectory.stores([input.storeId.key], from: scope.transaction)[input.storeId.key] else {
            return RecordPricePayload(failing: [UserError("storeId", "No such store.", code: .notFound)])
        }
        // Products in moderation are not there for anyone but administrators.
        guard let product = try await ProductStore.load([productID], from: scope.transaction)[productID],
            product.isActive || viewer.isAdministrator
        else {
            return RecordPricePayload(failing: [UserError("productId", "No such product.", code: .notFound)])
        }
        let price = try await PriceStore.insert(
            productID: product.id, storeID: store.id, price: input.price, observedAt: input.observedAt,
            source: viewer.mayManageChain(store.chainID) ? .chain : .user, discounted: input.discounted, reportedBy: viewer.userID,
            in: scope.transaction)
        guard let price else { return RecordPricePayload(failing: [UserError("productId", "No such product.", code: .notFound)]) }
        return RecordPricePayload(priceObservation: price)
    }
}
