import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Postgres
import Server
import ServiceLifecycle
import Synchronization
import TestSupport
import Testing

@testable import FoodGraph
@testable import FoodGraphCLI

/// Tracing as an operator turns it on (`FOODGRAPH_OTLP_ENDPOINT`): spans go over OTLP/HTTP to a
/// collector, here a small one in the test, and a request continues its caller's W3C trace.
@Suite(.serialized) struct TracingOverHTTPTests {
    @Test func aRequestsSpansReachTheCollectorInTheCallersTrace() async throws {
        let collector = try await OTLPCollector.shared.value
        try await OTLPCollector.startTracing(to: collector)
        defer {
            Observability.disableTracing()
            StatementTracing.disable()
        }
        setenv("FOODGRAPH_SCRYPT_COST", "1024", 0)
        let database = try await MigratedTemplate.database()
        defer { Task { await database.drop() } }
        try await DemoData.loadIfEmpty(into: database.database)
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let server = FoodGraphServer(
            application: HTTPApplication(application: try FoodGraphApplication(pool: database.pool)),
            configuration: ServerConfiguration(), logger: logger)
        let traceID = (0..<16).map { _ in UInt8.random(in: 0...255) }
        collector.watch(traceID)
        let parentSpanID: [UInt8] = (0..<8).map { _ in UInt8.random(in: 0...255) }
        try await server.makeApplication().test(.live) { client in
            let api = HTTPTestAPI(client: client, database: database)
            let response = try await api.run(
                "query TracedStores { stores(first: 5) { edges { node { name chain { name } } } } }",
                headers: [HTTPField.Name("traceparent")!: "00-\(Self.hex(traceID))-\(Self.hex(parentSpanID))-01"])
            #expect(response.status == 200)
        }
        // The exporter sends in batches every 50 ms here; wait for the one with this trace.
        let deadline = ContinuousClock.now + .seconds(20)
        var exported: [UInt8] = []
        while ContinuousClock.now < deadline {
            exported = collector.received.filter { Self.contains($0, traceID) }.flatMap { $0 }
            if Self.contains(exported, Array("SELECT".utf8)) && Self.contains(exported, Array("query TracedStores".utf8)) { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(Self.contains(exported, traceID), "no span of the request's trace arrived")
        // The request's span names its caller's span as parent; below it, loader batches and SQL.
        #expect(Self.contains(exported, parentSpanID))
        #expect(Self.contains(exported, Array("query TracedStores".utf8)))
        #expect(Self.contains(exported, Array("loader catalog.chains".utf8)))
        #expect(Self.contains(exported, Array("SELECT".utf8)))
        #expect(Self.contains(exported, Array("db.query.text".utf8)))
    }

    @Test func theOTLPEndpointComesFromFoodGraphsVariableOrTheStandardOnes() throws {
        #expect(try Telemetry.tracesEndpoint([:]) == nil)
        #expect(try Telemetry.tracesEndpoint(["FOODGRAPH_OTLP_ENDPOINT": "http://collector:4318"]) == "http://collector:4318/v1/traces")
        #expect(try Telemetry.tracesEndpoint(["OTEL_EXPORTER_OTLP_ENDPOINT": "http://otel:4318/"]) == "http://otel:4318/v1/traces")
        #expect(
            try Telemetry.tracesEndpoint(["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "https://otel/custom"]) == "https://otel/custom")
        #expect(
            try Telemetry.tracesEndpoint(["FOODGRAPH_OTLP_ENDPOINT": "http://a:4318", "OTEL_EXPORTER_OTLP_ENDPOINT": "http://b:4318"])
                == "http://a:4318/v1/traces")
        #expect(throws: StartupError.self) { try Telemetry.tracesEndpoint(["FOODGRAPH_OTLP_ENDPOINT": "collector:4318"]) }
    }

    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}

/// An OTLP/HTTP collector in the test process: accepts `POST /v1/traces` (protobuf) and keeps the
/// bodies. Tracing is process-wide and bootstrapped once, so the collector lives as long as the process.
final class OTLPCollector: Sendable {
    static let shared = Task { try await OTLPCollector.start() }
    private static let exporter = Mutex<Task<Void, any Error>?>(nil)

    let port: Int
    private let bodies = Mutex<[(path: String, bytes: [UInt8])]>([])
    /// Once tracing is on, every test of this process is traced: only exports of the traces a test
    /// watches are kept.
    private let watched = Mutex<[[UInt8]]>([])

    func watch(_ traceID: [UInt8]) { watched.withLock { $0.append(traceID) } }

    fileprivate func receive(path: String, bytes: [UInt8]) {
        guard watched.withLock({ $0.contains { TracingOverHTTPTests.contains(bytes, $0) } }) else { return }
        bodies.withLock { $0.append((path, bytes)) }
    }

    var received: [[UInt8]] { bodies.withLock { $0.map(\.bytes) } }

    private init(port: Int) {
        self.port = port
    }

    private final class Receiver: Sendable {
        let collector = Mutex<OTLPCollector?>(nil)
    }

    static func start() async throws -> OTLPCollector {
        let receiver = Receiver()
        let router = Router()
        router.post("/v1/traces") { request, _ -> Response in
            let body = try await request.body.collect(upTo: 32 << 20)
            receiver.collector.withLock { $0 }?.receive(path: request.uri.path, bytes: Array(body.readableBytesView))
            return Response(status: .ok, headers: [.contentType: "application/x-protobuf"])
        }
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        var logger = Logger(label: "otlp-collector")
        logger.logLevel = .critical
        let application = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) }, logger: logger)
        Task { try await application.runService(gracefulShutdownSignals: []) }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw CollectorError() }
        let collector = OTLPCollector(port: port)
        receiver.collector.withLock { $0 = collector }
        return collector
    }

    /// Bootstraps the process's tracer towards `collector` and runs its exporter, once.
    static func startTracing(to collector: OTLPCollector) async throws {
        var logger = Logger(label: "otel")
        logger.logLevel = .critical
        let service = try Telemetry.startTracing(
            endpoint: "http://127.0.0.1:\(collector.port)/v1/traces", scheduleDelay: .milliseconds(50), logger: logger)
        exporter.withLock { task in
            if task == nil { task = Task { try await service.run() } }
        }
    }

    struct CollectorError: Error {}
}
