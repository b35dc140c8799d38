import Foundation
import Testing

@testable import GraphQLEngine

/// Introspection answered as graphql-js 16 answers it, for a schema using everything an
/// introspection result can carry: sdl.graphql followed by introspection-extras.graphql.
///
/// The query and graphql-js's answer were written by graphql-js itself; no node is needed here.
/// To rewrite them after changing either SDL file (Debian's node-graphql):
///
///     NODE_PATH=/usr/share/nodejs node Tests/GraphQLEngineTests/Fixtures/introspection-graphql-js.js
///
/// The round trip clients make — buildClientSchema of our answer, printed sorted, against
/// buildSchema of the SDL printed sorted — runs with graphql-js too, on an answer this test writes:
///
///     FIXTURE_INTROSPECTION_RESULT=/tmp/ours.json FOODGRAPH_LIGHT=1 swift test --filter GraphQLJSIntrospectionTests
///     NODE_PATH=/usr/share/nodejs node Tests/GraphQLEngineTests/Fixtures/introspection-graphql-js.js \
///         roundtrip /tmp/ours.json
///
/// It prints `identical: N lines`, or each line that differs and exits 1. For FoodGraph's own schema
/// the server's answer goes through the same round trip: see IntrospectionRoundTripTests.
struct GraphQLJSIntrospectionTests {
    static func schema() throws -> ExecutableSchema {
        let sdl = try PrinterTests.fixture("sdl.graphql") + "\n" + PrinterTests.fixture("introspection-extras.graphql")
        return try IntrospectionTests.executable(sdl)
    }

    static func answer(_ query: String, writingTo path: String? = nil) async throws -> JSONValue {
        let result = await execute(try schema(), ExecutionRequest(document: try parse(query)))
        let bytes = Data(result.jsonBytes())
        if let path { try bytes.write(to: URL(fileURLWithPath: path)) }
        return try JSONDecoder().decode(JSONValue.self, from: bytes)
    }

