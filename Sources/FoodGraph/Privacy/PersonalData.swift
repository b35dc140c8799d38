import Foundation
import Postgres

/// An area's part of a user's personal data (PIPEDA): the columns of its tables that hold a
/// user's ID, everything it holds about a user as JSON (`exportMyData`), and how it deletes or
/// anonymises that when the account is deleted (`deleteMyAccount`). Each area with such tables
/// conforms once, in its own folder, with its own SQL; `PersonalData.holders` lists them, and
/// `PersonalDataTests` finds every column of the database that holds a user's ID and fails
/// until one holder declares it.
protocol PersonalDataHolder: Sendable {
    /// The area's key in the export document (`"diary"`).
    static var exportKey: String { get }
    /// Every column of the area's tables that holds a user's ID, and what deletion does to its rows.
    static var userColumns: [UserColumn] { get }
    /// Everything the area holds about the user: a JSON object, by section (`"entries"`, …).
    static func export(_ userID: Int64, in database: some PostgresQuerying) async throws -> String
    /// Deletes, or anonymises where the rows must stay, everything the area holds about the user,
    /// in the deletion's one transaction. The `users` row itself is deleted last, by Privacy.
    static func erase(_ userID: Int64, in transaction: PostgresTransaction) async throws
}

/// A column holding a user's ID.
struct UserColumn: Hashable, Sendable {
    enum Handling: Hashable, Sendable {
        /// The user's rows are deleted.
        case deleted
        /// The rows stay (they are someone else's record, or the community's), with the ID set to
        /// null: why, in plain words.
        case anonymised(kept: String)
    }

    var table: String
    var column: String
    var handling: Handling
    /// Where the export document lists these rows: `"accounts.sessions"`; nil for a single object
    /// path that is not a list (see `exportIsObject`).
    var exportPath: String
    /// True when the path is one object (the profile), not a list of rows.
    var exportIsObject = false
}

/// The registry of holders, and the export document built from them.
enum PersonalData {
    /// Every area holding personal data. Accounts comes last: its erase removes what the others'
    /// rows may still point at.
    static let holders: [any PersonalDataHolder.Type] = [
        PrivacyPersonalData.self, DiaryPersonalData.self, CatalogPersonalData.self, RecipesPersonalData.self, KitchenPersonalData.self,
        NotificationsPersonalData.self, MealsPersonalData.self, SpendingPersonalData.self, RivalsPersonalData.self, ScansPersonalData.self,
        SupportPersonalData.self, AccountsPersonalData.self,
    ]

    static var userColumns: [UserColumn] { holders.flatMap { $0.userColumns } }

    /// The version of the export document's shape.
    static let format = "foodgraph-personal-data/1"

    /// One JSON document of everything the service holds about the user, read in one snapshot.
    static func document(of userID: Int64, in database: some PostgresQuerying) async throws -> String {
        var parts = [
            "\"format\":\"\(format)\"",
            "\"generatedAt\":\"\(RFC3339.format(Date()))\"",
            "\"userId\":\"\(GlobalID(typeName: "User", key: userID))\"",
            "\"note\":\"Every record FoodGraph holds about you, by area. Secrets (your password's hash, session and email tokens) are left out.\"",
        ]
        for holder in holders where !holder.exportKey.isEmpty {
            parts.append("\"\(holder.exportKey)\":" + (try await holder.export(userID, in: database)))
        }
        return "{" + parts.joined(separator: ",") + "}"
    }

    /// Deletes the account and everything about it, in one transaction: each holder's rows, then
    /// the `users` row (whose foreign keys end its sessions).
    static func erase(_ userID: Int64, in transaction: PostgresTransaction) async throws {
        for holder in holders { try await holder.erase(userID, in: transaction) }
        try await UserStore.delete(userID, in: transaction)
    }
}
