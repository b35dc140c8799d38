/// An `OutputValue` that makes its own leaf, for a custom scalar's Swift type (a checked decimal's
/// text, an instant) or an `ID`'s: a field read from its source writes `leaf` as it is, where the
/// value was otherwise boxed as its `outputResult` and handed to the scalar's `serialize`, which
/// cast it back (a dynamic cast for each value).
///
/// `leaf` must be what `leafScalar`'s `serialize` makes of `outputResult`, and nil where that
/// throws: the field is then completed the general way, which reports the error.
public protocol LeafValue: OutputValue {
    /// The scalar whose leaf `leaf` is.
    static var leafScalar: String { get }
    var leaf: GraphQLValue? { get }
}

extension Optional: LeafValue where Wrapped: LeafValue {
    public static var leafScalar: String { Wrapped.leafScalar }

    public var leaf: GraphQLValue? {
        guard let self else { return .null }
        return self.leaf
    }
}
