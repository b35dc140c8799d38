import ArgumentParser
import Foundation
import GraphQLEngine
import Server

/// `foodgraph validate --schema S.graphql [--json] [--no-limits] DOC...`: 0 all valid, 1 any
/// invalid, 2 bad schema or usage.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Validate GraphQL documents against a schema, as graphql-js does, and against the server's limits.")

    @Option(help: "The schema SDL file.")
    var schema: String

    @Flag(help: "One JSON object per document per line.")
    var json = false

    @Option(help: "Stop after this many errors per document, as graphql-js does (its default is 100).")
    var maxErrors = 100

    @Flag(
        inversion: .prefixedNo,
        help: """
            Check each operation against the limits the server applies (parser limits, depth, cost, aliases, page \
            sizes, introspection depth), a page size given by a variable counting as the largest allowed; \
            --no-limits checks the specification's rules alone.
            """)
    var limits = true

    @Argument(help: "Documents to validate.")
    var documents: [String]

    func validate() throws {
        if documents.isEmpty { throw ValidationError("Name at least one document.") }
        if maxErrors < 1 { throw ValidationError("--max-errors must be at least 1.") }
    }

    func run() throws {
        let schemaText: String
        do {
            schemaText = try String(contentsOfFile: schema, encoding: .utf8)
        } catch {
            throw StartupError("The schema \(schema) cannot be read.", exitCode: 2)
        }
        let built: GraphQLSchema
        do {
            built = try SchemaBuilder.build(sdl: schemaText)
        } catch let error as SchemaError {
            throw StartupError("The schema \(schema) is invalid:\n" + error.description, exitCode: 2)
        }
        // The server's own settings, so that a document passing here passes there.
        let server = ServerConfiguration()
        var anyInvalid = false
        for path in documents {
            var errors: [GraphQLError]
            if let text = Self.text(ofFile: path) {
                do throws(GraphQLError) {
                    let document = try GraphQLEngine.parse(text, options: limits ? server.parseOptions : ParseOptions())
                    errors = GraphQLEngine.validate(built, document, maxErrors: maxErrors)
                    if errors.isEmpty && limits { errors = Self.limitErrors(of: document, schema: built, limits: server.limits) }
                } catch {
                    errors = [error]
                }
            } else {
                errors = [GraphQLError("The file cannot be read.")]
            }
            anyInvalid = anyInvalid || !errors.isEmpty
            if json {
                var writer = JSONWriter()
                writer.append("{\"file\":")
                writer.write(string: path)
                writer.append(",\"errors\":[")
                for (index, error) in errors.enumerated() {
                    if index > 0 { writer.append(",") }
                    writer.append("{\"message\":")
                    writer.write(string: error.message)
                    writer.append(",\"locations\":[")
                    for (position, location) in error.locations.enumerated() {
                        if position > 0 { writer.append(",") }
                        writer.append("{\"line\":")
                        writer.write(integer: location.line)
                        writer.append(",\"column\":")
                        writer.write(integer: location.column)
                        writer.append("}")
                    }
                    writer.append("]}")
                }
                writer.append("]}")
                print(String(decoding: writer.bytes, as: UTF8.self))
            } else if errors.isEmpty {
                print("\(path): valid")
            } else {
                for error in errors {
                    let location = error.locations.first.map { ":\($0.line):\($0.column)" } ?? ""
                    print("\(path)\(location): \(error.message)")
                }
            }
        }
        if anyInvalid { throw ExitCode(1) }
    }

    /// The file's text with a leading byte order mark kept: graphql-js counts it as the first
    /// column, and Foundation's `String(contentsOfFile:encoding:)` drops it, which put every
    /// column on a document's first line one short of graphql-js's.
    static func text(ofFile path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return String(validating: data, as: UTF8.self)
    }

    /// The first limit each operation of a valid document breaks.
    static func limitErrors(of document: DocumentNode, schema: GraphQLSchema, limits: QueryLimits) -> [GraphQLError] {
        document.definitions.compactMap { definition in
            guard case .operation(let operation) = definition else { return nil }
            return limits.check(operation, in: document, schema: schema, variables: nil)
        }
    }
}
