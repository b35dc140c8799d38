/// A problem with a mutation's input that the user can fix (schema type `UserError`).
public struct UserError: Hashable, Sendable {
    /// Path inside the mutation's `input`, e.g. `["restrictions", "allergies"]`; nil for the whole input.
    public var field: [String]?
    public var message: String
    public var code: UserErrorCode

    public init(field: [String]?, message: String, code: UserErrorCode) {
        self.field = field
        self.message = message
        self.code = code
    }

    public init(_ field: String, _ message: String, code: UserErrorCode) {
        self.init(field: [field], message: message, code: code)
    }
}

/// The schema's `UserErrorCode` enum.
public enum UserErrorCode: String, Hashable, Sendable, CaseIterable {
    case required = "REQUIRED"
    case invalidFormat = "INVALID_FORMAT"
    case tooShort = "TOO_SHORT"
    case tooLong = "TOO_LONG"
    case outOfRange = "OUT_OF_RANGE"
    case taken = "TAKEN"
    case passwordNeedsUppercase = "PASSWORD_NEEDS_UPPERCASE"
    case passwordNeedsLowercase = "PASSWORD_NEEDS_LOWERCASE"
    case passwordNeedsDigit = "PASSWORD_NEEDS_DIGIT"
    case passwordNeedsSpecialCharacter = "PASSWORD_NEEDS_SPECIAL_CHARACTER"
    case invalidCredentials = "INVALID_CREDENTIALS"
    case wrongPassword = "WRONG_PASSWORD"
    case invalidToken = "INVALID_TOKEN"
    case notFound = "NOT_FOUND"
    case invalidCheckDigit = "INVALID_CHECK_DIGIT"
    case unsupportedImageType = "UNSUPPORTED_IMAGE_TYPE"
    case invalidImageDimensions = "INVALID_IMAGE_DIMENSIONS"
    case budgetTooLow = "BUDGET_TOO_LOW"
    case dateInFuture = "DATE_IN_FUTURE"
    case invalidState = "INVALID_STATE"
    case outOfStock = "OUT_OF_STOCK"
    // Scans' uploads (Scans/ScanImage.swift).
    case imageEncodingTooLong = "IMAGE_ENCODING_TOO_LONG"
    case imageTooLarge = "IMAGE_TOO_LARGE"
    case imageTooManyPixels = "IMAGE_TOO_MANY_PIXELS"
    case imageTypeMismatch = "IMAGE_TYPE_MISMATCH"
    case imageCorrupt = "IMAGE_CORRUPT"
    case uploadOffsetMismatch = "UPLOAD_OFFSET_MISMATCH"
    // Sign-in with a provider (Accounts/Providers).
    case providerNotConfigured = "PROVIDER_NOT_CONFIGURED"
    case lastSignInMethod = "LAST_SIGN_IN_METHOD"
    case supportIssueLimit = "SUPPORT_ISSUE_LIMIT"
    case issueAlreadyTaken = "ISSUE_ALREADY_TAKEN"
}
