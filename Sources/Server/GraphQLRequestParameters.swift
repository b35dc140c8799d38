import Foundation
import GraphQLEngine

/// The parameters of a GraphQL-over-HTTP request, from a JSON body or a URL query string.
struct GraphQLRequestParameters {
    var query: String?
    var operationName: String?
    var variables: GraphQLObject
    var extensions: GraphQLObject

    struct Invalid: Error {
        var message: String
    }

    init(json: GraphQLValue) throws(Invalid) {
        guard case .object(let object) = json else { throw Invalid(message: "The request body must be a JSON object.") }
        switch object["query"] {
        case .string(let text)?: query = text
        case nil, .null?: query = nil
        default: throw Invalid(message: "`query` must be a string.")
        }
        switch object["operationName"] {
        case .string(let name)?: operationName = name
        case nil, .null?: operationName = nil
        default: throw Invalid(message: "`operationName` must be a string or null.")
        }
        switch object["variables"] {
        case .object(let values)?: variables = values
        case nil, .null?: variables = GraphQLObject()
        default: throw Invalid(message: "`variables` must be an object or null.")
        }
        switch object["extensions"] {
        case .object(let values)?: extensions = values
        case nil, .null?: extensions = GraphQLObject()
        default: throw Invalid(message: "`extensions` must be an object or null.")
        }
    }

    /// GET parameters: `query`, `operationName`, and `variables`/`extensions` as JSON text.
    init(queryString: String) throws(Invalid) {
        var values: [String: String] = [:]
        for pair in queryString.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) -> String? in
                String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
            }
            guard let key = decode(parts[0]), let value = parts.count > 1 ? decode(parts[1]) : "" else {
                throw Invalid(message: "The URL query string is not valid percent-encoding.")
            }
            if values[key] == nil { values[key] = value }
        }
        query = values["query"]
        operationName = values["operationName"].flatMap { $0.isEmpty ? nil : $0 }
        variables = try Self.jsonObject(values["variables"], name: "variables")
        extensions = try Self.jsonObject(values["extensions"], name: "extensions")
    }

    private static func jsonObject(_ text: String?, name: String) throws(Invalid) -> GraphQLObject {
        guard let text, !text.isEmpty else { return GraphQLObject() }
        let value: GraphQLValue
        do {
            value = try JSONBody.parse(Array(text.utf8))
        } catch {
            throw Invalid(message: "`\(name)` must be a JSON object.")
        }
        switch value {
        case .object(let object): return object
        case .null: return GraphQLObject()
        default: throw Invalid(message: "`\(name)` must be a JSON object.")
        }
    }
}
