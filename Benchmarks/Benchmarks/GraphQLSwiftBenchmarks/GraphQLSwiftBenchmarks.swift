// The engine's workloads on GraphQLSwift (the Swift server ecosystem's GraphQL package), which the
// engine's goals name as the Swift implementation to be far ahead of. Its schema is built from the same SDL, so fields use its
// default resolver, which reads dictionaries: the data is built in each iteration, as graphql-js's
// and our resolvers build it, but once per request rather than once per alias in the wide query,
// which spares GraphQLSwift work.
import Benchmark
import Foundation
import GraphQL
import enum GraphQLEngine.IntrospectionQuery

enum Inputs {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Inputs")
        .standardizedFileURL

    static func text(_ name: String) -> String {
        (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }
}

/// A missing key reads as null through the default resolver.
func products(count: Int) -> [String: any Sendable] {
    let root: [String: any Sendable] = ["id": 0, "name": "Category 0"]
    let categories: [[String: any Sendable]] = (0..<10).map { index in
        var category: [String: any Sendable] = ["id": index, "name": "Category \(index)"]
        if index > 0 { category["parent"] = root }
        return category
    }
    let products: [[String: any Sendable]] = (0..<count).map { index in
        var product: [String: any Sendable] = ["id": index, "name": "Product \(index)"]
        if index % 3 != 0 { product["brand"] = "Brand" }
        product["price"] = Double(index) / 4
        product["tags"] = ["a", "b"]
        product["category"] = categories[index % 10]
        return product
    }
    return ["products": products, "product": products[0]]
}

/// A run that only produced errors would measure nothing.
func check(_ result: GraphQLResult) throws {
    if let error = result.errors.first { throw error }
}

var configuration: Benchmark.Configuration {
    Benchmark.Configuration(metrics: [.wallClock], maxDuration: .seconds(3), maxIterations: 1000)
}

let benchmarks: @Sendable () -> Void = {
    let largeQuery = Inputs.text("large-query.graphql")
    let largeSDL = Inputs.text("large-schema.graphql")
    Benchmark("GraphQLSwift: parse large query (110 KB)", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try parse(source: largeQuery)) }
    }
    Benchmark("GraphQLSwift: parse large schema (660 KB, 19.5k lines)", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try parse(source: largeSDL)) }
    }

    let largeSchema = try? buildSchema(source: largeSDL)
    let largeDocument = try? parse(source: largeQuery)
    Benchmark("GraphQLSwift: validate large query", configuration: configuration) { benchmark in
        guard let largeSchema, let largeDocument else { return }
        for _ in benchmark.scaledIterations {
            let errors = validate(schema: largeSchema, ast: largeDocument)
            if let error = errors.first { throw error }
        }
    }
    let foodGraphSDL = (try? String(
        contentsOf: Inputs.folder.appendingPathComponent("../../Sources/FoodGraph/Resources/schema.graphql").standardizedFileURL,
        encoding: .utf8)) ?? ""
    let foodGraph = try? buildSchema(source: foodGraphSDL)
    let introspection = try? parse(source: IntrospectionQuery.text)
    Benchmark("GraphQLSwift: validate introspection query", configuration: configuration) { benchmark in
        guard let foodGraph, let introspection else { return }
        for _ in benchmark.scaledIterations {
            let errors = validate(schema: foodGraph, ast: introspection)
            if let error = errors.first { throw error }
        }
    }

    let executionSchema = try? buildSchema(source: Inputs.text("execution-schema.graphql"))
    let productsQuery = try? parse(source: Inputs.text("execution-query.graphql"))
    let wideQuery = try? parse(source: Inputs.text("wide-query.graphql"))
    measureExecution("execute 1000 objects with fragments", executionSchema, productsQuery) { products(count: 1000) }
    measureExecution("execute a wide query (500 aliases)", executionSchema, wideQuery) { products(count: 1) }
    measureExecution("execute introspection query", foodGraph, introspection) { () }
}

/// Executes and encodes the result as JSON, as the other two benchmarks do; the root value is
/// built in each iteration.
func measureExecution(
    _ name: String, _ schema: GraphQLSchema?, _ document: Document?, rootValue: @escaping @Sendable () -> any Sendable
) {
    let encoder = JSONEncoder()
    Benchmark("GraphQLSwift: \(name)", configuration: configuration) { benchmark in
        guard let schema, let document else { return }
        for _ in benchmark.scaledIterations {
            let result = try await execute(schema: schema, documentAST: document, rootValue: rootValue(), context: ())
            try check(result)
            blackHole(try encoder.encode(result))
        }
    }
}
