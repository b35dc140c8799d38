import Synchronization
import Testing

@testable import GraphQLEngine

/// A document keeps its plans for its next executions; nothing of one request may leak into the
/// next: arguments written with variables, `@skip`/`@include` conditions, the schema.
struct PlanCacheTests {
    struct Cat: Sendable, GraphQLTypeNamed {
        let id: Int
        var graphQLTypeName: String { "Cat" }
    }

    struct Dog: Sendable, GraphQLTypeNamed {
        let id: Int
        var graphQLTypeName: String { "Dog" }
    }

    static let sdl = """
        type Query { pet(id: Int!): Pet, pets(ids: [Int!]!): [Pet!]! }
        interface Pet { id: Int! name: String! }
        type Cat implements Pet { id: Int! name: String! meows(times: Int! = 1): String! }
        type Dog implements Pet { id: Int! name: String! barks(times: Int!): String! }
        """

    /// Odd ids are cats, even ids dogs; `prefix` tells the schemas apart.
    static func schema(prefix: String = "") throws -> ExecutableSchema {
        @Sendable func pet(_ id: Int) -> any Sendable { id % 2 == 1 ? Cat(id: id) : Dog(id: id) }
        var resolvers = Resolvers()
        resolvers.field("Query", "pet") { call in
            guard case .int(let id)? = call.arguments["id"] else { return .null }
            return .value(pet(id))
        }
        resolvers.field("Query", "pets") { call in
            guard case .list(let ids)? = call.arguments["ids"] else { return .null }
            return .value(ids.compactMap { if case .int(let id) = $0 { pet(id) } else { nil } })
        }
        resolvers.field("Cat", "id", on: Cat.self) { $0.id }
        resolvers.field("Cat", "name", on: Cat.self) { "\(prefix)cat \($0.id)" }
        resolvers.field("Cat", "meows") { call in
            guard case .int(let times)? = call.arguments["times"] else { return .null }
            return .value(String(repeating: "meow", count: times))
        }
        resolvers.field("Dog", "id", on: Dog.self) { $0.id }
        resolvers.field("Dog", "name", on: Dog.self) { "\(prefix)dog \($0.id)" }
        resolvers.field("Dog", "barks") { call in
            guard case .int(let times)? = call.arguments["times"] else { return .null }
            return .value(String(repeating: "woof", count: times))
        }
        return try ExecutableSchema(schema: SchemaBuilder.build(sdl: sdl), resolvers: resolvers)
    }

    static func run(
        _ schema: ExecutableSchema, _ document: DocumentNode, _ variables: [(String, GraphQLValue)] = []
    ) async -> String {
        let result = await execute(schema, ExecutionRequest(document: document, variables: GraphQLObject(variables)))
        return String(decoding: result.jsonBytes(), as: UTF8.self)
    }

    @Test func argumentsWrittenWithVariablesAreCoercedForEachRequest() async throws {
        let schema = try Self.schema()
        let document = try parse(
            "query ($id: Int!, $times: Int!) { pet(id: $id) { name ... on Dog { barks(times: $times) } } }")
        #expect(
            await Self.run(schema, document, [("id", .int(2)), ("times", .int(1))])
                == #"{"data":{"pet":{"name":"dog 2","barks":"woof"}}}"#)
        #expect(
            await Self.run(schema, document, [("id", .int(4)), ("times", .int(2))])
                == #"{"data":{"pet":{"name":"dog 4","barks":"woofwoof"}}}"#)
        #expect(
            await Self.run(schema, document, [("id", .int(3)), ("times", .int(2))])
                == #"{"data":{"pet":{"name":"cat 3"}}}"#)
    }

