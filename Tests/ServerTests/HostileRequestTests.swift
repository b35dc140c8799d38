import Foundation
import GraphQLEngine
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Server
import Testing

/// Requests the server used to answer vaguely or too late (issue #21, items 0 and 28): methods
/// a path does not serve, operations it cannot choose, subscriptions over plain HTTP, execution
/// past its deadline.
struct HostileRequestTests {
    static let limits = ServerConfiguration(requestTimeout: .milliseconds(500))

    @Test func otherMethodsAre405WithAllow() async throws {
        try await GraphQLOverHTTPTests.withServer(Self.limits) { client in
            for method in [HTTPRequest.Method.trace, .put, .delete, .patch] {
                let response = try await client.execute(uri: "/graphql", method: method)
                #expect(response.status == .methodNotAllowed, "\(method)")
                #expect(response.headers[.allow] == "GET, POST")
                #expect(GraphQLOverHTTPTests.firstCode(response) == "METHOD_NOT_ALLOWED")
            }
            let health = try await client.execute(uri: "/healthz", method: .trace)
            #expect(health.status == .methodNotAllowed)
            #expect(health.headers[.allow] == "GET")
            let options = try await client.execute(uri: "/graphql", method: .options)
            #expect(options.status == .noContent)
            #expect(options.headers[.allow] == "GET, POST")
            #expect(try await client.execute(uri: "/nowhere", method: .trace).status == .notFound)
        }
    }

    @Test func operationChoiceAndSubscriptionsHaveTheirOwnCodes() async throws {
        try await GraphQLOverHTTPTests.withServer(Self.limits) { client in
            let two = #"{"query":"query A { hello } query B { hello }""#
            let unnamed = try await GraphQLOverHTTPTests.post(client, two + "}")
            #expect(GraphQLOverHTTPTests.firstCode(unnamed) == "OPERATION_NAME_REQUIRED")
            let unknown = try await GraphQLOverHTTPTests.post(client, two + #","operationName":"C"}"#)
            #expect(GraphQLOverHTTPTests.firstCode(unknown) == "OPERATION_NOT_FOUND")
            let named = try await GraphQLOverHTTPTests.post(client, two + #","operationName":"B"}"#)
            #expect(String(buffer: named.body) == #"{"data":{"hello":"Hello, world!"}}"#)
            let subscription = try await GraphQLOverHTTPTests.post(
                client, #"{"query":"subscription { hello }"}"#, accept: "application/graphql-response+json")
            #expect(GraphQLOverHTTPTests.firstCode(subscription) == "SUBSCRIPTION_NOT_SUPPORTED_OVER_HTTP")
            #expect(subscription.status == .badRequest)
        }
    }

    /// CPU-bound execution past the deadline is cancelled: the answer comes at the deadline, not
    /// when the work would have ended, and the server answers others meanwhile.
    @Test func theDeadlineStopsCPUBoundExecution() async throws {
        try await GraphQLOverHTTPTests.withServer(Self.limits) { client in
            let started = ContinuousClock.now
            // Five million objects: seconds of work, and a gigabyte, were it not stopped.
            async let busy = GraphQLOverHTTPTests.post(
                client, #"{"query":"{ busy { busy { busy { busy(count: 5) { value } } } } }"}"#)
            try await Task.sleep(for: .milliseconds(100))
            let health = try await client.execute(uri: "/healthz", method: .get)
            #expect(health.status == .ok)
            let response = try await busy
            #expect(GraphQLOverHTTPTests.firstCode(response) == "TIMEOUT")
            // The deadline is 0.5 s.
            #expect(ContinuousClock.now - started < .milliseconds(1500))
        }
    }
}
