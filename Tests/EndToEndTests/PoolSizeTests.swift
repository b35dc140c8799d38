import ArgumentParser
import Foundation
import Testing

@testable import FoodGraphCLI

/// The pool's size: twice the cores (at least 4) for the embedded cluster, which shares them with
/// the server; 10 for an external database; a flag or DATABASE_POOL_SIZE wins over either.
struct PoolSizeTests {
    @Test func theEmbeddedClusterGetsTwiceTheCoresAndAnExternalDatabaseTen() throws {
        try #require(ProcessInfo.processInfo.environment["DATABASE_POOL_SIZE"] == nil)
        let options = try DatabaseOptions.parse([])
        let cores = ProcessInfo.processInfo.activeProcessorCount
        #expect(try options.resolvedPoolSize(embedded: true) == max(4, 2 * cores))
        #expect(try options.resolvedPoolSize(embedded: false) == 10)
    }

    @Test func aGivenSizeWinsAndMustBeInRange() throws {
        let given = try DatabaseOptions.parse(["--pool-size", "7"])
        #expect(try given.resolvedPoolSize(embedded: true) == 7)
        #expect(try given.resolvedPoolSize(embedded: false) == 7)
        #expect(throws: StartupError.self) { try DatabaseOptions.parse(["--pool-size", "0"]).resolvedPoolSize(embedded: true) }
        #expect(throws: StartupError.self) { try DatabaseOptions.parse(["--pool-size", "501"]).resolvedPoolSize(embedded: false) }
    }
}
