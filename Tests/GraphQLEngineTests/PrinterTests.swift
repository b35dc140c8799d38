import Foundation
import Testing

@testable import GraphQLEngine

/// The printer's layout is graphql-js 16's: the expected files were printed by it.
struct PrinterTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
    }

    @Test(arguments: ["kitchen-sink", "sdl"])
    func printsLikeTheReference(name: String) throws {
        let document = try parse(try Self.fixture("\(name).graphql"))
        #expect(printAST(document) == (try Self.fixture("\(name).printed.graphql")))
    }

    @Test(arguments: ["kitchen-sink", "sdl"])
    func printingIsAFixedPointAndKeepsTheDocument(name: String) throws {
        let printed = printAST(try parse(try Self.fixture("\(name).graphql")))
        let reparsed = try parse(printed)
        #expect(printAST(reparsed) == printed)
    }

    @Test func stringsEscapeLikeJSON() {
        #expect(printString("a\"b\\c\n\u{1}\u{7F}é") == #""a\"b\\c\n\u0001\u007Fé""#)
    }

    @Test func blockStringsKeepTheirValue() throws {
        for value in ["", "one line", "  leading space", "trailing quote\"", "has \"\"\" inside", "a\n  b\n c", "slash\\"] {
            let printed = BlockString.print(value)
            let reparsed = try parseValue(printed)
            guard case .string(let node) = reparsed else {
                Issue.record("\(printed) is not a string")
                continue
            }
            #expect(node.value == value, "\(printed)")
        }
    }
}
