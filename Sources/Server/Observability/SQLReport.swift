/// The SQL a request ran, for the slow-request log: each statement with its duration, and how
/// long its transactions waited for a database connection (a statement outside a transaction
/// waits in the same queue, and that wait is part of its own duration).
public struct SQLReport: Sendable {
    public var statements: [StatementTiming]
    public var connectionWaitMilliseconds: Double

    public init(statements: [StatementTiming] = [], connectionWaitMilliseconds: Double = 0) {
        self.statements = statements
        self.connectionWaitMilliseconds = connectionWaitMilliseconds
    }
}

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
