import Synchronization
import Testing

@testable import GraphQLEngine

/// A tiny library schema: authors have books; books load their author through a DataLoader.
struct Library {
    struct Author: Sendable, GraphQLTypeNamed {
        let id: Int
        let name: String
        var graphQLTypeName: String { "Author" }
    }

    struct Book: Sendable, GraphQLTypeNamed {
        let id: Int
        let title: String
        let authorID: Int
        var graphQLTypeName: String { "Book" }
    }

    final class Recorder<Item: Sendable>: Sendable {
        let items = Mutex<[Item]>([])
        func append(_ item: Item) -> [Item] { items.withLock { $0.append(item); return $0 } }
        var all: [Item] { items.withLock { $0 } }
    }

    final class Context: Sendable {
        let scheduler = LoaderScheduler()
        let authorBatches = Recorder<[Int]>()
        let authors: DataLoader<Int, Author>
        let booksByAuthor: DataLoader<Int, [Book]>

        init() {
            let batches = authorBatches
            authors = DataLoader(scheduler: scheduler) { ids in
                _ = batches.append(ids)
                return Dictionary(uniqueKeysWithValues: ids.map { ($0, Author(id: $0, name: "Author \($0)")) })
            }
            booksByAuthor = DataLoader(scheduler: scheduler) { ids in
                Dictionary(uniqueKeysWithValues: ids.map { id in
                    (id, (0..<2).map { Book(id: id * 10 + $0, title: "Book \(id)-\($0)", authorID: id) })
                })
            }
        }
    }

    static let sdl = """
        interface Node { id: ID! }
        type Author implements Node { id: ID! name: String! books: [Book!]! }
        type Book implements Node { id: ID! title: String! author: Author! failing: String broken: String! }
        union SearchResult = Author | Book
        enum Order { ASC DESC }
        input Range { from: Int = 0, to: Int! }
        input Pick @oneOf { id: ID, title: String }
        type Query {
          authors(count: Int = 3): [Author!]!
          node(id: ID!): Node
          search: [SearchResult!]!
          echo(order: Order, range: Range, list: [Int], pick: Pick): String
          nullableAuthor: Author
        }
        type Mutation { append(text: String!): [String!]! }
        """

    static func executable(log: Recorder<String> = Recorder()) throws -> ExecutableSchema {
        let schema = try SchemaBuilder.build(sdl: sdl)
        var resolvers = Resolvers()
        resolvers.field("Query", "authors") { call in
            guard case .int(let count)? = call.arguments["count"] else { return .null }
            return .value((1...max(1, count)).map { Author(id: $0, name: "Author \($0)") })
        }
        resolvers.field("Query", "node") { call in
            guard case .string(let id)? = call.arguments["id"], let number = Int(id) else { return .null }
            return .value(number < 100 ? Author(id: number, name: "Author \(number)") as any Sendable : Book(id: number, title: "T", authorID: 1))
        }
        resolvers.field("Query", "search") { _ in .value([Author(id: 1, name: "A") as any Sendable, Book(id: 2, title: "B", authorID: 1)]) }
        resolvers.field("Query", "echo") { call in .value(inspect(.object(call.arguments.values))) }
        resolvers.field("Query", "nullableAuthor") { _ in .value(Author(id: 7, name: "Seven")) }
        resolvers.field("Author", "id") { call in .value((call.source as? Author)?.id) }
        resolvers.field("Author", "name") { call in .value((call.source as? Author)?.name) }
        resolvers.field("Author", "books") { call in
            guard let author = call.source as? Author, let context = call.context as? Context else { return .null }
            return context.booksByAuthor.load(author.id)
        }
        resolvers.field("Book", "id") { call in .value((call.source as? Book)?.id) }
        resolvers.field("Book", "title") { call in .value((call.source as? Book)?.title) }
        resolvers.field("Book", "author") { call in
            guard let book = call.source as? Book, let context = call.context as? Context else { return .null }
            return context.authors.load(book.authorID)
        }
        resolvers.field("Book", "failing") { _ in throw GraphQLError("Nope.", extensions: GraphQLObject([("code", .string("NOPE"))])) }
        resolvers.field("Book", "broken") { _ in .null }
        resolvers.field("Mutation", "append") { call in
            guard case .string(let text)? = call.arguments["text"] else { return .null }
            return .run {
                try await Task.sleep(for: .milliseconds(text == "first" ? 20 : 1))
                return log.append(text)
            }
        }
        return try ExecutableSchema(schema: schema, resolvers: resolvers)
    }