    static func expected() throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(try PrinterTests.fixture("introspection-graphql-js.json").utf8))
    }

    @Test func graphQLJSQueryAnswersLikeGraphQLJS() async throws {
        let actual = try await Self.answer(
            try PrinterTests.fixture("introspection-graphql-js.query.graphql"),
            writingTo: ProcessInfo.processInfo.environment["FIXTURE_INTROSPECTION_RESULT"])
        let differences = JSONValue.differences(try Self.expected(), actual)
        #expect(differences.isEmpty, "\(differences.count) differences:\n\(differences.prefix(60).joined(separator: "\n"))")
    }

    /// Our own query asks for `isOneOf` as well (graphql-js 16.9 and later); otherwise the same answer.
    @Test func ourQueryAnswersLikeGraphQLJSWithIsOneOf() async throws {
        var actual = try await Self.answer(IntrospectionQuery.text)
        var isOneOf: [String: JSONValue] = [:]
        if case .object(var root) = actual, case .object(var data)? = root["data"], case .object(var schema)? = data["__schema"],
            case .array(var types)? = schema["types"]
        {
            for index in types.indices {
                guard case .object(var type) = types[index], case .string(let name)? = type["name"] else { continue }
                isOneOf[name] = type.removeValue(forKey: "isOneOf")
                types[index] = .object(type)
            }
            schema["types"] = .array(types)
            data["__schema"] = .object(schema)
            root["data"] = .object(data)
            actual = .object(root)
        }
        let differences = JSONValue.differences(try Self.expected(), actual)
        #expect(differences.isEmpty, "\(differences.count) differences:\n\(differences.prefix(60).joined(separator: "\n"))")
        let oneOf = isOneOf.filter { $0.value == .bool(true) }.keys.sorted()
        #expect(oneOf == ["DiaryFoodInput", "DocumentKey", "RevokeSessionsInput", "WeeklyBudgetInput"])
        #expect(isOneOf["DocumentFilter"] == .bool(false))
        #expect(isOneOf["Document"] == .null)
        #expect(isOneOf.count == 164)
    }

    /// Without `includeDeprecated`, every list leaves out what graphql-js's answer marks deprecated.
    @Test func listsLeaveOutWhatIsDeprecatedByDefault() async throws {
        let actual = try await Self.answer(
            """
            { __schema {
                types { name fields { name args { name } } inputFields { name } enumValues { name } }
                directives { name args { name } } } }
            """)
        guard case .object(let root) = try Self.expected(), case .object(let data)? = root["data"],
            case .object(let schema)? = data["__schema"], case .array(let types)? = schema["types"],
            case .array(let directives)? = schema["directives"]
        else {
            Issue.record("not an introspection result")
            return
        }
        let expectedTypes = types.map { type -> JSONValue in
            guard case .object(let type) = type else { return .null }
            return .object([
                "name": type["name"] ?? .null, "fields": Self.current(type["fields"], withArguments: true),
                "inputFields": Self.current(type["inputFields"]), "enumValues": Self.current(type["enumValues"]),
            ])
        }
        let expectedDirectives = directives.map { directive -> JSONValue in
            guard case .object(let directive) = directive else { return .null }
            return .object(["name": directive["name"] ?? .null, "args": Self.current(directive["args"])])
        }
        let expected = JSONValue.object([
            "data": .object(["__schema": .object(["types": .array(expectedTypes), "directives": .array(expectedDirectives)])])
        ])
        let differences = JSONValue.differences(expected, actual)
        #expect(differences.isEmpty, "\(differences.count) differences:\n\(differences.prefix(60).joined(separator: "\n"))")
    }

    /// Defaults graphql-js finds no literal for read null: one that does not coerce to its type
    /// (schemas are not validated for that, in graphql-js neither), and a custom scalar's list or
    /// object, where graphql-js also fails the field with an error we do not raise.
    @Test func defaultsWithoutALiteralReadNull() async throws {
        let schema = try IntrospectionTests.executable(
            #"scalar JSON type Query { a(object: JSON = {a: 1}, list: JSON = [1], invalid: Int = "x", ok: JSON = "x"): Int }"#)
        let result = await execute(
            schema, ExecutionRequest(document: try parse(#"{ __type(name: "Query") { fields { args { defaultValue } } } }"#)))
        #expect(
            String(decoding: result.jsonBytes(), as: UTF8.self)
                == #"{"data":{"__type":{"fields":[{"args":[{"defaultValue":null},{"defaultValue":null},{"defaultValue":null},{"defaultValue":"\"x\""}]}]}}}"#
        )
    }

    /// The names of a list's elements that are not deprecated, with those of their arguments.
    private static func current(_ list: JSONValue?, withArguments: Bool = false) -> JSONValue {
        guard case .array(let elements)? = list else { return .null }
        return .array(
            elements.compactMap { element in
                guard case .object(let object) = element, object["isDeprecated"] != .bool(true) else { return nil }
                var kept: [String: JSONValue] = ["name": object["name"] ?? .null]
                if withArguments { kept["args"] = current(object["args"]) }
                return .object(kept)
            })
    }
}

/// A JSON value that tells booleans from numbers, as comparing with graphql-js's answers needs.
enum JSONValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Every difference between two values, each with its path. Arrays of objects with distinct
    /// names are matched by name, so that one missing type or field reads as that rather than as
    /// every later element differing; their order is compared on its own.
    static func differences(_ expected: JSONValue, _ actual: JSONValue, at path: String = "$") -> [String] {
        switch (expected, actual) {
        case (.object(let expected), .object(let actual)):
            var differences: [String] = []
            for key in expected.keys.sorted() {
                if let value = actual[key] {
                    differences += Self.differences(expected[key]!, value, at: path + "." + key)
                } else {
                    differences.append("\(path).\(key): missing")
                }
            }
            for key in actual.keys.sorted() where expected[key] == nil {
                differences.append("\(path).\(key): unexpected, \(actual[key]!)")
            }
            return differences
        case (.array(let expected), .array(let actual)):
            if let expectedNames = names(expected), let actualNames = names(actual) {
                return namedDifferences(expected, expectedNames, actual, actualNames, at: path)
            }
            var differences: [String] = []
            if expected.count != actual.count {
                differences.append("\(path): \(expected.count) elements expected, \(actual.count) found")
            }
            for index in 0..<min(expected.count, actual.count) {
                differences += Self.differences(expected[index], actual[index], at: "\(path)[\(index)]")
            }
            return differences
        default:
            return expected == actual ? [] : ["\(path): expected \(expected), found \(actual)"]
        }
    }

    private static func namedDifferences(
        _ expected: [JSONValue], _ expectedNames: [String], _ actual: [JSONValue], _ actualNames: [String], at path: String
    ) -> [String] {
        var differences: [String] = []
        let actualByName = Dictionary(uniqueKeysWithValues: zip(actualNames, actual))
        let expectedSet = Set(expectedNames)
        for (name, value) in zip(expectedNames, expected) {
            if let other = actualByName[name] {
                differences += Self.differences(value, other, at: "\(path)[\(name)]")
            } else {
                differences.append("\(path)[\(name)]: missing")
            }
        }
        for name in actualNames where !expectedSet.contains(name) { differences.append("\(path)[\(name)]: unexpected") }
        let common = expectedNames.filter { actualByName[$0] != nil }
        let actualCommon = actualNames.filter { expectedSet.contains($0) }
        if common != actualCommon {
            differences.append("\(path): order \(actualCommon.joined(separator: " ")), expected \(common.joined(separator: " "))")
        }
        return differences
    }

    /// The names of an array of named objects, when every element has a distinct one.
    private static func names(_ array: [JSONValue]) -> [String]? {
        let names = array.compactMap { element -> String? in
            guard case .object(let object) = element, case .string(let name)? = object["name"] else { return nil }
            return name
        }
        guard !names.isEmpty, names.count == array.count, Set(names).count == names.count else { return nil }
        return names
    }
}

extension JSONValue: CustomStringConvertible {
    var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .number(let value): "\(value)"
        case .string(let value): printString(value)
        case .array(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .object(let fields):
            "{" + fields.keys.sorted().map { printString($0) + ": " + fields[$0]!.description }.joined(separator: ", ") + "}"
        }
    }
}
