import Foundation
import GraphQLEngine
import Postgres
import Testing

@testable import FoodGraph

/// Lookups by barcode kept between queries (`ProductCache`), as `serve` runs: read once, then
/// without a statement; forgotten by every change to the product, wherever it is made; and a
/// user's own change shown to them at once.
struct ProductCacheTests {
    /// A barcode no product has (its check digit is right).
    static let unknown = "4006381333931"

    static func lookup(_ barcode: String) -> String {
        #"{ productByBarcode(barcode: "\#(barcode)") { id name brand barcode category { name } nutritionPer100 { energyKcal fatG carbohydratesG proteinG sodiumMg } allergens stock } }"#
    }

    /// Whether answering `response` read a product row (the category tree, a session may be read
    /// on the way).
    static func readProducts(_ response: Response) -> Bool {
        response.sql.contains { $0.contains("FROM products p") }
    }

    /// The demo data, and an application whose copy has heard every change committed so far.
    static func seeded() async throws -> (TestAPI, barcodes: [String]) {
        let api = try await TestAPI.make(keepsProducts: true)
        try await DemoData.loadIfEmpty(into: api.database.database)
        try await settle(api)
        let rows = try await api.database.database.query(
            "SELECT barcode FROM products WHERE status = 'active' AND revision_of IS NULL AND barcode IS NOT NULL ORDER BY id LIMIT 2")
        return (api, try rows.map { try $0.decode(String.self, at: 0) })
    }

    /// Waits until the copy is listening and has heard an announcement sent now: notifications
    /// arrive in commit order, so it has then heard every earlier one too.
    static func settle(_ api: TestAPI) async throws {
        let cache = api.application.productCache
        func generation() -> UInt64? {
            if case .missing(let generation) = cache.lookup("settling", for: nil) { generation } else { nil }
        }
        try await StoreCacheTests.waitUntil("the copy listens") { generation() != nil }
        let before = try #require(generation())
        _ = try await api.database.database.query("SELECT pg_notify($1, 'settling')", [ProductCache.channel])
        try await StoreCacheTests.waitUntil("the copy hears the announcement") { (generation() ?? before) != before }
    }

    @Test func aScanIsReadOnceThenAnsweredWithoutAStatement() async throws {
        let (api, barcodes) = try await Self.seeded()
        defer { Task { await api.close() } }
        let barcode = try #require(barcodes.first)
        let first = try await api.run(Self.lookup(barcode), operation: .query)
        let second = try await api.run(Self.lookup(barcode), operation: .query)
        #expect(Self.readProducts(first) && second.statements == 0, "\(first.sql), \(second.sql)")
        #expect(second["data.productByBarcode.barcode"] as? String == barcode)
        // The same answer as a request of unknown kind (it may be a mutation), which reads it.
        let read = try await api.run(Self.lookup(barcode))
        #expect(Self.readProducts(read))
        #expect(try StoreCacheTests.json(read) == StoreCacheTests.json(second))
        // A barcode no product has is kept as such.
        #expect(try await api.run(Self.lookup(Self.unknown), operation: .query).statements == 1)
        let unknown = try await api.run(Self.lookup(Self.unknown), operation: .query)
        #expect(unknown.statements == 0 && unknown["data.productByBarcode"] is NSNull)
    }

    /// Another instance, an operator's psql or a stock refresh changes a product: every instance
    /// shows the change once the trigger's announcement reaches it, for the old barcode and the new.
    @Test func aProductChangedElsewhereIsShownOnceAnnounced() async throws {
        let (api, barcodes) = try await Self.seeded()
        defer { Task { await api.close() } }
        let (renamed, moved) = (barcodes[0], barcodes[1])
        for barcode in [renamed, moved, Self.unknown] { _ = try await api.run(Self.lookup(barcode), operation: .query) }
        #expect(api.application.productCache.status.kept == 3)
        _ = try await api.database.database.query("UPDATE products SET name = 'Renamed elsewhere' WHERE barcode = $1", [renamed])
        _ = try await api.database.database.query("UPDATE products SET barcode = $1 WHERE barcode = $2", [Self.unknown, moved])
        try await Self.settle(api)
        #expect(api.application.productCache.status.kept == 0)
        #expect(try await api.run(Self.lookup(renamed), operation: .query)["data.productByBarcode.name"] as? String == "Renamed elsewhere")
        #expect(try await api.run(Self.lookup(moved), operation: .query)["data.productByBarcode"] is NSNull)
        #expect(try await api.run(Self.lookup(Self.unknown), operation: .query)["data.productByBarcode.barcode"] as? String == Self.unknown)
    }

