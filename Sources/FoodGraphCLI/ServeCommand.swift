import ArgumentParser
import FoodGraph
import Foundation
import GraphQLEngine
import Logging
import NIOCore
import NIOSSL
import Postgres
import Server
import ServiceLifecycle

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Serve the GraphQL API (embedded PostgreSQL and demo data by default).")

    @OptionGroup var database: DatabaseOptions

    @OptionGroup(title: "Mail") var mail: MailOptions

    @Option(help: "Address to listen on (env HOST, default 127.0.0.1).")
    var host: String?

    @Option(help: "Port to listen on (env PORT, default 8080).")
    var port: Int?

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical (env LOG_LEVEL).")
    var logLevel: String?

    @Flag(name: .customLong("no-migrate"), help: "Do not apply pending migrations at start (env FOODGRAPH_MIGRATE=false).")
    var noMigrate = false

    @Flag(name: .customLong("no-demo-data"), help: "Do not load demo data into an empty database (env FOODGRAPH_DEMO_DATA=false).")
    var noDemoData = false

    @Flag(name: .customLong("no-graphiql"), help: "Do not serve GraphiQL to browsers at /graphql (env FOODGRAPH_GRAPHIQL=off).")
    var noGraphiQL = false

    @Option(
        name: .customLong("persisted-queries"),
        help: "A JSON file of known documents, {\"<sha256>\": \"<query>\", …} (env FOODGRAPH_PERSISTED_QUERIES).")
    var persistedQueriesFile: String?

    @Flag(
        name: .customLong("persisted-queries-only"),
        help: "Run only the documents of --persisted-queries (env FOODGRAPH_PERSISTED_QUERIES_ONLY=true).")
    var persistedQueriesOnly = false

    @Option(name: .customLong("cors-origin"), help: "An origin allowed by CORS, or * (repeatable; env FOODGRAPH_CORS_ORIGINS, comma-separated).")
    var corsOrigins: [String] = []

    @Flag(
        name: .customLong("trust-forwarded-for"),
        help: "Behind a reverse proxy: the client address is the last X-Forwarded-For entry (env FOODGRAPH_TRUST_FORWARDED_FOR=true).")
    var trustForwardedFor = false

    @Option(
        name: .customLong("tls-certificate"),
        help: "Serve HTTPS with this PEM certificate chain; needs --tls-key (env FOODGRAPH_TLS_CERTIFICATE). Without it, plain HTTP (behind a TLS proxy).")
    var tlsCertificate: String?

    @Option(name: .customLong("tls-key"), help: "The PEM private key of --tls-certificate (env FOODGRAPH_TLS_KEY).")
    var tlsKey: String?

    @Option(
        name: .customLong("request-timeout"),
        help: "A request still running after this long is cancelled and answered TIMEOUT, e.g. 30s, 2m (env FOODGRAPH_REQUEST_TIMEOUT, default 30s).")
    var requestTimeout: String?

    @Option(
        name: .customLong("session-idle-timeout"),
        help: "A session ends after this long unused, e.g. 30d, 12h, 90m (env FOODGRAPH_SESSION_IDLE_TIMEOUT, default 30d).")
    var sessionIdleTimeout: String?

    @Option(
        name: .customLong("session-max-lifetime"),
        help: "A session ends this long after sign-in however much it is used (env FOODGRAPH_SESSION_MAX_LIFETIME, default 365d).")
    var sessionMaxLifetime: String?

    @Option(
        name: .customLong("order-webhook-url"),
        help: "Where order status changes go (the retailer's order system), http(s)://… (env FOODGRAPH_ORDER_WEBHOOK_URL; needs FOODGRAPH_ORDER_WEBHOOK_SECRET).")
    var orderWebhookURL: String?

    @Option(
        name: .customLong("slow-request-ms"),
        help: "Log requests that take at least this many milliseconds with their cost and SQL timings; 0 turns it off (env FOODGRAPH_SLOW_REQUEST_MS, default 500).")
    var slowRequestMilliseconds: Int?

    @Option(
        name: .customLong("otlp-endpoint"),
        help: "Send traces there over OTLP/HTTP, e.g. http://collector:4318 (env FOODGRAPH_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_ENDPOINT; off when unset).")
    var otlpEndpoint: String?

    func run() async throws {
        let logger = try Self.makeLogger(level: logLevel)
        let observability = try observability()
        var telemetryServices: [any Service] = []
        if let endpoint = try otlpEndpoint.map({ try Telemetry.tracesEndpoint(["FOODGRAPH_OTLP_ENDPOINT": $0]) }) ?? Telemetry.tracesEndpoint() {
            telemetryServices.append(try Telemetry.startTracing(endpoint: endpoint, logger: logger))
            logger.info("tracing", metadata: ["otlp_endpoint": "\(endpoint)"])
        }
        let host = self.host ?? Environment.string("HOST") ?? "127.0.0.1"
        let port = try self.port ?? Environment.integer("PORT") ?? 8080
        guard (0...65535).contains(port) else { throw StartupError("The port must be between 0 and 65535, not \(port).") }
        let timeout = try Environment.duration(requestTimeout, variable: "FOODGRAPH_REQUEST_TIMEOUT")
        let migrateConfigured = try Environment.flag("FOODGRAPH_MIGRATE")
        let migrate = !noMigrate && (migrateConfigured ?? true)
        let keepsStores = try Environment.flag("FOODGRAPH_KEEP_STORES") ?? true
        let keepsProducts = try Environment.flag("FOODGRAPH_KEEP_PRODUCTS") ?? true

        // Checked before the database starts, so a configuration mistake is reported at once.
        let policy = try accountPolicy()
        let connection = try await DatabaseConnection.open(database, logger: logger)
        do {
            let application = try FoodGraphApplication(
                pool: connection.pool, replicas: connection.replicas, policy: policy, keepsStores: keepsStores,
                keepsProducts: keepsProducts)
            if migrate {
                do {
                    let applied = try await MigrationRunner(migrations: application.migrations, pool: try connection.sessionPool()).migrate()
                    if !applied.isEmpty { logger.info("applied migrations", metadata: ["files": "\(applied.map(\.fileName))"]) }
                } catch let error as MigrationError {
                    throw StartupError(error.message)
                }
            }
            let demoDefault = connection.isEmbedded
            let demoConfigured = try Environment.flag("FOODGRAPH_DEMO_DATA")
            if !noDemoData, demoConfigured ?? demoDefault {
                if try await DemoData.loadIfEmpty(into: application.database) { logger.info("loaded demo data") }
            }
            var configuration = ServerConfiguration(host: host, port: port)
            if let timeout { configuration.requestTimeout = timeout }
            configuration.persistedQueries = try Self.loadPersistedQueries(
                persistedQueriesFile ?? Environment.string("FOODGRAPH_PERSISTED_QUERIES"))
            let lockedDown = try Environment.flag("FOODGRAPH_PERSISTED_QUERIES_ONLY") ?? false
            configuration.onlyPersistedQueries = persistedQueriesOnly || lockedDown
            if configuration.onlyPersistedQueries && configuration.persistedQueries.isEmpty {
                throw StartupError("--persisted-queries-only needs the known documents: give them with --persisted-queries FILE.")
            }
            configuration.corsAllowedOrigins =
                corsOrigins.isEmpty
                ? (Environment.string("FOODGRAPH_CORS_ORIGINS")?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } ?? [])
                : corsOrigins
            configuration.trustForwardedFor = try trustForwardedFor || (Environment.flag("FOODGRAPH_TRUST_FORWARDED_FOR") ?? false)
            configuration.tls = try tlsConfiguration()
            configuration.answersGraphQLDirectly = try Environment.flag("FOODGRAPH_HTTP_DIRECT") ?? true
            var server = FoodGraphServer(
                application: HTTPApplication(application: application), configuration: configuration, logger: logger,
                observability: observability)
            if noGraphiQL { server.graphiQL = .disabled }
            // The email outbox: over SMTP when configured, to the log in development (see MailOptions).
            let mailDelivery = try mail.delivery(developmentDatabase: connection.isEmbedded, logger: logger)
            // Every background job (the areas', mail, the order webhook) through the job runner: claimed
            // from the `jobs` table, so several servers share them and each run happens once.
            var extraJobs = mailDelivery.map { [$0.job] } ?? []
            if let webhook = try orderWebhook(logger: logger) { extraJobs.append(OrderWebhook.job(webhook)) }
            let runner = application.jobRunner(extra: extraJobs)
            let jobs = Task { await runner.run(logger: logger) }
            defer { jobs.cancel() }
            let scheme = configuration.tls == nil ? "http" : "https"
            do {
                try await server.run(services: telemetryServices) { boundPort in
                    FileHandle.standardOutput.write(Data("FoodGraph is serving GraphQL at \(scheme)://\(host):\(boundPort)/graphql\n".utf8))
                }
            } catch let error as IOError where error.errnoCode == EADDRINUSE {
                throw StartupError("Port \(port) on \(host) is already in use; stop the other program or choose another port with --port.")
            }
        } catch {
            await connection.close()
            throw error
        }
        await connection.close()
    }

    /// Metrics into the process's registry; the slow-request log's threshold from the flag or
    /// FOODGRAPH_SLOW_REQUEST_MS (0 turns it off); the operation-name cap of the latency histogram
    /// from FOODGRAPH_METRICS_OPERATION_NAMES.
    func observability() throws -> Observability {
        let slow = try slowRequestMilliseconds ?? Environment.integer("FOODGRAPH_SLOW_REQUEST_MS") ?? 500
        guard (0...3_600_000).contains(slow) else {
            throw StartupError("FOODGRAPH_SLOW_REQUEST_MS must be between 0 (off) and 3600000, not \(slow).")
        }
        let names = try Environment.integer("FOODGRAPH_METRICS_OPERATION_NAMES") ?? 100
        guard (0...10_000).contains(names) else {
            throw StartupError("FOODGRAPH_METRICS_OPERATION_NAMES must be between 0 and 10000, not \(names).")
        }
        return Observability(
            registry: Telemetry.metricsRegistry(), slowRequestThreshold: slow == 0 ? nil : .milliseconds(slow),
            operationNameLimit: names)
    }

    /// The order webhook: URL from the flag or FOODGRAPH_ORDER_WEBHOOK_URL, secret from
    /// FOODGRAPH_ORDER_WEBHOOK_SECRET (never a flag: it would show in the process list).
    func orderWebhook(logger: Logger) throws -> OrderWebhookConfiguration? {
        guard let url = orderWebhookURL ?? Environment.string("FOODGRAPH_ORDER_WEBHOOK_URL") else { return nil }
        guard let secret = Environment.string("FOODGRAPH_ORDER_WEBHOOK_SECRET") else {
            throw StartupError("The order webhook needs its signing secret: set FOODGRAPH_ORDER_WEBHOOK_SECRET (16 characters or more).")
        }
        do {
            let configuration = try OrderWebhookConfiguration(url: url, secret: secret)
            logger.info("order webhook configured", metadata: ["host": "\(configuration.host)"])
            return configuration
        } catch let error as DomainError {
            throw StartupError(error.message)
        }
    }

    func accountPolicy() throws -> AccountPolicy {
        let defaults = AccountPolicy()
        let idle = try Environment.seconds(sessionIdleTimeout, variable: "FOODGRAPH_SESSION_IDLE_TIMEOUT")
        let lifetime = try Environment.seconds(sessionMaxLifetime, variable: "FOODGRAPH_SESSION_MAX_LIFETIME")
        return AccountPolicy(
            sessionIdleTimeoutSeconds: idle ?? defaults.sessionIdleTimeoutSeconds,
            sessionMaxLifetimeSeconds: lifetime ?? defaults.sessionMaxLifetimeSeconds,
            identityProviders: try IdentityProviderEnvironment.settings())
    }

    /// Reads `{"<sha256 hex>": "<document>"}` and checks every hash against its document.
    static func loadPersistedQueries(_ path: String?) throws -> [String: String] {
        guard let path else { return [:] }
        guard let data = FileManager.default.contents(atPath: path),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: String]
        else {
            throw StartupError("The persisted queries file \(path) cannot be read as a JSON object of hash → document.")
        }
        for (hash, document) in object where PersistedQueryHash.sha256Hex(document) != hash.lowercased() {
            throw StartupError("In \(path), the hash \(hash) is not the SHA-256 of its document.")
        }
        return Dictionary(uniqueKeysWithValues: object.map { ($0.key.lowercased(), $0.value) })
    }

    static func makeLogger(level: String?) throws -> Logger {
        var logger = Logger(label: "foodgraph")
        let name = level ?? Environment.string("LOG_LEVEL") ?? "info"
        guard let parsed = Logger.Level(rawValue: name) else {
            throw StartupError("The log level must be trace, debug, info, notice, warning, error or critical, not \"\(name)\".")
        }
        logger.logLevel = parsed
        return logger
    }

    /// HTTPS when a certificate and key are given (both or neither).
    func tlsConfiguration() throws -> TLSConfiguration? {
        let certificate = tlsCertificate ?? Environment.string("FOODGRAPH_TLS_CERTIFICATE")
        let key = tlsKey ?? Environment.string("FOODGRAPH_TLS_KEY")
        switch (certificate, key) {
        case (nil, nil): return nil
        case (let certificate?, let key?):
            do {
                return try ServerTLS.configuration(certificateFile: certificate, keyFile: key)
            } catch {
                throw StartupError("The TLS certificate \(certificate) or key \(key) cannot be used: \(error)")
            }
        default: throw StartupError("HTTPS needs both --tls-certificate and --tls-key.")
        }
    }

}
