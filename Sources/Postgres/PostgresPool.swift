import Logging
import Synchronization

/// A bounded pool of connections.
///
/// Single statements (`query`) are not leased a connection: they queue, and each connection's
/// thread takes the next statement itself as soon as it finishes one. Under load a statement
/// therefore costs no thread wake-up beyond resuming its caller, which is what lets the pool keep
/// pace with pgbench. Transactions and COPY lease a connection for their duration
/// (`withConnection`); leases and statements wait in one queue, in order, for at most the acquire
/// timeout (opening a connection, when one is needed, counts), then fail with `poolTimeout`.
///
/// When more statements wait than there are connections, a connection that comes free sends up to
/// `maximumBatch` of the plain data statements at the head of the queue in one round trip
/// (libpq's pipeline mode), each still its own implicit transaction with its own result. Like a
/// single statement, a batch whose statements are all prepared on the connection is sent from the
/// thread that freed it, and its answers are read by the socket reactor.
///
/// Broken connections are dropped and replaced; after any connection failure, idle connections are
/// checked before they are used again, so the pool recovers by itself when the server restarts.
public final class PostgresPool: Sendable {
    public struct Configuration: Sendable {
        /// A libpq connection string or `postgresql://` URL.
        public var conninfo: String
        public var size: Int
        public var acquireTimeout: Duration
        /// Applied to every connection; nil leaves the server's default.
        public var statementTimeout: Duration?
        public var applicationName: String
        /// Where the server's notices, warnings and asynchronous FATALs go, at debug level.
        public var logger: Logger
        /// A transaction-pooling PgBouncer in between changes how statements are sent (see `PostgresPooler`).
        public var pooler: PostgresPooler = .none
        /// Whether single statements are sent from the caller's thread and their answers read by
        /// one thread watching every connection's socket (`SocketReactor`), rather than each
        /// woken on its connection's thread. Off only to measure the difference.
        public var sendsWithoutBlocking = true
        /// Where a LISTEN of this database connects, when not through `conninfo`: a transaction
        /// pooler in between hands each statement to any server session, so notifications would go
        /// to whichever client holds that session next.
        public var listenConninfo: String?
        /// Where a LISTEN can connect: `listenConninfo`, else `conninfo` unless a transaction
        /// pooler is in between (then nowhere).
        public var listeningConninfo: String? { listenConninfo ?? (pooler.keepsSessionState ? conninfo : nil) }
        /// Told how long each statement and transaction waited for a connection: zero when one was
        /// free, else from its arrival until a connection was handed to it (opening one included).
        /// Called on the thread that hands the connection over, outside the pool's lock, so it must
        /// be quick. Requests that time out or are cancelled while they wait are not told.
        public var waitObserver: (@Sendable (Duration) -> Void)?

        public init(
            conninfo: String, size: Int = 10, acquireTimeout: Duration = .seconds(5),
            statementTimeout: Duration? = .seconds(30), applicationName: String = "foodgraph",
            logger: Logger = Logger(label: "postgres")
        ) {
            self.conninfo = conninfo
            self.size = max(1, size)
            self.acquireTimeout = acquireTimeout
            self.statementTimeout = statementTimeout
            self.applicationName = applicationName
            self.logger = logger
        }
    }

    public struct Statistics: Hashable, Sendable {
        public var size: Int
        public var open: Int
        public var inUse: Int
        public var waiting: Int
        /// Statements so far that went to the server in one round trip with others.
        public var sharedRoundTripStatements: Int
        /// Statements so far sent from their caller's thread and answered through the socket reactor.
        public var statementsSentWithoutBlocking: Int
    }

    public let configuration: Configuration
    private let sessionSettings: [String: String]
    private let state = Mutex(PoolState())
    private let lastRequestID = Atomic<UInt64>(0)
    fileprivate let sentWithoutBlocking = Atomic<Int>(0)

    public init(configuration: Configuration) {
        self.configuration = configuration
        var settings = ["application_name": configuration.applicationName]
        if let timeout = configuration.statementTimeout {
            let milliseconds = timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000
            settings["statement_timeout"] = String(milliseconds)
        }
        sessionSettings = settings
    }

