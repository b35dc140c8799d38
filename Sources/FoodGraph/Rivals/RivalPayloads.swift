import GraphQLEngine

struct FriendRequestPayload: MutationPayload {
    static let graphQLTypeName = "FriendRequestPayload"
    var friendRequest: FriendRequestRecord?
    var userErrors: [UserError] = []
    init(_ request: FriendRequestRecord) { friendRequest = request }
    init?(failing errors: [UserError]) { userErrors = errors }
}

struct RemoveFriendPayload: MutationPayload {
    static let graphQLTypeName = "RemoveFriendPayload"
    var removedUserId: GlobalID?
    var userErrors: [UserError] = []
    init(removed userID: Int64) { removedUserId = GlobalID(typeName: "User", key: userID) }
    init?(failing errors: [UserError]) { userErrors = errors }
}

struct BlockUserPayload: MutationPayload {
    static let graphQLTypeName = "BlockUserPayload"
    var user: RivalProfile?
    var userErrors: [UserError] = []
    init(_ user: RivalProfile) { self.user = user }
    init?(failing errors: [UserError]) { userErrors = errors }
}

struct RivalGroupPayload: MutationPayload {
    static let graphQLTypeName = "RivalGroupPayload"
    var group: RivalGroupRecord?
    var userErrors: [UserError] = []
    init(_ group: RivalGroupRecord?) { self.group = group }
    init?(failing errors: [UserError]) { userErrors = errors }
}

struct LeaveRivalGroupPayload: MutationPayload {
    static let graphQLTypeName = "LeaveRivalGroupPayload"
    var leftGroupId: GlobalID?
    var userErrors: [UserError] = []
    init(left groupID: Int64) { leftGroupId = GlobalID(typeName: RivalGroupRecord.graphQLTypeName, key: groupID) }
    init?(failing errors: [UserError]) { userErrors = errors }
}

struct DeleteRivalGroupPayload: MutationPayload {
    static let graphQLTypeName = "DeleteRivalGroupPayload"
    var deletedGroupId: GlobalID?
    var userErrors: [UserError] = []
    init(deleted groupID: Int64) { deletedGroupId = GlobalID(typeName: RivalGroupRecord.graphQLTypeName, key: groupID) }
    init?(failing errors: [UserError]) { userErrors = errors }
}
