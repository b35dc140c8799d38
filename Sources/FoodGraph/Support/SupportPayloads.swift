import Foundation
import GraphQLEngine

struct SubmitSupportIssuePayload: MutationPayload {
    static let graphQLTypeName = "SubmitSupportIssuePayload"
    var issue: SupportIssueRecord?
    var allowedAgainAt: Date?
    var userErrors: [UserError] = []

    init(issue: SupportIssueRecord) { self.issue = issue }
    init(failing errors: [UserError]) { userErrors = errors }
    init(refused refusal: SupportIssueLimit.Refusal) {
        allowedAgainAt = refusal.allowedAgainAt
        userErrors = [UserError(field: nil, message: refusal.message, code: .supportIssueLimit)]
    }
}

/// The payload of a mutation that changes one issue; `Name` is its schema type.
struct SupportIssuePayload<Name: SupportPayloadName>: MutationPayload {
    static var graphQLTypeName: String { Name.typeName }
    var issue: SupportIssueRecord?
    var userErrors: [UserError] = []

    init(issue: SupportIssueRecord) { self.issue = issue }
    init(failing errors: [UserError]) { userErrors = errors }
}

protocol SupportPayloadName: Sendable { static var typeName: String { get } }
enum TakeSupportIssueName: SupportPayloadName { static let typeName = "TakeSupportIssuePayload" }
enum ResolveSupportIssueName: SupportPayloadName { static let typeName = "ResolveSupportIssuePayload" }
enum ReopenSupportIssueName: SupportPayloadName { static let typeName = "ReopenSupportIssuePayload" }

struct CommentOnSupportIssuePayload: MutationPayload {
    static let graphQLTypeName = "CommentOnSupportIssuePayload"
    var issue: SupportIssueRecord?
    var comment: SupportCommentRecord?
    var userErrors: [UserError] = []

    init(issue: SupportIssueRecord, comment: SupportCommentRecord) {
        self.issue = issue
        self.comment = comment
    }
    init(failing errors: [UserError]) { userErrors = errors }
}

struct SubmitFeedbackPayload: MutationPayload {
    static let graphQLTypeName = "SubmitFeedbackPayload"
    var feedback: FeedbackReportRecord?
    var userErrors: [UserError] = []

    init(feedback: FeedbackReportRecord) { self.feedback = feedback }
    init(failing errors: [UserError]) { userErrors = errors }
}
