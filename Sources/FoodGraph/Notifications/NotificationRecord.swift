import Foundation
import GraphQLEngine
import Postgres

/// Schema type `Notification`: visible to its recipient only.
struct NotificationRecord: IdentifiedRecord, ObjectValue {
    static let graphQLTypeName = "Notification"
    var id: Int64
    var userID: Int64
    var kind: NotificationKind
    var title: String
    var body: String
    var subjectID: String?
    var createdAt: Date
    var readAt: Date?

    var globalID: GlobalID { GlobalID(typeName: "Notification", key: id) }

    static let columns = "n.id, n.user_id, n.kind, n.title, n.body, n.subject_id, n.created_at, n.read_at"

    /// Reads `columns`.
    init(_ row: PostgresRow) throws {
        id = try row.decode(Int64.self, at: 0)
        userID = try row.decode(Int64.self, at: 1)
        let kind = try row.decode(String.self, at: 2)
        guard let known = NotificationKind(rawValue: kind) else { throw PostgresError(.decoding, "Unknown notification kind \(kind).") }
        self.kind = known
        title = try row.decode(String.self, at: 3)
        body = try row.decode(String.self, at: 4)
        subjectID = try row.decode(String?.self, at: 5)
        createdAt = try row.decode(Date.self, at: 6)
        readAt = try row.decode(Date?.self, at: 7)
    }
}
