import GraphQLEngine
import Postgres

/// Friend requests, friendships and blocks, each inside its mutation's one transaction.
enum FriendMutations {
    static func bind(_ binder: inout SchemaBinder) {
        binder.mutation("sendFriendRequest", input: SendFriendRequestInput.self, access: .signedIn, send)
        binder.mutation("respondToFriendRequest", input: RespondToFriendRequestInput.self, access: .signedIn, respond)
        binder.mutation("cancelFriendRequest", input: CancelFriendRequestInput.self, access: .signedIn, cancel)
        binder.mutation("removeFriend", input: RemoveFriendInput.self, access: .signedIn, remove)
        binder.mutation("blockUser", input: BlockUserInput.self, access: .signedIn, block)
        binder.mutation("unblockUser", input: BlockUserInput.self, access: .signedIn, unblock)
    }

    static func send(_ input: SendFriendRequestInput, _ scope: MutationScope) async throws -> FriendRequestPayload {
        let viewer = try scope.requireViewer()
        let database = scope.transaction
        let notFound = FriendRequestPayload(failing: [UserError("username", "No user with that username.", code: .notFound)])!
        guard let userID = try await ProfileStore.userID(username: input.username, in: database) else { return notFound }
        if userID == viewer.userID {
            return FriendRequestPayload(failing: [UserError("username", "That is your own username.", code: .invalidState)])!
        }
        if try await FriendStore.isBlocked(viewer.userID, userID, in: database) { return notFound }
        if try await FriendStore.areFriends(viewer.userID, userID, in: database) {
            return FriendRequestPayload(failing: [UserError("username", "You are already friends.", code: .invalidState)])!
        }
        if let pending = try await FriendStore.pendingRequest(between: viewer.userID, and: userID, in: database) {
            guard pending.fromUserID == userID else {
                return FriendRequestPayload(failing: [UserError("username", "Your request is waiting for an answer.", code: .invalidState)])!
            }
            // They asked first: this is a yes.
            try await FriendStore.befriend(viewer.userID, userID, in: database)
            return FriendRequestPayload(try await FriendStore.answer(pending.id, status: .accepted, in: database))
        }
        if try await FriendStore.pendingCount(from: viewer.userID, in: database) >= FriendStore.maximumPendingRequests {
            return FriendRequestPayload(
                failing: [
                    UserError(
                        "username", "You have \(FriendStore.maximumPendingRequests) requests waiting for an answer: wait for some, or cancel them.",
                        code: .outOfRange)
                ])!
        }
        let request: FriendRequestRecord
        do {
            request = try await FriendStore.insertRequest(from: viewer.userID, to: userID, in: database)
        } catch let error as PostgresError where error.sqlState == "23505" {
            // A request between the two was sent at the same moment.
            return FriendRequestPayload(failing: [UserError("username", "A request between you is waiting for an answer.", code: .invalidState)])!
        }
        try await RivalNotifications.friendRequest(request, in: database)
        return FriendRequestPayload(request)
    }

    static func respond(_ input: RespondToFriendRequestInput, _ scope: MutationScope) async throws -> FriendRequestPayload {
        let viewer = try scope.requireViewer()
        let database = scope.transaction
        guard let request = try await FriendStore.lockRequest(id: input.friendRequestId.key, in: database), request.toUserID == viewer.userID
        else {
            return FriendRequestPayload(failing: [UserError("friendRequestId", "No such friend request to you.", code: .notFound)])!
        }
        guard request.status == .pending else {
            return FriendRequestPayload(failing: [UserError("friendRequestId", "This request was already answered.", code: .invalidState)])!
        }
        if input.accept { try await FriendStore.befriend(request.fromUserID, request.toUserID, in: database) }
        return FriendRequestPayload(try await FriendStore.answer(request.id, status: input.accept ? .accepted : .declined, in: database))
    }

    static func cancel(_ input: CancelFriendRequestInput, _ scope: MutationScope) async throws -> FriendRequestPayload {
        let viewer = try scope.requireViewer()
        let database = scope.transaction
        guard let request = try await FriendStore.lockRequest(id: input.friendRequestId.key, in: database), request.fromUserID == viewer.userID
        else {
            return FriendRequestPayload(failing: [UserError("friendRequestId", "No such friend request of yours.", code: .notFound)])!
        }
        guard request.status == .pending else {
            return FriendRequestPayload(failing: [UserError("friendRequestId", "This request was already answered.", code: .invalidState)])!
        }
        return FriendRequestPayload(try await FriendStore.answer(request.id, status: .cancelled, in: database))
    }

    static func remove(_ input: RemoveFriendInput, _ scope: MutationScope) async throws -> RemoveFriendPayload {
        let viewer = try scope.requireViewer()
        guard try await FriendStore.unfriend(viewer.userID, input.userId.key, in: scope.transaction) else {
            return RemoveFriendPayload(failing: [UserError("userId", "You are not friends.", code: .notFound)])!
        }
        return RemoveFriendPayload(removed: input.userId.key)
    }

    static func block(_ input: BlockUserInput, _ scope: MutationScope) async throws -> BlockUserPayload {
        let viewer = try scope.requireViewer()
        let database = scope.transaction
        if input.userId.key == viewer.userID {
            return BlockUserPayload(failing: [UserError("userId", "You cannot block yourself.", code: .invalidState)])!
        }
        guard try await UserStore.load(input.userId.key, in: database) != nil else {
            return BlockUserPayload(failing: [UserError("userId", "No such user.", code: .notFound)])!
        }
        try await FriendStore.block(input.userId.key, by: viewer.userID, in: database)
        return BlockUserPayload(RivalProfile(userID: input.userId.key))
    }

    static func unblock(_ input: BlockUserInput, _ scope: MutationScope) async throws -> BlockUserPayload {
        let viewer = try scope.requireViewer()
        guard try await FriendStore.unblock(input.userId.key, by: viewer.userID, in: scope.transaction) else {
            return BlockUserPayload(failing: [UserError("userId", "You had not blocked this user.", code: .notFound)])!
        }
        return BlockUserPayload(RivalProfile(userID: input.userId.key))
    }
}
