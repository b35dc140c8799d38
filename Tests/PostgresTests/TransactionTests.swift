import Foundation
import Postgres
import Testing
import TestSupport

@Suite struct TransactionTests {
    @Test func aThrowingBodyRollsBack() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let db = database.database
        _ = try await db.query("CREATE TABLE items (name text)")
        struct Refused: Error {}
        await #expect(throws: Refused.self) {
            try await db.withTransaction { transaction in
                _ = try await transaction.query("INSERT INTO items VALUES ($1)", ["half-written"])
                throw Refused()
            }
        }
        #expect(try await db.query("SELECT count(*) FROM items")[0].decode(Int.self, at: 0) == 0)
        try await db.withTransaction { transaction in
            _ = try await transaction.query("INSERT INTO items VALUES ($1)", ["kept"])
        }
        #expect(try await db.query("SELECT count(*) FROM items")[0].decode(Int.self, at: 0) == 1)
    }

    @Test func serializableConflictsAreRetried() async throws {
        let database = try await TestDatabase.create(poolSize: 4)
        defer { Task { await database.drop() } }
        let db = database.database
        _ = try await db.query("CREATE TABLE counter (value int NOT NULL)")
        _ = try await db.query("INSERT INTO counter VALUES (0)")
        let attempts = AttemptCounter()
        let allHaveRead = Barrier(parties: 4)
        // Each transaction reads then writes the same row. All four first attempts read before any
        // writes, so at most one of them can commit; the others fail with 40001 and are retried.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    var isFirstAttempt = true
                    try await db.withSerializableTransaction(maximumAttempts: 50) { transaction in
                        await attempts.increment()
                        let value = try await transaction.query("SELECT value FROM counter")[0].decode(Int.self, at: 0)
                        if isFirstAttempt {
                            isFirstAttempt = false
                            await allHaveRead.arriveAndWait()
                        }
                        _ = try await transaction.query("UPDATE counter SET value = $1", [value + 1])
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try await db.query("SELECT value FROM counter")[0].decode(Int.self, at: 0) == 4)
        #expect(await attempts.count > 4)
    }
}

actor AttemptCounter {
    private(set) var count = 0
    func increment() { count += 1 }
}

/// Holds each arriving task until `parties` have arrived.
actor Barrier {
    private let parties: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(parties: Int) {
        self.parties = parties
    }

    func arriveAndWait() async {
        if waiting.count + 1 == parties {
            for continuation in waiting { continuation.resume() }
            waiting.removeAll()
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }
}
