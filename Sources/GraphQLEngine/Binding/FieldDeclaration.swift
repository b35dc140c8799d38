/// What a typed binding says about a field, for the schema check: the Swift types behind it.
struct FieldDeclaration: Sendable {
    /// The GraphQL type of the Swift value the resolver returns.
    var shape: TypeShape
    /// The Swift type the resolver returns, for messages.
    var swiftType: String
    /// Decodes a sample of the field's arguments into the resolver's arguments type, noting the
    /// keys it asks for; nil when the resolver reads no arguments.
    var probeArguments: (@Sendable (GraphQLValue, KeyRecorder) throws -> Void)?
    var argumentsType: String?
}

/// An enum type's Swift counterpart, for the schema check.
struct EnumDeclaration: Sendable {
    var swiftType: String
    var names: [String]
}

extension Decoder {
    /// True while the schema check decodes a sample value to learn which keys a type reads:
    /// types that validate what they decode (an ID of one kind, a bounded string) skip the rule
    /// then, so that decoding goes on to every key.
    public var isBindingCheck: Bool { userInfo[.bindingCheck] as? Bool == true }
}

extension CodingUserInfoKey {
    static let bindingCheck = CodingUserInfoKey(rawValue: "graphql.bindingCheck")!
}
