import Foundation
import GraphQLEngine
import Postgres

/// The support area's mutations. Every change to an issue (its status, assignment or comments) is
/// announced to live subscribers (`LiveEvents`) in the same transaction.
enum SupportMutations {
    static func bind(_ binder: inout SchemaBinder) {
        binder.mutation(
            "submitSupportIssue", input: SubmitSupportIssueInput.self, access: .signedIn,
            prepare: { input, _ in try await checkScreenshot(input) }, { checked, scope in try await submit(checked, scope) })
        binder.mutation("takeSupportIssue", input: SupportIssueReference.self, access: .roles([.support])) { input, scope in
            try await take(input.issueID, scope)
        }
        binder.mutation("commentOnSupportIssue", input: CommentOnSupportIssueInput.self, access: .signedIn) { input, scope in
            try await comment(input, scope)
        }
        binder.mutation("resolveSupportIssue", input: SupportIssueReference.self, access: .signedIn) { input, scope in
            try await resolve(input.issueID, scope)
        }
        binder.mutation("reopenSupportIssue", input: SupportIssueReference.self, access: .signedIn) { input, scope in
            try await reopen(input.issueID, scope)
        }
        binder.mutation("submitFeedback", input: SubmitFeedbackInput.self, access: .signedIn) { input, scope in
            let viewer = try scope.requireViewer()
            let report = try await FeedbackStore.insert(rating: input.rating, text: input.text, by: viewer.userID, in: scope.transaction)
            if let recipient = FeedbackMail.recipient {
                try await MailOutbox.enqueue(
                    recipient: recipient, subject: FeedbackMail.subject(rating: input.rating),
                    body: FeedbackMail.body(rating: input.rating, text: input.text, userID: viewer.userID, at: report.createdAt),
                    in: scope.transaction)
            }
            return SubmitFeedbackPayload(feedback: report)
        }
    }

    // MARK: Submit

    struct CheckedIssue: Sendable {
        var input: SubmitSupportIssueInput
        var screenshot: StoredImage?
    }

    /// Before the transaction: the screenshot checked, decoded and cleaned by the Scans area's own
    /// image rules, on its workers (CPU work kept off the event loops and out of a transaction).
    static func checkScreenshot(_ input: SubmitSupportIssueInput) async throws -> Preparation<CheckedIssue, SubmitSupportIssuePayload> {
        guard let (bytes, declared) = input.screenshot else { return .proceed(CheckedIssue(input: input)) }
        if let problem = ScanImage.precheck(bytes, declared: declared, field: ["screenshot"]) {
            return .answer(SubmitSupportIssuePayload(failing: [problem]))
        }
        let outcome = await ScanWorkers.interactive.run { _ in ScanImage.make(bytes, declared: declared, field: ["screenshot"]) }
        switch outcome {
        case .success(let image): return .proceed(CheckedIssue(input: input, screenshot: image.stored))
        case .failure(let problem): return .answer(SubmitSupportIssuePayload(failing: [problem]))
        }
    }

    static func submit(_ checked: CheckedIssue, _ scope: MutationScope) async throws -> SubmitSupportIssuePayload {
        let viewer = try scope.requireViewer()
        let transaction = scope.transaction
        try await SupportStore.lockSubmissions(of: viewer.userID, in: transaction)
        let zone = try await ProfileRecord.load([viewer.userID], from: transaction)[viewer.userID]?.timeZone
        let timeZone = zone.flatMap(TimeZone.init(identifier:)) ?? TimeZone(identifier: "UTC")!
        let now = Date()
        let since = SupportIssueLimit.weekStart(of: now, in: timeZone)
        let previous = try await SupportStore.submissionTimes(of: viewer.userID, since: since, in: transaction)
        if let refusal = SupportIssueLimit.check(previous: previous, now: now, timeZone: timeZone) {
            return SubmitSupportIssuePayload(refused: refusal)
        }
        let input = checked.input
        let issue = try await SupportStore.insert(
            SupportStore.NewIssue(
                userID: viewer.userID, subject: input.subject, description: input.description, category: input.category,
                severity: input.severity, screenshot: checked.screenshot),
            in: transaction)
        try await LiveEvents.publish(LiveEvent(.supportIssue, id: issue.id), in: transaction)
        return SubmitSupportIssuePayload(issue: issue)
    }

