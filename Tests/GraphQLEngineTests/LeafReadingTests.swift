import Testing

@testable import GraphQLEngine

/// A field bound to a built-in scalar's usual Swift type, or to a `LeafValue`, is written as its
/// leaf, without the general completion (`SourceLeafReader`): each value must come out as the
/// general path writes it, nulls and errors included.
@Suite struct LeafReadingTests {
    static let sdl = """
        scalar Code
        type Query { sample: Sample! }
        type Sample {
          text: String!, missingText: String, count: Int!, tooLarge: Int, missingCount: Int,
          ratio: Float!, infinite: Float, missingRatio: Float, flag: Boolean!, missingFlag: Boolean,
          code: Code!, blankCode: Code, missingCode: Code
        }
        """
    static let query = """
        { sample { text missingText count tooLarge missingCount ratio infinite missingRatio flag missingFlag \
        code blankCode missingCode } }
        """

    struct Sample: ObjectValue {
        static let graphQLTypeName = "Sample"
    }

    /// A custom scalar: upper-case letters, never empty.
    struct Code: LeafValue {
        let text: String
        static var outputShape: TypeShape { .nonNull("Code") }
        static var needsConversion: Bool { true }
        var outputResult: (any Sendable)? { text }
        static var leafScalar: String { "Code" }
        var leaf: GraphQLValue? { text.isEmpty ? nil : .string(text.uppercased()) }
    }

    struct CodeCoercion: ScalarCoercing {
        func serialize(_ value: any Sendable) throws -> GraphQLValue {
            guard let text = value as? String, !text.isEmpty else { throw ScalarCoercionError("Code cannot represent value: \(value)") }
            return .string(text.uppercased())
        }
        func parseValue(_ value: GraphQLValue) throws -> GraphQLValue { value }
        func parseLiteral(_ node: ValueNode) throws -> GraphQLValue { throw ScalarCoercionError("not an input") }
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
                sample.field("code") { _ in Code(text: "bowl") }
                sample.field("blankCode") { _ in Code?.some(Code(text: "")) }
                sample.field("missingCode") { _ in Code?.none }
            }
        } else {
            let values: [(String, (any Sendable)?)] = [
                ("text", "Bowl"), ("missingText", nil), ("count", 3), ("tooLarge", 1 << 40),
                ("missingCount", nil), ("ratio", 0.5), ("infinite", Double.infinity), ("missingRatio", nil),
                ("flag", true), ("missingFlag", nil), ("code", "bowl"), ("blankCode", ""), ("missingCode", nil),
            ]
            for (name, value) in values { resolvers.field("Sample", name) { _ in .value(value) } }
        }
        let schema = try ExecutableSchema(schema: try SchemaBuilder.build(sdl: sdl, scalars: ["Code": CodeCoercion()]), resolvers: resolvers)
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
        #expect(typed.contains(#""flag":true,"missingFlag":null,"code":"BOWL","blankCode":null,"missingCode":null"#))
        #expect(typed.contains(#""path":["sample","blankCode"]"#))
    }

    @Test func aReaderServesOnlyItsScalarsUsualType() throws {
        let text = try #require(SourceLeafReader(reading: String.self) { _ in "Bowl" })
        #expect(try text.read(()) == .string("Bowl"))
        #expect(text.scalar == "String")
        #expect(try #require(SourceLeafReader(reading: String?.self) { _ in nil }).read(()) == .null)
        // nil: not a leaf as it is, left to the general path's error.
        #expect(try #require(SourceLeafReader(reading: Int.self) { _ in 1 << 40 }).read(()) == nil)
        #expect(try #require(SourceLeafReader(reading: Double.self) { _ in .nan }).read(()) == nil)
        #expect(try #require(SourceLeafReader(reading: Bool?.self) { _ in false }).read(()) == .boolean(false))
        #expect(SourceLeafReader(reading: [String].self) { _ in [] } == nil)
        #expect(SourceLeafReader(reading: Float.self) { _ in 1 } == nil)
        let code = try #require(SourceLeafReader(reading: Code?.self) { _ in Code(text: "bowl") })
        #expect(code.scalar == "Code")
        #expect(try code.read(()) == .string("BOWL"))
        #expect(try #require(SourceLeafReader(reading: Code?.self) { _ in nil }).read(()) == .null)
    }
}
