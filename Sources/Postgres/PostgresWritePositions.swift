import Synchronization

/// Read-your-writes: the primary's WAL position after each write, by writer (a user), so that
/// their reads go to the primary until a replica has replayed that far.
///
/// Kept in this instance's memory only. A writer's next request must reach the same instance for
/// the guarantee to hold across requests (the load balancer routes by the `Authorization` header;
/// see docs/scaling.md); a position is forgotten after `retention`, by which time a healthy
/// replica (lag below the replica set's bound) has long passed it.
public final class PostgresWritePositions: Sendable {
    private struct Position {
        var lsn: PostgresLSN
        var recordedAt: ContinuousClock.Instant
    }

    private let positions = Mutex<[Int64: Position]>([:])
    public let retention: Duration

    public init(retention: Duration = .seconds(300)) {
        self.retention = retention
    }

    public func record(_ lsn: PostgresLSN, for writer: Int64) {
        let now = ContinuousClock.now
        positions.withLock { positions in
            if let known = positions[writer], known.lsn >= lsn { return }
            positions[writer] = Position(lsn: lsn, recordedAt: now)
            // Bounded by the writers of the last `retention`: old entries go as new ones come.
            if positions.count > 10_000 { positions = positions.filter { now - $0.value.recordedAt < retention } }
        }
    }

    /// The position a replica must have replayed before `writer` may read from it; nil when they
    /// wrote nothing recently.
    public func minimumLSN(for writer: Int64) -> PostgresLSN? {
        let now = ContinuousClock.now
        return positions.withLock { positions in
            guard let position = positions[writer] else { return nil }
            guard now - position.recordedAt < retention else {
                positions[writer] = nil
                return nil
            }
            return position.lsn
        }
    }
}
