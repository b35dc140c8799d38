import CJansson
import GraphQLEngine

/// Request JSON parsed with jansson into engine values.
enum JSONBody {
    struct ParseError: Error {
        var message: String
    }

    static func parse(_ bytes: [UInt8]) throws(ParseError) -> GraphQLValue {
        var error = json_error_t()
        let root = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    json_loadb($0, buffer.count, Int(JSON_DECODE_ANY | JSON_REJECT_DUPLICATES | JSON_ALLOW_NUL), &error)
                }
            } ?? nil
        }
        guard let root else {
            let text = withUnsafeBytes(of: error.text) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            throw ParseError(message: bytes.isEmpty ? "The request body is empty." : "The request body is not valid JSON: \(text).")
        }
        defer { json_decref(root) }
        return value(of: root)
    }

    private static func value(of json: UnsafeMutablePointer<json_t>) -> GraphQLValue {
        switch json.pointee.type {
        case JSON_OBJECT:
            var fields: [(name: String, value: GraphQLValue)] = []
            fields.reserveCapacity(json_object_size(json))
            var iterator = json_object_iter(json)
            while let current = iterator {
                let key = String(cString: json_object_iter_key(current))
                if let member = json_object_iter_value(current) { fields.append((key, value(of: member))) }
                iterator = json_object_iter_next(json, current)
            }
            return .object(GraphQLObject(fields))
        case JSON_ARRAY:
            let count = json_array_size(json)
            var items: [GraphQLValue] = []
            items.reserveCapacity(count)
            for index in 0..<count {
                if let item = json_array_get(json, index) { items.append(value(of: item)) }
            }
            return .list(items)
        case JSON_STRING:
            guard let pointer = json_string_value(json) else { return .string("") }
            let length = json_string_length(json)
            return .string(
                pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
                    String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
                })
        case JSON_INTEGER:
            return .int(Int(json_integer_value(json)))
        case JSON_REAL:
            return .float(json_real_value(json))
        case JSON_TRUE:
            return .boolean(true)
        case JSON_FALSE:
            return .boolean(false)
        default:
            return .null
        }
    }
}
