/// The texts Accounts sends people (emails), by locale: the profile's `locale` picks the table.
/// English is the only one today; another language is one more table with the same keys (a test
/// checks that every table has every message and placeholder), and one more entry in
/// `supportedLocales`, which `updateProfile` then accepts.
enum Messages {
    /// BCP 47 tags, as `Profile.locale` stores them.
    static let supportedLocales = ["en"]
    static let defaultLocale = "en"

    enum ID: String, CaseIterable, Sendable {
        case confirmEmail, resetPassword, confirmNewEmail, emailChangeRequested, emailChanged, accountDeleted
    }

    struct Email: Sendable, Equatable {
        var subject: String
        var body: String
    }

    /// `{code}` is a one-time code, `{address}` an email address.
    static let catalog: [String: [ID: Email]] = [
        "en": [
            .confirmEmail: Email(
                subject: "Confirm your FoodGraph email", body: "Confirm your address with this code (valid for 7 days):\n\n{code}\n"),
            .resetPassword: Email(
                subject: "Reset your FoodGraph password",
                body: "Someone asked to reset your password. If it was you, use this code within an hour:\n\n{code}\n\nIf not, ignore this email."),
            .confirmNewEmail: Email(
                subject: "Confirm your new FoodGraph email",
                body: "Confirm that FoodGraph should use this address, {address}, with this code (valid for 7 days):\n\n{code}\n\nIf you did not ask for this, ignore this email."),
            .emailChangeRequested: Email(
                subject: "Your FoodGraph email is about to change",
                body: "Someone signed in to your account asked to change its email address to {address}. It changes when that address is confirmed.\n\nIf it was not you, change your password now: it ends every other session."),
            .emailChanged: Email(
                subject: "Your FoodGraph email has changed",
                body: "Your account's email address is now {address}. This address no longer signs in.\n\nIf it was not you, contact support."),
            .accountDeleted: Email(
                subject: "Your FoodGraph account is deleted",
                body: "Your FoodGraph account and your personal data were deleted, as you asked. Prices you reported stay in the catalogue without your name.\n\nThank you for using FoodGraph."),
        ]
    ]

    /// A message in the locale (or English when the locale has no table), placeholders filled.
    static func email(_ id: ID, locale: String?, code: String = "", address: String = "") -> Email {
        let table = catalog[locale ?? defaultLocale] ?? catalog[defaultLocale]!
        let template = table[id] ?? catalog[defaultLocale]![id]!
        func fill(_ text: String) -> String {
            text.replacingOccurrences(of: "{code}", with: code).replacingOccurrences(of: "{address}", with: address)
        }
        return Email(subject: fill(template.subject), body: fill(template.body))
    }

    static func accountDeleted(_ locale: String?) -> Email { email(.accountDeleted, locale: locale) }
}
