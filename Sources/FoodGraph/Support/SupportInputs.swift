import Foundation
import GraphQLEngine

struct SubmitSupportIssueInput: Decodable, Sendable {
    var subject: String
    var description: String
    var category: SupportIssueCategory
    var severity: SupportIssueSeverity
    /// The screenshot's bytes and the media type a `data:` prefix declared; checked as scans are.
    var screenshot: (bytes: [UInt8], declared: String?)?

    static let subjectLength = 3...200
    static let descriptionLength = 1...10_000

    private enum Keys: String, CodingKey { case subject, description, category, severity, screenshot }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        subject = try container.decode(String.self, forKey: .subject).trimmingCharacters(in: .whitespacesAndNewlines)
        description = try container.decode(String.self, forKey: .description).trimmingCharacters(in: .whitespacesAndNewlines)
        category = try container.decode(SupportIssueCategory.self, forKey: .category)
        severity = try container.decode(SupportIssueSeverity.self, forKey: .severity)
        let text = try container.decodeIfPresent(String.self, forKey: .screenshot)
        guard !decoder.isBindingCheck else { return }
        guard Self.subjectLength.contains(subject.count) else {
            throw InputError(decoder, "The subject is 3 to 200 characters.", code: subject.count < 3 ? .tooShort : .tooLong, field: "subject")
        }
        guard Self.descriptionLength.contains(description.count) else {
            throw InputError(
                decoder, "The description is 1 to 10 000 characters.", code: description.isEmpty ? .required : .tooLong, field: "description")
        }
        if let text {
            guard text.utf8.count <= ScanImage.Limits.encodedCharacters else {
                throw InputError(
                    decoder, "The screenshot's base64 is \(text.utf8.count) characters; at most 17 000 000.", code: .imageEncodingTooLong,
                    field: "screenshot")
            }
            guard let bytes = Base64.decode(text), !bytes.isEmpty else {
                throw InputError(decoder, "The screenshot is not base64.", code: .invalidFormat, field: "screenshot")
            }
            screenshot = (bytes, Base64.declaredMediaType(of: text))
        }
    }
}

/// The input of the mutations that name one issue (`takeSupportIssue`, `resolveSupportIssue`,
/// `reopenSupportIssue`).
struct SupportIssueReference: Decodable, Sendable {
    var issueID: Int64

    private enum Keys: String, CodingKey { case issueId }

    init(from decoder: any Decoder) throws {
        issueID = try decoder.container(keyedBy: Keys.self).decode(NodeID<SupportIssueRecord>.self, forKey: .issueId).key
    }
}

struct CommentOnSupportIssueInput: Decodable, Sendable {
    var issueID: Int64
    var body: String

    static let bodyLength = 1...5000

    private enum Keys: String, CodingKey { case issueId, body }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        issueID = try container.decode(NodeID<SupportIssueRecord>.self, forKey: .issueId).key
        body = try container.decode(String.self, forKey: .body).trimmingCharacters(in: .whitespacesAndNewlines)
        if !decoder.isBindingCheck, !Self.bodyLength.contains(body.count) {
            throw InputError(decoder, "A comment is 1 to 5000 characters.", code: body.isEmpty ? .required : .tooLong, field: "body")
        }
    }
}

struct SubmitFeedbackInput: Decodable, Sendable {
    var rating: Int
    var text: String

    private enum Keys: String, CodingKey { case rating, text }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        rating = try container.decode(Int.self, forKey: .rating)
        text = try container.decode(String.self, forKey: .text).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !decoder.isBindingCheck else { return }
        guard (1...5).contains(rating) else { throw InputError(decoder, "Rate 1 to 5.", code: .outOfRange, field: "rating") }
        guard text.count <= 2000 else { throw InputError(decoder, "The text is at most 2000 characters.", code: .tooLong, field: "text") }
    }
}

struct SupportIssuesArguments: Decodable, Sendable {
    var status: SupportIssueStatus?
    var first: Int?
    var after: String?
    var last: Int?
    var before: String?
    var page: PageArguments { PageArguments(first: first, after: after, last: last, before: before) }
}

struct SupportQueueArguments: Decodable, Sendable {
    var status: SupportIssueStatus?
    var severity: SupportIssueSeverity?
    var category: SupportIssueCategory?
    var first: Int?
    var after: String?
    var last: Int?
    var before: String?
    var page: PageArguments { PageArguments(first: first, after: after, last: last, before: before) }
}

struct FeedbackSummaryArguments: Decodable, Sendable {
    var from: Date?
    var to: Date?

    private enum Keys: String, CodingKey { case from, to }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        func instant(_ key: Keys) throws -> Date? {
            guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
            guard let date = RFC3339.parse(text) else {
                throw DomainError.badUserInput("`\(key.rawValue)` must be an RFC 3339 date-time, e.g. 2026-11-22T08:30:00Z.")
            }
            return date
        }
        from = try instant(.from)
        to = try instant(.to)
    }
}
