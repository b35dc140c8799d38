import ArgumentParser
import FoodGraph
import Foundation
import GraphQLEngine
import Logging
import NIOCore
import Postgres
import Server

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Serve the GraphQL API (embedded PostgreSQL and demo data by default).")

    @OptionGroup var database: DatabaseOptions

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

    func run() async throws {
        let logger = try Self.makeLogger(level: logLevel)
        let host = self.host ?? Environment.string("HOST") ?? "127.0.0.1"
        let port = try self.port ?? Environment.integer("PORT") ?? 8080
        guard (0...65535).contains(port) else { throw StartupError("The port must be between 0 and 65535, not \(port).") }
        let migrateConfigured = try Environment.flag("FOODGRAPH_MIGRATE")
        let migrate = !noMigrate && (migrateConfigured ?? true)

        let connection = try await DatabaseConnection.open(database, logger: logger)
        do {
            let application = try FoodGraphApplication(pool: connection.pool)
            if migrate {
                do {
                    let applied = try await MigrationRunner(migrations: application.migrations, pool: connection.pool).migrate()
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
            if !application.unimplementedFields.isEmpty {
                logger.notice("fields answering NOT_IMPLEMENTED", metadata: ["count": "\(application.unimplementedFields.count)"])
            }
            let server = FoodGraphServer(
                application: HTTPApplication(application: application), configuration: ServerConfiguration(host: host, port: port),
                logger: logger)
            do {
                try await server.run { boundPort in
                    FileHandle.standardOutput.write(Data("FoodGraph is serving GraphQL at http://\(host):\(boundPort)/graphql\n".utf8))
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

    static func makeLogger(level: String?) throws -> Logger {
        var logger = Logger(label: "foodgraph")
        let name = level ?? Environment.string("LOG_LEVEL") ?? "info"
        guard let parsed = Logger.Level(rawValue: name) else {
            throw StartupError("The log level must be trace, debug, info, notice, warning, error or critical, not \"\(name)\".")
        }
        logger.logLevel = parsed
        return logger
    }
}
