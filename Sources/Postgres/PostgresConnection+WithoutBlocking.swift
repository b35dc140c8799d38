import CLibPQ

extension PostgresConnection {
    /// How a statement sent without blocking ended.
    enum SentOutcome {
        case finished(Result<PostgresRows, any Error>)
        /// Its prepared plan went stale (after a migration): it must run the blocking way, which
        /// prepares it again.
        case needsBlockingRun
    }

    /// What a statement sent without blocking came to, from its last result: a prepared
    /// statement whose plan went stale must run the blocking way, which prepares it again.
    nonisolated func outcome(of result: PostgresResult, isNamed: Bool) -> SentOutcome {
        do {
            return .finished(.success(PostgresRows(result: try check(result))))
        } catch let error as PostgresError where isNamed && error.isStalePlan {
            return .needsBlockingRun
        } catch {
            return .finished(.failure(error))
        }
    }

    /// Sends `statement` from the calling thread without waiting for its answer; `reactor` reads
    /// the answer as it arrives and passes it to `finished` on the reactor's thread. Returns false,
    /// having sent nothing, when the statement must run the blocking way: it is not prepared on
    /// this connection yet, or the connection is not idle and well.
    ///
    /// Only for a connection the pool has handed this statement: nothing else may use it until
    /// `finished` is called.
    nonisolated func sendWithoutBlocking(
        _ statement: PendingStatement, reactor: SocketReactor, finished: @escaping @Sendable (SentOutcome) -> Void
    ) -> Bool {
        guard let handle = session.handle, PQstatus(handle) == CONNECTION_OK, PQtransactionStatus(handle) == PQTRANS_IDLE
        else { return false }
        let socket = PQsocket(handle)
        let unnamed = sendsUnnamedStatements || statement.sql.hasPrefix(Self.planEachExecution)
        let name = unnamed ? nil : session.preparedStatements[PreparedStatementKey(statement.sql)]
        guard socket >= 0, unnamed || name != nil, PQsetnonblocking(handle, 1) == 0 else { return false }
        guard Self.queue(statement, as: name, on: handle) else {
            PQsetnonblocking(handle, 0)
            return false
        }
        AnswerReader(connection: self, handle: handle, socket: socket, reactor: reactor, isNamed: name != nil, finished: finished)
            .advance(readable: false)
        return true
    }
}

/// Reads one statement's answer as its bytes arrive: sends what libpq still holds, takes in what
/// the socket has, and waits on the reactor again until the answer is whole.
private final class AnswerReader: SocketWaiter, @unchecked Sendable {
    private let connection: PostgresConnection
    private let handle: OpaquePointer
    private let socket: Int32
    private let reactor: SocketReactor
    private let isNamed: Bool
    private let finished: @Sendable (PostgresConnection.SentOutcome) -> Void
    /// The last result the statement gave (a statement gives one, then the end).
    private var last: PostgresResult?

    init(
        connection: PostgresConnection, handle: OpaquePointer, socket: Int32, reactor: SocketReactor, isNamed: Bool,
        finished: @escaping @Sendable (PostgresConnection.SentOutcome) -> Void
    ) {
        self.connection = connection
        self.handle = handle
        self.socket = socket
        self.reactor = reactor
        self.isNamed = isNamed
        self.finished = finished
    }

    func socketIsReady(readable: Bool) {
        advance(readable: readable)
    }

    func advance(readable: Bool) {
        let unsent = PQflush(handle)
        guard unsent >= 0, !readable || PQconsumeInput(handle) == 1 else { return end(failed: true) }
        while PQisBusy(handle) == 0 {
            guard let result = PQgetResult(handle) else { return end(failed: false) }
            last = PostgresResult(handle: result)
        }
        switch reactor.watch(socket, of: connection.session.serial, writing: unsent == 1, recheck: readable, for: self) {
        case .watching: break
        case .mayBeReady: advance(readable: true)
        case .failed: end(failed: true)
        }
    }

    private func end(failed: Bool) {
        // Blocking again, as the connection's other calls (COPY above all) expect it.
        PQsetnonblocking(handle, 0)
        guard !failed, let last else {
            // The answer may be half read: nothing else can be sent on this connection.
            connection.recordState(broken: true)
            return finished(.finished(.failure(connection.connectionError())))
        }
        connection.recordState()
        finished(connection.outcome(of: last, isNamed: isNamed))
    }
}

