import Postgres

/// What a live subscription can follow: one object that changed. The payload names the object,
/// never its data, so each subscriber loads what it selected with its own permissions.
struct LiveEvent: Sendable, Hashable {
    enum Topic: String, Sendable {
        case order
        case scan
        case supportIssue = "support_issue"
        case leaderboard
    }

    var topic: Topic
    /// The row's ID in the topic's table (an order, a scan, a support issue, a group).
    var id: Int64

    /// `<topic>:<id>`, the NOTIFY payload.
    var payload: String { "\(topic.rawValue):\(id)" }

    init(_ topic: Topic, id: Int64) {
        self.topic = topic
        self.id = id
    }

    init?(payload: String) {
        guard let colon = payload.lastIndex(of: ":"),
            let topic = Topic(rawValue: String(payload[..<colon])),
            let id = Int64(payload[payload.index(after: colon)...])
        else { return nil }
        self.init(topic, id: id)
    }
}

/// The one way areas announce a change to live subscribers. `NOTIFY` is transactional: called with
/// the mutation's transaction, the event is heard after the commit, on every server instance
/// listening to the database, and never for a change that was rolled back.
enum LiveEvents {
    static let channel = "foodgraph_live_event"

    static func publish(_ event: LiveEvent, in database: some PostgresQuerying) async throws {
        _ = try await database.query("SELECT pg_notify($1, $2)", [channel, event.payload])
    }

    static func publish(_ events: [LiveEvent], in database: some PostgresQuerying) async throws {
        guard !events.isEmpty else { return }
        _ = try await database.query(
            "SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload", [channel, PostgresArray(events.map(\.payload))])
    }
}
