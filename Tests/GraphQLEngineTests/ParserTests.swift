import Foundation
import Testing

@testable import GraphQLEngine

struct ParserTests {
    @Test func nodesKeepLinesAndUTF16Columns() throws {
        let document = try parse("# é\n{ a(x: \"éé😀\") b }")
        guard case .operation(let operation) = document.definitions.first,
            case .field(let last) = operation.selectionSet.selections.last
        else {
            Issue.record("not a field")
            return
        }
        #expect(operation.location.line == 2 && operation.location.column == 1)
        // é is one UTF-16 unit, 😀 two: `b` is at column 16, where graphql-js puts it.
        #expect(last.name.location == Location(start: 24, end: 25, line: 2, column: 16))
    }

    @Test func locationsCountUTF16UnitsLikeGraphQLJS() {
        // The emoji is two UTF-16 units: the error column after it is 7, as graphql-js reports.
        do {
            _ = try parse("{ \"😀\" }")
            Issue.record("parsed")
        } catch {
            #expect(error.locations == [SourceLocation(line: 1, column: 3)])
        }
        do {
            _ = try parse("{ a(x: \"😀\") ? }")
            Issue.record("parsed")
        } catch {
            #expect(error.message == "Syntax Error: Unexpected character: \"?\".")
            #expect(error.locations == [SourceLocation(line: 1, column: 14)])
        }
    }

    @Test func stringsAndBlockStringsAreProcessed() throws {
        let value = try parseValue(#""a\u00e9\uD83D\uDE00\u{1F600}\n\"""#)
        #expect(value == .string(StringValueNode(value: "aé😀😀\n\"", isBlock: false, location: value.location)))
        let block = try parseValue("\"\"\"\n    first\n      second\n\n    \\\"\"\" end\n  \"\"\"")
        guard case .string(let node) = block else {
            Issue.record("not a string")
            return
        }
        #expect(node.value == "first\n  second\n\n\"\"\" end")
        #expect(node.isBlock)
    }

    @Test func numbersKeepTheirText() throws {
        #expect(try parseValue("-0") == .int("-0", Location(start: 0, end: 2, line: 1, column: 1)))
        #expect(try parseValue("1.5e-3") == .float("1.5e-3", Location(start: 0, end: 6, line: 1, column: 1)))
    }

    @Test func typesAndTypeSystemDocumentsParse() throws {
        #expect(printType(try parseType("[[String!]]!")) == "[[String!]]!")
        let document = try parse(
            """
            "A thing" interface Node implements Entity & Other @key { id: ID! }
            extend schema @a
            extend union U = A | B
            directive @d(x: Int = 1) repeatable on FIELD | QUERY
            enum E { A @deprecated(reason: "no") B }
            input I @oneOf { a: Int b: String }
            """)
        #expect(document.definitions.count == 6)
    }

    @Test func operationDescriptionsFollowTheSeptember2025Edition() throws {
        let document = try parse("\"Loads me\" query Me(\"the id\" $id: ID) { a }")
        guard case .operation(let operation) = document.definitions.first else {
            Issue.record("not an operation")
            return
        }
        #expect(operation.description?.value == "Loads me")
        #expect(operation.variableDefinitions.first?.description?.value == "the id")
    }

    @Test func theTokenLimitStopsHugeDocuments() {
        let source = "{ " + String(repeating: "a ", count: 200) + "}"
        #expect(throws: GraphQLError.self) { try parse(source, options: ParseOptions(maxTokens: 100)) }
        do {
            _ = try parse(source, options: ParseOptions(maxTokens: 100))
        } catch {
            #expect(error.message == "Syntax Error: Document contains more than 100 tokens. Parsing aborted.")
        }
        #expect(throws: Never.self) { try parse(source, options: ParseOptions(maxTokens: 202)) }
    }

    @Test func deepNestingIsASyntaxErrorNotACrash() {
        let depth = 100_000
        for source in [
            String(repeating: "{a", count: depth) + String(repeating: "}", count: depth),
            "{ a(x: " + String(repeating: "[", count: depth) + ") }",
            "{ a(x: " + String(repeating: "{a: ", count: depth) + ") }",
            "query ($a: " + String(repeating: "[", count: depth) + "Int) { a }",
        ] {
            do {
                _ = try parse(source)
                Issue.record("parsed")
            } catch {
                #expect(error.message == "Syntax Error: Document is nested more than 128 levels deep. Parsing aborted.")
            }
        }
    }

    /// Random documents from a seeded generator: each run draws a new seed, which a failure (or a
    /// crash) prints; `FOODGRAPH_FUZZ_SEED=<seed> swift test --filter randomAndTruncated` replays it.
    @Test func randomAndTruncatedInputNeverCrash() throws {
        let sink = """
            query Q($a: [Int!]! = [1], $b: In @d) @x { a: b(c: {d: "e\\u00e9", f: \"\"\"g\"\"\"}) ...F ... on T { c } }
            fragment F on T { x } type T implements I & J @k { f(a: Int = 1): [T!]! } "d" enum E { A }
            """
        let bytes = Array(sink.utf8)
        for end in 0...bytes.count {
            _ = try? parse(String(decoding: bytes[0..<end], as: UTF8.self))
        }
        let seed = try FuzzSeed.chosen()
        var generator = SplitMix64(seed: seed)
        let replay = "seed \(seed); replay with FOODGRAPH_FUZZ_SEED=\(seed)"
        let alphabet = Array("{}()[]:$@!=|&.\"\\#,\n aA0-_ôéonfragmenttypequery\u{1F600}\u{0}\r\t".unicodeScalars)
        FuzzSeed.reportingCrashes(replay) {
            for _ in 0..<3000 {
                let length = Int.random(in: 0..<60, using: &generator)
                var text = String.UnicodeScalarView()
                for _ in 0..<length { text.append(alphabet.randomElement(using: &generator) ?? "a") }
                let source = String(text)
                let document: DocumentNode
                do throws(GraphQLError) {
                    document = try parse(source)
                } catch {
                    #expect(error.message.hasPrefix("Syntax Error"), "\(replay): \(error.message) for \(source.debugDescription)")
                    continue
                }
                // What parses prints to a document that parses again and prints the same.
                let printed = printAST(document)
                do throws(GraphQLError) {
                    #expect(printAST(try parse(printed)) == printed, "\(replay): \(source.debugDescription)")
                } catch {
                    Issue.record("\(replay): the printed form of \(source.debugDescription) does not parse: \(error.message)")
                }
            }
        }
    }
}

/// SplitMix64: a small generator whose whole sequence follows from its seed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The fuzz seed: `FOODGRAPH_FUZZ_SEED` when set, a fresh random one otherwise.
enum FuzzSeed {
    static func chosen() throws -> UInt64 {
        guard let text = ProcessInfo.processInfo.environment["FOODGRAPH_FUZZ_SEED"], !text.isEmpty else {
            return UInt64.random(in: .min ... .max)
        }
        guard let seed = UInt64(text) else {
            throw FuzzSeedError(text: text)
        }
        return seed
    }

