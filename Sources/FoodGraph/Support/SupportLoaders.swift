import GraphQLEngine
import Postgres

/// The support area's DataLoaders of one request: a page of issues costs one statement for all
/// their comments, one for their requesters, one for the employees named, and one suggestion for
/// the whole request, never one per issue.
struct SupportLoaders {
    let context: RequestContext

    var issues: DataLoader<Int64, SupportIssueRecord> {
        let database = context.database
        return context.loader("support.issues") { try await SupportStore.load($0, from: database) }
    }

    var comments: DataLoader<Int64, [SupportCommentRecord]> {
        let database = context.database
        return context.loader("support.comments") { try await SupportStore.comments(of: $0, from: database) }
    }

    var screenshots: DataLoader<Int64, SupportScreenshot> {
        let database = context.database
        return context.loader("support.screenshots") { try await SupportStore.screenshots(of: $0, from: database) }
    }

    /// By user ID.
    var employees: DataLoader<Int64, SupportEmployee> {
        let database = context.database
        return context.loader("support.employees") { try await SupportPeople.employees($0, in: database) }
    }

    /// By user ID.
    var requesters: DataLoader<Int64, SupportRequester> {
        let database = context.database
        return context.loader("support.requesters") { try await SupportPeople.requesters($0, in: database) }
    }

    /// Keyed by `0`: the one suggestion of the request (it does not depend on the issue).
    var suggestion: DataLoader<Int64, SupportEmployee> {
        let database = context.database
        return context.loader("support.suggestion") { keys in
            guard let id = try await SupportAssignment.suggest(in: database), let employee = try await SupportPeople.employees([id], in: database)[id]
            else { return [:] }
            return Dictionary(uniqueKeysWithValues: keys.map { ($0, employee) })
        }
    }
}

extension RequestContext {
    /// The support area's loaders of this request.
    var support: SupportLoaders { SupportLoaders(context: self) }
}

/// Names and contacts of the people issues show, read through the Accounts area's Swift API.
enum SupportPeople {
    static func employees(_ userIDs: [Int64], in database: some PostgresQuerying) async throws -> [Int64: SupportEmployee] {
        let users = try await UserStore.load(userIDs, in: database)
        let profiles = try await ProfileRecord.load(userIDs, from: database)
        var employees: [Int64: SupportEmployee] = [:]
        for (id, user) in users {
            let fallback = String(user.email.prefix { $0 != "@" })
            let name = profiles[id]?.displayName.flatMap { $0.isEmpty ? nil : $0 } ?? fallback
            employees[id] = SupportEmployee(userID: id, name: name)
        }
        return employees
    }

    static func requesters(_ userIDs: [Int64], in database: some PostgresQuerying) async throws -> [Int64: SupportRequester] {
        let users = try await UserStore.load(userIDs, in: database)
        let profiles = try await ProfileRecord.load(userIDs, from: database)
        var requesters: [Int64: SupportRequester] = [:]
        for (id, user) in users { requesters[id] = SupportRequester(displayName: profiles[id]?.displayName, email: user.email) }
        return requesters
    }
}
