import Foundation
import Postgres
import Testing
import TestSupport

@Suite struct CopyTests {
    @Test func copyLoadsRowsWithEscapesAndNulls() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let db = database.database
        _ = try await db.query("CREATE TABLE t (id int8, label text)")
        let rows: [[String?]] = (1...10_000).map { ["\($0)", $0 % 10 == 0 ? nil : "tab\there\\ \($0)\n"] }
        let copied = try await database.pool.withConnection { connection in
            try await connection.copy(into: "COPY t (id, label) FROM STDIN", rows: rows)
        }
        #expect(copied == 10_000)
        let check = try await db.query("SELECT count(*), count(label), max(label) FILTER (WHERE id = 1) FROM t")
        #expect(try check[0].decode(Int.self, at: 0) == 10_000)
        #expect(try check[0].decode(Int.self, at: 1) == 9_000)
        #expect(try check[0].decode(String.self, at: 2) == "tab\there\\ 1\n")
    }
}
