/// Decodes coerced input values (arguments, input objects, enum values) into `Decodable` Swift
/// types. Input coercion has already checked the values against the schema, so what fails here is
/// a Swift type's own rule (a bound, a format), reported with the path of the value at fault.
public struct InputDecoder: Sendable {
    public init() {}

    public func decode<Value: Decodable>(_ type: Value.Type, from object: GraphQLObject) throws -> Value {
        try Value(from: ValueDecoder(value: .object(object), codingPath: [], recorder: nil))
    }

    public func decode<Value: Decodable>(_ type: Value.Type, from value: GraphQLValue) throws -> Value {
        try Value(from: ValueDecoder(value: value, codingPath: [], recorder: nil))
    }

    /// Decodes while noting every key the type asks for, and how: what the binding check compares
    /// with the input type's fields.
    func decode<Value: Decodable>(_ type: Value.Type, from value: GraphQLValue, recorder: KeyRecorder) throws -> Value {
        try Value(from: ValueDecoder(value: value, codingPath: [], recorder: recorder))
    }
}

/// The keys a decoding asked for, by the path of the object they were asked of.
final class KeyRecorder: @unchecked Sendable {
    struct Request: Hashable {
        var path: [String]
        var key: String
        var isOptional: Bool
    }

    private(set) var requests: [Request] = []

    func record(_ path: [any CodingKey], _ key: String, optional: Bool) {
        requests.append(Request(path: path.compactMap { $0.intValue == nil ? $0.stringValue : nil }, key: key, isOptional: optional))
    }
}

private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

private struct ValueDecoder: Decoder {
    let value: GraphQLValue
    let codingPath: [any CodingKey]
    let recorder: KeyRecorder?
    var userInfo: [CodingUserInfoKey: Any] { recorder == nil ? [:] : [.bindingCheck: true] }

    func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else { throw mismatch(GraphQLObject.self, value, codingPath) }
        return KeyedDecodingContainer(KeyedContainer<Key>(object: object, codingPath: codingPath, recorder: recorder))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .list(let items) = value else { throw mismatch([GraphQLValue].self, value, codingPath) }
        return UnkeyedContainer(items: items, codingPath: codingPath, recorder: recorder)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValue(value: value, codingPath: codingPath, recorder: recorder)
    }
}

private func mismatch(_ type: Any.Type, _ value: GraphQLValue, _ path: [any CodingKey]) -> DecodingError {
    .typeMismatch(type, DecodingError.Context(codingPath: path, debugDescription: "Expected \(type), found \(value)."))
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: GraphQLObject
    let codingPath: [any CodingKey]
    let recorder: KeyRecorder?

    var allKeys: [Key] { object.fields.compactMap { Key(stringValue: $0.name) } }

    func contains(_ key: Key) -> Bool {
        recorder?.record(codingPath, key.stringValue, optional: true)
        return object.contains(key.stringValue)
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        recorder?.record(codingPath, key.stringValue, optional: true)
        guard let value = object[key.stringValue] else { return true }
        return value == .null
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        recorder?.record(codingPath, key.stringValue, optional: false)
        guard let value = object[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, DecodingError.Context(codingPath: codingPath, debugDescription: "\"\(key.stringValue)\" is required."))
        }
        return try T(from: ValueDecoder(value: value, codingPath: codingPath + [key], recorder: recorder))
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        recorder?.record(codingPath, key.stringValue, optional: true)
        guard let value = object[key.stringValue], value != .null else { return nil }
        return try T(from: ValueDecoder(value: value, codingPath: codingPath + [key], recorder: recorder))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try ValueDecoder(value: object[key.stringValue] ?? .null, codingPath: codingPath + [key], recorder: recorder)
            .container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try ValueDecoder(value: object[key.stringValue] ?? .null, codingPath: codingPath + [key], recorder: recorder)
            .unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { ValueDecoder(value: .object(object), codingPath: codingPath, recorder: recorder) }
    func superDecoder(forKey key: Key) throws -> any Decoder {
        ValueDecoder(value: object[key.stringValue] ?? .null, codingPath: codingPath + [key], recorder: recorder)
    }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let items: [GraphQLValue]
    let codingPath: [any CodingKey]
    let recorder: KeyRecorder?
    var currentIndex = 0

    init(items: [GraphQLValue], codingPath: [any CodingKey], recorder: KeyRecorder?) {
        self.items = items
        self.codingPath = codingPath
        self.recorder = recorder
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private mutating func next() throws -> ValueDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                GraphQLValue.self, DecodingError.Context(codingPath: codingPath, debugDescription: "The list has no more items."))
        }
        defer { currentIndex += 1 }
        return ValueDecoder(value: items[currentIndex], codingPath: codingPath + [AnyKey(intValue: currentIndex)], recorder: recorder)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: next()) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next() }
}

private struct SingleValue: SingleValueDecodingContainer {
    let value: GraphQLValue
    let codingPath: [any CodingKey]
    let recorder: KeyRecorder?

    func decodeNil() -> Bool { value == .null }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .boolean(let bool) = value else { throw mismatch(type, value, codingPath) }
        return bool
    }

    /// Strings, IDs, enum values' names and custom scalars that serialise to text.
    func decode(_ type: String.Type) throws -> String {
        switch value {
        case .string(let string), .enumValue(let string): return string
        default: throw mismatch(type, value, codingPath)
        }
    }

    func decode(_ type: Double.Type) throws -> Double {
        switch value {
        case .float(let double): return double
        case .int(let int): return Double(int)
        default: throw mismatch(type, value, codingPath)
        }
    }

    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }

    func decode(_ type: Int.Type) throws -> Int {
        guard case .int(let int) = value else { throw mismatch(type, value, codingPath) }
        return int
    }

    func decode(_ type: Int8.Type) throws -> Int8 { try narrow(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try narrow(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try narrow(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try narrow(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try narrow(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try narrow(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try narrow(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try narrow(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try narrow(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try T(from: ValueDecoder(value: value, codingPath: codingPath, recorder: recorder))
    }

    private func narrow<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard let narrowed = T(exactly: try decode(Int.self)) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: codingPath, debugDescription: "The number is out of range."))
        }
        return narrowed
    }
}

extension DecodingError {
    /// The input path of the value at fault, e.g. `["food", "customFood", "name"]`.
    public var inputPath: [String] {
        let context: Context? =
            switch self {
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context): context
            case .keyNotFound(let key, let context):
                Context(codingPath: context.codingPath + [key], debugDescription: context.debugDescription)
            @unknown default: nil
            }
        return (context?.codingPath ?? []).map { $0.intValue.map(String.init) ?? $0.stringValue }
    }

    /// The plain-language reason a Swift type gave.
    public var reason: String {
        switch self {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context),
            .keyNotFound(_, let context):
            context.debugDescription
        @unknown default: "The value is invalid."
        }
    }
}
