/// One SQL statement a request ran and how long its round trip took: its text with placeholders,
/// never its parameter values.
public struct StatementTiming: Sendable {
    public var statement: String
    public var milliseconds: Double

    public init(statement: String, milliseconds: Double) {
        self.statement = statement
        self.milliseconds = milliseconds
    }
}