    /// Runs one statement on the first connection to come free. Cancelling the calling task
    /// removes the statement from the queue, or cancels it on the server once it runs.
    public func query(_ sql: String, _ parameters: [any PostgresEncodable] = []) async throws -> PostgresRows {
        let id = lastRequestID.add(1, ordering: .relaxed).newValue
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let statement = PendingStatement(
                    id: id, sql: sql, parameters: parameters.map(\.postgresParameter), deadline: deadline(),
                    continuation: continuation)
                submit(.statement(statement))
            }
        } onCancel: {
            cancel(id)
        }
    }

    /// Leases a connection for the duration of `body`.
    public func withConnection<Result: Sendable>(
        _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let connection = try await acquire()
        do {
            let result = try await body(connection)
            await release(connection)
            return result
        } catch {
            await release(connection)
            throw error
        }
    }

    public var statistics: Statistics {
        get async {
            state.withLock { state in
                Statistics(
                    size: configuration.size, open: state.open, inUse: state.open - state.idle.count,
                    waiting: state.queue.count, sharedRoundTripStatements: state.sharedRoundTripStatements,
                    statementsSentWithoutBlocking: sentWithoutBlocking.load(ordering: .relaxed))
            }
        }
    }

    /// Fails everything waiting, closes idle connections and refuses new work; connections in use
    /// close when they come back.
    public func close() async {
        let (waiting, idle) = state.withLock { state in
            state.closed = true
            state.expiryTask?.cancel()
            state.expiryTask = nil
            let idle = state.idle
            state.idle.removeAll()
            state.open -= idle.count
            return (state.queue.removeAll(), idle)
        }
        for request in waiting { request.fail(with: PostgresError(.poolClosed, "The connection pool is closed.")) }
        for connection in idle { await connection.connection.close() }
    }

    // MARK: - Leases

    private func acquire() async throws -> PostgresConnection {
        while true {
            let id = lastRequestID.add(1, ordering: .relaxed).newValue
            let lease = try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    submit(.lease(id: id, deadline: deadline(), continuation: continuation))
                }
            } onCancel: {
                cancel(id)
            }
            if !lease.needsCheck { return lease.connection }
            if (try? await lease.connection.execute(simple: "")) != nil, lease.connection.leaseState != .broken {
                return lease.connection
            }
            await lease.connection.close()
            dropped()
        }
    }

    private func release(_ connection: PostgresConnection) async {
        if connection.leaseState == .inTransaction {
            // A caller left a transaction open: roll it back rather than leak it to the next caller.
            try? await connection.execute(simple: "ROLLBACK")
        }
        if connection.leaseState == .broken {
            await connection.close()
            dropped()
        } else {
            becameFree(connection)
        }
    }

    // MARK: - Scheduling

    private func deadline() -> ContinuousClock.Instant { .now + configuration.acquireTimeout }

    /// Hands the request a free connection, or queues it (opening a connection if there is room).
    private func submit(_ request: Request) {
        enum Outcome {
            case rejected(any Error)
            case serve(PostgresConnection, needsCheck: Bool)
            case queued(openingConnection: Bool)
        }
        let outcome = state.withLock { state -> Outcome in
            guard !state.closed else { return .rejected(PostgresError(.poolClosed, "The connection pool is closed.")) }
            // Checked under the lock: `cancel` takes it too, so a cancellation either finds the
            // request queued or has already set the flag read here.
            if Task.isCancelled { return .rejected(CancellationError()) }
            if let idle = state.idle.popLast() {
                if case .statement(let statement) = request {
                    state.running[statement.id] = RunningStatement(
                        connection: idle.connection, statement: statement, sharesRoundTrip: false)
                }
                return .serve(idle.connection, needsCheck: idle.checkedEpoch < state.failureEpoch)
            }
            state.queue.append(request)
            if state.expiryTask == nil { state.expiryTask = Task { await self.expireWaiters() } }
            guard state.open < configuration.size else { return .queued(openingConnection: false) }
            state.open += 1
            return .queued(openingConnection: true)
        }
        switch outcome {
        case .rejected(let error):
            request.fail(with: error)
        case .serve(let connection, let needsCheck):
            configuration.waitObserver?(.zero)
            hand(connection, to: request, needsCheck: needsCheck)
        case .queued(let openingConnection):
            if openingConnection { openConnection() }
        }
    }

    private func hand(_ connection: PostgresConnection, to request: Request, needsCheck: Bool) {
        switch request {
        case .lease(_, _, let continuation):
            continuation.resume(returning: Lease(connection: connection, needsCheck: needsCheck))
        case .statement(let statement):
            connection.serve([statement], checkingFirst: needsCheck, for: self)
        }
    }

    /// A connection is free: the next request in the queue gets it, or it goes idle.
    private func becameFree(_ connection: PostgresConnection) {
        enum Outcome {
            case hand(Request)
            case idle
            case close
        }
        let outcome = state.withLock { state -> Outcome in
            if state.closed {
                state.open -= 1
                return .close
            }
            guard !state.queue.isEmpty else {
                state.idle.append(IdleConnection(connection: connection, checkedEpoch: state.failureEpoch))
                return .idle
            }
            let request = state.queue.popFirst()!
            if case .statement(let statement) = request {
                state.running[statement.id] = RunningStatement(connection: connection, statement: statement, sharesRoundTrip: false)
            }
            return .hand(request)
        }
        switch outcome {
        case .hand(let request):
            if let observer = configuration.waitObserver { observer(waited(sinceArrivalOf: request.deadline, now: .now)) }
            hand(connection, to: request, needsCheck: false)
        case .idle: break
        case .close: Task { await connection.close() }
        }
    }

    /// The most statements a connection sends in one round trip.
    static let maximumBatch = 8

    /// What a connection does after its statements.
    enum NextStep {
        /// One statement, or several that share a round trip.
        case run([PendingStatement])
        /// Leased, or idle: nothing more on this thread.
        case stop
        /// Broken, or the pool closed: the pool no longer counts it.
        case close
    }

    /// Called on the connection's thread after each statement or batch. Says what to run next, and
    /// which of the finished statements still wait for their result: a statement cancelled while it
    /// shared a round trip was answered already.
    func statementsFinished(
        _ ids: [UInt64], on connection: PostgresConnection
    ) -> (next: NextStep, awaited: [Bool]) {
        let isBroken = connection.leaseState == .broken
        var awaited = [Bool](repeating: true, count: ids.count)
        let (step, lease, openReplacement) = state.withLock { state -> (NextStep, Request?, Bool) in
            for (index, id) in ids.enumerated() where state.running.removeValue(forKey: id) == nil { awaited[index] = false }
            if isBroken || state.closed {
                state.open -= 1
                if isBroken { state.failureEpoch += 1 }
                let replace = !state.closed && !state.queue.isEmpty
                if replace { state.open += 1 }
                return (.close, nil, replace)
            }
            guard !state.queue.isEmpty else {
                state.idle.append(IdleConnection(connection: connection, checkedEpoch: state.failureEpoch))
                return (.stop, nil, false)
            }
            switch state.queue.popFirst()! {
            case .statement(let statement):
                var batch = [statement]
                // While more statements wait than there are connections to take them, the next ones
                // ride along in the same round trip instead of waiting for a turn each.
                while statement.mayShareRoundTrip, configuration.pooler.keepsSessionState, batch.count < Self.maximumBatch,
                    state.queue.count >= configuration.size, case .statement(let next)? = state.queue.first,
                    next.mayShareRoundTrip
                {
                    batch.append(next)
                    _ = state.queue.popFirst()
                }
                if batch.count > 1 { state.sharedRoundTripStatements += batch.count }
                for member in batch {
                    state.running[member.id] = RunningStatement(
                        connection: connection, statement: member, sharesRoundTrip: batch.count > 1)
                }
                return (.run(batch), nil, false)
            case let lease:
                return (.stop, lease, false)
            }
        }
        if let observer = configuration.waitObserver {
            let now = ContinuousClock.now
            if let lease { observer(waited(sinceArrivalOf: lease.deadline, now: now)) }
            if case .run(let batch) = step {
                for member in batch { observer(waited(sinceArrivalOf: member.deadline, now: now)) }
            }
        }
        if let lease { hand(connection, to: lease, needsCheck: false) }
        if openReplacement { openConnection() }
        return (step, awaited)
    }

    /// How long a request has waited: it arrived one acquire timeout before its deadline.
    private func waited(sinceArrivalOf deadline: ContinuousClock.Instant, now: ContinuousClock.Instant) -> Duration {
        max(.zero, now - (deadline - configuration.acquireTimeout))
    }

    /// Called on the connection's thread when it failed its check before running `statement`:
    /// the statement goes back to the head of the queue for another connection.
    fileprivate func connectionFailedCheck(requeuing statement: PendingStatement) {
        enum Outcome {
            case rejected
            case openConnection
            case hand(PostgresConnection, needsCheck: Bool, Request)
            case wait
        }
        let outcome = state.withLock { state -> Outcome in
            state.running[statement.id] = nil
            state.open -= 1
            state.failureEpoch += 1
            guard !state.closed else { return .rejected }
            if let idle = state.idle.popLast() {
                state.running[statement.id] = RunningStatement(connection: idle.connection, statement: statement, sharesRoundTrip: false)
                return .hand(idle.connection, needsCheck: idle.checkedEpoch < state.failureEpoch, .statement(statement))
            }
            state.queue.prepend(.statement(statement))
            guard state.open < configuration.size else { return .wait }
            state.open += 1
            return .openConnection
        }
        switch outcome {
        case .rejected: statement.continuation.resume(throwing: PostgresError(.poolClosed, "The connection pool is closed."))
        case .openConnection: openConnection()
        case .hand(let connection, let needsCheck, let request): hand(connection, to: request, needsCheck: needsCheck)
        case .wait: break
        }
    }

    /// A leased connection was found broken and closed.
    private func dropped() {
        let replace = state.withLock { state -> Bool in
            state.open -= 1
            state.failureEpoch += 1
            guard !state.closed, !state.queue.isEmpty else { return false }
            state.open += 1
            return true
        }
        if replace { openConnection() }
    }

    private func openConnection() {
        Task {
            do {
                let connection = try await PostgresConnection.connect(
                    configuration.conninfo, sessionSettings: sessionSettings, logger: configuration.logger, pooler: configuration.pooler)
                becameFree(connection)
            } catch {
                // With no connection left, every waiting request gets the reason; otherwise the
                // first does, and the rest wait for a connection to come back.
                let failed = state.withLock { state -> [Request] in
                    state.open -= 1
                    state.failureEpoch += 1
                    if state.open == 0 { return state.queue.removeAll() }
                    return state.queue.popFirst().map { [$0] } ?? []
                }
                for request in failed { request.fail(with: error) }
            }
        }
    }

    private func cancel(_ id: UInt64) {
        let (waiting, running) = state.withLock { state -> (Request?, RunningStatement?) in
            if let request = state.queue.remove(where: { $0.id == id }) { return (request, nil) }
            guard let running = state.running[id] else { return (nil, nil) }
            // A statement sharing a round trip cannot be cancelled on the server without hitting
            // whichever of the batch is running; its caller is answered now, and its result dropped.
            if running.sharesRoundTrip { state.running[id] = nil }
            return (nil, running)
        }
        waiting?.fail(with: CancellationError())
        guard let running else { return }
        if running.sharesRoundTrip {
            running.statement.continuation.resume(throwing: CancellationError())
        } else {
            running.connection.cancelToken.cancel(statement: running.statement.id)
        }
    }

    /// Sleeps until the oldest request's deadline (requests queue in deadline order), fails every
    /// request past it, and stops when none is left. One task for all requests, not a timer each:
    /// under load most requests wait briefly, and a timer each was a large share of the pool's cost.
    private func expireWaiters() async {
        while let first = state.withLock({ state -> ContinuousClock.Instant? in
            guard let deadline = state.queue.first?.deadline else {
                state.expiryTask = nil
                return nil
            }
            return deadline
        }) {
            try? await Task.sleep(until: first, clock: .continuous)
            if Task.isCancelled { return }
            let now = ContinuousClock.now
            let expired = state.withLock { state -> [Request] in
                var expired: [Request] = []
                while let first = state.queue.first, first.deadline <= now { expired.append(state.queue.popFirst()!) }
                return expired
            }
            for request in expired {
                request.fail(
                    with: PostgresError(
                        .poolTimeout,
                        "No database connection became free within \(configuration.acquireTimeout); the server is overloaded."))
            }
        }
    }
}

