import GraphQLEngine

/// Schema enum `SupportIssueStatus`, stored lower-case (`in_hand`).
enum SupportIssueStatus: String, GraphQLEnum, LowercaseStored {
    case open = "OPEN"
    case inHand = "IN_HAND"
    case resolved = "RESOLVED"

    static let graphQLTypeName = "SupportIssueStatus"
}

/// Schema enum `SupportIssueSeverity`, stored lower-case.
enum SupportIssueSeverity: String, GraphQLEnum, LowercaseStored {
    case low = "LOW"
    case medium = "MEDIUM"
    case high = "HIGH"
    case critical = "CRITICAL"

    static let graphQLTypeName = "SupportIssueSeverity"
}

/// Schema enum `SupportIssueCategory`, stored lower-case (`feature_request`).
enum SupportIssueCategory: String, GraphQLEnum, LowercaseStored {
    case bug = "BUG"
    case account = "ACCOUNT"
    case orders = "ORDERS"
    case data = "DATA"
    case featureRequest = "FEATURE_REQUEST"
    case other = "OTHER"

    static let graphQLTypeName = "SupportIssueCategory"
}
