import Foundation
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

}