    static func run(
        _ query: String, document: DocumentNode? = nil, variables: GraphQLObject = GraphQLObject(),
        context: Context = Context(), schema: ExecutableSchema? = nil
    ) async throws -> String {
        let executable = try schema ?? executable()
        let result = await execute(
            executable,
            ExecutionRequest(
                document: try document ?? parse(query), variables: variables, context: context, scheduler: context.scheduler))
        return String(decoding: result.jsonBytes(), as: UTF8.self)
    }
}

struct ExecutionTests {
    @Test func resolvesNestedFieldsAliasesAndFragments() async throws {
        let json = try await Library.run(
            """
            { authors(count: 2) { id ...Named first: books { title } } }
            fragment Named on Author { name, __typename }
            """)
        #expect(
            json
                == #"{"data":{"authors":[{"id":"1","name":"Author 1","__typename":"Author","first":[{"title":"Book 1-0"},{"title":"Book 1-1"}]},{"id":"2","name":"Author 2","__typename":"Author","first":[{"title":"Book 2-0"},{"title":"Book 2-1"}]}]}}"#)
    }

    @Test func aHundredParentsCostOneBatchPerLevel() async throws {
        let context = Library.Context()
        _ = try await Library.run(
            "{ authors(count: 100) { books { author { name books { author { id } } } } } }", context: context)
        // Level 2: books of 100 authors (one batch); level 3: their authors (one batch); levels 4
        // and 5 ask again for the same keys, which the per-request cache answers without a batch.
        #expect(context.scheduler.batchesDispatched == 2)
        #expect(context.authorBatches.all.count == 1)
        #expect(context.authorBatches.all.first?.count == 100)
    }

    /// A key the request loaded or primed already is a value at once: its field completes on its
    /// own level instead of waiting for the next dispatch.
    @Test func aKeyLoadedOrPrimedAlreadyIsAValueAtOnce() async {
        let scheduler = LoaderScheduler()
        let batches = Library.Recorder<[Int]>()
        let loader = DataLoader<Int, String>(scheduler: scheduler) { ids in
            _ = batches.append(ids)
            return Dictionary(uniqueKeysWithValues: ids.map { ($0, "value \($0)") })
        }
        func value(_ resolution: Resolution) -> String? {
            if case .value(let value) = resolution { return value as? String }
            return nil
        }
        #expect(value(loader.load(1)) == nil)
        #expect(value(loader.load(1)) == nil, "still waiting for its batch")
        await scheduler.dispatchAll()
        #expect(value(loader.load(1)) == "value 1")
        loader.prime(2, "primed")
        #expect(value(loader.load(2)) == "primed")
        #expect(batches.all == [[1]])
    }

    @Test func errorsCarryPathsLocationsAndCodesAndNullsPropagate() async throws {
        let json = try await Library.run("{ authors(count: 1) { books { failing } } nullableAuthor { books { broken } } }")
        #expect(
            json
                == #"{"errors":[{"message":"Nope.","locations":[{"line":1,"column":31}],"path":["authors",0,"books",0,"failing"],"extensions":{"code":"NOPE"}},{"message":"Nope.","locations":[{"line":1,"column":31}],"path":["authors",0,"books",1,"failing"],"extensions":{"code":"NOPE"}},{"message":"Cannot return null for non-nullable field Book.broken.","locations":[{"line":1,"column":68}],"path":["nullableAuthor","books",0,"broken"]},{"message":"Cannot return null for non-nullable field Book.broken.","locations":[{"line":1,"column":68}],"path":["nullableAuthor","books",1,"broken"]}],"data":{"authors":[{"books":[{"failing":null},{"failing":null}]}],"nullableAuthor":null}}"#)
    }