extension PostgresConnection {
    /// Sends `batch` in one round trip (libpq's pipeline mode, a sync point after each statement,
    /// so each is its own implicit transaction) from the calling thread without waiting; `reactor`
    /// reads the answers as they arrive and passes them to `finished`, one outcome per statement
    /// in order, on the reactor's thread. Returns false, having sent nothing, when the batch must
    /// run the blocking way: a statement is not prepared on this connection yet, or the connection
    /// is not idle and well.
    ///
    /// Only for a connection the pool has handed this batch: nothing else may use it until
    /// `finished` is called.
    nonisolated func sendWithoutBlocking(
        _ batch: [PendingStatement], reactor: SocketReactor, finished: @escaping @Sendable ([SentOutcome]) -> Void
    ) -> Bool {
        guard !sendsUnnamedStatements, let handle = session.handle, PQstatus(handle) == CONNECTION_OK,
            PQtransactionStatus(handle) == PQTRANS_IDLE
        else { return false }
        let socket = PQsocket(handle)
        var names: [String?] = []
        names.reserveCapacity(batch.count)
        for statement in batch {
            if statement.sql.hasPrefix(Self.planEachExecution) {
                names.append(nil)
            } else if let name = session.preparedStatements[PreparedStatementKey(statement.sql)] {
                names.append(name)
            } else {
                return false
            }
        }
        guard socket >= 0, PQenterPipelineMode(handle) == 1 else { return false }
        guard PQsetnonblocking(handle, 1) == 0 else {
            PQexitPipelineMode(handle)
            return false
        }
        for (index, statement) in batch.enumerated() {
            guard Self.queue(statement, as: names[index], on: handle), PQpipelineSync(handle) == 1 else {
                // Part of the batch may be on its way: the connection's state is unknown.
                PQsetnonblocking(handle, 0)
                recordState(broken: true)
                let error = PostgresError(.connection, "A statement could not be queued on the connection.")
                finished(batch.map { _ in .finished(.failure(error)) })
                return true
            }
        }
        PipelineReader(
            connection: self, handle: handle, socket: socket, reactor: reactor, named: names.map { $0 != nil },
            finished: finished
        ).advance(readable: false)
        return true
    }
}

/// Reads the answers of a batch sent in pipeline mode as their bytes arrive: per statement its
/// result, then the end of its results, then its sync point.
private final class PipelineReader: SocketWaiter, @unchecked Sendable {
    private let connection: PostgresConnection
    private let handle: OpaquePointer
    private let socket: Int32
    private let reactor: SocketReactor
    private let named: [Bool]
    private let finished: @Sendable ([PostgresConnection.SentOutcome]) -> Void
    /// The last result of each statement answered so far, made outcomes at the end: a result
    /// that a lost connection cut short is then told apart from the statement's own error.
    private var answered: [PostgresResult] = []
    /// The current statement's last result; whether its results have ended (its sync is next).
    private var last: PostgresResult?
    private var awaitingSync = false

    init(
        connection: PostgresConnection, handle: OpaquePointer, socket: Int32, reactor: SocketReactor, named: [Bool],
        finished: @escaping @Sendable ([PostgresConnection.SentOutcome]) -> Void
    ) {
        self.connection = connection
        self.handle = handle
        self.socket = socket
        self.reactor = reactor
        self.named = named
        self.finished = finished
        answered.reserveCapacity(named.count)
    }

    func socketIsReady(readable: Bool) {
        advance(readable: readable)
    }

    func advance(readable: Bool) {
        let unsent = PQflush(handle)
        guard unsent >= 0, !readable || PQconsumeInput(handle) == 1 else { return end(failed: true) }
        while PQisBusy(handle) == 0 {
            if awaitingSync {
                guard let sync = PQgetResult(handle) else { return end(failed: true) }
                let synced = PQresultStatus(sync) == PGRES_PIPELINE_SYNC
                PQclear(sync)
                guard synced else { return end(failed: true) }
                awaitingSync = false
                if answered.count == named.count { return end(failed: false) }
                continue
            }
            guard let result = PQgetResult(handle) else {
                // The end of the current statement's results.
                guard let last else { return end(failed: true) }
                answered.append(last)
                self.last = nil
                awaitingSync = true
                continue
            }
            last = PostgresResult(handle: result)
        }
        switch reactor.watch(socket, of: connection.session.serial, writing: unsent == 1, recheck: readable, for: self) {
        case .watching: break
        case .mayBeReady: advance(readable: true)
        case .failed: end(failed: true)
        }
    }

    private func end(failed: Bool) {
        let broken = failed || PQexitPipelineMode(handle) != 1
        // Blocking again, as the connection's other calls (COPY above all) expect it.
        PQsetnonblocking(handle, 0)
        // After a failure answers may be half read: nothing else can be sent on this connection.
        connection.recordState(broken: broken)
        var outcomes = answered.indices.map { connection.outcome(of: answered[$0], isNamed: named[$0]) }
        if outcomes.count < named.count {
            let error = connection.connectionError()
            while outcomes.count < named.count { outcomes.append(.finished(.failure(error))) }
        }
        finished(outcomes)
    }
}
