import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
@testable import Server
import TestSupport
import Testing

/// `/metrics` through swift-metrics and swift-prometheus, and the slow-request log: what an
/// operator of several instances reads off each one.
struct ServerMetricsTests {
    static func withServer(
        _ observability: Observability, logger: Logger? = nil, configuration: ServerConfiguration = ServerConfiguration(requestTimeout: .seconds(1)),
        _ body: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        var quiet = Logger(label: "test")
        quiet.logLevel = .critical
        let server = FoodGraphServer(
            application: try TestApplication(), configuration: configuration, logger: logger ?? quiet, observability: observability)
        try await server.makeApplication().test(.live) { client in try await body(client) }
    }

    static func post(_ client: any TestClientProtocol, _ json: String, token: String? = nil) async throws {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let token { headers[.authorization] = "Bearer \(token)" }
        _ = try await client.execute(uri: "/graphql", method: .post, headers: headers, body: ByteBuffer(string: json))
    }

    static func metrics(_ client: any TestClientProtocol) async throws -> String {
        String(buffer: try await client.execute(uri: "/metrics", method: .get).body)
    }

    @Test func latencyIsKeptPerOperationNameWithBoundedCardinality() async throws {
        try await Self.withServer(Observability(operationNameLimit: 2)) { client in
            for name in ["First", "Second", "Third", "First"] {
                try await Self.post(client, #"{"query": "query \#(name) { hello }"}"#)
            }
            try await Self.post(client, #"{"query": "{ hello }"}"#)
            // Refused before an operation was chosen: its made-up name must not become a label.
            try await Self.post(client, #"{"query": "query Fourth { nope }", "operationName": "Fourth"}"#)
            let text = try await Self.metrics(client)
            #expect(text.contains(#"foodgraph_operation_duration_seconds_count{operation_name="First"} 2"#))
            #expect(text.contains(#"foodgraph_operation_duration_seconds_count{operation_name="Second"} 1"#))
            #expect(text.contains(#"foodgraph_operation_duration_seconds_count{operation_name="other"} 1"#))
            #expect(text.contains(#"foodgraph_operation_duration_seconds_count{operation_name="anonymous"} 1"#))
            #expect(text.contains(#"foodgraph_operation_duration_seconds_count{operation_name="unknown"} 1"#))
            #expect(!text.contains("Third") && !text.contains("Fourth"))
            // The aggregate histogram the admin console's system page reads is unchanged.
            #expect(text.contains("foodgraph_request_duration_seconds_count 6"))
            #expect(text.contains(#"foodgraph_request_duration_seconds_bucket{le="+Inf"} 6"#))
            #expect(text.contains(#"foodgraph_requests_total{operation_type="query",outcome="success"} 5"#))
            #expect(text.contains(#"foodgraph_errors_total{code="GRAPHQL_VALIDATION_FAILED"} 1"#))
            #expect(text.contains("foodgraph_sql_statements_per_request_count 6"))
            #expect(text.contains("# TYPE foodgraph_request_duration_seconds histogram"))
        }
    }

    @Test func errorCodesThatAreNotTheAPIsCountAsOther() {
        #expect(ErrorCodeLabel.label(for: "TIMEOUT") == "TIMEOUT")
        #expect(ErrorCodeLabel.label(for: "x\"} 1\nfake_metric 2") == "OTHER")
    }

    @Test func aSlowRequestIsLoggedWithItsCostAndNeitherItsVariablesNorItsToken() async throws {
        let recorder = LogRecorder(level: .info)
        try await Self.withServer(Observability(slowRequestThreshold: .zero), logger: recorder.logger) { client in
            try await Self.post(
                client, #"{"query": "query Greeting($n: String) { hello(name: $n) items(first: 2) { nodes { id } } }", "variables": {"n": "secret-variable"}}"#,
                token: "secret-token")
        }
        let slow = try #require(recorder.entries.first { $0.message == "slow graphql request" })
        #expect(slow.level == .warning)
        #expect(slow.metadata["operation"] == "Greeting")
        #expect(slow.metadata["type"] == "query")
        #expect(slow.metadata["cost"] != nil && slow.metadata["depth"] == "3")
        #expect(slow.metadata["duration_ms"] != nil && slow.metadata["sql_statements"] == "0")
        #expect(slow.metadata["pool_wait_ms"] == "0.00")
        let everything = recorder.entries.map { "\($0.message) \($0.metadata)" }.joined(separator: "\n")
        #expect(!everything.contains("secret-variable") && !everything.contains("secret-token"))
    }

    @Test func aSlowRequestShowsItsStatementsAndHowLongItWaitedForAConnection() async throws {
        let recorder = LogRecorder(level: .info)
        try await Self.withServer(Observability(slowRequestThreshold: .zero), logger: recorder.logger) { client in
            try await Self.post(client, #"{"query": "mutation Touch { touch }"}"#, token: "waited")
        }
        let slow = try #require(recorder.entries.first { $0.message == "slow graphql request" })
        #expect(slow.metadata["operation"] == "Touch")
        #expect(slow.metadata["sql_statements"] == "1" && slow.metadata["sql_ms"] == "2.50")
        #expect(slow.metadata["sql"]?.contains("2.50 ms SELECT 1") == true)
        #expect(slow.metadata["pool_wait_ms"] == "120.00")
    }

    @Test func aRequestUnderTheThresholdIsNotLoggedAsSlow() async throws {
        let recorder = LogRecorder(level: .info)
        try await Self.withServer(Observability(slowRequestThreshold: .seconds(30)), logger: recorder.logger) { client in
            try await Self.post(client, #"{"query": "{ hello }"}"#)
        }
        #expect(recorder.entries.contains { $0.message == "graphql request" })
        #expect(!recorder.entries.contains { $0.message == "slow graphql request" })
    }

    @Test func aRequestThatTimesOutIsLoggedAsSlow() async throws {
        let recorder = LogRecorder(level: .info)
        try await Self.withServer(
            Observability(slowRequestThreshold: .milliseconds(100)), logger: recorder.logger,
            configuration: ServerConfiguration(requestTimeout: .milliseconds(300))
        ) { client in
            try await Self.post(client, #"{"query": "query Sleepy { slow }"}"#)
        }
        let slow = try #require(recorder.entries.first { $0.message == "slow graphql request" })
        #expect(slow.metadata["operation"] == "Sleepy")
        #expect(Double(slow.metadata["duration_ms"] ?? "") ?? 0 >= 300)
    }
}