    @Test func argumentErrorsFromVariablesBelongToTheirRequest() async throws {
        let schema = try Self.schema()
        let document = try parse("query ($id: Int) { pet(id: $id) { id } }")
        let missing =
            #"{"errors":[{"message":"Argument \"id\" of required type \"Int!\" was provided the variable \"$id\" which was not provided a runtime value.","locations":[{"line":1,"column":28}],"path":["pet"]}],"data":{"pet":null}}"#
        let expected = [(1, #"{"data":{"pet":{"id":1}}}"#), (nil, missing), (2, #"{"data":{"pet":{"id":2}}}"#), (nil, missing)]
        for (id, json) in expected {
            let result = await Self.run(schema, document, id.map { [("id", .int($0))] } ?? [])
            #expect(result == json)
        }
    }

    /// Counts its decodings: a query's constant arguments are decoded once per document; a
    /// mutation's, and those written with variables, on every request.
    struct Counted: Decodable, Sendable {
        static let decodings = Atomic(0)
        var id: Int

        init(from decoder: any Decoder) throws {
            enum Key: String, CodingKey { case id }
            id = try decoder.container(keyedBy: Key.self).decode(Int.self, forKey: .id)
            Self.decodings.add(1, ordering: .relaxed)
        }
    }

    @Test func aQuerysConstantArgumentsAreDecodedOncePerDocument() async throws {
        var resolvers = Resolvers()
        resolvers.root("Query", context: Void.self) { query in
            query.field("double", arguments: Counted.self) { arguments, _ in Resolved(arguments.id * 2) }
        }
        resolvers.root("Mutation", context: Void.self) { mutation in
            mutation.field("double", arguments: Counted.self) { arguments, _ in Resolved(arguments.id * 2) }
        }
        let schema = try ExecutableSchema(
            schema: try SchemaBuilder.build(sdl: "type Query { double(id: Int!): Int! } type Mutation { double(id: Int!): Int! }"),
            resolvers: resolvers)
        func decodings(of source: String, _ variables: [(String, GraphQLValue)] = []) async throws -> Int {
            let document = try parse(source)
            let before = Counted.decodings.load(ordering: .relaxed)
            for _ in 0..<3 {
                #expect(await Self.run(schema, document, variables).contains(#""double":14"#))
            }
            return Counted.decodings.load(ordering: .relaxed) - before
        }
        #expect(try await decodings(of: "{ double(id: 7) }") == 1)
        #expect(try await decodings(of: "query ($id: Int!) { double(id: $id) }", [("id", .int(7))]) == 3)
        #expect(try await decodings(of: "mutation { double(id: 7) }") == 3)
    }

    struct Crate: ObjectValue {
        static let graphQLTypeName = "Crate"
        var id: Int
    }

    struct LabelArguments: Decodable, Sendable { var prefix: String }

    /// A field's `prepare` runs once per execution for each place the field is written, however
    /// many objects of a list it is resolved on; a failure of it fails the field on each of them.
    @Test func aFieldIsPreparedOncePerExecutionForAllItsObjects() async throws {
        let preparations = Atomic(0)
        var resolvers = Resolvers()
        resolvers.root("Query", context: Void.self) { query in
            query.field("crates") { _ in Resolved((1...4).map(Crate.init)) }
        }
        resolvers.object(Crate.self, context: Void.self) { crate in
            crate.field("id") { $0.id }
            crate.field(
                "label", arguments: LabelArguments.self,
                prepare: { arguments, _ in
                    preparations.add(1, ordering: .relaxed)
                    guard arguments.prefix != "bad" else { throw GraphQLError("No such prefix.") }
                    return arguments.prefix + "-"
                },
                resolve: { crate, prefix in Resolved<String?>(prefix + String(crate.id)) })
        }
        let schema = try ExecutableSchema(
            schema: try SchemaBuilder.build(sdl: "type Query { crates: [Crate!]! } type Crate { id: Int!, label(prefix: String!): String }"),
            resolvers: resolvers)
        func run(_ source: String, _ variables: [(String, GraphQLValue)] = []) async throws -> (json: String, preparations: Int) {
            let before = preparations.load(ordering: .relaxed)
            let json = await Self.run(schema, try parse(source), variables)
            return (json, preparations.load(ordering: .relaxed) - before)
        }

        let twoPlaces = #"{ crates { a: label(prefix: "a") b: label(prefix: "b") } }"#
        for _ in 0..<2 {
            let (json, count) = try await run(twoPlaces)
            #expect(json == #"{"data":{"crates":[{"a":"a-1","b":"b-1"},{"a":"a-2","b":"b-2"},{"a":"a-3","b":"b-3"},{"a":"a-4","b":"b-4"}]}}"#)
            #expect(count == 2)
        }
        let withVariable = "query ($prefix: String!) { crates { label(prefix: $prefix) } }"
        for prefix in ["x", "y"] {
            let (json, count) = try await run(withVariable, [("prefix", .string(prefix))])
            #expect(json == #"{"data":{"crates":[{"label":"\#(prefix)-1"},{"label":"\#(prefix)-2"},{"label":"\#(prefix)-3"},{"label":"\#(prefix)-4"}]}}"#)
            #expect(count == 1)
        }
        let (json, count) = try await run(#"{ crates { id label(prefix: "bad") } }"#)
        let errors = (0..<4).map { #"{"message":"No such prefix.","locations":[{"line":1,"column":15}],"path":["crates",\#($0),"label"]}"# }
        #expect(json == #"{"errors":[\#(errors.joined(separator: ","))],"data":{"crates":[{"id":1,"label":null},{"id":2,"label":null},{"id":3,"label":null},{"id":4,"label":null}]}}"#)
        #expect(count == 1)
    }

    /// Without arguments, `prepare` reads the request alone: it runs once per execution, for all
    /// the objects of a list, and again for the next request, which has its own context.
    @Test func aFieldWithoutArgumentsIsPreparedOncePerRequestFromItsContext() async throws {
        let preparations = Atomic(0)
        var resolvers = Resolvers()
        resolvers.root("Query", context: String.self) { query in
            query.field("crates") { _ in Resolved((1...3).map(Crate.init)) }
        }
        resolvers.object(Crate.self, context: String.self) { crate in
            crate.field(
                "owner",
                prepare: { owner in
                    preparations.add(1, ordering: .relaxed)
                    return owner.uppercased()
                },
                resolve: { crate, owner in Resolved<String>("\(owner) \(crate.id)") })
        }
        let schema = try ExecutableSchema(
            schema: try SchemaBuilder.build(sdl: "type Query { crates: [Crate!]! } type Crate { owner: String! }"),
            resolvers: resolvers)
        let document = try parse("{ crates { owner } }")
        for owner in ["ann", "bob"] {
            let before = preparations.load(ordering: .relaxed)
            let result = await execute(schema, ExecutionRequest(document: document, context: owner))
            let owner = owner.uppercased()
            #expect(
                String(decoding: result.jsonBytes(), as: UTF8.self)
                    == #"{"data":{"crates":[{"owner":"\#(owner) 1"},{"owner":"\#(owner) 2"},{"owner":"\#(owner) 3"}]}}"#)
            #expect(preparations.load(ordering: .relaxed) - before == 1)
        }
    }

    struct Parcel: ObjectValue {
        static let graphQLTypeName = "Parcel"
        var id: Int
        var courierID: Int?
    }

    struct Courier: ObjectValue {
        static let graphQLTypeName = "Courier"
        var name: String
    }

    final class Depot: Sendable {
        let scheduler = LoaderScheduler()
        let batches = Library.Recorder<[Int]>()
        let couriers: DataLoader<Int, Courier>
        let lookups = Atomic(0)

        init() {
            let batches = batches
            couriers = DataLoader(scheduler: scheduler) { ids in
                _ = batches.append(ids.sorted())
                return Dictionary(uniqueKeysWithValues: ids.filter { $0 != 9 }.map { ($0, Courier(name: "courier \($0)")) })
            }
        }

        var couriersLookedUp: DataLoader<Int, Courier> {
            lookups.add(1, ordering: .relaxed)
            return couriers
        }
    }

    /// A field loaded by a key of its source finds its loader once, batches the keys of all the
    /// list's objects into one call, and is null where the source has no key or the key no value.
    @Test func aFieldLoadedByAKeyOfItsSourceBatchesTheKeysOfAllItsObjects() async throws {
        var resolvers = Resolvers()
        resolvers.root("Query", context: Depot.self) { query in
            query.field("parcels") { _ in
                Resolved([Parcel(id: 1, courierID: 7), Parcel(id: 2, courierID: nil), Parcel(id: 3, courierID: 8), Parcel(id: 4, courierID: 9)])
            }
        }
        resolvers.object(Parcel.self, context: Depot.self) { parcel in
            parcel.field("id") { $0.id }
            parcel.field("courier", loadingFrom: { $0.couriersLookedUp }, key: \.courierID)
            parcel.field("firstCourier", loadingFrom: { $0.couriersLookedUp }, key: { _ in 7 })
        }
        resolvers.object(Courier.self, context: Depot.self) { courier in
            courier.field("name") { $0.name }
        }
        let schema = try ExecutableSchema(
            schema: try SchemaBuilder.build(
                sdl: "type Query { parcels: [Parcel!]! } type Parcel { id: Int!, courier: Courier, firstCourier: Courier! } type Courier { name: String! }"),
            resolvers: resolvers)
        let depot = Depot()
        let result = await execute(
            schema,
            ExecutionRequest(
                document: try parse("{ parcels { id courier { name } firstCourier { name } } }"), context: depot,
                scheduler: depot.scheduler))
        let first = #""firstCourier":{"name":"courier 7"}"#
        #expect(
            String(decoding: result.jsonBytes(), as: UTF8.self)
                == #"{"data":{"parcels":[{"id":1,"courier":{"name":"courier 7"},\#(first)},{"id":2,"courier":null,\#(first)},{"id":3,"courier":{"name":"courier 8"},\#(first)},{"id":4,"courier":null,\#(first)}]}}"#)
        #expect(depot.batches.all == [[7, 8, 9]])
        #expect(depot.lookups.load(ordering: .relaxed) == 2)
    }

    @Test func skipAndIncludeConditionsChooseTheirOwnPlans() async throws {
        let schema = try Self.schema()
        let document = try parse(
            """
            query ($withName: Boolean!, $skipId: Boolean = false) {
              pet(id: 1) { id @skip(if: $skipId) ...Named }
            }
            fragment Named on Pet { name @include(if: $withName) }
            """)
        let cases: [([(String, GraphQLValue)], String)] = [
            ([("withName", .boolean(true))], #"{"data":{"pet":{"id":1,"name":"cat 1"}}}"#),
            ([("withName", .boolean(false))], #"{"data":{"pet":{"id":1}}}"#),
            ([("withName", .boolean(true)), ("skipId", .boolean(true))], #"{"data":{"pet":{"name":"cat 1"}}}"#),
            ([("withName", .boolean(false)), ("skipId", .boolean(true))], #"{"data":{"pet":{}}}"#),
            ([("withName", .boolean(true))], #"{"data":{"pet":{"id":1,"name":"cat 1"}}}"#),
        ]
        for (variables, expected) in cases {
            #expect(await Self.run(schema, document, variables) == expected)
        }
    }

    @Test func eachSchemaPlansTheDocumentForItself() async throws {
        let document = try parse("{ pet(id: 1) { name } }")
        #expect(await Self.run(try Self.schema(prefix: "a "), document) == #"{"data":{"pet":{"name":"a cat 1"}}}"#)
        #expect(await Self.run(try Self.schema(prefix: "b "), document) == #"{"data":{"pet":{"name":"b cat 1"}}}"#)
    }

    @Test func operationsOfOneDocumentKeepTheirOwnPlans() async throws {
        let schema = try Self.schema()
        let document = try parse("query A { pet(id: 1) { id } } query B { pet(id: 1) { name } }")
        for _ in 0..<2 {
            for (name, expected) in [("A", #"{"data":{"pet":{"id":1}}}"#), ("B", #"{"data":{"pet":{"name":"cat 1"}}}"#)] {
                let result = await execute(schema, ExecutionRequest(document: document, operationName: name))
                #expect(String(decoding: result.jsonBytes(), as: UTF8.self) == expected)
            }
        }
    }

    /// Concurrent first executions fill the same plans, each type of an abstract field included.
    @Test func concurrentExecutionsShareOneDocument() async throws {
        let schema = try Self.schema()
        let document = try parse(
            """
            query ($ids: [Int!]!, $times: Int!) {
              pets(ids: $ids) { id ... on Cat { meows(times: $times) } ... on Dog { barks(times: $times) } }
            }
            """)
        let results = await withTaskGroup(of: (Int, String).self) { group in
            for request in 0..<64 {
                group.addTask {
                    let ids: [GraphQLValue] = (0..<8).map { .int(request * 8 + $0) }
                    let json = await Self.run(schema, document, [("ids", .list(ids)), ("times", .int(request % 3 + 1))])
                    return (request, json)
                }
            }
            return await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        for request in 0..<64 {
            let times = request % 3 + 1
            let pets = (0..<8).map { offset in
                let id = request * 8 + offset
                return id % 2 == 1
                    ? #"{"id":\#(id),"meows":"\#(String(repeating: "meow", count: times))"}"#
                    : #"{"id":\#(id),"barks":"\#(String(repeating: "woof", count: times))"}"#
            }
            #expect(results[request] == #"{"data":{"pets":[\#(pets.joined(separator: ","))]}}"#)
        }
    }
}