    // MARK: Staff

    private static let noSuchIssue = [UserError("issueId", "No support issue you can see has this ID.", code: .notFound)]

    static func take(_ id: Int64, _ scope: MutationScope) async throws -> SupportIssuePayload<TakeSupportIssueName> {
        let viewer = try scope.requireViewer()
        // The row lock orders concurrent takes: the second sees the first's IN_HAND.
        guard let issue = try await SupportStore.lock(id, in: scope.transaction) else { return .init(failing: noSuchIssue) }
        switch issue.status {
        case .open:
            guard let taken = try await SupportStore.take(id, by: viewer.userID, in: scope.transaction) else { return .init(failing: noSuchIssue) }
            try await LiveEvents.publish(LiveEvent(.supportIssue, id: id), in: scope.transaction)
            return .init(issue: taken)
        case .inHand where issue.assigneeID == viewer.userID:
            return .init(issue: issue)
        case .inHand:
            return .init(failing: [UserError("issueId", "Another employee already has this issue in hand.", code: .issueAlreadyTaken)])
        case .resolved:
            return .init(failing: [UserError("issueId", "The issue is resolved; reopen it before taking it.", code: .invalidState)])
        }
    }

    static func comment(_ input: CommentOnSupportIssueInput, _ scope: MutationScope) async throws -> CommentOnSupportIssuePayload {
        let viewer = try scope.requireViewer()
        guard let issue = try await SupportStore.lock(input.issueID, in: scope.transaction), issue.isVisible(to: viewer) else {
            return CommentOnSupportIssuePayload(failing: noSuchIssue)
        }
        guard try await SupportStore.commentCount(of: issue.id, in: scope.transaction) < SupportStore.maximumComments else {
            return CommentOnSupportIssuePayload(failing: [
                UserError("issueId", "The issue has \(SupportStore.maximumComments) comments, the most one keeps; open a new issue.", code: .outOfRange)
            ])
        }
        let fromStaff = issue.userID != viewer.userID
        let comment = try await SupportStore.addComment(
            to: issue.id, by: viewer.userID, fromStaff: fromStaff, body: input.body, in: scope.transaction)
        if fromStaff {
            try await Notifications.post(
                NewNotification(
                    kind: .supportIssueAnswered, userID: issue.userID, title: "Support answered your issue #\(issue.number)",
                    body: "\(issue.subject): \(String(input.body.prefix(200)))", subjectID: issue.globalID),
                in: scope.transaction)
        }
        try await LiveEvents.publish(LiveEvent(.supportIssue, id: issue.id), in: scope.transaction)
        let updated = try await SupportStore.load([issue.id], from: scope.transaction)[issue.id] ?? issue
        return CommentOnSupportIssuePayload(issue: updated, comment: comment)
    }

    static func resolve(_ id: Int64, _ scope: MutationScope) async throws -> SupportIssuePayload<ResolveSupportIssueName> {
        let viewer = try scope.requireViewer()
        guard let issue = try await SupportStore.lock(id, in: scope.transaction), issue.isVisible(to: viewer) else {
            return .init(failing: noSuchIssue)
        }
        guard issue.status != .resolved else {
            return .init(failing: [UserError("issueId", "The issue is resolved already.", code: .invalidState)])
        }
        let resolved = try await SupportStore.resolve(id, by: viewer.userID, in: scope.transaction)
        try await LiveEvents.publish(LiveEvent(.supportIssue, id: id), in: scope.transaction)
        return .init(issue: resolved)
    }

    static func reopen(_ id: Int64, _ scope: MutationScope) async throws -> SupportIssuePayload<ReopenSupportIssueName> {
        let viewer = try scope.requireViewer()
        guard let issue = try await SupportStore.lock(id, in: scope.transaction), issue.isVisible(to: viewer) else {
            return .init(failing: noSuchIssue)
        }
        guard issue.status == .resolved else {
            return .init(failing: [UserError("issueId", "Only a resolved issue can be reopened.", code: .invalidState)])
        }
        let reopened = try await SupportStore.reopen(id, in: scope.transaction)
        try await LiveEvents.publish(LiveEvent(.supportIssue, id: id), in: scope.transaction)
        return .init(issue: reopened)
    }
}
