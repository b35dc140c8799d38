import Testing

@testable import GraphQLEngine

/// Choosing the operation to run fails with codes clients can branch on (issue #21, item 28),
/// not the generic one.
struct OperationSelectionTests {
    static let document = try! parse("query A { __typename } query B { __typename }")

    @Test func severalOperationsNeedAName() {
        let error = #expect(throws: GraphQLError.self) { try selectOperation(in: Self.document, named: nil) }
        #expect(error?.code == "OPERATION_NAME_REQUIRED")
        #expect(error?.message == "Must provide operation name if query contains multiple operations.")
    }

    @Test func anUnknownNameIsNotFound() throws {
        let error = #expect(throws: GraphQLError.self) { try selectOperation(in: Self.document, named: "C") }
        #expect(error?.code == "OPERATION_NOT_FOUND")
        #expect(error?.message == "Unknown operation named \"C\".")
        #expect(try selectOperation(in: Self.document, named: "B").name?.value == "B")
        let noOperation = #expect(throws: GraphQLError.self) {
            try selectOperation(in: try parse("fragment F on Query { __typename }"), named: nil)
        }
        #expect(noOperation?.code == "OPERATION_NOT_FOUND")
    }
}