/// The pool's bookkeeping, changed only under its lock.
private struct PoolState: ~Copyable {
    var idle: [IdleConnection] = []
    var open = 0
    var queue = FIFOQueue<Request>()
    /// Statements running now, by request, so that cancelling one can reach its connection.
    var running: [UInt64: RunningStatement] = [:]
    var sharedRoundTripStatements = 0
    var closed = false
    /// Raised on every connection failure: idle connections older than it are checked before use.
    var failureEpoch = 0
    var expiryTask: Task<Void, Never>?
}

private struct RunningStatement: Sendable {
    let connection: PostgresConnection
    let statement: PendingStatement
    let sharesRoundTrip: Bool
}

private struct IdleConnection: Sendable {
    let connection: PostgresConnection
    /// The failure epoch when it was last known to work.
    let checkedEpoch: Int
}

private struct Lease: Sendable {
    let connection: PostgresConnection
    let needsCheck: Bool
}

/// A statement waiting for, or running on, a connection.
struct PendingStatement: Sendable {
    let id: UInt64
    let sql: String
    let parameters: [PostgresParameter]
    let deadline: ContinuousClock.Instant
    let continuation: CheckedContinuation<PostgresRows, any Error>
    /// Whether it may be sent in one round trip with others (see `mayShareRoundTrip(_:_:)`).
    let mayShareRoundTrip: Bool

