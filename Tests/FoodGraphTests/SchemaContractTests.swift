import Foundation
import GraphQLEngine
import Testing

@testable import FoodGraph

/// `schema.graphql` is the published contract that client teams test against: it must be exactly
/// what the areas' SDL says.
@Suite struct SchemaContractTests {
    @Test func thePublishedSchemaIsUpToDate() throws {
        let root = ProcessInfo.processInfo.environment["FOODGRAPH_REPO_ROOT"] ?? FileManager.default.currentDirectoryPath
        let published = try String(contentsOfFile: root + "/schema.graphql", encoding: .utf8)
        #expect(
            published == SchemaDocument.text(),
            "schema.graphql is stale: run `swift run foodgraph schema print > schema.graphql` and commit it.")
    }

    /// The application's bindings are all typed: the same bindings with one field rebound without
    /// a Swift type, or one enum and one Node fetcher taken away, are refused by name.
    @Test func theApplicationRefusesUntypedOrMissingBindings() throws {
        let schema = try SchemaDocument.build()
        var binder = SchemaBinder()
        for area in Areas.all { area.bind(&binder) }
        #expect(try problems(schema, binder) == [])

        binder.resolvers.field("Query", "me") { _ in .null }
        binder.nodes["Store"] = nil
        binder.mutationAccess["logout"] = .anyone
        #expect(
            try problems(schema, binder) == [
                "Mutation.logout declares access anyone in Swift but signedIn in the schema's @auth",
                "Query.me is bound without a declared Swift type",
                "Store implements Node but node(id:) cannot fetch it (SchemaBinder.node)",
            ])
    }

    private func problems(_ schema: GraphQLSchema, _ binder: SchemaBinder) throws -> [String] {
        var problems = StartupCheck(schema: schema, binder: binder).problems()
        do {
            _ = try ExecutableSchema(schema: schema, resolvers: binder.resolvers)
        } catch let error as ExecutableSchema.BindingError {
            problems += error.missing
        }
        return problems.sorted()
    }
}
