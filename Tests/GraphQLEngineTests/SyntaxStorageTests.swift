import Testing

@testable import GraphQLEngine

/// Documents keep their nodes in shared storage that freed documents hand on to later parses.
struct SyntaxStorageTests {
    private static func document(_ index: Int) -> String {
        """
        query Q\(index)($id: ID! = "\(index)") @live {
          alias\(index): item(id: $id, tag: [\(index), "x"]) @include(if: true) {
            ...F\(index)
            ... on Item\(index) { name\(index) }
          }
        }
        fragment F\(index) on Item { field\(index)(n: \(index)) { deep\(index) } }
        """
    }

    @Test func aDocumentKeepsItsNodesWhileOthersAreFreedAndParsed() throws {
        let kept = try parse(Self.document(0))
        let expected = printAST(kept)
        for index in 1...20 {
            let other = try parse(Self.document(index))
            #expect(printAST(other) == printAST(try parse(printAST(other))))
            #expect(printAST(other).contains("alias\(index): item(id: $id, tag: [\(index), \"x\"])"))
        }
        #expect(printAST(kept) == expected)
        #expect(expected.contains("alias0: item") && expected.contains("deep0"))
    }

    @Test func aNodeOutlivesItsDocument() throws {
        var field: FieldNode?
        do {
            let document = try parse("{ first(a: 1) @skip(if: false) { second } }")
            guard case .operation(let operation) = document.definitions[0],
                case .field(let first) = operation.selectionSet.selections[0]
            else { return #expect(Bool(false)) }
            field = first
        }
        for index in 0..<5 { _ = try parse(Self.document(index)) }
        #expect(field?.name.value == "first")
        #expect(field?.arguments.first?.value == .int("1", Location(start: 11, end: 12, line: 1, column: 12)))
        #expect(field?.directives.first?.name.value == "skip")
        guard case .field(let second)? = field?.selectionSet?.selections.first else { return #expect(Bool(false)) }
        #expect(second.name.value == "second")
    }

    @Test func documentsParsedAtOnceDoNotShareStorage() async throws {
        let printed = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for index in 0..<64 {
                group.addTask { (index, printAST(try parse(Self.document(index)))) }
            }
            var printed: [Int: String] = [:]
            for try await (index, text) in group { printed[index] = text }
            return printed
        }
        for index in 0..<64 {
            #expect(printed[index] == printAST(try parse(Self.document(index))))
            #expect(printed[index]?.contains("deep\(index)") == true)
        }
    }

    @Test func equalityComparesNodesNotStorage() throws {
        let text = Self.document(7)
        let first = try parse(text)
        let second = try parse(text)
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(first != (try parse(Self.document(8))))
        // The same text moved by one character: equal nodes but for their locations.
        #expect(first != (try parse(" " + text)))
    }
}
