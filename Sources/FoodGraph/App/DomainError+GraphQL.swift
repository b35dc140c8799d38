import GraphQLEngine

extension DomainError: ClientFacingError {
    public var graphQLError: GraphQLError {
        var extensions = GraphQLObject([("code", .string(code.rawValue))])
        if let retryAfterSeconds { extensions["retryAfterSeconds"] = .int(retryAfterSeconds) }
        return GraphQLError(message, extensions: extensions)
    }
}
