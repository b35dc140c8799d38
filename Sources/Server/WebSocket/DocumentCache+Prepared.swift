import GraphQLEngine

extension DocumentCache {
    /// The document parsed and validated, from the cache the HTTP path fills too.
    func prepared(_ query: String, parseOptions: ParseOptions, schema: GraphQLSchema) -> PreparedDocument {
        document(for: query) {
            let document: DocumentNode
            do throws(GraphQLError) {
                document = try parse(query, options: parseOptions)
            } catch {
                return PreparedDocument(
                    document: DocumentNode(definitions: [], location: Location(start: 0, end: 0, line: 1, column: 1)), errors: [error])
            }
            return PreparedDocument(document: document, errors: validate(schema, document))
        }
    }
}
