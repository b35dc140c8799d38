import Foundation

extension String {
    /// A `char(n)` column's text without the spaces PostgreSQL pads it with; the text itself when
    /// there are none, without Foundation's trimming, which is costly enough to show in a profile
    /// of a request that reads a currency or two.
    var withoutPadding: String {
        guard first?.isWhitespace == true || last?.isWhitespace == true else { return self }
        return trimmingCharacters(in: .whitespaces)
    }
}
