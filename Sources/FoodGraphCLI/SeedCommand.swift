import ArgumentParser
import FoodGraph
import Postgres

struct SeedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seed", abstract: "Load the demo accounts and seed catalog into an empty database.")

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        let logger = try ServeCommand.makeLogger(level: nil)
        let connection = try await DatabaseConnection.open(database, logger: logger)
        do {
            let migrations = try FoodGraphApplication.bundledMigrations()
            _ = try await MigrationRunner(migrations: migrations, pool: connection.pool).migrate()
            let loaded = try await DemoData.loadIfEmpty(into: PostgresDatabase(pool: connection.pool))
            print(loaded ? "Loaded the demo data." : "The database has users already; nothing loaded.")
        } catch {
            await connection.close()
            throw error
        }
        await connection.close()
    }
}
