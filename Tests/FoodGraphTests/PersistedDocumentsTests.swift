import Postgres
import Testing

@testable import FoodGraph

/// Automatic persisted queries shared by the server instances (`persisted_queries`).
@Suite struct PersistedDocumentsTests {
    static func hash(_ n: Int) -> String {
        let hex = String(n, radix: 16)
        return String(repeating: "0", count: 64 - hex.count) + hex
    }

    @Test func aFullTableMakesRoomByForgettingTheOldestRegistrations() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let database = api.database.database
        // Full of old throwaway documents, as one client could leave it.
        _ = try await database.query(
            """
            INSERT INTO persisted_queries (hash, document, created_at)
            SELECT lpad(to_hex(n), 64, '0'), '{ __typename }', now() - make_interval(secs => 100000 - n)
            FROM generate_series(1, $1::int) AS n
            """, [PersistedDocuments.capacity])
        let hash = String(repeating: "a", count: 64)
        try await PersistedDocuments.register("{ me { id } }", hash: hash, in: database)
        #expect(try await PersistedDocuments.document(forHash: hash, in: database) == "{ me { id } }")
        let count = try await database.query("SELECT count(*)::int FROM persisted_queries", [])[0].decode(Int.self, at: 0)
        #expect(count == PersistedDocuments.capacity)
        #expect(try await PersistedDocuments.document(forHash: Self.hash(1), in: database) == nil, "the oldest stayed")
        #expect(try await PersistedDocuments.document(forHash: Self.hash(2), in: database) != nil)
        // A document registered again takes no one's place.
        try await PersistedDocuments.register("{ me { id } }", hash: hash, in: database)
        #expect(try await PersistedDocuments.document(forHash: Self.hash(2), in: database) != nil)
    }
}
