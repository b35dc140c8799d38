/// Failures that are not the user's input to fix: they become GraphQL errors with
/// `extensions.code` (see docs/errors.md).
public struct DomainError: Error, Hashable, Sendable {
    public enum Code: String, Hashable, Sendable {
        case unauthenticated = "UNAUTHENTICATED"
        case forbidden = "FORBIDDEN"
        case notFound = "NOT_FOUND"
        case badUserInput = "BAD_USER_INPUT"
        case rateLimited = "RATE_LIMITED"
        case serviceUnavailable = "SERVICE_UNAVAILABLE"
    }

    public var code: Code
    public var message: String
    /// For `RATE_LIMITED`: when to try again.
    public var retryAfterSeconds: Int?

    public init(_ code: Code, _ message: String, retryAfterSeconds: Int? = nil) {
        self.code = code
        self.message = message
        self.retryAfterSeconds = retryAfterSeconds
    }

    public static let unauthenticated = DomainError(
        .unauthenticated, "You must be signed in: send a valid session token as `Authorization: Bearer <token>`.")

    public static func forbidden(_ message: String = "You do not have permission to do this.") -> DomainError {
        DomainError(.forbidden, message)
    }

    public static func badUserInput(_ message: String) -> DomainError { DomainError(.badUserInput, message) }
}
