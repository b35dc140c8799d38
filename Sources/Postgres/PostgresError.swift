/// A failure reported by PostgreSQL or libpq, with the SQLSTATE so callers can tell a unique
/// violation from a serialization failure from a timeout.
public struct PostgresError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// The server rejected a statement; `sqlState` says why.
        case server
        /// The connection could not be made or was lost.
        case connection
        /// No connection became free within the pool's timeout (`POOL_TIMEOUT`).
        case poolTimeout
        /// The pool is shutting down.
        case poolClosed
        /// A value could not be decoded into the requested Swift type.
        case decoding
        /// The caller misused the API (e.g. too many parameters).
        case usage
    }

    public var kind: Kind
    public var message: String
    public var sqlState: String?
    public var detail: String?
    public var constraint: String?

    public init(
        _ kind: Kind, _ message: String, sqlState: String? = nil, detail: String? = nil, constraint: String? = nil
    ) {
        self.kind = kind
        self.message = message
        self.sqlState = sqlState
        self.detail = detail
        self.constraint = constraint
    }

    public var isUniqueViolation: Bool { sqlState == "23505" }
    public var isForeignKeyViolation: Bool { sqlState == "23503" }
    public var isCheckViolation: Bool { sqlState == "23514" }
    /// Serialization failure or deadlock: the transaction may succeed if retried.
    public var isRetryableTransactionFailure: Bool { sqlState == "40001" || sqlState == "40P01" }
    /// A prepared statement's plan no longer fits (its result type changed after a migration, or
    /// it was deallocated): preparing it again fixes it.
    var isStalePlan: Bool { sqlState == "0A000" || sqlState == "26000" }
    /// Cancelled by request or by `statement_timeout`.
    public var isQueryCanceled: Bool { sqlState == "57014" }
    /// The server is shutting down or restarting, or the connection broke.
    public var isConnectionFailure: Bool {
        kind == .connection || sqlState.map { $0.hasPrefix("08") || $0 == "57P01" || $0 == "57P02" || $0 == "57P03" } ?? false
    }

    public var description: String {
        var text = message
        if let sqlState { text += " (SQLSTATE \(sqlState))" }
        return text
    }
}
