import ArgumentParser
import Foundation
import Testing

@testable import FoodGraphCLI

/// `foodgraph validate` applies the server's limits (issue #22): a document it passes, the server
/// runs; the standard introspection query passes both.
struct ValidateCommandTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func validate(_ document: String, _ options: [String] = []) throws -> Bool {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("validate-\(UUID().uuidString).graphql")
        try document.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let schema = repository.appendingPathComponent("schema.graphql").path
        var command = try ValidateCommand.parseAsRoot(["--schema", schema] + options + [file.path])
        do {
            try command.run()
            return true
        } catch let exit as ExitCode where exit == ExitCode(1) {
            return false
        }
    }

    @Test func theServersLimitsApplyUnlessTurnedOff() throws {
        let introspection = try String(
            contentsOf: Self.repository.appendingPathComponent("Tests/GraphQLEngineTests/Fixtures/introspection-query.graphql"),
            encoding: .utf8)
        #expect(try Self.validate(introspection))
        let unpaged = "{ products(first: 1000) { totalCount } }"
        #expect(try Self.validate(unpaged) == false)
        #expect(try Self.validate(unpaged, ["--no-limits"]))
        var deep = "name"
        for _ in 0..<12 { deep = "children { \(deep) }" }
        #expect(try Self.validate("{ categories { \(deep) } }") == false)
        #expect(try Self.validate("{ categories { \(deep) } }", ["--no-limits"]))
    }
}
