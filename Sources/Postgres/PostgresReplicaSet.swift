import Logging
import Synchronization

/// Streaming replicas that take read-only statements off the primary.
///
/// A monitor asks each replica every `checkInterval` how far it has replayed the primary's WAL
/// (`pg_last_wal_replay_lsn()`) and how far behind it is. A replica is used only while it answers,
/// is in recovery (a promoted replica is no longer a copy of the primary) and lags less than
/// `maximumLag`; a statement that fails to reach one marks it down until its next good check, and
/// the statement runs on the primary instead. So a down or lagging replica costs reads nothing but
/// their offloading.
public final class PostgresReplicaSet: Sendable {
    public struct Configuration: Sendable {
        public var checkInterval: Duration
        /// How far behind (time since the newest replayed commit, while WAL is still arriving) a replica may be.
        public var maximumLag: Duration

        public init(checkInterval: Duration = .milliseconds(250), maximumLag: Duration = .seconds(10)) {
            self.checkInterval = checkInterval
            self.maximumLag = maximumLag
        }
    }

    /// One replica: its pool and what the last check found.
    public final class Replica: Sendable {
        public let pool: PostgresPool
        fileprivate let health = Mutex(Health())

        init(pool: PostgresPool) {
            self.pool = pool
        }

        /// Replayed WAL position at the last good check; nil while the replica is not usable.
        public var replayedLSN: PostgresLSN? { health.withLock { $0.isUsable ? $0.replayed : nil } }

        /// What the last check found, for metrics: whether reads go to it, and its lag in seconds
        /// (nil when it did not answer).
        public var status: (isUsable: Bool, lagSeconds: Double?) { health.withLock { ($0.isUsable, $0.lagSeconds) } }

        /// A statement could not reach it: unused until a check finds it well again.
        func markDown() {
            health.withLock { $0.isUsable = false }
        }
    }

    fileprivate struct Health {
        var isUsable = false
        var replayed: PostgresLSN?
        var lagSeconds: Double?
    }

    public let replicas: [Replica]
    public let configuration: Configuration
    private let logger: Logger
    private let nextReplica = Atomic<Int>(0)
    private let monitor = Mutex<Task<Void, Never>?>(nil)

    public init(pools: [PostgresPool], configuration: Configuration = Configuration(), logger: Logger = Logger(label: "postgres.replicas")) {
        self.replicas = pools.map(Replica.init)
        self.configuration = configuration
        self.logger = logger
    }

    /// Starts checking the replicas (one round at once, then every `checkInterval`).
    public func start() async {
        await checkAll()
        monitor.withLock { task in
            guard task == nil else { return }
            task = Task { [weak self, interval = configuration.checkInterval] in
                while !Task.isCancelled {
                    try? await Task.sleep(for: interval)
                    guard let self else { return }
                    await self.checkAll()
                }
            }
        }
    }

    /// Stops the monitor and closes the replicas' pools.
    public func close() async {
        monitor.withLock { task in
            task?.cancel()
            task = nil
        }
        for replica in replicas { await replica.pool.close() }
    }

    /// A usable replica that has replayed at least `minimumLSN` (any usable one when nil), taking
    /// turns among them; nil sends the read to the primary.
    public func replica(replayedAtLeast minimumLSN: PostgresLSN?) -> Replica? {
        guard !replicas.isEmpty else { return nil }
        let start = nextReplica.add(1, ordering: .relaxed).newValue
        for offset in 0..<replicas.count {
            let replica = replicas[(start + offset) % replicas.count]
            guard let replayed = replica.replayedLSN else { continue }
            if let minimumLSN, replayed < minimumLSN { continue }
            return replica
        }
        return nil
    }

    /// One round of checks, all replicas at once.
    public func checkAll() async {
        await withTaskGroup(of: Void.self) { group in
            for replica in replicas { group.addTask { await self.check(replica) } }
        }
    }

