import ArgumentParser
import FoodGraph
import Foundation
import Postgres

struct GenerateDataCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gen-data", abstract: "Add deterministic synthetic data for benchmarks (COPY), reporting rows per second.")

    @OptionGroup var database: DatabaseOptions

    @Option(help: "Products to add.") var products = 0
    @Option(help: "Users to add (with empty profiles; password Synthetic-pass1).") var users = 0
    @Option(name: .customLong("diary-entries"), help: "Diary entries to spread over the synthetic users, five a day back from today.")
    var diaryEntries = 0
    @Option(name: .customLong("price-observations"), help: "Price observations over the stores and products.")
    var priceObservations = 0
    @Option(help: "Recipes to add, varied from the demo cookbook.") var recipes = 0
    @Option(help: "Purchases (each with a receipt price observation) over the synthetic users (give --users), the last 365 days, the stores and 5 000 products.")
    var purchases = 0
    @Option(help: "Seed of the generator.") var seed: UInt64 = 42

    func validate() throws {
        for (name, value) in [
            ("products", products), ("users", users), ("diary-entries", diaryEntries), ("price-observations", priceObservations),
            ("recipes", recipes), ("purchases", purchases),
        ]
        where value < 0 || value > 100_000_000 {
            throw ValidationError("--\(name) must be between 0 and 100000000.")
        }
    }

    func run() async throws {
        let logger = try ServeCommand.makeLogger(level: nil)
        let connection = try await DatabaseConnection.open(database, logger: logger)
        do {
            _ = try await MigrationRunner(migrations: try FoodGraphApplication.bundledMigrations(), pool: connection.pool).migrate()
            try await DemoData.loadIfEmpty(into: PostgresDatabase(pool: connection.pool))
            var data = SyntheticData()
            data.products = products
            data.users = users
            data.diaryEntries = diaryEntries
            data.priceObservations = priceObservations
            data.recipes = recipes
            data.purchases = purchases
            data.seed = seed
            _ = try await data.load(into: connection.pool) { report in
                print("\(report.table): \(report.rows) rows in \(String(format: "%.1f", report.seconds)) s (\(report.rowsPerSecond) rows/s)")
            }
        } catch let error as DomainError {
            await connection.close()
            throw StartupError(error.message)
        } catch {
            await connection.close()
            throw error
        }
        await connection.close()
    }
}
