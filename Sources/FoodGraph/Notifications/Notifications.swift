import GraphQLEngine
import Postgres

/// A notification an area creates: for whom, what, and about which object.
struct NewNotification: Sendable {
    var kind: NotificationKind
    var userID: Int64
    var title: String
    var body: String
    /// What it is about, for a client to open: an order, a pantry item, a friend request.
    var subjectID: GlobalID?
    /// At most one notification per key and user (`"expiring:812:2026-11-24"`): work that runs
    /// again, or on several servers, does not notify twice.
    var dedupeKey: String?

    init(kind: NotificationKind, userID: Int64, title: String, body: String, subjectID: GlobalID? = nil, dedupeKey: String? = nil) {
        self.kind = kind
        self.userID = userID
        self.title = title
        self.body = body
        self.subjectID = subjectID
        self.dedupeKey = dedupeKey
    }
}

/// The one way areas create notifications. A notification is written in the caller's
/// transaction, so it exists exactly when what it tells of does (an order's new status, a friend
/// request): nothing is lost when a server stops mid-way, and nothing is announced that was rolled
/// back. Its `NOTIFY` is transactional too: listeners (subscriptions) hear of it after the commit.
enum Notifications {
    /// The channel whose payload is `<userID>:<notificationID>`.
    static let channel = "foodgraph_notification_added"

    /// Creates the notification, unless the user switched its kind off or the dedupe key was used
    /// for them already: true when it was created.
    @discardableResult
    static func post(_ notification: NewNotification, in database: some PostgresQuerying) async throws -> Bool {
        guard try await ProfileStore.notificationEnabled(notification.kind.settingName, for: notification.userID, in: database) else {
            return false
        }
        return try await NotificationStore.insert(notification, in: database) != nil
    }
}
