// swift-tools-version: 6.1
import PackageDescription

// `FOODGRAPH_LIGHT=1 swift test` builds only the engine and the Postgres layer with their tests:
// they need no server packages, so iterating on them takes seconds instead of minutes.
let light = Context.environment["FOODGRAPH_LIGHT"] == "1"

let swiftSettings: [SwiftSetting] = [.swiftLanguageMode(.v6)]
// The engine's generic code (typed bindings, loaders, casts) specialised where the schema's types
// are known: unspecialised, a list-heavy request looked up generic metadata over a thousand
// times (docs/performance.md). The Postgres target built this way crashed Swift 6.3.1's compiler
// when tried, so it is left as it was. The engine's async functions stay on their caller's
// executor (SE-0461, Swift 6.2): a call no longer switches to the generic executor, which for a request
// preferring its event loop meant looking up that preference, under a lock, on every call.
let engineSettings: [SwiftSetting] =
    swiftSettings + [
        .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release)),
        .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    ]

var dependencies: [Package.Dependency] = [
    .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    // Spans per SQL round trip (Postgres), per loader batch (FoodGraph) and per request (Server);
    // without a tracer bootstrapped they are not even created.
    .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.7.3"),
]

var targets: [Target] = [
    .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
    .systemLibrary(name: "CEpoll"),
    .target(name: "GraphQLEngine", swiftSettings: engineSettings),
    .target(
        name: "Postgres",
        dependencies: [
            "CLibPQ", "CEpoll", .product(name: "Logging", package: "swift-log"),
            .product(name: "Tracing", package: "swift-distributed-tracing"),
        ],
        swiftSettings: swiftSettings
    ),
    // Test databases on the throwaway cluster of tools/test; used by the test targets only.
    .target(
        name: "TestSupport", dependencies: ["Postgres", .product(name: "Logging", package: "swift-log")], swiftSettings: swiftSettings),
    .testTarget(
        name: "GraphQLEngineTests", dependencies: ["GraphQLEngine"], exclude: ["Fixtures"], swiftSettings: swiftSettings),
    .testTarget(name: "PostgresTests", dependencies: ["Postgres", "TestSupport"], swiftSettings: swiftSettings),
]

var products: [Product] = [
    .library(name: "GraphQLEngine", targets: ["GraphQLEngine"]),
    .library(name: "Postgres", targets: ["Postgres"]),
]

if !light {
    dependencies += [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        // The SMTP client of Mail/ (Hummingbird already pulls in NIO; the tests' HTTP client, NIOSSL).
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        // Metrics: recorded through swift-metrics, exposed at /metrics by swift-prometheus.
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        // OTLP export of traces, over HTTP only: the gRPC exporter would add minutes to every clean build.
        .package(url: "https://github.com/swift-otel/swift-otel.git", from: "1.6.0", traits: ["OTLPHTTP"]),
        // Sign-in with Google or Facebook: ID tokens' signatures (JWTKit), the providers' keys (AsyncHTTPClient).
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.8.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        // GraphQL subscriptions over WebSocket (graphql-transport-ws); its client drives the tests.
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
    ]
    targets += [
        .systemLibrary(name: "COpenSSL", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CJansson", pkgConfig: "jansson", providers: [.apt(["libjansson-dev"])]),
        .systemLibrary(name: "CImageCodecs", providers: [.apt(["libpng-dev", "libturbojpeg0-dev", "libwebp-dev"])]),
        // Scans: zbar (barcodes), leptonica (clean-up) and Tesseract (OCR), through their C APIs.
        .systemLibrary(
            name: "CScanLibraries", pkgConfig: "tesseract",
            providers: [.apt(["libzbar-dev", "libtesseract-dev", "libleptonica-dev", "tesseract-ocr-eng"])]),
        .target(
            name: "FoodGraph",
            dependencies: [
                "GraphQLEngine", "Postgres", "COpenSSL", "CImageCodecs", "CScanLibraries",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            resources: [.copy("Resources")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Server",
            dependencies: [
                "GraphQLEngine", "CJansson", "COpenSSL",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ],
            resources: [.copy("Admin")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "FoodGraphCLI",
            dependencies: [
                "Server", "FoodGraph", "GraphQLEngine", "Postgres",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "OTel", package: "swift-otel"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ],
            swiftSettings: swiftSettings,
            // The server allocates through jemalloc rather than glibc's malloc, as Vapor's
            // templates do: a list-heavy request makes thousands of small allocations, and libpq a
            // few dozen 2 KiB blocks, each of which made glibc consolidate its fast bins
            // (docs/performance.md). Linked, not preloaded, so the embedded PostgreSQL keeps its own.
            linkerSettings: [.linkedLibrary("jemalloc", .when(platforms: [.linux]))]
        ),
        .testTarget(
            name: "FoodGraphTests",
            dependencies: [
                "FoodGraph", "Postgres", "GraphQLEngine", "TestSupport",
                // The test OpenID provider of the provider sign-in tests: an HTTP server and signed tokens.
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "JWTKit", package: "jwt-kit"),
            ],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "ServerTests",
            dependencies: [
                "Server", "GraphQLEngine", "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
    // The whole stack through a real socket: the server in front of the FoodGraph application.
    targets.append(
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "FoodGraphCLI", "Server", "FoodGraph", "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            swiftSettings: swiftSettings))
    // The folder and module are FoodGraphCLI, so that no two differ only in case (macOS's file
    // systems); the command keeps its name.
    products.append(.executable(name: "foodgraph", targets: ["FoodGraphCLI"]))
}

let package = Package(
    name: "FoodGraph",
    platforms: [.macOS(.v15)],
    products: products,
    dependencies: dependencies,
    targets: targets
)