    init(
        id: UInt64, sql: String, parameters: [PostgresParameter], deadline: ContinuousClock.Instant,
        continuation: CheckedContinuation<PostgresRows, any Error>
    ) {
        self.id = id
        self.sql = sql
        self.parameters = parameters
        self.deadline = deadline
        self.continuation = continuation
        mayShareRoundTrip = Self.mayShareRoundTrip(sql, parameters)
    }

    /// Plain data statements with small parameters. A statement that changes the session or opens
    /// a transaction (`BEGIN`, `SET`, …) would carry over into the statements sent after it, and
    /// large parameters could fill the socket while the server is still writing earlier results.
    static func mayShareRoundTrip(_ sql: String, _ parameters: [PostgresParameter]) -> Bool {
        let keyword = sql.utf8.drop(while: { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D })
            .prefix(while: { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A })
        guard let keyword = String(keyword)?.uppercased(),
            ["SELECT", "WITH", "INSERT", "UPDATE", "DELETE", "VALUES", "TABLE"].contains(keyword)
        else { return false }
        var bytes = 0
        for parameter in parameters {
            switch parameter {
            case .null: break
            case .text(let text): bytes += text.utf8.count
            case .binary(let data): bytes += data.count
            }
            if bytes > 16_384 { return false }
        }
        return true
    }
}

