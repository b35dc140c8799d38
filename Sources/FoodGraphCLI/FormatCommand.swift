import ArgumentParser
import Foundation
import GraphQLEngine

/// `foodgraph format [--check] FILE`: prints the canonical form; `--check` only parses.
struct FormatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "format", abstract: "Print a GraphQL document in canonical form.")

    @Flag(help: "Only check that the file parses: silent with exit 0, or the syntax error with exit 1.")
    var check = false

    @Argument(help: "The document.")
    var file: String

    func run() throws {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
            throw StartupError("\(file) cannot be read.", exitCode: 2)
        }
        do throws(GraphQLError) {
            let document = try GraphQLEngine.parse(text)
            if !check { print(printAST(document)) }
        } catch {
            let location = error.locations.first.map { ":\($0.line):\($0.column)" } ?? ""
            FileHandle.standardError.write(Data("\(file)\(location): \(error.message)\n".utf8))
            throw ExitCode.failure
        }
    }
}
