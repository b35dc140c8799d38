import Foundation
import GraphQLEngine
import Postgres

/// A support issue (schema type `SupportIssue`), without its screenshot's bytes (loaded apart, only
/// when selected).
struct SupportIssueRecord: IdentifiedRecord, ObjectValue {
    static let graphQLTypeName = "SupportIssue"

    var id: Int64
    var number: Int
    var userID: Int64
    var subject: String
    var description: String
    var category: SupportIssueCategory
    var severity: SupportIssueSeverity
    var status: SupportIssueStatus
    var hasScreenshot: Bool
    var assigneeID: Int64?
    var takenAt: Date?
    var resolvedAt: Date?
    var createdAt: Date
    var updatedAt: Date

    var globalID: GlobalID { GlobalID(typeName: Self.graphQLTypeName, key: id) }

    /// For a row source aliased `s`.
    static let columns = """
        s.id, s.number, s.user_id, s.subject, s.description, s.category, s.severity, s.status, s.screenshot IS NOT NULL,
        s.assigned_to, s.taken_at, s.resolved_at, s.created_at, s.updated_at
        """

    init(_ row: PostgresRow) throws {
        id = try row.decode(Int64.self, at: 0)
        number = try row.decode(Int.self, at: 1)
        userID = try row.decode(Int64.self, at: 2)
        subject = try row.decode(String.self, at: 3)
        description = try row.decode(String.self, at: 4)
        category = SupportIssueCategory(databaseName: try row.decode(String.self, at: 5)) ?? .other
        severity = SupportIssueSeverity(databaseName: try row.decode(String.self, at: 6)) ?? .medium
        status = SupportIssueStatus(databaseName: try row.decode(String.self, at: 7)) ?? .open
        hasScreenshot = try row.decode(Bool.self, at: 8)
        assigneeID = try row.decode(Int64?.self, at: 9)
        takenAt = try row.decode(Date?.self, at: 10)
        resolvedAt = try row.decode(Date?.self, at: 11)
        createdAt = try row.decode(Date.self, at: 12)
        updatedAt = try row.decode(Date.self, at: 13)
    }

    /// Who sees an issue, on every path (`User.supportIssues`, `supportQueue`, `node(id:)`, payloads,
    /// live subscriptions): its owner, support staff and administrators.
    func isVisible(to viewer: Viewer?) -> Bool {
        guard let viewer else { return false }
        return viewer.userID == userID || SupportStaff.includes(viewer)
    }
}

/// Who works the support queue: role SUPPORT, and administrators (who hold every role).
enum SupportStaff {
    static func includes(_ viewer: Viewer?) -> Bool { viewer?.holds(.support) ?? false }
}

/// Schema type `SupportScreenshot`.
struct SupportScreenshot: ObjectValue {
    static let graphQLTypeName = "SupportScreenshot"
    var contentType: String
    var width: Int
    var height: Int
    var bytes: [UInt8]
}

/// Schema type `SupportRequester`: the narrow view of an issue's sender that support is granted
/// (`PersonalDataPolicy`: contact, through support issues only).
struct SupportRequester: ObjectValue {
    static let graphQLTypeName = "SupportRequester"
    var displayName: String?
    var email: String?
}

/// Schema type `SupportEmployee`.
struct SupportEmployee: ObjectValue {
    static let graphQLTypeName = "SupportEmployee"
    var userID: Int64
    var name: String

    var globalID: GlobalID { GlobalID(typeName: "User", key: userID) }
}

/// Schema type `SupportIssueComment`.
struct SupportCommentRecord: ObjectValue {
    static let graphQLTypeName = "SupportIssueComment"
    var id: Int64
    var issueID: Int64
    var authorID: Int64?
    var fromStaff: Bool
    var body: String
    var createdAt: Date

    var globalID: GlobalID { GlobalID(typeName: Self.graphQLTypeName, key: id) }
}

/// Schema type `FeedbackReport`.
struct FeedbackReportRecord: ObjectValue {
    static let graphQLTypeName = "FeedbackReport"
    var rating: Int
    var text: String
    var createdAt: Date
}

/// Schema type `FeedbackSummary`.
struct FeedbackSummary: ObjectValue {
    static let graphQLTypeName = "FeedbackSummary"
    var from: Date
    var to: Date
    var count: Int
    var averageRating: Double?
    var ratings: [FeedbackRatingCount]
}

/// Schema type `FeedbackRatingCount`.
struct FeedbackRatingCount: ObjectValue {
    static let graphQLTypeName = "FeedbackRatingCount"
    var rating: Int
    var count: Int
}
