import HTTPTypes

extension HTTPFields {
    /// The field's value as `self[name]` gives it (its lines joined with commas), without that
    /// subscript's generic join for the usual single line: the join was most of the cost of the
    /// handful of look-ups every request makes.
    func value(of name: HTTPField.Name) -> String? {
        var found: String?
        for field in self where field.name == name {
            if found != nil { return self[name] }
            found = field.value
        }
        return found
    }
}