private enum Request: Sendable {
    case lease(id: UInt64, deadline: ContinuousClock.Instant, continuation: CheckedContinuation<Lease, any Error>)
    case statement(PendingStatement)

    var id: UInt64 {
        switch self {
        case .lease(let id, _, _): id
        case .statement(let statement): statement.id
        }
    }

    var deadline: ContinuousClock.Instant {
        switch self {
        case .lease(_, let deadline, _): deadline
        case .statement(let statement): statement.deadline
        }
    }

    func fail(with error: any Error) {
        switch self {
        case .lease(_, _, let continuation): continuation.resume(throwing: error)
        case .statement(let statement): statement.continuation.resume(throwing: error)
        }
    }
}

extension PostgresConnection {
    /// Runs `batch`, then whatever statements the pool hands over next, without returning to the
    /// pool's callers in between. Statements already prepared here are sent from the calling
    /// thread and their answers read by the socket reactor; anything else runs on this
    /// connection's own thread.
    fileprivate nonisolated func serve(_ batch: [PendingStatement], checkingFirst: Bool, for pool: PostgresPool) {
        if !checkingFirst, send(batch, for: pool) { return }
        runOnOwnThread { connection in
            if checkingFirst, !connection.passesCheck() {
                connection.close()
                for statement in batch.reversed() { pool.connectionFailedCheck(requeuing: statement) }
                return
            }
            connection.run(batch, for: pool)
        }
    }

