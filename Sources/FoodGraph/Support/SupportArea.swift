import Foundation
import GraphQLEngine
import Postgres

/// Support and feedback (issue #30, Scan&Cook US-005…US-007): users' numbered support issues with
/// a per-user limit, the staff's queue ("in hand", comments, resolve, reopen, a suggested assignee
/// for critical issues), and experience reports with their totals and an email each.
enum SupportArea: Area {
    static func bind(_ binder: inout SchemaBinder) {
        binder.enumeration(SupportIssueStatus.self)
        binder.enumeration(SupportIssueSeverity.self)
        binder.enumeration(SupportIssueCategory.self)
        bindQueries(&binder)
        bindIssue(&binder)
        binder.connection(of: SupportIssueRecord.self)
        binder.node(SupportIssueRecord.self) { key, context in
            guard context.viewer != nil else { return .null }
            return Resolved<SupportIssueRecord?>(unchecked: context.support.issues.load(key)).map { issue in
                guard let issue, issue.isVisible(to: context.viewer) else { return nil }
                return issue
            }
        }
        bindPayloads(&binder)
        SupportMutations.bind(&binder)
    }

    /// One issue as a live subscriber may see it: the same rule as `node(id:)` (its owner, support
    /// staff and administrators); nil for anyone else or an issue that does not exist. For the
    /// `supportIssueUpdated(issueId:)` subscription, to load the issue an event names.
    static func issue(_ id: Int64, visibleTo viewer: Viewer?, in database: some PostgresQuerying) async throws -> SupportIssueRecord? {
        guard let issue = try await SupportStore.load([id], from: database)[id], issue.isVisible(to: viewer) else { return nil }
        return issue
    }

    private static func bindQueries(_ binder: inout SchemaBinder) {
        binder.object(UserRecord.self) { user in
            user.field(.supportIssues, arguments: SupportIssuesArguments.self) { user, arguments, context in
                let page = try Page(arguments.page)
                return .run { try await SupportStore.page(of: user.id, status: arguments.status, page, in: context.database) }
            }
        }
        binder.query { query in
            query.field("supportQueue", arguments: SupportQueueArguments.self) { arguments, context in
                let page = try Page(arguments.page)
                return Resolved<Connection<SupportIssueRecord>>.run {
                    try await SupportStore.queue(
                        status: arguments.status, severity: arguments.severity, category: arguments.category, page, in: context.database)
                }
            }
            query.field("feedbackSummary", arguments: FeedbackSummaryArguments.self) { arguments, context in
                let to = arguments.to ?? Date()
                let from = arguments.from ?? to.addingTimeInterval(-30 * 86_400)
                guard from < to else { throw DomainError.badUserInput("`from` must be before `to`.") }
                guard to.timeIntervalSince(from) <= 366 * 86_400 else { throw DomainError.badUserInput("A period is at most 366 days.") }
                return Resolved<FeedbackSummary>.run { try await FeedbackStore.summary(from: from, to: to, in: context.database) }
            }
        }
    }

    private static func bindIssue(_ binder: inout SchemaBinder) {
        binder.object(SupportIssueRecord.self) { issue in
            issue.field("id") { $0.globalID }
            issue.field("number") { $0.number }
            issue.field("subject") { $0.subject }
            issue.field("description") { $0.description }
            issue.field("category") { $0.category }
            issue.field("severity") { $0.severity }
            issue.field("status") { $0.status }
            issue.field("screenshot", resolve: { issue, context -> Resolved<SupportScreenshot?> in
                guard issue.hasScreenshot else { return .null }
                return Resolved(unchecked: context.support.screenshots.load(issue.id))
            })
            issue.field("requester", resolve: { issue, context in
                Resolved<SupportRequester?>(unchecked: context.support.requesters.load(issue.userID))
            })
            issue.field("assignee", resolve: { issue, context -> Resolved<SupportEmployee?> in
                guard let id = issue.assigneeID else { return .null }
                return Resolved(unchecked: context.support.employees.load(id))
            })
            issue.field("suggestedAssignee", resolve: { issue, context -> Resolved<SupportEmployee?> in
                guard issue.severity == .critical, issue.status == .open, SupportStaff.includes(context.viewer) else { return .null }
                return Resolved(unchecked: context.support.suggestion.load(0))
            })
            issue.field("comments", resolve: { issue, context in
                Resolved<[SupportCommentRecord]>(unchecked: context.support.comments.load(issue.id))
            })
            issue.field("createdAt") { $0.createdAt }
            issue.field("takenAt") { $0.takenAt }
            issue.field("resolvedAt") { $0.resolvedAt }
            issue.field("updatedAt") { $0.updatedAt }
        }
        binder.object(SupportScreenshot.self) { shot in
            shot.field("contentType") { $0.contentType }
            shot.field("width") { $0.width }
            shot.field("height") { $0.height }
            shot.field("data") { Base64.encode($0.bytes) }
        }
        binder.object(SupportRequester.self) { requester in
            requester.field("displayName") { $0.displayName }
            requester.field("email") { $0.email }
        }
        binder.object(SupportEmployee.self) { employee in
            employee.field("id") { $0.globalID }
            employee.field("name") { $0.name }
        }
        binder.object(SupportCommentRecord.self) { comment in
            comment.field("id") { $0.globalID }
            comment.field("body") { $0.body }
            comment.field("fromStaff") { $0.fromStaff }
            comment.field("author", resolve: { comment, context -> Resolved<SupportEmployee?> in
                guard comment.fromStaff, let id = comment.authorID else { return .null }
                return Resolved(unchecked: context.support.employees.load(id))
            })
            comment.field("createdAt") { $0.createdAt }
        }
        binder.object(FeedbackReportRecord.self) { report in
            report.field("rating") { $0.rating }
            report.field("text") { $0.text }
            report.field("createdAt") { $0.createdAt }
        }
        binder.object(FeedbackSummary.self) { summary in
            summary.field("from") { $0.from }
            summary.field("to") { $0.to }
            summary.field("count") { $0.count }
            summary.field("averageRating") { $0.averageRating }
            summary.field("ratings") { $0.ratings }
        }
        binder.object(FeedbackRatingCount.self) { rating in
            rating.field("rating") { $0.rating }
            rating.field("count") { $0.count }
        }
    }

    private static func bindPayloads(_ binder: inout SchemaBinder) {
        binder.object(SubmitSupportIssuePayload.self) { payload in
            payload.field("issue") { $0.issue }
            payload.field("allowedAgainAt") { $0.allowedAgainAt }
            payload.field("userErrors") { $0.userErrors }
        }
        bindIssuePayload(SupportIssuePayload<TakeSupportIssueName>.self, &binder)
        bindIssuePayload(SupportIssuePayload<ResolveSupportIssueName>.self, &binder)
        bindIssuePayload(SupportIssuePayload<ReopenSupportIssueName>.self, &binder)
        binder.object(CommentOnSupportIssuePayload.self) { payload in
            payload.field("issue") { $0.issue }
            payload.field("comment") { $0.comment }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(SubmitFeedbackPayload.self) { payload in
            payload.field("feedback") { $0.feedback }
            payload.field("userErrors") { $0.userErrors }
        }
    }

    private static func bindIssuePayload<Name>(_ type: SupportIssuePayload<Name>.Type, _ binder: inout SchemaBinder) {
        binder.object(type) { payload in
            payload.field("issue") { $0.issue }
            payload.field("userErrors") { $0.userErrors }
        }
    }
}
