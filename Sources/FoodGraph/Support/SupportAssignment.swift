import Postgres

/// Who should take a critical issue: the most experienced available employee. Experience is the
/// number of issues an employee resolved (a reopened issue no longer counts); available means an
/// enabled account holding the SUPPORT role with fewer than `maximumInHand` issues in hand. Ties go
/// to the one with fewer issues in hand, then to the longest-serving account (the lowest ID).
enum SupportAssignment {
    static let maximumInHand = 5

    struct Candidate: Equatable, Sendable {
        var userID: Int64
        var inHand: Int
        var resolved: Int
    }

    /// The rule itself, without a database.
    static func pick(_ candidates: [Candidate]) -> Int64? {
        candidates.filter { $0.inHand < maximumInHand }
            .min { a, b in
                if a.resolved != b.resolved { return a.resolved > b.resolved }
                if a.inHand != b.inHand { return a.inHand < b.inHand }
                return a.userID < b.userID
            }?.userID
    }

    /// The suggestion now (the same for every critical issue: a request computes it once).
    static func suggest(in database: some PostgresQuerying) async throws -> Int64? {
        let staff = try await UserStore.enabledHolders(of: .support, in: database)
        guard !staff.isEmpty else { return nil }
        let workload = try await SupportStore.workload(of: staff, in: database)
        return pick(staff.map { Candidate(userID: $0, inHand: workload[$0]?.inHand ?? 0, resolved: workload[$0]?.resolved ?? 0) })
    }
}
