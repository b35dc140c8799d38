extension Dictionary {
    /// Changes every value in place.
    ///
    /// Looping over `values.indices` does not: those indices keep the dictionary's storage, so
    /// the first change copies the whole dictionary, and then each value changed copies its own
    /// storage too. Pages of edges were copied edge by edge that way, each copy retaining every
    /// reference of its record.
    mutating func updateEachValue(_ update: (inout Value) throws -> Void) rethrows {
        var index = values.startIndex
        while index != values.endIndex {
            try update(&values[index])
            values.formIndex(after: &index)
        }
    }
}