    /// Objects make their paths only when asked for, from their place under their parent: in a
    /// list inside a list, for a resolver reading its path (at once or after an await), and for
    /// an error in an item of a list.
    @Test func pathsAreMadeWhenAskedForInNestedListsAndResolvers() async throws {
        struct Cell: Sendable { let name: String }
        let schema = try SchemaBuilder.build(
            sdl: """
                type Cell { name: String! at: String! later: String! fails: String cells: [Cell!]! }
                type Query { grid: [[Cell!]] row: [Cell!]! }
                """)
        var resolvers = Resolvers()
        @Sendable func cells(_ names: String...) -> [Cell] { names.map(Cell.init) }
        resolvers.field("Query", "grid") { _ in .value([cells("a", "b"), cells("c")]) }
        resolvers.field("Query", "row") { _ in .value(cells("d", "e")) }
        resolvers.field("Cell", "name") { call in .value(call.source(as: Cell.self)?.name) }
        resolvers.field("Cell", "at") { call in .value(call.info.path.map(\.description).joined(separator: "/")) }
        resolvers.field("Cell", "later") { call in
            let info = call.info
            return .run {
                await Task.yield()
                return info.path.map(\.description).joined(separator: "/")
            }
        }
        resolvers.field("Cell", "fails") { call in throw GraphQLError("No \(call.source(as: Cell.self)!.name).") }
        resolvers.field("Cell", "cells") { _ in .value(cells("f")) }
        let result = await execute(
            try ExecutableSchema(schema: schema, resolvers: resolvers),
            ExecutionRequest(document: try parse("{ grid { at later } row { cells { at later fails } } }")))
        #expect(
            String(decoding: result.jsonBytes(), as: UTF8.self)
                == #"{"errors":[{"message":"No f.","locations":[{"line":1,"column":44}],"path":["row",0,"cells",0,"fails"]},{"message":"No f.","locations":[{"line":1,"column":44}],"path":["row",1,"cells",0,"fails"]}],"data":{"grid":[[{"at":"grid/0/0/at","later":"grid/0/0/later"},{"at":"grid/0/1/at","later":"grid/0/1/later"}],[{"at":"grid/1/0/at","later":"grid/1/0/later"}]],"row":[{"cells":[{"at":"row/0/cells/0/at","later":"row/0/cells/0/later","fails":null}]},{"cells":[{"at":"row/1/cells/0/at","later":"row/1/cells/0/later","fails":null}]}]}}"#)
    }

