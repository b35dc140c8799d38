import Foundation

/// A bounded pool of connections. Callers wait (in order) when all are in use, for at most the
/// acquire timeout, then get a `poolTimeout` error. Broken connections are dropped and replaced;
/// after any connection failure, idle connections are checked before they are handed out again,
/// so the pool recovers by itself when the server restarts.
public final class PostgresPool: Sendable {
    public struct Configuration: Sendable {
        /// A libpq connection string or `postgresql://` URL.
        public var conninfo: String
        public var size: Int
        public var acquireTimeout: Duration
        /// Applied to every connection; nil leaves the server's default.
        public var statementTimeout: Duration?
        public var applicationName: String

        public init(
            conninfo: String, size: Int = 10, acquireTimeout: Duration = .seconds(5),
            statementTimeout: Duration? = .seconds(30), applicationName: String = "foodgraph"
        ) {
            self.conninfo = conninfo
            self.size = max(1, size)
            self.acquireTimeout = acquireTimeout
            self.statementTimeout = statementTimeout
            self.applicationName = applicationName
        }
    }

    public struct Statistics: Hashable, Sendable {
        public var size: Int
        public var open: Int
        public var inUse: Int
        public var waiting: Int
    }

    public let configuration: Configuration
    private let state: PoolState

    public init(configuration: Configuration) {
        self.configuration = configuration
        var settings = ["application_name": configuration.applicationName]
        if let timeout = configuration.statementTimeout {
            let milliseconds = timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000
            settings["statement_timeout"] = String(milliseconds)
        }
        state = PoolState(configuration: configuration, sessionSettings: settings)
    }

    /// Leases a connection for the duration of `body`.
    public func withConnection<Result: Sendable>(
        _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let connection = try await state.acquire()
        do {
            let result = try await body(connection)
            await state.release(connection)
            return result
        } catch {
            await state.release(connection)
            throw error
        }
    }

    public var statistics: Statistics {
        get async { await state.statistics }
    }

    /// Closes idle connections and refuses new leases; leased connections close on return.
    public func close() async {
        await state.close()
    }
}

private actor PoolState {
    private struct Waiter {
        let id: UInt64
        let deadline: ContinuousClock.Instant
        let continuation: CheckedContinuation<PostgresConnection, any Error>
    }

    private let configuration: PostgresPool.Configuration
    private let sessionSettings: [String: String]
    private var idle: [PostgresConnection] = []
    private var open = 0
    private var waiters: [Waiter] = []
    private var nextWaiterID: UInt64 = 0
    /// Expires waiters past their deadline. One task for all of them, not a timer per wait: under
    /// load most acquisitions wait briefly, and a timer each was a large share of the pool's cost.
    private var expiryTask: Task<Void, Never>?
    private var closed = false
    /// Raised on every connection failure: idle connections older than it are checked before use.
    private var failureEpoch = 0
    private var idleEpoch: [ObjectIdentifier: Int] = [:]

    init(configuration: PostgresPool.Configuration, sessionSettings: [String: String]) {
        self.configuration = configuration
        self.sessionSettings = sessionSettings
    }

    var statistics: PostgresPool.Statistics {
        PostgresPool.Statistics(size: configuration.size, open: open, inUse: open - idle.count, waiting: waiters.count)
    }

    func acquire() async throws -> PostgresConnection {
        while true {
            guard !closed else { throw PostgresError(.poolClosed, "The connection pool is closed.") }
            if let connection = idle.popLast() {
                let checkedEpoch = idleEpoch.removeValue(forKey: ObjectIdentifier(connection)) ?? failureEpoch
                if checkedEpoch < failureEpoch, !(await isAlive(connection)) {
                    open -= 1
                    continue
                }
                return connection
            }
            if open < configuration.size {
                open += 1
                do {
                    return try await PostgresConnection.connect(configuration.conninfo, sessionSettings: sessionSettings)
                } catch {
                    open -= 1
                    failureEpoch += 1
                    throw error
                }
            }
            return try await waitForRelease()
        }
    }

    func release(_ connection: PostgresConnection) async {
        var usable = connection.leaseState != .broken
        if connection.leaseState == .inTransaction {
            // A caller left a transaction open: roll it back rather than leak it to the next caller.
            usable = (try? await connection.execute(simple: "ROLLBACK")) != nil
        }
        if !usable {
            failureEpoch += 1
            open -= 1
            await connection.close()
            await replaceForWaiter()
            return
        }
        if closed {
            open -= 1
            await connection.close()
            return
        }
        if !waiters.isEmpty {
            waiters.removeFirst().continuation.resume(returning: connection)
            return
        }
        idleEpoch[ObjectIdentifier(connection)] = failureEpoch
        idle.append(connection)
    }

    func close() async {
        closed = true
        for waiter in waiters {
            waiter.continuation.resume(throwing: PostgresError(.poolClosed, "The connection pool is closed."))
        }
        waiters.removeAll()
        expiryTask?.cancel()
        for connection in idle { await connection.close() }
        open -= idle.count
        idle.removeAll()
    }

    private func waitForRelease() async throws -> PostgresConnection {
        nextWaiterID += 1
        let id = nextWaiterID
        let deadline = ContinuousClock.now + configuration.acquireTimeout
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiters.append(Waiter(id: id, deadline: deadline, continuation: continuation))
                if expiryTask == nil { expiryTask = Task { await self.expireWaiters() } }
            }
        } onCancel: {
            Task { await self.cancelWaiter(id) }
        }
    }

    /// Sleeps until the oldest waiter's deadline (waiters queue in deadline order), fails every
    /// waiter past it, and stops when none is left.
    private func expireWaiters() async {
        while let first = waiters.first {
            try? await Task.sleep(until: first.deadline, clock: .continuous)
            let now = ContinuousClock.now
            while let waiter = waiters.first, waiter.deadline <= now {
                waiters.removeFirst().continuation.resume(
                    throwing: PostgresError(
                        .poolTimeout,
                        "No database connection became free within \(configuration.acquireTimeout); the server is overloaded."))
            }
        }
        expiryTask = nil
    }

    private func cancelWaiter(_ id: UInt64) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(throwing: CancellationError())
    }

    /// After a broken connection is dropped, opens a new one for the first waiter, if any.
    private func replaceForWaiter() async {
        guard !waiters.isEmpty, open < configuration.size, !closed else { return }
        open += 1
        do {
            let connection = try await PostgresConnection.connect(configuration.conninfo, sessionSettings: sessionSettings)
            if waiters.isEmpty {
                idleEpoch[ObjectIdentifier(connection)] = failureEpoch
                idle.append(connection)
            } else {
                waiters.removeFirst().continuation.resume(returning: connection)
            }
        } catch {
            open -= 1
        }
    }

    private func isAlive(_ connection: PostgresConnection) async -> Bool {
        guard (try? await connection.execute(simple: "")) != nil else { return false }
        return connection.leaseState != .broken
    }
}
