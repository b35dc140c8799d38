import ArgumentParser
import Foundation
import Logging

@main
struct FoodGraphCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "foodgraph",
        abstract: "The FoodGraph GraphQL API server and its tools.",
        subcommands: [
            ServeCommand.self, MigrateCommand.self, SeedCommand.self, ValidateCommand.self,
            FormatCommand.self, SchemaCommand.self, GenerateDataCommand.self, PurgeDiaryCommand.self,
        ]
    )

    /// Bad usage exits with 2 (the contract of `validate` and `format`), not ArgumentParser's 64.
    static func main() async {
        LoggingSystem.bootstrap(StandardErrorLogHandler.init)
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let error as StartupError {
            FileHandle.standardError.write(Data("foodgraph: \(error.message)\n".utf8))
            Foundation.exit(error.exitCode)
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}

/// A failure that stops a command with one clear sentence and no stack trace.
struct StartupError: Error {
    var message: String
    var exitCode: Int32 = 1

    init(_ message: String, exitCode: Int32 = 1) {
        self.message = message
        self.exitCode = exitCode
    }
}