    @Test func wideSelectionsMergeRepeatedKeys() async throws {
        // Past a dozen keys the grouping switches to a dictionary; repeated keys still merge.
        let aliases = (0..<13).map { "a\($0): id" }.joined(separator: " ")
        let json = try await Library.run(
            "{ nullableAuthor { \(aliases) name a3: id a13: books { title } a13: books { id } a0: id name } }")
        let ids = (0..<13).map { #""a\#($0)":"7""# }.joined(separator: ",")
        #expect(
            json
                == #"{"data":{"nullableAuthor":{"# + ids
                + #","name":"Seven","a13":[{"title":"Book 7-0","id":"70"},{"title":"Book 7-1","id":"71"}]}}}"#)
    }

    @Test func abstractTypesResolveTheirObjectType() async throws {
        let json = try await Library.run(
            "{ search { __typename ... on Author { name } ... on Book { title } } node(id: 3) { id ... on Author { name } } }")
        #expect(
            json
                == #"{"data":{"search":[{"__typename":"Author","name":"A"},{"__typename":"Book","title":"B"}],"node":{"id":"3","name":"Author 3"}}}"#)
    }

    @Test func argumentsAndVariablesAreCoerced() async throws {
        let json = try await Library.run(
            "query ($to: Int!, $list: [Int]) { a: echo(order: DESC, range: {to: $to}, list: $list) b: echo(list: 5, pick: {title: \"x\"}) }",
            variables: GraphQLObject([("to", .int(9)), ("list", .int(4))]))
        #expect(
            json
                == #"{"data":{"a":"{ order: DESC, range: { from: 0, to: 9 }, list: [4] }","b":"{ list: [5], pick: { title: \"x\" } }"}}"#)
    }

    @Test func badVariablesAreRequestErrorsLikeGraphQLJS() async throws {
        let json = try await Library.run(
            "query ($to: Int!, $r: Range, $o: Order, $p: Pick) { echo(range: $r, order: $o, pick: $p) }",
            variables: GraphQLObject([
                ("r", .object(GraphQLObject([("to", .string("x")), ("extra", .int(1))]))), ("o", .string("DESCX")),
                ("p", .object(GraphQLObject([("id", .string("1")), ("title", .string("t"))]))),
            ]))
        #expect(
            json
                == #"{"errors":[{"message":"Variable \"$to\" of required type \"Int!\" was not provided.","locations":[{"line":1,"column":8}]},{"message":"Variable \"$r\" got invalid value \"x\" at \"r.to\"; Int cannot represent non-integer value: \"x\"","locations":[{"line":1,"column":19}]},{"message":"Variable \"$r\" got invalid value { to: \"x\", extra: 1 }; Field \"extra\" is not defined by type \"Range\".","locations":[{"line":1,"column":19}]},{"message":"Variable \"$o\" got invalid value \"DESCX\"; Value \"DESCX\" does not exist in \"Order\" enum. Did you mean the enum value \"DESC\" or \"ASC\"?","locations":[{"line":1,"column":30}]},{"message":"Variable \"$p\" got invalid value { id: \"1\", title: \"t\" }; Exactly one key must be specified for OneOf type \"Pick\".","locations":[{"line":1,"column":41}]}]}"#)
    }

    @Test func mutationsRunInOrder() async throws {
        let log = Library.Recorder<String>()
        let schema = try Library.executable(log: log)
        let json = try await Library.run(
            "mutation { a: append(text: \"first\") b: append(text: \"second\") }", schema: schema)
        #expect(json == #"{"data":{"a":["first"],"b":["first","second"]}}"#)
    }

    @Test func operationSelectionErrors() async throws {
        #expect(try await Library.run("query A { __typename } query B { __typename }") == #"{"errors":[{"message":"Must provide operation name if query contains multiple operations.","extensions":{"code":"OPERATION_NAME_REQUIRED"}}]}"#)
        #expect(try await Library.run("subscription { x }") == #"{"errors":[{"message":"Schema is not configured to execute subscription operation.","locations":[{"line":1,"column":1}]}]}"#)
    }

    @Test func skipAndIncludeFollowVariables() async throws {
        let json = try await Library.run(
            "query ($no: Boolean!) { nullableAuthor { id @skip(if: true) name @include(if: $no) ... @include(if: true) { id } } }",
            variables: GraphQLObject([("no", .boolean(false))]))
        #expect(json == #"{"data":{"nullableAuthor":{"id":"7"}}}"#)
    }

    @Test func bindingReportsEveryMissingResolver() throws {
        let schema = try SchemaBuilder.build(sdl: "type Query { a: Int b: String } type T { c: Int }")
        var resolvers = Resolvers()
        resolvers.field("Query", "a") { _ in .value(1) }
        let error = #expect(throws: ExecutableSchema.BindingError.self) { try ExecutableSchema(schema: schema, resolvers: resolvers) }
        #expect(error?.missing == ["Query.b has no resolver", "T.c has no resolver"])
    }
}

struct SubscriptionTests {
    @Test func eventsMapThroughTheExecutor() async throws {
        let schema = try SchemaBuilder.build(
            sdl: "type Query { a: Int } type Subscription { counter(to: Int!): Tick! } type Tick { value: Int! double: Int! }")
        var resolvers = Resolvers()
        resolvers.field("Query", "a") { _ in .value(1) }
        resolvers.field("Subscription", "counter") { call in
            guard case .int(let to)? = call.arguments["to"] else { return .null }
            return .value(
                SubscriptionSource(
                    events: AsyncThrowingStream { continuation in
                        for value in 1...to { continuation.yield(value) }
                        continuation.finish()
                    }))
        }
        resolvers.field("Tick", "value") { call in .value(call.source as? Int) }
        resolvers.field("Tick", "double") { call in .value((call.source as? Int).map { $0 * 2 }) }
        let executable = try ExecutableSchema(schema: schema, resolvers: resolvers)
        let outcome = await subscribe(
            executable, ExecutionRequest(document: try parse("subscription { counter(to: 3) { value double } }")))
        guard case .success(let stream) = outcome else {
            Issue.record("no stream")
            return
        }
        var responses: [String] = []
        for await result in stream { responses.append(String(decoding: result.jsonBytes(), as: UTF8.self)) }
        #expect(
            responses == [
                #"{"data":{"counter":{"value":1,"double":2}}}"#, #"{"data":{"counter":{"value":2,"double":4}}}"#,
                #"{"data":{"counter":{"value":3,"double":6}}}"#,
            ])
    }
}
