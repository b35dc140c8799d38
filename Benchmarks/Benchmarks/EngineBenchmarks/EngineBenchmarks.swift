import Benchmark
import Foundation
import GraphQLEngine

/// Inputs written by `Inputs/generate.py`, shared with the graphql-js benchmark.
enum Inputs {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Inputs")
        .standardizedFileURL

    static func text(_ name: String) -> String {
        (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }

    static let largeQuery = text("large-query.graphql")
    static let largeSchema = text("large-schema.graphql")
    static let foodGraphSchema = (try? String(
        contentsOf: folder.appendingPathComponent("../../Sources/FoodGraph/Resources/schema.graphql").standardizedFileURL,
        encoding: .utf8)) ?? ""
}

struct Product: Sendable {
    let id: Int
    let name: String
    let brand: String?
    let price: Double
    let tags: [String]
    let category: Category
}

struct Category: Sendable {
    let id: Int
    let name: String
    let parent: Int?
}

func executionSchema() throws -> ExecutableSchema {
    let schema = try SchemaBuilder.build(sdl: Inputs.text("execution-schema.graphql"))
    var resolvers = Resolvers()
    let categories = (0..<10).map { Category(id: $0, name: "Category \($0)", parent: $0 == 0 ? nil : 0) }
    resolvers.field("Query", "products") { call in
        guard case .int(let count)? = call.arguments["count"] else { return .null }
        return .value(
            (0..<count).map {
                Product(
                    id: $0, name: "Product \($0)", brand: $0 % 3 == 0 ? nil : "Brand", price: Double($0) / 4,
                    tags: ["a", "b"], category: categories[$0 % 10])
            })
    }
    resolvers.field("Query", "product") { call in
        guard case .int(let id)? = call.arguments["id"] else { return .null }
        return .value(
            Product(id: id, name: "Product \(id)", brand: "Brand", price: Double(id) / 4, tags: [], category: categories[0]))
    }
    resolvers.field("Product", "id", on: Product.self) { $0.id }
    resolvers.field("Product", "name", on: Product.self) { $0.name }
    resolvers.field("Product", "brand", on: Product.self) { $0.brand }
    resolvers.field("Product", "price", on: Product.self) { $0.price }
    resolvers.field("Product", "tags", on: Product.self) { $0.tags }
    resolvers.field("Product", "category", on: Product.self) { $0.category }
    resolvers.field("Category", "id", on: Category.self) { $0.id }
    resolvers.field("Category", "name", on: Category.self) { $0.name }
    resolvers.field("Category", "parent", on: Category.self) { $0.parent.map { categories[$0] } }
    return try ExecutableSchema(schema: schema, resolvers: resolvers)
}

func introspectionSchema(_ schema: GraphQLSchema) throws -> ExecutableSchema {
    var resolvers = Resolvers()
    for case .object(let object) in schema.types where !object.name.hasPrefix("__") {
        for field in object.fields { resolvers.field(object.name, field.name) { _ in .null } }
    }
    return try ExecutableSchema(schema: schema, resolvers: resolvers)
}

/// A copy of `document` without the plans its earlier executions kept: setting the source starts
/// a new plan cache. Executing it measures a document's first execution.
func unplanned(_ document: DocumentNode) -> DocumentNode {
    var copy = document
    copy.source = document.source
    return copy
}

/// Each workload runs twice: once timed, once counting allocations. Counting every allocation
/// through the malloc interposer slows allocation-heavy work by about a tenth, so it stays out of
/// the timed run; the counts are exact, so a few iterations give them.
func measure(_ name: String, _ body: @escaping Benchmark.BenchmarkThrowingClosure) {
    Benchmark(name, configuration: timed, closure: body)
    Benchmark("\(name): allocations", configuration: counted, closure: body)
}

func measure(_ name: String, _ body: @escaping Benchmark.BenchmarkAsyncClosure) {
    Benchmark(name, configuration: timed, closure: body)
    Benchmark("\(name): allocations", configuration: counted, closure: body)
}

var timed: Benchmark.Configuration {
    Benchmark.Configuration(metrics: [.wallClock, .throughput], maxDuration: .seconds(3), maxIterations: 1000)
}

var counted: Benchmark.Configuration {
    Benchmark.Configuration(metrics: [.mallocCountTotal], maxDuration: .seconds(1), maxIterations: 10)
}

let benchmarks: @Sendable () -> Void = {
    measure("Parse large query (110 KB)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try parse(Inputs.largeQuery)) }
    }
    measure("Parse large schema (660 KB, 19.5k lines)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try parse(Inputs.largeSchema)) }
    }

    let largeSchema = try? SchemaBuilder.build(sdl: Inputs.largeSchema)
    let largeDocument = try? parse(Inputs.largeQuery)
    measure("Validate large query") { benchmark in
        guard let largeSchema, let largeDocument else { return }
        for _ in benchmark.scaledIterations { blackHole(validate(largeSchema, largeDocument)) }
    }
    // The depth, cost and alias limits the server checks on every request, on every operation.
    let largeOperations = largeDocument?.definitions.compactMap { definition -> OperationDefinitionNode? in
        if case .operation(let operation) = definition { operation } else { nil }
    } ?? []
    measure("Check the limits of the large query's 400 operations") { benchmark in
        guard let largeSchema, let largeDocument else { return }
        for _ in benchmark.scaledIterations {
            for operation in largeOperations {
                blackHole(QueryLimits().check(operation, in: largeDocument, schema: largeSchema, variables: GraphQLObject()))
            }
        }
    }
    let foodGraph = try? SchemaBuilder.build(sdl: Inputs.foodGraphSchema)
    let introspection = try? parse(IntrospectionQuery.text)
    measure("Validate introspection query") { benchmark in
        guard let foodGraph, let introspection else { return }
        for _ in benchmark.scaledIterations { blackHole(validate(foodGraph, introspection)) }
    }

    let products = try? executionSchema()
    let productsQuery = try? parse(Inputs.text("execution-query.graphql"))
    measure("Execute 1000 objects with fragments") { benchmark in
        guard let products, let productsQuery else { return }
        for _ in benchmark.scaledIterations {
            blackHole(await execute(products, ExecutionRequest(document: productsQuery)).jsonBytes())
        }
    }
    measure("Execute 1000 objects with fragments, first execution") { benchmark in
        guard let products, let productsQuery else { return }
        for _ in benchmark.scaledIterations {
            blackHole(await execute(products, ExecutionRequest(document: unplanned(productsQuery))).jsonBytes())
        }
    }
    let wideQuery = try? parse(Inputs.text("wide-query.graphql"))
    measure("Execute a wide query (500 aliases)") { benchmark in
        guard let products, let wideQuery else { return }
        for _ in benchmark.scaledIterations {
            blackHole(await execute(products, ExecutionRequest(document: wideQuery)).jsonBytes())
        }
    }
    measure("Execute a wide query (500 aliases), first execution") { benchmark in
        guard let products, let wideQuery else { return }
        for _ in benchmark.scaledIterations {
            blackHole(await execute(products, ExecutionRequest(document: unplanned(wideQuery))).jsonBytes())
        }
    }
    let introspectable = foodGraph.flatMap { try? introspectionSchema($0) }
    measure("Execute introspection query") { benchmark in
        guard let introspectable, let introspection else { return }
        for _ in benchmark.scaledIterations {
            blackHole(await execute(introspectable, ExecutionRequest(document: introspection)).jsonBytes())
        }
    }
    measure("Execute introspection query, first execution") { benchmark in
        guard let introspectable, let introspection else { return }
        for _ in benchmark.scaledIterations {
            blackHole(await execute(introspectable, ExecutionRequest(document: unplanned(introspection))).jsonBytes())
        }
    }
}
