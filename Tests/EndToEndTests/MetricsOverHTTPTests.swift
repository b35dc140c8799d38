import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Postgres
import Server
import TestSupport
import Testing

@testable import FoodGraph
@testable import FoodGraphCLI

/// `/metrics` of the whole stack over a real socket, with the process's swift-metrics backend as
/// `foodgraph serve` sets it up: request, SQL, pool, loader and job figures in one exposition.
@Suite(.serialized) struct MetricsOverHTTPTests {
    @Test func anOperatorScrapesRequestPoolLoaderAndJobFigures() async throws {
        setenv("FOODGRAPH_SCRYPT_COST", "1024", 0)
        let database = try await MigratedTemplate.database()
        defer { Task { await database.drop() } }
        try await DemoData.loadIfEmpty(into: database.database)
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let application = try FoodGraphApplication(pool: database.pool)
        let observability = Observability(registry: Telemetry.metricsRegistry(), slowRequestThreshold: nil)
        let server = FoodGraphServer(
            application: HTTPApplication(application: application), configuration: ServerConfiguration(), logger: logger,
            observability: observability)
        // A job that fails, run by a runner as every server runs one.
        let kind = "test.failing\(UInt32.random(in: 0...UInt32.max))"
        let failing = PeriodicJob(kind, every: .seconds(3600)) { _, _ in throw TestFailure() }
        var runner = JobRunner(database: database.database, periodic: [failing])
        // Its retry must not come due while `runDue` still runs: on a loaded machine the default
        // 4–6 s backoff passed before the loop's next claim, and the job ran twice.
        runner.backoffBaseSeconds = 3600
        try await runner.register()
        #expect(try await runner.runDue(logger: logger) == 1)

        try await server.makeApplication().test(.live) { client in
            let api = HTTPTestAPI(client: client, database: database)
            let stores = try await api.run("query StoreChains { stores(first: 5) { edges { node { name chain { name } } } } }")
            #expect(stores.status == 200)
            let response = try await client.execute(uri: "/metrics", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
            let text = String(buffer: response.body)
            #expect(text.contains(#"foodgraph_requests_total{operation_type="query",outcome="success"} 1"#))
            #expect(text.contains(#"foodgraph_operation_duration_seconds_count{operation_name="StoreChains"} 1"#))
            #expect(text.contains(#"foodgraph_sql_statements_per_request_bucket{le="+Inf"} 1"#))
            #expect(Self.value(of: "foodgraph_sql_statements_total", in: text).map { $0 >= 2 } == true)
            #expect(Self.value(of: #"foodgraph_dataloader_batch_size_count{loader="catalog.chains"}"#, in: text).map { $0 >= 1 } == true)
            #expect(Self.value(of: #"foodgraph_pool_connections{pool="primary",state="open"}"#, in: text).map { $0 >= 1 } == true)
            #expect(text.contains(#"foodgraph_pool_connections{pool="primary",state="in_use"}"#))
            #expect(text.contains(#"foodgraph_pool_waiting{pool="primary"} "#))
            #expect(Self.value(of: #"foodgraph_job_queue_depth{state="due"}"#, in: text) != nil)
            #expect(Self.value(of: #"foodgraph_job_failures_total{kind="\#(kind)"}"#, in: text) == 1)
        }
    }

    /// The pool `foodgraph serve` opens records in `foodgraph_pool_wait_seconds` how long each
    /// statement and transaction waited for a connection: what an operator sizes the pool by.
    @Test func anOperatorSeesHowLongRequestsWaitedForAConnection() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let registry = Telemetry.metricsRegistry()
        func figures() -> (count: Double, overTenthOfASecond: Double) {
            let text = String(decoding: registry.emitToBuffer(), as: UTF8.self)
            let count = Self.value(of: #"foodgraph_pool_wait_seconds_count{pool="primary"}"#, in: text) ?? 0
            let withinTenth = Self.value(of: #"foodgraph_pool_wait_seconds_bucket{pool="primary",le="0.1"}"#, in: text) ?? 0
            return (count, count - withinTenth)
        }
        let connection = try await DatabaseConnection.open(
            try DatabaseOptions.parse(["--database-url", database.url, "--pool-size", "1"]), logger: Logger(label: "test"))
        let before = figures()
        let db = PostgresDatabase(pool: connection.pool)
        // A transaction holds the only connection while a statement waits for it.
        let waiter = try await connection.pool.withConnection { _ in
            let waiter = Task { try await db.query("SELECT 1") }
            while await connection.pool.statistics.waiting == 0 { try await Task.sleep(for: .milliseconds(10)) }
            try await Task.sleep(for: .milliseconds(300))
            return waiter
        }
        _ = try await waiter.value
        await connection.close()
        let after = figures()
        #expect(after.count - before.count >= 2)
        #expect(after.overTenthOfASecond - before.overTenthOfASecond >= 1)
    }

    /// Sign-ins queue for the hashing threads when they come faster than scrypt hashes:
    /// `foodgraph_password_hash_wait_seconds` counts each hash with how long it waited.
    @Test func anOperatorSeesHowLongPasswordHashesWaited() async throws {
        let registry = Telemetry.metricsRegistry()
        func exposition() -> String { String(decoding: registry.emitToBuffer(), as: UTF8.self) }
        let before = Self.value(of: "foodgraph_password_hash_wait_seconds_count", in: exposition()) ?? 0
        let hasher = PasswordHasher(cost: 1024)
        let hash = try await hasher.hashAside("Secret-pass1")
        #expect(try await hasher.verifyAside("Secret-pass1", against: hash))
        let after = exposition()
        #expect((Self.value(of: "foodgraph_password_hash_wait_seconds_count", in: after) ?? 0) - before >= 2)
        // Its own buckets, from a millisecond.
        #expect(Self.value(of: #"foodgraph_password_hash_wait_seconds_bucket{le="0.001"}"#, in: after) != nil)
    }

    /// Whether an instance's copies of stores and chains and of lookups by barcode are in use, how
    /// full they are, and how often the products' copy answered; nothing when they are off. (That
    /// they go out of use while their connection is down: `StoreCacheTests`, `ProductCacheTests`.)
    @Test func anOperatorSeesWhetherTheKeptStoresAndProductsAreInUse() async throws {
        let database = try await MigratedTemplate.database()
        defer { Task { await database.drop() } }
        try await DemoData.loadIfEmpty(into: database.database)
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let application = try FoodGraphApplication(pool: database.pool, keepsStores: true, keepsProducts: true)
        let server = FoodGraphServer(
            application: HTTPApplication(application: application), configuration: ServerConfiguration(), logger: logger,
            observability: Observability(registry: Telemetry.metricsRegistry(), slowRequestThreshold: nil))
        try await server.makeApplication().test(.live) { client in
            func gauges(_ copy: String) async throws -> (listening: Double?, entries: Double?) {
                let text = String(buffer: try await client.execute(uri: "/metrics", method: .get).body)
                return (Self.value(of: "foodgraph_\(copy)_cache_listening", in: text), Self.value(of: "foodgraph_\(copy)_cache_entries", in: text))
            }
            let deadline = ContinuousClock.now + .seconds(10)
            while try await gauges("store").listening != 1, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
            #expect(try await gauges("store").listening == 1)
            #expect(try await gauges("product").listening == 1)
            let api = HTTPTestAPI(client: client, database: database)
            #expect(try await api.run("{ stores(first: 50) { edges { node { chain { name } } } } }").status == 200)
            // The demo data's 3 chains, read for the stores' page (whose stores are not kept).
            #expect(try await gauges("store").entries == 3)
            #expect(try await gauges("product").entries == 0)
            #expect(try await api.run(#"{ productByBarcode(barcode: "0000000000000") { name } }"#).status == 200)
            #expect(try await gauges("product").entries == 1, "an unknown barcode is kept too")
            #expect(try await api.run(#"{ productByBarcode(barcode: "0000000000000") { name } }"#).status == 200)
            #expect(try await api.run("{ products(first: 1) { totalCount } }").status == 200)
            // Lookups answered from the copy and not, counted once however often it is scraped.
            for _ in 0..<2 {
                let text = String(buffer: try await client.execute(uri: "/metrics", method: .get).body)
                func lookups(_ kind: String, _ result: String) -> Double? {
                    Self.value(of: #"foodgraph_product_cache_lookups_total{kind="\#(kind)",result="\#(result)"}"#, in: text)
                }
                #expect(lookups("barcode", "miss") == 1 && lookups("barcode", "hit") == 1, "\(text)")
                #expect(lookups("count", "miss") == 1 && lookups("count", "hit") == 0)
            }
        }
        let off = try FoodGraphApplication(pool: database.pool)
        #expect(off.keptStores == nil && off.keptProducts == nil)
    }

    /// The value of the sample `series` (name and labels, exactly as exposed).
    static func value(of series: String, in text: String) -> Double? {
        text.split(separator: "\n").first { $0.hasPrefix(series + " ") }.flatMap { Double($0.split(separator: " ").last ?? "") }
    }

    struct TestFailure: Error {}
}
