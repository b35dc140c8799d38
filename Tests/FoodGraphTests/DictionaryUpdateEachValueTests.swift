import Testing

@testable import FoodGraph

struct DictionaryUpdateEachValueTests {
    /// Each value changes where it is: a page's edges are not copied, nor with them every
    /// reference their records hold (looping over `values.indices` copied them all).
    @Test func everyValueChangesInPlace() {
        var pages: [Int: [String]] = [:]
        for page in 0..<4 { pages[page] = (0..<3).map { "edge \($0) of page \(page), long enough to be allocated" } }
        func storage(_ pages: [Int: [String]]) -> [Int: UInt] {
            pages.mapValues { edges in edges.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } }
        }
        let before = storage(pages)
        pages.updateEachValue { edges in
            for index in edges.indices { edges[index] += "!" }
        }
        #expect(storage(pages) == before)
        #expect(pages.values.allSatisfy { edges in edges.count == 3 && edges.allSatisfy { $0.hasSuffix("allocated!") } })
    }
}
