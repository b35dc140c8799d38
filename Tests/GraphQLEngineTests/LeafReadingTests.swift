import Testing

@testable import GraphQLEngine

/// A field bound to a built-in scalar's usual Swift type is written as its leaf, without the
/// general completion (`SourceLeafReader`): each value must come out as the general path writes
/// it, nulls and errors included.
@Suite struct LeafReadingTests {
    static let sdl = """
        type Query { sample: Sample! }
        type Sample {
          text: String!, missingText: String, count: Int!, tooLarge: Int, missingCount: Int,
          ratio: Float!, infinite: Float, missingRatio: Float, flag: Boolean!, missingFlag: Boolean
        }
        """
    static let query = "{ sample { text missingText count tooLarge missingCount ratio infinite missingRatio flag missingFlag } }"

    struct Sample: ObjectValue {
        static let graphQLTypeName = "Sample"
    }

    /// Each field's value, bound through `ObjectBinder` (read as a leaf) or through resolvers that
    /// return it as an `any Sendable` (the general path).
    static func response(typed: Bool) async throws -> String {
        var resolvers = Resolvers()
        resolvers.field("Query", "sample") { _ in .value(Sample()) }
        if typed {
            resolvers.object(Sample.self, context: Void.self) { sample in
                sample.field("text") { _ in "Bowl" }
                sample.field("missingText") { _ in String?.none }
                sample.field("count") { _ in 3 }
                sample.field("tooLarge") { _ in Int?.some(1 << 40) }
                sample.field("missingCount") { _ in Int?.none }
                sample.field("ratio") { _ in 0.5 }
                sample.field("infinite") { _ in Double?.some(.infinity) }
                sample.field("missingRatio") { _ in Double?.none }
                sample.field("flag") { _ in true }
                sample.field("missingFlag") { _ in Bool?.none }
            }
        } else {
            let values: [(String, (any Sendable)?)] = [
                ("text", "Bowl"), ("missingText", nil), ("count", 3), ("tooLarge", 1 << 40),
                ("missingCount", nil), ("ratio", 0.5), ("infinite", Double.infinity), ("missingRatio", nil),
                ("flag", true), ("missingFlag", nil),
            ]
            for (name, value) in values { resolvers.field("Sample", name) { _ in .value(value) } }
        }
        let schema = try ExecutableSchema(schema: try SchemaBuilder.build(sdl: sdl), resolvers: resolvers)
        let result = await execute(schema, ExecutionRequest(document: try parse(query)))
        return String(decoding: result.jsonBytes(), as: UTF8.self)
    }

    @Test func leavesReadAsLeavesAnswerAsTheGeneralPathDoes() async throws {
        let typed = try await Self.response(typed: true)
        #expect(typed == (try await Self.response(typed: false)))
        #expect(typed.contains(#""text":"Bowl","missingText":null,"count":3,"tooLarge":null"#))
        #expect(typed.contains(#""ratio":0.5,"infinite":null,"missingRatio":null,"flag":true,"missingFlag":null"#))
        #expect(typed.contains(#""path":["sample","tooLarge"]"#))
        #expect(typed.contains(#""path":["sample","infinite"]"#))
    }

    @Test func aReaderServesOnlyItsScalarsUsualType() throws {
        let text = try #require(SourceLeafReader(reading: String.self) { _ in "Bowl" })
        #expect(try text.read(()) == .string("Bowl"))
        #expect(text.scalar == .string)
        #expect(try #require(SourceLeafReader(reading: String?.self) { _ in nil }).read(()) == .null)
        // nil: not a leaf as it is, left to the general path's error.
        #expect(try #require(SourceLeafReader(reading: Int.self) { _ in 1 << 40 }).read(()) == nil)
        #expect(try #require(SourceLeafReader(reading: Double.self) { _ in .nan }).read(()) == nil)
        #expect(try #require(SourceLeafReader(reading: Bool?.self) { _ in false }).read(()) == .boolean(false))
        #expect(SourceLeafReader(reading: [String].self) { _ in [] } == nil)
        #expect(SourceLeafReader(reading: Float.self) { _ in 1 } == nil)
    }
}