    /// A statement that changes many products at once announces '*': every lookup is forgotten.
    @Test func aChangeToEveryProductForgetsEveryLookup() async throws {
        let (api, barcodes) = try await Self.seeded()
        defer { Task { await api.close() } }
        let count = try await api.database.database.query("SELECT count(*) FROM products WHERE barcode IS NOT NULL")
        #expect(try count[0].decode(Int.self, at: 0) > 200, "the demo data has enough products to pass the announcement's limit")
        for barcode in barcodes { _ = try await api.run(Self.lookup(barcode), operation: .query) }
        let events = try PostgresListener(conninfo: api.database.pool.configuration.conninfo).events(on: [ProductCache.channel])
        let database = api.database.database
        let heard = try await withThrowingTaskGroup(of: [String].self) { group in
            group.addTask {
                var heard: [String] = []
                for await event in events {
                    if case .listening = event { _ = try await database.query("UPDATE products SET updated_at = now()") }
                    if case .notification(let notification) = event { heard.append(notification.payload) }
                    if heard.contains("*") { break }
                }
                return heard
            }
            group.addTask {
                try await Task.sleep(for: .seconds(10))
                return []
            }
            let first = try await group.next() ?? []
            group.cancelAll()
            return first
        }
        #expect(heard == ["*"])
        try await Self.settle(api)
        #expect(api.application.productCache.status.kept == 0)
        #expect(Self.readProducts(try await api.run(Self.lookup(barcodes[0]), operation: .query)))
    }

