/// An opaque, type-tagged ID of a `Node`: base64url of `TypeName:key`.
///
/// Clients treat IDs as opaque strings; the tag lets `node(id:)` route to the right type and lets
/// an argument that expects one type refuse another's ID.
public struct GlobalID: Hashable, Sendable, CustomStringConvertible {
    public let typeName: String
    public let key: Int64

    public init(typeName: String, key: Int64) {
        self.typeName = typeName
        self.key = key
    }

    /// Decodes an ID, or returns nil when it is not one of ours.
    public init?(parsing text: String) {
        guard text.utf8.count <= 64, let bytes = Base64URL.decode(text),
            let separator = bytes.firstIndex(of: UInt8(ascii: ":")), separator > 0
        else { return nil }
        let name = bytes[..<separator]
        let digits = bytes[(separator + 1)...]
        guard name.allSatisfy({ $0.isASCIILetter }),
            !digits.isEmpty, digits.count <= 19, digits.first != UInt8(ascii: "0") || digits.count == 1,
            digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let key = Int64(String(decoding: digits, as: UTF8.self))
        else { return nil }
        self.typeName = String(decoding: name, as: UTF8.self)
        self.key = key
    }

    public var description: String { Base64URL.encode(Array("\(typeName):\(key)".utf8)) }
}

extension UInt8 {
    fileprivate var isASCIILetter: Bool {
        (self >= UInt8(ascii: "a") && self <= UInt8(ascii: "z")) || (self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z"))
    }
}