    private func check(_ replica: Replica) async {
        let maximumLag = Double(configuration.maximumLag.components.seconds)
            + Double(configuration.maximumLag.components.attoseconds) / 1e18
        var health = Health()
        do {
            // While all WAL received is replayed, the replica is as current as the stream it gets,
            // however long ago the last commit was; otherwise its lag is the age of the newest
            // commit it has replayed.
            let rows = try await replica.pool.query(
                """
                SELECT pg_is_in_recovery(), pg_last_wal_replay_lsn()::text,
                  CASE WHEN pg_last_wal_receive_lsn() IS NOT DISTINCT FROM pg_last_wal_replay_lsn() THEN 0
                    ELSE coalesce(extract(epoch FROM now() - pg_last_xact_replay_timestamp())::float8, 0) END
                """)
            let inRecovery = try rows[0].decode(Bool.self, at: 0)
            let replayed = try rows[0].decode(String?.self, at: 1).flatMap(PostgresLSN.init)
            let lag = try rows[0].decode(Double.self, at: 2)
            health.replayed = replayed
            health.lagSeconds = lag
            health.isUsable = inRecovery && replayed != nil && lag <= maximumLag
            if !health.isUsable {
                logger.debug("replica not used", metadata: ["in_recovery": "\(inRecovery)", "lag_seconds": "\(lag)"])
            }
        } catch {
            logger.debug("replica unreachable", metadata: ["error": "\(error)"])
        }
        let wasUsable = replica.health.withLock { old in
            defer { old = health }
            return old.isUsable
        }
        // Only the changes, so that a replica that stays down does not fill the log.
        if wasUsable != health.isUsable {
            let index = replicas.firstIndex { $0 === replica } ?? -1
            if health.isUsable {
                logger.info("read replica in use", metadata: ["replica": "\(index)"])
            } else {
                logger.warning(
                    "read replica left out: its reads go to the primary",
                    metadata: ["replica": "\(index)", "lag_seconds": "\(health.lagSeconds.map { String($0) } ?? "unreachable")"])
            }
        }
    }
}

/// Where a unit of work's reads may go: a replica that has replayed at least `minimumLSN` (the
/// reader's own last write), else the primary.
public struct PostgresReadRoute: Sendable {
    public let replicas: PostgresReplicaSet
    public let minimumLSN: PostgresLSN?

    public init(replicas: PostgresReplicaSet, minimumLSN: PostgresLSN?) {
        self.replicas = replicas
        self.minimumLSN = minimumLSN
    }

    /// A replica's failure the primary would not have: it unreachable, shutting down or busy
    /// (no connection in time), a statement that writes after all (25006), or one cancelled by a
    /// conflict with recovery (40001). The statement then runs on the primary.
    static func fallsBackToPrimary(_ error: PostgresError) -> Bool {
        if error.kind != .server { return error.kind != .decoding && error.kind != .usage }
        guard let state = error.sqlState else { return true }
        return state.hasPrefix("08") || (state.hasPrefix("57") && state != "57014") || state.hasPrefix("53") || state == "25006" || state == "40001"
    }

    static func meansReplicaIsDown(_ error: PostgresError) -> Bool {
        error.kind == .connection || error.kind == .poolClosed || error.sqlState?.hasPrefix("08") == true
            || error.sqlState?.hasPrefix("57P") == true
    }

    /// Statements that plainly only read. Anything else (and anything a replica refuses as a
    /// write, which is then run on the primary) goes to the primary.
    static func isPlainRead(_ sql: String) -> Bool {
        let keyword = sql.utf8.drop(while: { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D })
            .prefix(while: { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A })
        guard keyword.count == 6, String(keyword)?.uppercased() == "SELECT" else { return false }
        let upper = sql.uppercased()
        return !upper.contains("FOR UPDATE") && !upper.contains("FOR SHARE") && !upper.contains("FOR NO KEY")
            && !upper.contains("FOR KEY SHARE") && !upper.contains("NEXTVAL(")
    }
}
