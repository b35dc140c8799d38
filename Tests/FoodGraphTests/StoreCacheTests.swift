import Foundation
import GraphQLEngine
import Postgres
import Testing

@testable import FoodGraph

/// Stores and chains kept between queries (`StoreCache`), as `serve` runs: read once, then
/// without a statement; and emptied by every change, wherever it is made.
struct StoreCacheTests {
    static let prices = "{ products(first: 14) { edges { node { latestPrices(first: 3) { edges { node { store { id name chain { id name } } } } } } } } }"
    static let stores = "{ stores(first: 50) { edges { node { id name chain { id name } } } } }"

    /// The demo data, and an application whose copy has heard every change committed so far.
    static func seeded() async throws -> TestAPI {
        let api = try await TestAPI.make(keepsStores: true)
        try await DemoData.loadIfEmpty(into: api.database.database)
        try await settle(api)
        return api
    }

    /// Waits until the copy is listening and has heard an announcement sent now: notifications
    /// arrive in commit order, so it has then heard every earlier one too.
    static func settle(_ api: TestAPI) async throws {
        let cache = api.application.storeCache
        try await waitUntil("the copy listens") { cache.snapshot() != nil }
        let before = try #require(cache.snapshot()).generation
        _ = try await api.database.database.query("SELECT pg_notify($1, 'test')", [StoreCache.channel])
        try await waitUntil("the copy hears the announcement") { (cache.snapshot()?.generation ?? before) != before }
    }

    static func waitUntil(_ what: String, within limit: Duration = .seconds(10), _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + limit
        while !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("Timed out waiting until \(what).")
                return
            }
            try await Task.sleep(for: .milliseconds(2))
        }
    }

    static func json(_ response: Response) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: response.json, options: [.sortedKeys]), as: UTF8.self)
    }

    /// The name `stores` shows for the store `id`.
    static func name(ofStore id: String, in response: Response) -> String? {
        (response["data.stores.edges"] as? [[String: Any]] ?? []).lazy.compactMap { $0["node"] as? [String: Any] }
            .first { $0["id"] as? String == id }?["name"] as? String
    }

    @Test func aQueryReadsPricesStoresAndChainsOnceThenWithoutAStatement() async throws {
        let api = try await Self.seeded()
        defer { Task { await api.close() } }
        let first = try await api.run(Self.prices, operation: .query)
        let second = try await api.run(Self.prices, operation: .query)
        #expect(first.statements == 3 && second.statements == 2, "\(first.statements), \(second.statements)")
        #expect(try Self.json(first) == Self.json(second))
        // A request of unknown kind (it may be a mutation, which reads what it wrote) reads them.
        #expect(try await api.run(Self.prices).statements == 3)
        // So does a node of either kind, through the loaders, which the copy serves as well.
        let store = try #require((second["data.products.edges"] as? [[String: Any]])?.lazy.compactMap {
            (($0["node"] as? [String: Any])?["latestPrices"] as? [String: Any])?["edges"] as? [[String: Any]]
        }.first { !$0.isEmpty }?.first?["node"] as? [String: Any])["store"] as? [String: Any]
        let storeID = try #require(store?["id"] as? String)
        let node = try await api.run(#"{ node(id: "\#(storeID)") { ... on Store { name chain { name } } } }"#, operation: .query)
        #expect(node.statements == 0 && node["data.node.name"] as? String == store?["name"] as? String)
    }

    /// Another instance, an operator's psql or a seed changes a store: every instance shows the
    /// change once the trigger's announcement reaches it.
    @Test func aStoreChangedElsewhereIsShownOnceAnnounced() async throws {
        let api = try await Self.seeded()
        defer { Task { await api.close() } }
        let before = try await api.run(Self.stores, operation: .query)
        let node = try #require((before["data.stores.edges"] as? [[String: Any]])?.first?["node"] as? [String: Any])
        let id = try #require(node["id"] as? String)
        #expect(try await api.run(Self.stores, operation: .query).statements == 1, "the stores' page alone")
        _ = try await api.database.database.query("UPDATE stores SET name = 'Renamed elsewhere' WHERE id = $1", [GlobalID(parsing: id)?.key ?? 0])
        try await Self.settle(api)
        #expect(Self.name(ofStore: id, in: try await api.run(Self.stores, operation: .query)) == "Renamed elsewhere")
    }

    /// A representative renames a store and their next query shows the new name, without waiting
    /// for the announcement: the mutation empties this instance's copy after its commit.
    @Test func aStoreRenamedThroughThisInstanceIsShownByTheNextQuery() async throws {
        let api = try await Self.seeded()
        defer { Task { await api.close() } }
        let token = try await AccountsTestSupport.administrator(api)
        let before = try await api.run(Self.prices, token: token, operation: .query)
        let storeID = try #require((before["data.products.edges"] as? [[String: Any]])?.lazy.compactMap {
            (($0["node"] as? [String: Any])?["latestPrices"] as? [String: Any])?["edges"] as? [[String: Any]]
        }.first { !$0.isEmpty }?.first.flatMap { ($0["node"] as? [String: Any])?["store"] as? [String: Any] }?["id"] as? String)
        let renamed = try await api.run(
            #"mutation { updateStore(input: {storeId: "\#(storeID)", name: "Renamed here"}) { store { name chain { name } } userErrors { code } } }"#,
            token: token, operation: .mutation)
        #expect(renamed["data.updateStore.store.name"] as? String == "Renamed here")
        #expect(api.application.storeCache.snapshot()?.stores.isEmpty == true)
        let after = try await api.run(Self.stores, token: token, operation: .query)
        #expect(Self.name(ofStore: storeID, in: after) == "Renamed here")
    }

    /// While the listening connection is lost, an announcement may be missed: nothing is read from
    /// the copy until it listens again, and then the copy starts empty.
    @Test func nothingIsReadFromTheCopyWhileItsConnectionIsLost() async throws {
        let api = try await Self.seeded()
        defer { Task { await api.close() } }
        let cache = api.application.storeCache
        _ = try await api.run(Self.prices, operation: .query)
        #expect(cache.snapshot()?.stores.isEmpty == false)
        try await api.database.endListeningConnections()
        try await Self.waitUntil("the copy is out of use") { cache.snapshot() == nil }
        #expect(try await api.run(Self.prices, operation: .query).statements == 3)
        try await Self.waitUntil("the copy listens again") { cache.snapshot() != nil }
        #expect(cache.snapshot()?.stores.isEmpty == true)
    }

    /// Stores read for a mutation are not kept: it may read what it wrote before the commit.
    @Test func aMutationNeitherReadsNorFillsTheCopy() async throws {
        let api = try await Self.seeded()
        defer { Task { await api.close() } }
        let token = try await AccountsTestSupport.administrator(api)
        let stores = try await api.run(Self.stores, token: token, operation: .mutation)
        #expect(stores.statements > 1)
        #expect(api.application.storeCache.snapshot()?.stores.isEmpty == true)
    }
}