    struct FuzzSeedError: Error, CustomStringConvertible {
        var text: String
        var description: String { "FOODGRAPH_FUZZ_SEED must be a whole number from 0 to 2^64-1, not \"\(text)\"." }
    }

    /// The message a fatal signal prints, kept in C memory: a signal handler may only `write` it.
    nonisolated(unsafe) private static var crashMessage: UnsafeMutableBufferPointer<CChar>?
    private static let lock = NSLock()
    private static let signals: [Int32] = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE]

    /// Runs `body` with handlers that print `replay` to standard error if the process dies of a
    /// trap or a fault meanwhile (a crash ends the test run before any failure is reported), then
    /// let the signal take its default course.
    static func reportingCrashes(_ replay: String, _ body: () throws -> Void) rethrows {
        lock.lock()
        defer { lock.unlock() }
        let text = Array("\nCrashed while the parser fuzz test ran: \(replay)\n".utf8CString)
        let buffer = UnsafeMutableBufferPointer<CChar>.allocate(capacity: text.count)
        _ = buffer.initialize(from: text)
        crashMessage = buffer
        var previous: [Int32: sigaction] = [:]
        for signal in signals {
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = { signal in
                if let message = FuzzSeed.crashMessage { _ = write(2, message.baseAddress, message.count - 1) }
                raise(signal)  // SA_RESETHAND restored the default action.
            }
            #else
            action.__sigaction_u.__sa_handler = { signal in
                if let message = FuzzSeed.crashMessage { _ = write(2, message.baseAddress, message.count - 1) }
                raise(signal)  // SA_RESETHAND restored the default action.
            }
            #endif
            action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)
            var old = sigaction()
            sigaction(signal, &action, &old)
            previous[signal] = old
        }
        defer {
            for signal in signals {
                if var old = previous[signal] { sigaction(signal, &old, nil) }
            }
            crashMessage = nil
            buffer.deallocate()
        }
        try body()
    }
}
