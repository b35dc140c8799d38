import ArgumentParser
import FoodGraph
import Foundation
import GraphQLEngine

struct SchemaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema", abstract: "The server's schema.", subcommands: [Print.self, Introspect.self])

    struct Print: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the schema SDL.")

        func run() throws {
            print(try SchemaDocument.text(), terminator: "")
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
}
