import ArgumentParser
import FoodGraph
import Postgres

struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate", abstract: "Apply pending migrations, or show their status.")

    @OptionGroup var database: DatabaseOptions

    @Flag(help: "Only list applied and pending migrations.")
    var status = false

    func run() async throws {
        let logger = try ServeCommand.makeLogger(level: nil)
        let connection = try await DatabaseConnection.open(database, logger: logger)
        defer { Task { await connection.close() } }
        let runner = MigrationRunner(migrations: try FoodGraphApplication.bundledMigrations(), pool: try connection.sessionPool())
        if status {
            let current = try await runner.status()
            for migration in current.applied { print("applied  \(migration.version) \(migration.name)") }
            for migration in current.pending { print("pending  \(migration.fileName)") }
            for problem in current.problems { print("problem  \(problem)") }
        } else {
            let applied = try await runner.migrate()
            print(applied.isEmpty ? "The database is up to date." : "Applied \(applied.map(\.fileName).joined(separator: ", ")).")
        }
        await connection.close()
    }
}
