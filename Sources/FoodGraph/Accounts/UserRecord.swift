import Foundation
import GraphQLEngine
import Postgres

/// An account (schema type `User`) with its roles.
struct UserRecord: IdentifiedRecord {
    var id: Int64
    var email: String
    var emailConfirmedAt: Date?
    var disabledAt: Date?
    var createdAt: Date
    /// The account's roles; always starts with `.user`.
    var roles: [Role]
    var representedChainID: Int64?
    /// Set on the user a `register` or `login` payload returns: the requester just proved to be
    /// this user, though the request carries no session yet.
    var isRequesterThemself = false

    var globalID: GlobalID { GlobalID(typeName: "User", key: id) }

    /// Reads `UserStore.columns`.
    init(_ row: PostgresRow) throws {
        id = try row.decode(Int64.self, at: 0)
        email = try row.decode(String.self, at: 1)
        emailConfirmedAt = try row.decode(Date?.self, at: 2)
        disabledAt = try row.decode(Date?.self, at: 3)
        createdAt = try row.decode(Date.self, at: 4)
        roles = [.user] + (try row.decode([String].self, at: 5).compactMap(Role.init(rawValue:)))
        representedChainID = try row.decode(Int64?.self, at: 6)
    }

    /// The viewer's own account where the fields asked for read only its id (none with
    /// `UserField.readsAccountRow`): the session check has just found the account enabled, so
    /// `me { diaryDay … }` needs no statement for it. Email and creation time stay empty, as no
    /// field asked for reads them.
    init(viewer: Viewer) {
        id = viewer.userID
        email = ""
        createdAt = .distantPast
        roles = [.user] + viewer.roles.filter { $0 != .user }.sorted { $0.rawValue < $1.rawValue }
        representedChainID = viewer.representedChainID
    }

    /// Users by id (the request loaders' batch; other areas use it to return a user).
    static func load(_ ids: [Int64], from database: some PostgresQuerying) async throws -> [Int64: UserRecord] {
        try await UserStore.load(ids, in: database)
    }
}
