extension Int {
    /// The sum, or `Int.max` past it: an estimate of a hostile query's size must stay above every
    /// limit rather than wrap around below them.
    func saturatingAdding(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }

    /// The product, or `Int.max` past it (both operands are never negative here).
    func saturatingMultiplied(by other: Int) -> Int {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? .max : product
    }
}