    /// An administrator corrects a product and their next lookup shows it, whether or not the
    /// announcement has arrived: after their mutation commits, they take only answers read since.
    /// The announcement is switched off here, so that only that rule can show them the change.
    @Test func theWriterSeesTheirOwnChangeAtOnce() async throws {
        let (api, barcodes) = try await Self.seeded()
        defer { Task { await api.close() } }
        let barcode = barcodes[0]
        let token = try await AccountsTestSupport.administrator(api)
        let before = try await api.run(Self.lookup(barcode), token: token, operation: .query)
        let id = try #require(before["data.productByBarcode.id"] as? String)
        _ = try await api.database.database.query("ALTER TABLE products DISABLE TRIGGER products_announce_update")
        let updated = try await api.run(
            #"mutation { updateProduct(input: {productId: "\#(id)", name: "Corrected here"}) { product { name } userErrors { code } } }"#,
            token: token, operation: .mutation)
        #expect(updated["data.updateProduct.product.name"] as? String == "Corrected here")
        let after = try await api.run(Self.lookup(barcode), token: token, operation: .query)
        #expect(Self.readProducts(after) && after["data.productByBarcode.name"] as? String == "Corrected here")
        // Someone else is shown the kept answer until the announcement: here, none comes.
        let other = try await api.signUp("other@example.com")
        let seenByOther = try await api.run(Self.lookup(barcode), token: other, operation: .query)
        #expect(!Self.readProducts(seenByOther) && seenByOther["data.productByBarcode.name"] as? String == "Corrected here",
            "the writer's read is kept for everyone")
    }

    /// While the listening connection is lost, an announcement may be missed: nothing is read from
    /// the copy until it listens again, and then the copy starts empty.
    @Test func nothingIsReadFromTheCopyWhileItsConnectionIsLost() async throws {
        let (api, barcodes) = try await Self.seeded()
        defer { Task { await api.close() } }
        let cache = api.application.productCache
        _ = try await api.run(Self.lookup(barcodes[0]), operation: .query)
        #expect(cache.status.kept == 1)
        try await api.database.endListeningConnections()
        try await StoreCacheTests.waitUntil("the copy is out of use") { !cache.status.isListening }
        #expect(Self.readProducts(try await api.run(Self.lookup(barcodes[0]), operation: .query)))
        #expect(cache.status.kept == 0)
        try await StoreCacheTests.waitUntil("the copy listens again") { cache.status.isListening }
        #expect(Self.readProducts(try await api.run(Self.lookup(barcodes[0]), operation: .query)))
        #expect(try await api.run(Self.lookup(barcodes[0]), operation: .query).statements == 0)
    }

    /// A lookup made for a mutation is not kept: it may read what it wrote before the commit.
    @Test func aMutationNeitherReadsNorFillsTheCopy() async throws {
        let (api, barcodes) = try await Self.seeded()
        defer { Task { await api.close() } }
        #expect(Self.readProducts(try await api.run(Self.lookup(barcodes[0]), operation: .mutation)))
        #expect(api.application.productCache.status.kept == 0)
    }

    /// A page of the catalog with its count, as a browsing app asks for on every page.
    static func page(after cursor: String? = nil, category: String? = nil) -> String {
        let after = cursor.map { #", after: "\#($0)""# } ?? ""
        let filter = category.map { #", filter: {category: "\#($0)"}"# } ?? ""
        return "{ products(first: 14\(after)\(filter)) { totalCount totalCountIsExact edges { cursor node { name } } } }"
    }

    /// Whether answering `response` counted a list.
    static func counted(_ response: Response) -> Bool {
        response.sql.contains { $0.contains("count(*)") }
    }

    /// The catalog's count is made once and then kept: the next page, and the same page again,
    /// read only their rows. Another list (a category) has a count of its own.
    @Test func aListsCountIsMadeOnceForEveryPage() async throws {
        let (api, _) = try await Self.seeded()
        defer { Task { await api.close() } }
        let first = try await api.run(Self.page(), operation: .query)
        let total = try #require(first["data.products.totalCount"] as? Int)
        let cursor = try #require(((first["data.products.edges"] as? [Any])?.last as? [String: Any])?["cursor"] as? String)
        let next = try await api.run(Self.page(after: cursor), operation: .query)
        let again = try await api.run(Self.page(), operation: .query)
        #expect(Self.counted(first) && !Self.counted(next) && !Self.counted(again), "\(first.sql), \(next.sql), \(again.sql)")
        #expect(next["data.products.totalCount"] as? Int == total && again["data.products.totalCount"] as? Int == total)
        #expect(next["data.products.totalCountIsExact"] as? Bool == true)
        #expect(try StoreCacheTests.json(again) == StoreCacheTests.json(first))
        let pantry = try await api.run(Self.page(category: "pantry"), operation: .query)
        #expect(Self.counted(pantry) && (pantry["data.products.totalCount"] as? Int ?? total) < total)
        #expect(!Self.counted(try await api.run(Self.page(category: "pantry"), operation: .query)))
        #expect(api.application.productCache.status.counts == 2)
        // A mutation's read neither uses the kept count nor keeps its own.
        #expect(Self.counted(try await api.run(Self.page(), operation: .mutation)))
    }

    /// A product without a barcode added elsewhere (another instance, psql) changes the count
    /// every instance shows once the announcement arrives. (Without migration 0031 no
    /// announcement came: such a product touched no barcode.)
    @Test func aProductAddedElsewhereIsCountedOnceAnnounced() async throws {
        let (api, _) = try await Self.seeded()
        defer { Task { await api.close() } }
        let total = try #require(try await api.run(Self.page(), operation: .query)["data.products.totalCount"] as? Int)
        _ = try await api.database.database.query("""
            INSERT INTO products (name, category_id, energy_kcal, fat_g, carbohydrates_g, protein_g)
            SELECT 'Added elsewhere', id, 1, 0, 0, 0 FROM categories ORDER BY id LIMIT 1
            """)
        // Not `settle`: its own announcement would forget the count.
        try await StoreCacheTests.waitUntil("the count is forgotten") { api.application.productCache.status.counts == 0 }
        let after = try await api.run(Self.page(), operation: .query)
        #expect(Self.counted(after) && after["data.products.totalCount"] as? Int == total + 1)
    }

    /// An order sells out a product (as `OfferStore` writes it: stock and prices only): the
    /// catalog's kept count stays, since no product joined or left it, and the count of products
    /// in stock is forgotten and made again, one less. A change of more than offers (a product
    /// renamed) forgets every count. Both are made elsewhere, so only the announcements
    /// (migration 0034) can tell the copy.
    @Test func anOrderKeepsTheCatalogsCountButNotTheInStockCount() async throws {
        let (api, _) = try await Self.seeded()
        defer { Task { await api.close() } }
        let cache = api.application.productCache
        let inStock = "{ products(first: 14, filter: {inStock: true}) { totalCount } }"
        let total = try #require(try await api.run(Self.page(), operation: .query)["data.products.totalCount"] as? Int)
        let first = try await api.run(inStock, operation: .query)
        let inStockTotal = try #require(first["data.products.totalCount"] as? Int)
        #expect(Self.counted(first) && cache.status.counts == 2)
        let soldOut = try await api.database.database.query(
            """
            UPDATE products SET stock = 0, updated_at = now()
            WHERE id = (SELECT id FROM products WHERE status = 'active' AND stock > 0 ORDER BY id LIMIT 1) RETURNING id
            """)
        let productID = try #require(soldOut.first).decode(Int64.self, at: 0)
        try await StoreCacheTests.waitUntil("the in-stock count is forgotten") { cache.status.counts == 1 }
        let catalog = try await api.run(Self.page(), operation: .query)
        #expect(!Self.counted(catalog) && catalog["data.products.totalCount"] as? Int == total)
        let after = try await api.run(inStock, operation: .query)
        #expect(Self.counted(after) && after["data.products.totalCount"] as? Int == inStockTotal - 1)
        _ = try await api.database.database.query("UPDATE products SET name = name || ' renamed' WHERE id = $1", [productID])
        try await StoreCacheTests.waitUntil("every count is forgotten") { cache.status.counts == 0 }
    }

    /// An administrator withdraws a product: the count they see next is one less, whether or not
    /// the announcement has arrived, as they take no count read before their change. Someone else
    /// is shown the kept count until the announcement arrives. It is switched off here, so that
    /// only that rule can show the writer the change.
    @Test func theWriterSeesTheCountTheirChangeMade() async throws {
        let (api, barcodes) = try await Self.seeded()
        defer { Task { await api.close() } }
        let token = try await AccountsTestSupport.administrator(api)
        let other = try await api.signUp("other@example.com")
        let total = try #require(try await api.run(Self.page(), token: token, operation: .query)["data.products.totalCount"] as? Int)
        let id = try #require(try await api.run(Self.lookup(barcodes[0]), token: token, operation: .query)["data.productByBarcode.id"] as? String)
        _ = try await api.database.database.query("ALTER TABLE products DISABLE TRIGGER products_announce_update")
        let withdrawn = try await api.run(
            #"mutation { withdrawProduct(input: {productId: "\#(id)"}) { userErrors { code } } }"#, token: token, operation: .mutation)
        #expect(withdrawn.errorCodes.isEmpty && (withdrawn["data.withdrawProduct.userErrors"] as? [Any])?.isEmpty == true)
        let seenByOther = try await api.run(Self.page(), token: other, operation: .query)
        #expect(!Self.counted(seenByOther) && seenByOther["data.products.totalCount"] as? Int == total)
        let seenByWriter = try await api.run(Self.page(), token: token, operation: .query)
        #expect(Self.counted(seenByWriter) && seenByWriter["data.products.totalCount"] as? Int == total - 1)
        let seenByOtherAfter = try await api.run(Self.page(), token: other, operation: .query)
        #expect(!Self.counted(seenByOtherAfter) && seenByOtherAfter["data.products.totalCount"] as? Int == total - 1,
            "the writer's count, read after their change, is kept for everyone")
    }
}
