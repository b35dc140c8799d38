import Synchronization
import Tracing

/// A client span per SQL round trip, when the process traces (`enable()` after bootstrapping the
/// tracer). Off, a statement pays one relaxed atomic load.
public enum StatementTracing {
    private static let enabled = Atomic<Bool>(false)

    public static var isEnabled: Bool { enabled.load(ordering: .relaxed) }

    public static func enable() { enabled.store(true, ordering: .relaxed) }

    public static func disable() { enabled.store(false, ordering: .relaxed) }

    /// Runs `body` inside a span named after the statement's verb, with its text (placeholders
    /// only, never the parameters) as `db.query.text`.
    static func traced<Result>(_ sql: String, _ body: () async throws -> Result) async throws -> Result {
        guard isEnabled else { return try await body() }
        return try await withSpan(verb(of: sql), ofKind: .client) { span in
            span.attributes["db.system.name"] = "postgresql"
            span.attributes["db.query.text"] = String(sql.prefix(2000))
            return try await body()
        }
    }

    static func verb(of sql: String) -> String {
        let word = sql.drop(while: { $0 == " " || $0 == "\n" || $0 == "(" }).prefix(while: { $0.isLetter })
        return word.isEmpty ? "SQL" : word.uppercased()
    }
}
