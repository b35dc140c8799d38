/// Reading a `JSONSerialization` tree of a GraphQL response in tests.
public enum JSONTree {
    /// A value by dotted path: `"data.me.email"`, with list indices as numbers.
    public static func value(_ json: [String: Any], at path: String) -> Any? {
        var current: Any? = json
        for part in path.split(separator: ".") {
            if let index = Int(part), let list = current as? [Any] {
                current = index < list.count ? list[index] : nil
            } else {
                current = (current as? [String: Any])?[String(part)]
            }
        }
        return current
    }

    /// The `extensions.code` of every error, in order.
    public static func errorCodes(_ json: [String: Any]) -> [String] {
        ((json["errors"] as? [[String: Any]]) ?? []).compactMap { ($0["extensions"] as? [String: Any])?["code"] as? String }
    }
}

import Testing

extension JSONTree {
    /// Fails the test for every error in the response whose code is not one of `expected` (an error
    /// without a code, too), so a test never passes over an error it did not ask for.
    public static func expectOnly(_ expected: Set<String>, in json: [String: Any], sourceLocation: SourceLocation) {
        for error in (json["errors"] as? [[String: Any]]) ?? [] {
            let code = (error["extensions"] as? [String: Any])?["code"] as? String
            if let code, expected.contains(code) { continue }
            Issue.record("Unexpected error \(code ?? "without a code"): \(error["message"] ?? "") at \(error["path"] ?? "")", sourceLocation: sourceLocation)
        }
    }
}
