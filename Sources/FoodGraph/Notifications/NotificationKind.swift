import GraphQLEngine

/// What a notification is about. Each kind has a switch in the profile's `NotificationSettings`
/// (`settingName`); a kind switched off is not created at all.
enum NotificationKind: String, CaseIterable, GraphQLEnum {
    static let graphQLTypeName = "NotificationKind"

    case expiringFood = "EXPIRING_FOOD"
    case budgetExceeded = "BUDGET_EXCEEDED"
    case cheaperAlternative = "CHEAPER_ALTERNATIVE"
    case orderStatusChanged = "ORDER_STATUS_CHANGED"
    case upcomingRecurringOrder = "UPCOMING_RECURRING_ORDER"
    case friendRequest = "FRIEND_REQUEST"
    case groupInvitation = "GROUP_INVITATION"
    case scanReady = "SCAN_READY"
    case supportIssueAnswered = "SUPPORT_ISSUE_ANSWERED"

    /// The field of `NotificationSettings` that switches this kind.
    var settingName: String {
        switch self {
        case .expiringFood: "expiringFood"
        case .budgetExceeded: "budgetExceeded"
        case .cheaperAlternative: "cheaperAlternative"
        case .orderStatusChanged: "orderStatus"
        case .upcomingRecurringOrder: "upcomingRecurringOrder"
        case .friendRequest: "friendRequests"
        case .groupInvitation: "groupInvitations"
        case .scanReady: "scanReady"
        case .supportIssueAnswered: "supportIssueAnswered"
        }
    }
}
