import Foundation
import Testing

@testable import FoodGraph

/// The diary through the real server, socket and database: the JSON the client reads.
struct DiaryOverHTTPTests {
    @Test func weightLogAndTimelineOverHTTP() async throws {
        try await HTTPTestAPI.with { api in
            let token = try await api.signUp("diary-http@example.com")
            // Refused input with the user selected: user errors only, no field errors.
            let refused = try await api.run(
                #"mutation { logWeight(input: {date: "2099-01-01", kilograms: 70}) { entry { id weightDisplay } user { id email } userErrors { field code } } }"#,
                token: token)
            #expect(refused.status == 200)
            #expect(refused.json["errors"] == nil)
            #expect(refused["data.logWeight.user"] is NSNull)
            #expect(refused["data.logWeight.userErrors.0.code"] as? String == "DATE_IN_FUTURE")
            #expect(refused["data.logWeight.userErrors.0.field"] as? [String] == ["date"])
            let logged = try await api.run(
                #"mutation { logWeight(input: {date: "2026-03-03", pounds: 154.3}) { entry { date weightKg weightDisplay } userErrors { code } } }"#,
                token: token)
            #expect(logged.json["errors"] == nil)
            #expect(logged["data.logWeight.entry.weightKg"] as? Double == 69.99)
            // Empty periods have a null weight: present in the JSON, and no errors.
            let timeline = try await api.run(
                #"{ me { weightTimeline(from: "2026-03-01", to: "2026-03-04", granularity: DAY) { start end weightKg } } }"#, token: token)
            #expect(timeline.json["errors"] == nil)
            let periods = try #require(timeline["data.me.weightTimeline"] as? [[String: Any]])
            #expect(periods.map { $0["start"] as? String } == ["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04"])
            #expect(periods.map { $0["weightKg"] is NSNull } == [true, true, false, true])
        }
    }
}
