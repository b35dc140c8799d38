/// `value` as `Target` when its dynamic type is exactly `Target`, else nil: a metadata comparison
/// where `as?` runs the general dynamic cast machinery. Completion and typed resolvers call it for
/// every value.
@inlinable @inline(__always)
func exactCast<Target>(_ value: any Sendable, to _: Target.Type) -> Target? {
    guard type(of: value) == Target.self else { return nil }
    // Passing the parameter on opens the existential (SE-0352); a stored property passed
    // directly would not be opened.
    func cast<Value>(_ opened: Value) -> Target { unsafeBitCast(opened, to: Target.self) }
    return cast(value)
}