    /// On this connection's thread: runs `batch` and those after it until the pool has no more for
    /// this connection, or the next can be sent without blocking. `results`, when given, are
    /// `batch`'s already.
    private func run(_ batch: [PendingStatement], results given: [Result<PostgresRows, any Error>]? = nil, for pool: PostgresPool) {
        var batch = batch
        var results = given ?? outcomes(of: batch)
        while true {
            // A statement run alone must not leave a transaction open for the next one.
            if leaseState == .inTransaction { rollBack() }
            switch answer(batch, with: results, for: pool) {
            case .run(let next):
                if send(next, for: pool) { return }
                batch = next
                results = outcomes(of: batch)
            case .stop:
                return
            case .close:
                close()
                return
            }
        }
    }

    private func outcomes(of batch: [PendingStatement]) -> [Result<PostgresRows, any Error>] {
        if batch.count > 1 { return performInOneRoundTrip(batch) }
        if cancelToken.wasCancelled(statement: batch[0].id) { return [.failure(CancellationError())] }
        return [Result { try perform(batch[0].sql, encoded: batch[0].parameters) }]
    }

    /// Sends `batch` without blocking, in one round trip when it has several statements (see
    /// `sendWithoutBlocking`); false when it must run on this connection's thread.
    private nonisolated func send(_ batch: [PendingStatement], for pool: PostgresPool) -> Bool {
        if batch.count == 1 { return send(batch[0], for: pool) }
        guard pool.configuration.sendsWithoutBlocking, let reactor = SocketReactor.shared else { return false }
        let sent = sendWithoutBlocking(batch, reactor: reactor) { outcomes in
            var results: [Result<PostgresRows, any Error>] = []
            results.reserveCapacity(outcomes.count)
            for outcome in outcomes {
                guard case .finished(let result) = outcome else { break }
                results.append(result)
            }
            guard results.count == batch.count, self.leaseState != .inTransaction else {
                // A plan gone stale is prepared again on the connection's own thread, where a
                // statement that left a transaction open is also rolled back.
                self.runOnOwnThread { connection in
                    let results = zip(batch, outcomes).map { statement, outcome in
                        if case .finished(let result) = outcome { return result }
                        return Result { try connection.perform(statement.sql, encoded: statement.parameters) }
                    }
                    connection.run(batch, results: results, for: pool)
                }
                return
            }
            self.proceed(to: self.answer(batch, with: results, for: pool), for: pool)
        }
        if sent { pool.sentWithoutBlocking.add(batch.count, ordering: .relaxed) }
        return sent
    }

    /// Sends `statement` without blocking (see `sendWithoutBlocking`); false when it must run on
    /// this connection's thread.
    private nonisolated func send(_ statement: PendingStatement, for pool: PostgresPool) -> Bool {
        guard pool.configuration.sendsWithoutBlocking, statement.mayShareRoundTrip, let reactor = SocketReactor.shared,
            !cancelToken.wasCancelled(statement: statement.id)
        else { return false }
        let sent = sendWithoutBlocking(statement, reactor: reactor) { outcome in
            switch outcome {
            case .finished(let result) where self.leaseState != .inTransaction:
                self.proceed(to: self.answer([statement], with: [result], for: pool), for: pool)
            case .finished(let result):
                self.runOnOwnThread { $0.run([statement], results: [result], for: pool) }
            case .needsBlockingRun:
                self.runOnOwnThread { $0.run([statement], for: pool) }
            }
        }
        if sent { pool.sentWithoutBlocking.add(1, ordering: .relaxed) }
        return sent
    }

    /// Where the reactor's thread goes once answers it read are handed on: the pool's next
    /// statements, or nothing more.
    private nonisolated func proceed(to step: PostgresPool.NextStep, for pool: PostgresPool) {
        switch step {
        case .run(let next): serve(next, checkingFirst: false, for: pool)
        case .stop: break
        case .close: runOnOwnThread { $0.close() }
        }
    }

    /// Tells the pool that `batch` finished, then their callers (the pool learns of a broken
    /// connection before a caller can retry elsewhere); returns what the pool wants next.
    private nonisolated func answer(
        _ batch: [PendingStatement], with results: [Result<PostgresRows, any Error>], for pool: PostgresPool
    ) -> PostgresPool.NextStep {
        let (step, awaited) = pool.statementsFinished(batch.map(\.id), on: self)
        for (index, member) in batch.enumerated() where awaited[index] {
            member.continuation.resume(with: results[index])
        }
        return step
    }
}
