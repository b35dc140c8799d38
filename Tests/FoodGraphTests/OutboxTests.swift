import Foundation
import Testing

@testable import FoodGraph

struct OutboxTests {
    @Test func theDevelopmentSenderClaimsEachEmailOnce() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        _ = try await api.signUp("mail@example.com")
        let sender = OutboxLogSender(database: api.database.database, logger: .init(label: "test"))
        #expect(try await sender.sendPending() == 1)  // the confirmation email
        #expect(try await sender.sendPending() == 0)
        let pending = try await api.database.database.query("SELECT count(*) FROM email_outbox WHERE sent_at IS NULL")[0].decode(Int.self, at: 0)
        #expect(pending == 0)
    }
}
