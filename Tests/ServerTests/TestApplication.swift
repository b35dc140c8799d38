import GraphQLEngine
import Server

/// An in-memory application: the HTTP layer is under test, not the domain.
struct TestApplication: GraphQLApplication {
    let executable: ExecutableSchema

    init() throws {
        let schema = try SchemaBuilder.build(
            sdl: """
                type Query {
                  hello(name: String = "world"): String!
                  item(id: ID!): Item
                  items(first: Int, last: Int): ItemConnection!
                  whoAmI: String
                  slow: String
                  "`count` objects, each with as many more below: CPU work without end for a deep query."
                  busy(count: Int = 100): [Busy!]!
                }
                type Busy { value: Int! busy(count: Int = 100): [Busy!]! }
                type Item { id: ID! child: Item }
                type ItemConnection { nodes: [Item!]! }
                type Mutation { touch: Boolean! }
                """)
        var resolvers = Resolvers()
        resolvers.field("Query", "hello") { call in
            guard case .string(let name)? = call.arguments["name"] else { return .null }
            return .value("Hello, \(name)!")
        }
        resolvers.field("Query", "item") { call in .value(call.arguments["id"].map { "\($0)" }) }
        resolvers.field("Query", "items") { _ in .value(["a", "b"]) }
        resolvers.field("Query", "whoAmI") { call in .value(call.context as? String) }
        resolvers.field("Query", "slow") { _ in
            .run {
                try await Task.sleep(for: .seconds(10))
                return "late"
            }
        }
        @Sendable func busy(_ call: FieldCall) -> Resolution {
            guard case .int(let count)? = call.arguments["count"] else { return .null }
            return .value(Array(0..<count))
        }
        resolvers.field("Query", "busy", busy)
        resolvers.readField("Busy", "value") { $0 }
        resolvers.field("Busy", "busy", busy)
        resolvers.field("Item", "id") { call in .value(call.source as? String) }
        resolvers.field("Item", "child") { call in .value(call.source as? String) }
        resolvers.field("ItemConnection", "nodes") { call in .value(call.source as? [String]) }
        resolvers.field("Mutation", "touch") { _ in .value(true) }
        executable = try ExecutableSchema(schema: schema, resolvers: resolvers)
    }

    func makeContext(for request: RequestInfo) async throws -> PreparedContext {
        if request.bearerToken == "bad" {
            throw GraphQLError("The session token is invalid.", extensions: GraphQLObject([("code", .string("UNAUTHENTICATED"))]))
        }
        if request.bearerToken == "waited" {
            // As a request whose transaction waited for a database connection reports it.
            return PreparedContext(
                context: "waited", scheduler: LoaderScheduler(), sqlStatistics: { (1, 2.5) },
                sqlReport: {
                    SQLReport(statements: [StatementTiming(statement: "SELECT 1", milliseconds: 2.5)], connectionWaitMilliseconds: 120)
                })
        }
        return PreparedContext(context: request.bearerToken ?? "anonymous", scheduler: LoaderScheduler())
    }

    func readiness() async -> Readiness { Readiness(isReady: true, detail: "ready") }

    func metricsExposition() async -> String { "" }
}
