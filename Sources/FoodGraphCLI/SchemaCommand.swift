import ArgumentParser
import FoodGraph
import Foundation
import GraphQLEngine

struct SchemaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema", abstract: "The server's schema.", subcommands: [Print.self, Introspect.self, Diff.self])

    struct Print: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the schema SDL.")

        func run() throws {
            print(SchemaDocument.text(), terminator: "")
        }
    }

    struct Introspect: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the answer to the standard introspection query as JSON.")

        func run() async throws {
            let schema = try SchemaDocument.build()
            var resolvers = Resolvers()
            for case .object(let object) in schema.types where !object.name.hasPrefix("__") {
                for field in object.fields { resolvers.field(object.name, field.name) { _ in .null } }
            }
            let executable = try ExecutableSchema(schema: schema, resolvers: resolvers)
            let result = await execute(executable, ExecutionRequest(document: try GraphQLEngine.parse(IntrospectionQuery.text)))
            print(String(decoding: result.jsonBytes(), as: UTF8.self))
        }
    }

    /// `foodgraph schema diff OLD [NEW] [--format json]`: 0 no breaking change, 1 breaking
    /// changes, 2 a schema that cannot be read or is invalid (as `validate`).
    struct Diff: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compare two schemas: breaking, dangerous and safe changes, as graphql-js's findBreakingChanges classifies them.",
            discussion: """
                Exits with 1 when a change is breaking, 0 otherwise, so that a contract test can run it \
                against the schema its client was written for. See docs/schema-evolution.md.
                """)

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, json
        }

        @Argument(help: "The schema SDL the clients were written against.")
        var old: String

        @Argument(help: "The schema SDL to compare it with; this server's schema when left out.")
        var new: String?

        @Option(help: "text: one line per change, grouped by class; json: one object for machines.")
        var format: Format = .text

        func run() throws {
            let oldSchema = try Self.schema(at: old)
            let newSchema = try new.map(Self.schema(at:)) ?? Self.serverSchema()
            // Stable: each class keeps graphql-js's order of discovery.
            let changes = schemaChanges(from: oldSchema, to: newSchema).enumerated()
                .sorted { ($0.element.severity, $0.offset) < ($1.element.severity, $1.offset) }.map(\.element)
            switch format {
            case .text: printText(changes)
            case .json: printJSON(changes)
            }
            if changes.contains(where: { $0.severity == .breaking }) { throw ExitCode(1) }
        }

        private func printText(_ changes: [SchemaChange]) {
            if changes.isEmpty {
                print("No changes.")
                return
            }
            for change in changes {
                let severity = change.severity.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
                print("\(severity)  \(change.kind.rawValue)  \(change.message)")
            }
        }

        private func printJSON(_ changes: [SchemaChange]) {
            var writer = JSONWriter()
            writer.append("{")
            for severity in SchemaChange.Severity.allCases {
                writer.write(string: severity.rawValue)
                writer.append(":")
                writer.write(integer: changes.count { $0.severity == severity })
                writer.append(",")
            }
            writer.append("\"changes\":[")
            for (index, change) in changes.enumerated() {
                if index > 0 { writer.append(",") }
                writer.append("{\"severity\":")
                writer.write(string: change.severity.rawValue)
                writer.append(",\"type\":")
                writer.write(string: change.kind.rawValue)
                writer.append(",\"description\":")
                writer.write(string: change.message)
                writer.append("}")
            }
            writer.append("]}")
            print(String(decoding: writer.bytes, as: UTF8.self))
        }

        private static func schema(at path: String) throws -> GraphQLSchema {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw StartupError("The schema \(path) cannot be read.", exitCode: 2)
            }
            do {
                return try SchemaBuilder.build(sdl: text)
            } catch let error as SchemaError {
                throw StartupError("The schema \(path) is invalid:\n" + error.description, exitCode: 2)
            }
        }

        private static func serverSchema() throws -> GraphQLSchema {
            do {
                return try SchemaDocument.build()
            } catch {
                throw StartupError("This server's schema cannot be built: \(error)", exitCode: 2)
            }
        }
    }
}
