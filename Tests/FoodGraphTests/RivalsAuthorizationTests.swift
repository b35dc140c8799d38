import Foundation
import GraphQLEngine
import Testing

@testable import FoodGraph

/// Who may read and do what in Rivals, over every field and mutation, for four viewers: a
/// stranger, a friend of the owner who is not in the group, a member, and the owner (anonymous
/// too). Scores, diaries and weights are visible only inside one's own groups, and only as the
/// group's metrics; `node(id:)` on another user's data gives nothing.
struct RivalsAuthorizationTests {
    enum Role: String, CaseIterable { case anonymous, stranger, friend, member, owner }

    @Test func everyRivalsFieldAndMutationForStrangerFriendMemberAndOwner() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let owner = try await RivalsFixture.member(api, "owner", goal: "LOSE")
        let member = try await RivalsFixture.member(api, "member", goal: "GAIN")
        let friend = try await RivalsFixture.member(api, "friend", goal: "HOLD")
        let stranger = try await RivalsFixture.member(api, "stranger", goal: "HOLD")
        try await RivalsFixture.befriend(api, owner, member)
        try await RivalsFixture.befriend(api, owner, friend)
        let groupID = try await RivalsFixture.group(api, owner: owner, members: [member])
        try await RivalsFixture.eat(api, member, 1500, on: "2026-03-02")
        try await RivalsFixture.weigh(api, member, 70, on: "2026-03-02")
        let requests = try await api.run("{ me { friendRequests(includeAnswered: true) { edges { node { id } } } } }", token: member.token)
        let requestID = try #require(requests["data.me.friendRequests.edges.0.node.id"] as? String)
        let diary = try await api.run(#"{ me { diaryEntries(from: "2026-03-01", to: "2026-03-31") { edges { node { id } } } } }"#, token: member.token)
        let entryID = try #require(diary["data.me.diaryEntries.edges.0.node.id"] as? String)
        let tokens: [Role: String?] = [.anonymous: nil, .stranger: stranger.token, .friend: friend.token, .member: member.token, .owner: owner.token]

        let everyGroupField = """
            id name description owner { id username displayName avatarUrl } members { member { username } isOwner joinedAt }
            pendingInvitations { groupId } viewerIsOwner scoring { metric weight } period timeZone currentPeriod { from to }
            leaderboard(from: "2026-03-01", to: "2026-03-07") { from to days entries { rank score member { username } contributions { metric value points } } }
            myRankHistory(periods: 2) { period { from to } rank score memberCount } createdAt
            """
        for role in Role.allCases {
            let token = tokens[role]!
            let sees = role == .member || role == .owner

            // The group and every field of it, through node(id:) and nodes(ids:): members only.
            let group = try await api.run(
                "query($g: ID!) { node(id: $g) { ... on RivalGroup { \(everyGroupField) } } nodes(ids: [$g]) { id } }", token: token,
                variables: GraphQLObject([("g", .string(groupID))]))
            #expect((group["data.node.id"] as? String == groupID) == sees, "\(role) × RivalGroup")
            #expect((group["data.nodes.0.id"] as? String == groupID) == sees, "\(role) × nodes(RivalGroup)")
            if sees {
                #expect((group["data.node.leaderboard.entries"] as? [Any])?.count == 2)
                #expect(group["data.node.viewerIsOwner"] as? Bool == (role == .owner))
            }

            // A friend request: its sender (owner) and recipient (member) only.
            let request = try await api.run(
                "query($r: ID!) { node(id: $r) { ... on FriendRequest { id status from { username } to { username } createdAt answeredAt } } }", token: token,
                variables: GraphQLObject([("r", .string(requestID))]))
            #expect((request["data.node.id"] as? String == requestID) == sees, "\(role) × FriendRequest")

            // The member's own User (friends, groups, …) and diary: the member alone, never their group.
            let user = try await api.run(
                """
                query($u: ID!, $e: ID!) { node(id: $u) { ... on User { id friends { edges { node { id } } } friendRequests { edges { node { id } } }
                  groups { edges { node { id } } } rivalGroupInvitations { edges { node { groupId } } } blockedUsers { edges { node { id } } } } }
                  entry: node(id: $e) { id } }
                """, token: token, variables: GraphQLObject([("u", .string(member.id)), ("e", .string(entryID))]))
            #expect((user["data.node.id"] as? String == member.id) == (role == .member), "\(role) × the member's User")
            #expect((user["data.entry.id"] as? String == entryID) == (role == .member), "\(role) × the member's DiaryEntry")

            // The username lookup: anyone signed in, and only the four public fields exist.
            let lookup = try await api.run(
                #"{ userByUsername(username: "member") { id username displayName avatarUrl } }"#, token: token, expecting: ["UNAUTHENTICATED"])
            if role == .anonymous {
                #expect(lookup.errorCodes == ["UNAUTHENTICATED"])
            } else {
                #expect(lookup["data.userByUsername.id"] as? String == member.id)
            }

            // Every mutation: anonymous is UNAUTHENTICATED; the others as their role allows.
            let g = GraphQLObject([
                ("g", .string(groupID)), ("r", .string(requestID)), ("m", .string(member.id)), ("o", .string(owner.id)), ("f", .string(friend.id)),
            ])
            let mutations: [(name: String, document: String)] = [
                ("updateRivalGroup", #"mutation($g: ID!) { x: updateRivalGroup(input: {groupId: $g, description: "new"}) { userErrors { code } } }"#),
                ("setGroupScoring", "mutation($g: ID!) { x: setGroupScoring(input: {groupId: $g, rules: [{metric: DAYS_LOGGED, weight: 1}]}) { userErrors { code } } }"),
                ("inviteToRivalGroup", "mutation($g: ID!, $f: ID!) { x: inviteToRivalGroup(input: {groupId: $g, userId: $f}) { userErrors { code } } }"),
                ("removeGroupMember", "mutation($g: ID!, $m: ID!) { x: removeGroupMember(input: {groupId: $g, userId: $m}) { userErrors { code } } }"),
                ("transferGroupOwnership", "mutation($g: ID!, $m: ID!) { x: transferGroupOwnership(input: {groupId: $g, userId: $m}) { userErrors { code } } }"),
                ("deleteRivalGroup", "mutation($g: ID!) { x: deleteRivalGroup(input: {groupId: $g}) { userErrors { code } } }"),
                ("respondToGroupInvitation", "mutation($g: ID!) { x: respondToGroupInvitation(input: {groupId: $g, accept: true}) { userErrors { code } } }"),
                ("respondToFriendRequest", "mutation($r: ID!) { x: respondToFriendRequest(input: {friendRequestId: $r, accept: true}) { userErrors { code } } }"),
                ("cancelFriendRequest", "mutation($r: ID!) { x: cancelFriendRequest(input: {friendRequestId: $r}) { userErrors { code } } }"),
                ("removeFriend", "mutation($m: ID!) { x: removeFriend(input: {userId: $m}) { userErrors { code } } }"),
                ("leaveRivalGroup", "mutation($g: ID!) { x: leaveRivalGroup(input: {groupId: $g}) { userErrors { code } } }"),
            ]
            for mutation in mutations {
                let expected = role == .anonymous ? "UNAUTHENTICATED" : Self.outcome(mutation.name, role)
                if expected == "SKIP" { continue }
                let used = GraphQLObject(g.fields.filter { mutation.document.contains("$" + $0.name + ":") })
                let response = try await api.run(mutation.document, token: token, variables: used, expecting: ["UNAUTHENTICATED"])
                let outcome = response.errorCodes.first ?? (response["data.x.userErrors.0.code"] as? String) ?? "OK"
                #expect(outcome == expected, "\(role) × \(mutation.name)")
            }
            let blocked = try await api.run(
                "mutation($o: ID!) { blockUser(input: {userId: $o}) { userErrors { code } } }", token: token,
                variables: GraphQLObject([("o", .string(stranger.id))]), expecting: ["UNAUTHENTICATED"])
            #expect((role == .anonymous) == (blocked.errorCodes == ["UNAUTHENTICATED"]))
            if role != .anonymous && role != .stranger {
                _ = try await api.run("mutation($o: ID!) { unblockUser(input: {userId: $o}) { userErrors { code } } }", token: token,
                    variables: GraphQLObject([("o", .string(stranger.id))]))
            }
        }
        // Nothing a refusal touched changed: the owner's description and scoring are the owner's changes.
        let after = try await api.run(
            "query($g: ID!) { node(id: $g) { ... on RivalGroup { description scoring { metric } members { member { username } } owner { username } } } }",
            token: owner.token, variables: GraphQLObject([("g", .string(groupID))]))
        #expect(after["data.node.description"] as? String == "new")
        #expect((after["data.node.members"] as? [Any])?.count == 2)
        #expect(after["data.node.owner.username"] as? String == "owner")
        // What the loop skipped: the member leaves, the owner removes a friend and deletes the group.
        let left = try await api.run("mutation($g: ID!) { leaveRivalGroup(input: {groupId: $g}) { leftGroupId } }", token: member.token,
            variables: GraphQLObject([("g", .string(groupID))]))
        #expect(left["data.leaveRivalGroup.leftGroupId"] as? String == groupID)
        let unfriended = try await api.run("mutation($m: ID!) { removeFriend(input: {userId: $m}) { removedUserId } }", token: owner.token,
            variables: GraphQLObject([("m", .string(member.id))]))
        #expect(unfriended["data.removeFriend.removedUserId"] as? String == member.id)
        let deleted = try await api.run("mutation($g: ID!) { deleteRivalGroup(input: {groupId: $g}) { deletedGroupId } }", token: owner.token,
            variables: GraphQLObject([("g", .string(groupID))]))
        #expect(deleted["data.deleteRivalGroup.deletedGroupId"] as? String == groupID)
    }

    /// What each signed-in role gets from a mutation on the group, the request (owner → member,
    /// accepted) and the member: "OK", a user error's code, or "SKIP" for a change the role may
    /// make that would end this test's set-up (made after the loop).
    static func outcome(_ mutation: String, _ role: Role) -> String {
        switch (mutation, role) {
        case ("updateRivalGroup", .owner), ("setGroupScoring", .owner): "OK"
        // Members invite their own friends: the friend is the owner's, not the member's.
        case ("inviteToRivalGroup", .owner): "OK"
        case ("removeGroupMember", .owner), ("transferGroupOwnership", .owner), ("deleteRivalGroup", .owner), ("removeFriend", .owner): "SKIP"
        case ("leaveRivalGroup", .member): "SKIP"
        // Theirs, but answered already.
        case ("respondToFriendRequest", .member), ("cancelFriendRequest", .owner): "INVALID_STATE"
        case ("leaveRivalGroup", .owner): "INVALID_STATE"
        default: "NOT_FOUND"
        }
    }
}
