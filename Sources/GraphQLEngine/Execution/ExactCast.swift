/// `value` as `Target` when the type it was stored as is exactly `Target`, else nil: a comparison
/// of the existential's metadata where `as?` runs the general dynamic cast machinery (and even
/// `type(of:)` a runtime call). Completion and typed resolvers call it for every value; a nil
/// sends them to `as?`, which also finds subclasses and nested existentials.
@inlinable @inline(__always)
func exactCast<Target>(_ value: any Sendable, to _: Target.Type) -> Target? {
    // Passing the parameter on opens the existential (SE-0352); a stored property passed
    // directly would not be opened.
    func cast<Value>(_ opened: Value) -> Target? {
        guard Value.self == Target.self else { return nil }
        return unsafeBitCast(opened, to: Target.self)
    }
    return cast(value)
}
