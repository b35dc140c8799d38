import ArgumentParser
import FoodGraph
import Postgres

struct PurgeDiaryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "purge-diary",
        abstract: "Delete diary entries older than five years (the server also does this daily).")

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        let logger = try ServeCommand.makeLogger(level: nil)
        let connection = try await DatabaseConnection.open(database, logger: logger)
        do {
            let deleted = try await DiaryRetention.purge(in: PostgresDatabase(pool: connection.pool))
            print("Deleted \(deleted) diary entries older than \(DiaryRetention.years) years.")
        } catch {
            await connection.close()
            throw error
        }
        await connection.close()
    }
}
