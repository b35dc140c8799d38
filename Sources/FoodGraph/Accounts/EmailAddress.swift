import GraphQLEngine
import Foundation

/// An email address as an account keeps it. Whatever the form typed, the address is normalised
/// before it is stored, compared or signed in with:
///
/// - surrounding white space is dropped, and Unicode NFKC normalisation is applied, so `josé`
///   typed with a combining accent and `josé` typed precomposed, or fullwidth `ｗ` and `w`, are
///   the same address (`address`, what the account shows);
/// - the key that makes an address unique and finds its account for sign-in is that form case
///   folded as a whole, domain and local part alike (`key`), so `Ana@Example.com` and
///   `ana@example.com` are one account.
///
/// An address must be 6–256 characters shaped like `name@domain.tld`, without white space or
/// control or format characters (a NUL byte, a right-to-left override).
struct EmailAddress: Hashable, Sendable {
    /// The address as the account shows it: NFKC, case kept.
    let address: String
    /// The uniqueness and sign-in key: `address` case folded.
    let key: String

    enum Problem: Error, Equatable {
        /// Control or format characters: never part of an address.
        case forbiddenCharacters
        /// Not shaped like `name@domain.tld`, or too short or long.
        case malformed
    }

    /// The normalised address, or why it is not one.
    static func parse(_ text: String) -> Result<EmailAddress, Problem> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if InputText.hasForbiddenCharacters(trimmed, allowFormatCharacters: false) { return .failure(.forbiddenCharacters) }
        let address = trimmed.precomposedStringWithCompatibilityMapping
        guard EmailRules.isValid(address) else { return .failure(.malformed) }
        return .success(EmailAddress(address: address, key: Self.key(of: address)))
    }

    init?(_ text: String) {
        guard case .success(let email) = Self.parse(text) else { return nil }
        self = email
    }

    private init(address: String, key: String) {
        self.address = address
        self.key = key
    }

    /// Case folding (lower case, then NFKC again: lowering can leave a string unnormalised).
    static func key(of address: String) -> String {
        address.lowercased().precomposedStringWithCompatibilityMapping
    }
}

/// The product's email shape: `x@x.x`, one `@`, a dotted domain, no spaces, 6 to 256 characters
/// (Unicode scalars, as PostgreSQL counts them).
enum EmailRules {
    static func isValid(_ email: String) -> Bool {
        guard (6...256).contains(email.unicodeScalars.count), !email.contains(where: \.isWhitespace) else { return false }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."), !parts[1].hasSuffix(".")
        else { return false }
        return true
    }
}

/// Rules for free text users type (names, list entries, address lines).
enum InputText {
    /// Whether the text holds control characters (C0, DEL, C1: a NUL byte, an escape), which no
    /// name or address contains and PostgreSQL refuses (NUL); with `allowFormatCharacters` false,
    /// also invisible format characters (zero-width joiners, bidirectional overrides).
    static func hasForbiddenCharacters(_ text: String, allowFormatCharacters: Bool = true) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.properties.generalCategory {
            case .control: true
            case .format: !allowFormatCharacters
            default: false
            }
        }
    }

    /// The length PostgreSQL's `char_length` gives: Unicode scalars, not grapheme clusters.
    static func length(_ text: String) -> Int { text.unicodeScalars.count }
}

/// A stored address as the schema's `EmailAddress` scalar, for typed bindings. (Belongs with the
/// other scalars' Swift types in Domain/ScalarValues.swift.)
struct EmailAddressOutput: OutputValue {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    static var outputShape: TypeShape { .nonNull("EmailAddress") }
    static var needsConversion: Bool { true }
    var outputResult: (any Sendable)? { text }
}
