/// `value` as `Target` when its dynamic type is exactly `Target`, else nil. An existential argument
/// is opened implicitly, so this costs a metadata comparison where `as?` runs the general dynamic
/// cast machinery; completion calls it for every leaf value.
@inline(__always)
func exactCast<Value, Target>(_ value: Value, to target: Target.Type) -> Target? {
    Value.self == Target.self ? unsafeBitCast(value, to: Target.self) : nil
}
