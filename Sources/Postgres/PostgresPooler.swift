/// What sits between FoodGraph and PostgreSQL.
public enum PostgresPooler: String, CaseIterable, Sendable {
    /// PostgreSQL itself, or a pooler in session mode: a connection is one server session.
    case none
    /// PgBouncer (1.18 and the like) in transaction pooling mode: each transaction, or statement
    /// outside one, may run on a different server session. So no named prepared statements (that
    /// version does not carry them across), no session settings (they would stay on whichever
    /// session got them), and no pipelining of several statements in one round trip.
    case pgbouncerTransaction = "pgbouncer-transaction"

    var keepsSessionState: Bool { self == .none }

    /// The settings FoodGraph's decoders rely on. Behind a transaction pooler they cannot be set per
    /// connection; they must be the server's defaults for the role or database (or PgBouncer's
    /// `connect_query`), and a connection that finds otherwise refuses to start.
    static let requiredSettings: [(name: String, value: String)] = [
        ("DateStyle", "ISO, YMD"), ("extra_float_digits", "3"), ("IntervalStyle", "iso_8601"), ("TimeZone", "UTC"),
    ]
}
