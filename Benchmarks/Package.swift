// swift-tools-version: 6.1
import PackageDescription

// Benchmarks of the GraphQL engine (package-benchmark). Kept out of the main package so that CI
// does not build them. Run from this folder:
//   FOODGRAPH_LIGHT=1 swift package --allow-writing-to-package-directory benchmark
let package = Package(
    name: "FoodGraphBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "FoodGraph", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        // Only to compare against: the engine itself uses no GraphQL library.
        .package(url: "https://github.com/GraphQLSwift/GraphQL", from: "4.3.0"),
    ],
    targets: [
        .executableTarget(
            name: "EngineBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "GraphQLEngine", package: "FoodGraph"),
            ],
            path: "Benchmarks/EngineBenchmarks",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "GraphQLSwiftBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "GraphQL", package: "GraphQL"),
                .product(name: "GraphQLEngine", package: "FoodGraph"),
            ],
            path: "Benchmarks/GraphQLSwiftBenchmarks",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "PoolBenchmark",
            dependencies: [.product(name: "Postgres", package: "FoodGraph")],
            path: "PoolBenchmark",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
