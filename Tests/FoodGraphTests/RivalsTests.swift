import Foundation
import GraphQLEngine
import Testing

@testable import FoodGraph

/// Rivals (issue 29): NutriBud's GainRivals stories — friends by username lookup, private friend
/// groups with the scoring they choose, the leaderboard only members see.
struct RivalsTests {
    // MARK: - Story: add friends through username lookup

    @Test func aUserAddsFriendsThroughUsernameLookup() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let ana = try await RivalsFixture.member(api, "ana", goal: "LOSE")
        let ben = try await RivalsFixture.member(api, "ben", goal: "GAIN")
        let cy = try await RivalsFixture.member(api, "cyd", goal: "HOLD")

        // A stranger shows username, display name and avatar, and nothing else.
        let found = try await api.run(#"{ userByUsername(username: "BEN") { id username displayName avatarUrl } }"#, token: ana.token)
        #expect(found["data.userByUsername.username"] as? String == "ben")
        #expect(found["data.userByUsername.id"] as? String == ben.id)
        let nobody = try await api.run(#"{ userByUsername(username: "nobody-here") { id } }"#, token: ana.token)
        #expect(nobody["data.userByUsername"] is NSNull)
        let anonymous = try await api.run(#"{ userByUsername(username: "ben") { id } }"#, expecting: ["UNAUTHENTICATED"])
        #expect(anonymous.errorCodes == ["UNAUTHENTICATED"])

        // Send, accept.
        let sent = try await api.run(
            #"mutation { sendFriendRequest(input: {username: "ben"}) { friendRequest { id status from { username } to { username } } userErrors { field code } } }"#,
            token: ana.token)
        #expect(sent["data.sendFriendRequest.friendRequest.status"] as? String == "PENDING")
        #expect(sent["data.sendFriendRequest.friendRequest.to.username"] as? String == "ben")
        let requestID = try #require(sent["data.sendFriendRequest.friendRequest.id"] as? String)
        let again = try await api.run(#"mutation { sendFriendRequest(input: {username: "ben"}) { userErrors { field code } } }"#, token: ana.token)
        #expect(again["data.sendFriendRequest.userErrors.0.code"] as? String == "INVALID_STATE")
        // Ben is told (the Notifications area), about the request.
        let told = try await api.run("{ me { notifications { edges { node { kind subjectId title } } } } }", token: ben.token)
        #expect(told["data.me.notifications.edges.0.node.kind"] as? String == "FRIEND_REQUEST")
        #expect(told["data.me.notifications.edges.0.node.subjectId"] as? String == requestID)
        let incoming = try await api.run("{ me { friendRequests { edges { node { id from { username } } } } } }", token: ben.token)
        #expect(incoming["data.me.friendRequests.edges.0.node.id"] as? String == requestID)
        let outgoing = try await api.run("{ me { friendRequests(direction: OUTGOING) { edges { node { id } } } } }", token: ana.token)
        #expect(outgoing["data.me.friendRequests.edges.0.node.id"] as? String == requestID)
        // Only the recipient answers.
        let byAna = try await api.run(
            "mutation($id: ID!) { respondToFriendRequest(input: {friendRequestId: $id, accept: true}) { userErrors { code } } }", token: ana.token,
            variables: GraphQLObject([("id", .string(requestID))]))
        #expect(byAna["data.respondToFriendRequest.userErrors.0.code"] as? String == "NOT_FOUND")
        let accepted = try await api.run(
            "mutation($id: ID!) { respondToFriendRequest(input: {friendRequestId: $id, accept: true}) { friendRequest { status answeredAt } userErrors { code } } }",
            token: ben.token, variables: GraphQLObject([("id", .string(requestID))]))
        #expect(accepted["data.respondToFriendRequest.friendRequest.status"] as? String == "ACCEPTED")
        let friends = try await api.run("{ me { friends { edges { node { username } } } } }", token: ben.token)
        #expect((friends["data.me.friends.edges"] as? [Any])?.count == 1)
        #expect(friends["data.me.friends.edges.0.node.username"] as? String == "ana")

        // Decline; cancel.
        let toCy = try await api.run(#"mutation { sendFriendRequest(input: {username: "cyd"}) { friendRequest { id } } }"#, token: ana.token)
        let toCyID = try #require(toCy["data.sendFriendRequest.friendRequest.id"] as? String)
        let declined = try await api.run(
            "mutation($id: ID!) { respondToFriendRequest(input: {friendRequestId: $id, accept: false}) { friendRequest { status } } }",
            token: cy.token, variables: GraphQLObject([("id", .string(toCyID))]))
        #expect(declined["data.respondToFriendRequest.friendRequest.status"] as? String == "DECLINED")
        let cyToBen = try await api.run(#"mutation { sendFriendRequest(input: {username: "ben"}) { friendRequest { id } } }"#, token: cy.token)
        let cancelled = try await api.run(
            "mutation($id: ID!) { cancelFriendRequest(input: {friendRequestId: $id}) { friendRequest { status } } }", token: cy.token,
            variables: GraphQLObject([("id", .string(try #require(cyToBen["data.sendFriendRequest.friendRequest.id"] as? String)))]))
        #expect(cancelled["data.cancelFriendRequest.friendRequest.status"] as? String == "CANCELLED")

        // Asking someone who asked you first accepts their request.
        _ = try await api.run(#"mutation { sendFriendRequest(input: {username: "cyd"}) { friendRequest { id } } }"#, token: ben.token)
        let mutual = try await api.run(#"mutation { sendFriendRequest(input: {username: "ben"}) { friendRequest { status } } }"#, token: cy.token)
        #expect(mutual["data.sendFriendRequest.friendRequest.status"] as? String == "ACCEPTED")

        // Remove a friend.
        let removed = try await api.run(
            "mutation($id: ID!) { removeFriend(input: {userId: $id}) { removedUserId userErrors { code } } }", token: cy.token,
            variables: GraphQLObject([("id", .string(ben.id))]))
        #expect(removed["data.removeFriend.removedUserId"] as? String == ben.id)
        let removedAgain = try await api.run(
            "mutation($id: ID!) { removeFriend(input: {userId: $id}) { userErrors { code } } }", token: cy.token,
            variables: GraphQLObject([("id", .string(ben.id))]))
        #expect(removedAgain["data.removeFriend.userErrors.0.code"] as? String == "NOT_FOUND")

        // Block: the friendship ends, no requests either way, not found by username; unblock.
        let blocked = try await api.run(
            "mutation($id: ID!) { blockUser(input: {userId: $id}) { user { username } userErrors { code } } }", token: ben.token,
            variables: GraphQLObject([("id", .string(ana.id))]))
        #expect(blocked["data.blockUser.user.username"] as? String == "ana")
        let afterBlock = try await api.run("{ me { friends { edges { node { username } } } blockedUsers { edges { node { username } } } } }", token: ben.token)
        #expect((afterBlock["data.me.friends.edges"] as? [Any])?.isEmpty == true)
        #expect(afterBlock["data.me.blockedUsers.edges.0.node.username"] as? String == "ana")
        for (token, name) in [(ana.token, "ben"), (ben.token, "ana")] {
            let refused = try await api.run(#"mutation { sendFriendRequest(input: {username: "\#(name)"}) { userErrors { field code } } }"#, token: token)
            #expect(refused["data.sendFriendRequest.userErrors.0.code"] as? String == "NOT_FOUND")
            let hidden = try await api.run(#"{ userByUsername(username: "\#(name)") { id } }"#, token: token)
            #expect(hidden["data.userByUsername"] is NSNull)
        }
        let unblocked = try await api.run(
            "mutation($id: ID!) { unblockUser(input: {userId: $id}) { userErrors { code } } }", token: ben.token,
            variables: GraphQLObject([("id", .string(ana.id))]))
        #expect((unblocked["data.unblockUser.userErrors"] as? [Any])?.isEmpty == true)
        let foundAgain = try await api.run(#"{ userByUsername(username: "ana") { id } }"#, token: ben.token)
        #expect(foundAgain["data.userByUsername.id"] as? String == ana.id)

        // Bounds.
        let short = try await api.run(#"mutation { sendFriendRequest(input: {username: "x"}) { userErrors { field code } } }"#, token: ana.token)
        #expect(short["data.sendFriendRequest.userErrors.0.code"] as? String == "TOO_SHORT")
        #expect(short["data.sendFriendRequest.userErrors.0.field"] as? [String] == ["username"])
        let me = try await api.run(#"mutation { sendFriendRequest(input: {username: "ana"}) { userErrors { code } } }"#, token: ana.token)
        #expect(me["data.sendFriendRequest.userErrors.0.code"] as? String == "INVALID_STATE")
    }

    // MARK: - Story: set up a GainRivals friend group

    @Test func aUserSetsUpAGainRivalsFriendGroup() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let ana = try await RivalsFixture.member(api, "ana", goal: "LOSE")
        let ben = try await RivalsFixture.member(api, "ben", goal: "GAIN")
        let cy = try await RivalsFixture.member(api, "cyd", goal: "HOLD")
        try await RivalsFixture.befriend(api, ana, ben)
        try await RivalsFixture.befriend(api, ana, cy)

        let created = try await api.run(
            #"mutation { createRivalGroup(input: {name: "  Gym crew ", description: "March madness"}) { group { id name description period timeZone viewerIsOwner owner { username } scoring { metric weight } members { member { username } isOwner } } userErrors { code } } }"#,
            token: ana.token)
        #expect(created["data.createRivalGroup.group.name"] as? String == "Gym crew")
        #expect(created["data.createRivalGroup.group.period"] as? String == "WEEK")
        #expect(created["data.createRivalGroup.group.viewerIsOwner"] as? Bool == true)
        #expect((created["data.createRivalGroup.group.scoring"] as? [Any])?.count == 3)
        let groupID = try #require(created["data.createRivalGroup.group.id"] as? String)
        let group = GraphQLObject([("g", .string(groupID)), ("ben", .string(ben.id)), ("cy", .string(cy.id))])

        // Invite friends; a stranger cannot be invited.
        let stranger = try await RivalsFixture.member(api, "dee", goal: "HOLD")
        let strangerInvite = try await api.run(
            "mutation($g: ID!, $u: ID!) { inviteToRivalGroup(input: {groupId: $g, userId: $u}) { userErrors { field code } } }", token: ana.token,
            variables: GraphQLObject([("g", .string(groupID)), ("u", .string(stranger.id))]))
        #expect(strangerInvite["data.inviteToRivalGroup.userErrors.0.code"] as? String == "NOT_FOUND")
        for friend in [ben, cy] {
            let invited = try await api.run(
                "mutation($g: ID!, $u: ID!) { inviteToRivalGroup(input: {groupId: $g, userId: $u}) { group { pendingInvitations { invitee { username } invitedBy { username } } } userErrors { code } } }",
                token: ana.token, variables: GraphQLObject([("g", .string(groupID)), ("u", .string(friend.id))]))
            #expect((invited["data.inviteToRivalGroup.userErrors"] as? [Any])?.isEmpty == true)
        }
        let invitedTold = try await api.run("{ me { notifications { edges { node { kind subjectId } } } } }", token: ben.token)
        #expect(invitedTold["data.me.notifications.edges.0.node.kind"] as? String == "GROUP_INVITATION")
        let invitations = try await api.run("{ me { rivalGroupInvitations { edges { node { groupId groupName invitedBy { username } } } } } }", token: ben.token)
        #expect(invitations["data.me.rivalGroupInvitations.edges.0.node.groupId"] as? String == groupID)
        #expect(invitations["data.me.rivalGroupInvitations.edges.0.node.invitedBy.username"] as? String == "ana")
        // Not a member yet: the group is not visible.
        let before = try await api.run("query($g: ID!) { node(id: $g) { id } }", token: ben.token, variables: group)
        #expect(before["data.node"] is NSNull)

        // Accept, decline.
        let joined = try await api.run(
            "mutation($g: ID!) { respondToGroupInvitation(input: {groupId: $g, accept: true}) { group { members { member { username } } } userErrors { code } } }",
            token: ben.token, variables: group)
        #expect((joined["data.respondToGroupInvitation.group.members"] as? [Any])?.count == 2)
        let declined = try await api.run(
            "mutation($g: ID!) { respondToGroupInvitation(input: {groupId: $g, accept: false}) { group { id } userErrors { code } } }",
            token: cy.token, variables: group)
        #expect(declined["data.respondToGroupInvitation.group"] is NSNull)
        let benGroups = try await api.run("{ me { groups { edges { node { id name } } } } }", token: ben.token)
        #expect(benGroups["data.me.groups.edges.0.node.id"] as? String == groupID)

        // Rename (owner only), leave; the owner may not leave.
        let renameByBen = try await api.run(
            #"mutation($g: ID!) { updateRivalGroup(input: {groupId: $g, name: "Mine"}) { userErrors { code } } }"#, token: ben.token, variables: group)
        #expect(renameByBen["data.updateRivalGroup.userErrors.0.code"] as? String == "NOT_FOUND")
        let renamed = try await api.run(
            #"mutation($g: ID!) { updateRivalGroup(input: {groupId: $g, name: "Crew", description: null, period: MONTH, timeZone: "America/Toronto"}) { group { name description period timeZone currentPeriod { from to } } userErrors { code } } }"#,
            token: ana.token, variables: group)
        #expect(renamed["data.updateRivalGroup.group.name"] as? String == "Crew")
        #expect(renamed["data.updateRivalGroup.group.description"] is NSNull)
        #expect((renamed["data.updateRivalGroup.group.currentPeriod.from"] as? String)?.hasSuffix("-01") == true)
        let ownerLeaves = try await api.run("mutation($g: ID!) { leaveRivalGroup(input: {groupId: $g}) { userErrors { code } } }", token: ana.token, variables: group)
        #expect(ownerLeaves["data.leaveRivalGroup.userErrors.0.code"] as? String == "INVALID_STATE")

        // Transfer ownership; the new owner removes the old one; then deletes the group.
        let transferred = try await api.run(
            "mutation($g: ID!, $ben: ID!) { transferGroupOwnership(input: {groupId: $g, userId: $ben}) { group { owner { username } viewerIsOwner } userErrors { code } } }",
            token: ana.token, variables: group)
        #expect(transferred["data.transferGroupOwnership.group.owner.username"] as? String == "ben")
        #expect(transferred["data.transferGroupOwnership.group.viewerIsOwner"] as? Bool == false)
        let removed = try await api.run(
            "mutation($g: ID!, $u: ID!) { removeGroupMember(input: {groupId: $g, userId: $u}) { group { members { member { username } } } userErrors { code } } }",
            token: ben.token, variables: GraphQLObject([("g", .string(groupID)), ("u", .string(ana.id))]))
        #expect((removed["data.removeGroupMember.group.members"] as? [Any])?.count == 1)
        let anaAfter = try await api.run("query($g: ID!) { node(id: $g) { id } }", token: ana.token, variables: group)
        #expect(anaAfter["data.node"] is NSNull)
        let deleted = try await api.run(
            "mutation($g: ID!) { deleteRivalGroup(input: {groupId: $g}) { deletedGroupId userErrors { code } } }", token: ben.token, variables: group)
        #expect(deleted["data.deleteRivalGroup.deletedGroupId"] as? String == groupID)
        let left = try await api.database.database.query("SELECT count(*) FROM rival_groups")[0].decode(Int.self, at: 0)
        #expect(left == 0)

        // Bounds: a blank name, a custom period without dates, a bad time zone; nothing written.
        let bad = try await api.run(
            #"mutation { a: createRivalGroup(input: {name: "  "}) { userErrors { field code } } b: createRivalGroup(input: {name: "X", period: CUSTOM}) { userErrors { field code } } c: createRivalGroup(input: {name: "X", timeZone: "Mars/Base"}) { userErrors { field code } } }"#,
            token: ana.token)
        #expect(bad["data.a.userErrors.0.code"] as? String == "REQUIRED")
        #expect(bad["data.a.userErrors.0.field"] as? [String] == ["name"])
        #expect(bad["data.b.userErrors.0.field"] as? [String] == ["customFrom"])
        #expect(bad["data.c.userErrors.0.field"] as? [String] == ["timeZone"])
        let none = try await api.database.database.query("SELECT count(*) FROM rival_groups")[0].decode(Int.self, at: 0)
        #expect(none == 0)
    }

    @Test func aGroupHoldsAtMostFiftyMembersAndInvitations() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let owner = try await RivalsFixture.member(api, "owner", goal: "HOLD")
        let created = try await api.run(#"mutation { createRivalGroup(input: {name: "Big"}) { group { id } } }"#, token: owner.token)
        let groupID = try #require(created["data.createRivalGroup.group.id"] as? String)
        let key = try #require(GlobalID(parsing: groupID)).key
        // 49 more members, straight into the tables (the limit is what is tested).
        let database = api.database.database
        _ = try await database.query(
            """
            WITH made AS (INSERT INTO users (email, email_key, password_hash)
              SELECT 'm' || i || '@example.com', 'm' || i || '@example.com', 'x' FROM generate_series(1, 50) i RETURNING id)
            INSERT INTO friendships (user_id, friend_id) SELECT $1, id FROM made UNION ALL SELECT id, $1 FROM made
            """, [owner.key])
        _ = try await database.query(
            """
            INSERT INTO rival_group_members (group_id, user_id)
            SELECT $1, friend_id FROM friendships WHERE user_id = $2 ORDER BY friend_id LIMIT 49
            """, [key, owner.key])
        let last = try await database.query("SELECT max(friend_id) FROM friendships WHERE user_id = $1", [owner.key])[0].decode(Int64.self, at: 0)
        let full = try await api.run(
            "mutation($g: ID!, $u: ID!) { inviteToRivalGroup(input: {groupId: $g, userId: $u}) { userErrors { field code message } } }", token: owner.token,
            variables: GraphQLObject([("g", .string(groupID)), ("u", .string(GlobalID(typeName: "User", key: last).description))]))
        #expect(full["data.inviteToRivalGroup.userErrors.0.code"] as? String == "OUT_OF_RANGE")
        let members = try await api.run("query($g: ID!) { node(id: $g) { ... on RivalGroup { members { isOwner } } } }", token: owner.token,
            variables: GraphQLObject([("g", .string(groupID))]))
        #expect((members["data.node.members"] as? [Any])?.count == 50)
    }

    // MARK: - Story: customisable scoring

    @Test func aGroupChoosesItsScoringMetricsAndWeights() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let ana = try await RivalsFixture.member(api, "ana", goal: "LOSE")
        let ben = try await RivalsFixture.member(api, "ben", goal: "GAIN")
        try await RivalsFixture.befriend(api, ana, ben)
        let groupID = try await RivalsFixture.group(api, owner: ana, members: [ben])
        let variables = GraphQLObject([("g", .string(groupID))])
        let set = try await api.run(
            "mutation($g: ID!) { setGroupScoring(input: {groupId: $g, rules: [{metric: LOGGING_STREAK, weight: 3}, {metric: WEIGHT_PROGRESS, weight: 1}]}) { group { scoring { metric weight } } userErrors { code } } }",
            token: ana.token, variables: variables)
        #expect(set["data.setGroupScoring.group.scoring.0.metric"] as? String == "LOGGING_STREAK")
        #expect(set["data.setGroupScoring.group.scoring.1.weight"] as? Int == 1)
        let byMember = try await api.run(
            "mutation($g: ID!) { setGroupScoring(input: {groupId: $g, rules: [{metric: DAYS_LOGGED, weight: 3}]}) { userErrors { code } } }",
            token: ben.token, variables: variables)
        #expect(byMember["data.setGroupScoring.userErrors.0.code"] as? String == "NOT_FOUND")
        let bad = try await api.run(
            """
            mutation($g: ID!) {
              a: setGroupScoring(input: {groupId: $g, rules: []}) { userErrors { field code } }
              b: setGroupScoring(input: {groupId: $g, rules: [{metric: DAYS_LOGGED, weight: 1}, {metric: DAYS_LOGGED, weight: 2}]}) { userErrors { field code } }
              c: setGroupScoring(input: {groupId: $g, rules: [{metric: DAYS_LOGGED, weight: 101}]}) { userErrors { field code } }
            }
            """, token: ana.token, variables: variables)
        #expect(bad["data.a.userErrors.0.code"] as? String == "OUT_OF_RANGE")
        #expect(bad["data.b.userErrors.0.code"] as? String == "INVALID_FORMAT")
        #expect(bad["data.c.userErrors.0.field"] as? [String] == ["rules", "0", "weight"])
        let kept = try await api.run("query($g: ID!) { node(id: $g) { ... on RivalGroup { scoring { metric } } } }", token: ben.token, variables: variables)
        #expect((kept["data.node.scoring"] as? [Any])?.count == 2)
    }

    // MARK: - Personal data

    @Test func deletingAnAccountHandsItsGroupsToTheLongestStandingMember() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let ana = try await RivalsFixture.member(api, "ana", goal: "LOSE")
        let ben = try await RivalsFixture.member(api, "ben", goal: "GAIN")
        try await RivalsFixture.befriend(api, ana, ben)
        let shared = try await RivalsFixture.group(api, owner: ana, members: [ben])
        let alone = try await api.run(#"mutation { createRivalGroup(input: {name: "Solo"}) { group { id } } }"#, token: ana.token)
        let deleted = try await api.run(#"mutation { deleteMyAccount(input: {password: "Secret-pass1"}) { deleted userErrors { code } } }"#, token: ana.token)
        #expect(deleted["data.deleteMyAccount.deleted"] as? Bool == true)
        let group = try await api.run(
            "query($g: ID!) { node(id: $g) { ... on RivalGroup { owner { username } viewerIsOwner members { member { username } } } } me { friends { edges { node { id } } } } }",
            token: ben.token, variables: GraphQLObject([("g", .string(shared))]))
        #expect(group["data.node.owner.username"] as? String == "ben")
        #expect((group["data.node.members"] as? [Any])?.count == 1)
        #expect((group["data.me.friends.edges"] as? [Any])?.isEmpty == true)
        let soloID = try #require(alone["data.createRivalGroup.group.id"] as? String)
        let soloKey = try #require(GlobalID(parsing: soloID)).key
        #expect(try await api.database.database.query("SELECT count(*) FROM rival_groups WHERE id = $1", [soloKey])[0].decode(Int.self, at: 0) == 0)
    }
}

/// Members and groups for the Rivals tests.
enum RivalsFixture {
    struct Member: Sendable {
        var token: String
        var id: String
        var key: Int64
        var username: String
    }

    /// A user with a username, a complete profile (so targets exist), the goal given and targets
    /// of 2000 kcal and 100 g of protein a day.
    static func member(_ api: TestAPI, _ username: String, goal: String, weightKg: Double = 70) async throws -> Member {
        let token = try await api.signUp("\(username)@example.com")
        let profile = try await api.run(
            """
            mutation { updateProfile(input: {username: "\(username)", displayName: "\(username.capitalized)", gender: FEMALE, birthDate: "1990-01-01",
              heightCm: 170, weightKg: \(weightKg), goal: \(goal), customTargets: {energyKcal: 2000, proteinG: 100}}) { userErrors { field code } } }
            """, token: token)
        #expect((profile["data.updateProfile.userErrors"] as? [Any])?.isEmpty == true, "\(profile.json)")
        let me = try await api.run("{ me { id } }", token: token)
        let id = try #require(me["data.me.id"] as? String)
        return Member(token: token, id: id, key: try #require(GlobalID(parsing: id)).key, username: username)
    }

    static func befriend(_ api: TestAPI, _ a: Member, _ b: Member) async throws {
        let sent = try await api.run(
            #"mutation { sendFriendRequest(input: {username: "\#(b.username)"}) { friendRequest { id } userErrors { code } } }"#, token: a.token)
        let id = try #require(sent["data.sendFriendRequest.friendRequest.id"] as? String)
        _ = try await api.run(
            "mutation($id: ID!) { respondToFriendRequest(input: {friendRequestId: $id, accept: true}) { userErrors { code } } }", token: b.token,
            variables: GraphQLObject([("id", .string(id))]))
    }

    /// A group owned by `owner` whose other members accepted their invitations; its ID.
    static func group(_ api: TestAPI, owner: Member, members: [Member], scoring: String = "") async throws -> String {
        let created = try await api.run(
            #"mutation { createRivalGroup(input: {name: "Rivals", timeZone: "UTC"\#(scoring)}) { group { id } userErrors { field code } } }"#,
            token: owner.token)
        let groupID = try #require(created["data.createRivalGroup.group.id"] as? String, "\(created.json)")
        for member in members {
            let invited = try await api.run(
                "mutation($g: ID!, $u: ID!) { inviteToRivalGroup(input: {groupId: $g, userId: $u}) { userErrors { code } } }", token: owner.token,
                variables: GraphQLObject([("g", .string(groupID)), ("u", .string(member.id))]))
            #expect((invited["data.inviteToRivalGroup.userErrors"] as? [Any])?.isEmpty == true, "\(invited.json)")
            let joined = try await api.run(
                "mutation($g: ID!) { respondToGroupInvitation(input: {groupId: $g, accept: true}) { userErrors { code } } }", token: member.token,
                variables: GraphQLObject([("g", .string(groupID))]))
            #expect((joined["data.respondToGroupInvitation.userErrors"] as? [Any])?.isEmpty == true)
        }
        return groupID
    }

    /// Logs `grams` of a food of 100 kcal and 6 g protein per 100 g on a date: `grams` kcal and
    /// 0.06 × `grams` g of protein. Returns the entry's ID.
    @discardableResult
    static func eat(_ api: TestAPI, _ member: Member, _ grams: Double, on date: String) async throws -> String {
        let added = try await api.run(
            """
            mutation { addDiaryEntry(input: {food: {customFood: {name: "Test food", nutrition: {energyKcal: 100, fatG: 0, carbohydratesG: 0, proteinG: 6}}},
              date: "\(date)", meal: LUNCH, quantity: \(grams), unit: GRAM}) { entry { id } userErrors { field code } } }
            """, token: member.token)
        return try #require(added["data.addDiaryEntry.entry.id"] as? String, "\(added.json)")
    }

    static func weigh(_ api: TestAPI, _ member: Member, _ kilograms: Double, on date: String) async throws {
        let logged = try await api.run(
            #"mutation { logWeight(input: {date: "\#(date)", kilograms: \#(kilograms)}) { userErrors { field code } } }"#, token: member.token)
        #expect((logged["data.logWeight.userErrors"] as? [Any])?.isEmpty == true, "\(logged.json)")
    }
}
