import CLibPQ

extension PostgresConnection {
    /// How a statement sent without blocking ended.
    enum SentOutcome {
        case finished(Result<PostgresRows, any Error>)
        /// Its prepared plan went stale (after a migration): it must run the blocking way, which
        /// prepares it again.
        case needsBlockingRun
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
        let name = unnamed ? nil : session.preparedStatements[statement.sql]
        guard socket >= 0, unnamed || name != nil, PQsetnonblocking(handle, 1) == 0 else { return false }
        let count = Int32(statement.parameters.count)
        let queued = ParameterBuffers.with(statement.parameters) { values, lengths, formats in
            if let name {
                PQsendQueryPrepared(handle, name, count, values, lengths, formats, 0)
            } else {
                PQsendQueryParams(handle, statement.sql, count, nil, values, lengths, formats, 0)
            }
        }
        guard queued == 1 else {
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
        do {
            finished(.finished(.success(PostgresRows(result: try connection.check(last)))))
        } catch let error as PostgresError where isNamed && (error.sqlState == "0A000" || error.sqlState == "26000") {
            finished(.needsBlockingRun)
        } catch {
            finished(.finished(.failure(error)))
        }
    }
}
