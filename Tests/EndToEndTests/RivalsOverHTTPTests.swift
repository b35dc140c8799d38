import Foundation
import Testing

@testable import FoodGraph

/// GainRivals through the real server, socket and database: two friends, a group, the board.
struct RivalsOverHTTPTests {
    @Test func twoFriendsCompeteInAGroupOverHTTP() async throws {
        try await HTTPTestAPI.with { api in
            let ana = try await api.signUp("ana-http@example.com")
            let ben = try await api.signUp("ben-http@example.com")
            for (token, name) in [(ana, "anahttp"), (ben, "benhttp")] {
                let profile = try await api.run(#"mutation { updateProfile(input: {username: "\#(name)"}) { userErrors { code } } }"#, token: token)
                #expect(profile.json["errors"] == nil)
            }
            let sent = try await api.run(#"mutation { sendFriendRequest(input: {username: "benhttp"}) { friendRequest { id } userErrors { code } } }"#, token: ana)
            let requestID = try #require(sent["data.sendFriendRequest.friendRequest.id"] as? String)
            _ = try await api.run(
                #"mutation { respondToFriendRequest(input: {friendRequestId: "\#(requestID)", accept: true}) { userErrors { code } } }"#, token: ben)
            let created = try await api.run(#"mutation { createRivalGroup(input: {name: "HTTP rivals", timeZone: "UTC"}) { group { id } } }"#, token: ana)
            let groupID = try #require(created["data.createRivalGroup.group.id"] as? String)
            let benID = try #require(try await api.run("{ me { id } }", token: ben)["data.me.id"] as? String)
            _ = try await api.run(#"mutation { inviteToRivalGroup(input: {groupId: "\#(groupID)", userId: "\#(benID)"}) { userErrors { code } } }"#, token: ana)
            _ = try await api.run(#"mutation { respondToGroupInvitation(input: {groupId: "\#(groupID)", accept: true}) { userErrors { code } } }"#, token: ben)
            _ = try await api.run(
                #"mutation { addDiaryEntry(input: {food: {customFood: {name: "Oats", nutrition: {energyKcal: 380, fatG: 7, carbohydratesG: 60, proteinG: 13}}}, date: "2026-03-02", meal: BREAKFAST, quantity: 80, unit: GRAM}) { userErrors { code } } }"#,
                token: ben)
            let board = try await api.run(
                #"{ node(id: "\#(groupID)") { ... on RivalGroup { leaderboard(from: "2026-03-02", to: "2026-03-08") { days entries { rank score member { username } contributions { metric value points } } } } } }"#,
                token: ben)
            #expect(board.status == 200)
            #expect(board.json["errors"] == nil)
            #expect(board["data.node.leaderboard.days"] as? Int == 7)
            #expect(board["data.node.leaderboard.entries.0.member.username"] as? String == "benhttp")
            #expect(board["data.node.leaderboard.entries.0.contributions.1.metric"] as? String == "DAYS_LOGGED")
            #expect(board["data.node.leaderboard.entries.0.contributions.1.value"] as? Double == 1)
            // A stranger's view: nothing.
            let stranger = try await api.signUp("stranger-http@example.com")
            let hidden = try await api.run(#"{ node(id: "\#(groupID)") { id } }"#, token: stranger)
            #expect(hidden["data.node"] is NSNull)
        }
    }
}
