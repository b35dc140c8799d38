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
