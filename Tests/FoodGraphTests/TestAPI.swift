import Foundation
import GraphQLEngine
import Postgres
import TestSupport
import Testing

@testable import FoodGraph

/// The FoodGraph API over a fresh, migrated database of its own, executed in process.
struct TestAPI: Sendable {
    let database: TestDatabase
    let application: FoodGraphApplication

    /// `keepsStores`, `keepsProducts`: stores and chains, lookups by barcode kept between queries,
    /// as `serve` has them (`StoreCache`, `ProductCache`).
    static func make(keepsStores: Bool = false, keepsProducts: Bool = false) async throws -> TestAPI {
        // scrypt at full cost takes ~0.3 s per hash; tests check behaviour, not cost.
        setenv("FOODGRAPH_SCRYPT_COST", "1024", 0)
        let database = try await MigratedTemplate.database()
        return TestAPI(database: database, application: try FoodGraphApplication(pool: database.pool, keepsStores: keepsStores, keepsProducts: keepsProducts))
    }

    /// Runs a document as the holder of `token` and returns the response JSON as a dictionary. An
    /// error in the response fails the test unless its code is one of `expecting`: wiring mistakes
    /// show up as errors a test did not ask for. `operation`: the request's kind, as the server
    /// tells the application (nil: not known, as for an in-process caller).
    func run(
        _ query: String, token: String? = nil, variables: GraphQLObject = GraphQLObject(), expecting: Set<String> = [],
        operation: OperationType? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws -> Response {
        let context = try await application.makeContext(bearerToken: token, operation: operation)
        let document = try parse(query)
        let errors = validate(application.executable.schema, document)
        if !errors.isEmpty {
            let response = Response(json: ["errors": errors.map { ["message": $0.message] }], statements: 0)
            JSONTree.expectOnly(expecting, in: response.json, sourceLocation: sourceLocation)
            return response
        }
        let result = await execute(
            application.executable,
            ExecutionRequest(document: document, variables: variables, context: context, scheduler: context.scheduler))
        let json = try JSONSerialization.jsonObject(with: Data(result.jsonBytes())) as? [String: Any] ?? [:]
        JSONTree.expectOnly(expecting, in: json, sourceLocation: sourceLocation)
        return Response(
            json: json, statements: context.statistics.snapshot.statementCount, sql: context.statistics.timings.map(\.sql))
    }

    /// Registers and signs in; returns the session token.
    func signUp(_ email: String, password: String = "Secret-pass1") async throws -> String {
        _ = try await run(#"mutation { register(input: {email: "\#(email)", password: "\#(password)"}) { userErrors { code } } }"#)
        let login = try await run(
            #"mutation { login(input: {email: "\#(email)", password: "\#(password)"}) { token userErrors { code } } }"#)
        return try #require(login["data.login.token"] as? String)
    }

    func close() async { await database.drop() }
}

struct Response: @unchecked Sendable {
    // @unchecked: a JSONSerialization tree, read-only after construction.
    let json: [String: Any]
    let statements: Int
    /// The statements' texts, in the order they finished.
    var sql: [String] = []

    subscript(path: String) -> Any? { JSONTree.value(json, at: path) }

    var errorCodes: [String] { JSONTree.errorCodes(json) }
}
