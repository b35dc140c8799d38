import CLibPQ
import Foundation
import Logging
import Synchronization

/// One libpq connection. It is an actor running on a dispatch queue of its own (`QueueExecutor`),
/// so libpq's blocking calls never occupy the cooperative thread pool or a NIO event loop. The
/// pool's single statements, once prepared, skip that thread: they are sent without blocking and
/// their answers read by the `SocketReactor` (PostgresConnection+WithoutBlocking.swift).
///
/// Statements are prepared once per connection and SQL text, then executed by name.
public actor PostgresConnection {
    private let executor: QueueExecutor
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    nonisolated let session: LibPQSession
    private nonisolated var handle: OpaquePointer? { session.handle }
    var rawHandle: OpaquePointer? { handle }
    let cancelToken: CancelToken
    /// The server process serving this connection (for diagnostics and `pg_terminate_backend` in tests).
    public nonisolated let backendPID: Int32
    /// `LeaseState` after the last operation, readable without a hop to the connection's thread:
    /// the pool checks it on every release.
    private nonisolated let lastState = Atomic<UInt8>(LeaseState.idle.rawValue)

    private static let maximumPreparedStatements = 512
    /// A statement starting with this comment is sent unnamed, so PostgreSQL plans it for each
    /// execution's parameters: a prepared statement switches to a generic plan after five runs,
    /// which cannot tell a rare value from a common one (a search text matching 10 recipes or 10 000).
    public static let planEachExecution = "/* plan each execution */ "
    /// Behind a transaction pooler: every statement is sent unnamed, with its parameters (PQexecParams).
    let sendsUnnamedStatements: Bool

    /// Opens a connection. `conninfo` is a libpq connection string or a `postgresql://` URL.
    /// The server's notices and warnings go to `logger` at debug level (see `NoticeReceiver`),
    /// never to standard error.
    public static func connect(
        _ conninfo: String, sessionSettings: [String: String] = [:], logger: Logger = Logger(label: "postgres"),
        pooler: PostgresPooler = .none
    ) async throws -> PostgresConnection {
        let executor = QueueExecutor(label: "postgres.connection")
        return try await Connector(executor: executor).connect(
            conninfo, sessionSettings: sessionSettings, notices: NoticeReceiver(logger: logger), pooler: pooler)
    }

    init(handle: OpaquePointer, notices: NoticeReceiver, executor: QueueExecutor, pooler: PostgresPooler = .none) {
        self.sendsUnnamedStatements = !pooler.keepsSessionState
        self.session = LibPQSession(ConnectionHandle(handle, notices: notices))
        self.executor = executor
        self.cancelToken = CancelToken(connection: handle)
        self.backendPID = PQbackendPID(handle)
    }

    /// What the pool must know when the connection comes back.
    public enum LeaseState: UInt8, Sendable {
        case idle
        /// A transaction is open (or failed and awaits ROLLBACK).
        case inTransaction
        case broken
    }

    /// The state after the last operation finished; nothing may be running on the connection.
    public nonisolated var leaseState: LeaseState { LeaseState(rawValue: lastState.load(ordering: .acquiring)) ?? .broken }

    nonisolated func recordState(broken: Bool = false) {
        var state = LeaseState.broken
        if !broken, let handle, PQstatus(handle) == CONNECTION_OK {
            state = PQtransactionStatus(handle) == PQTRANS_IDLE ? .idle : .inTransaction
        }
        lastState.store(state.rawValue, ordering: .releasing)
    }

    /// Whether libpq still considers the connection usable.
    public var isHealthy: Bool {
        guard let handle else { return false }
        return PQstatus(handle) == CONNECTION_OK
    }

    /// Whether a transaction is open (or failed and awaiting ROLLBACK).
    public var isInTransaction: Bool {
        guard let handle else { return false }
        let status = PQtransactionStatus(handle)
        return status == PQTRANS_INTRANS || status == PQTRANS_INERROR || status == PQTRANS_ACTIVE
    }

    /// Runs a parameterised statement. `$1`, `$2`, … in `sql` refer to `parameters` in order.
    /// Cancelling the calling task cancels the statement on the server.
    public func query(_ sql: String, _ parameters: [any PostgresEncodable] = []) async throws -> PostgresRows {
        let token = cancelToken
        return try await withTaskCancellationHandler {
            try Task.checkCancellation()
            return try perform(sql, parameters)
        } onCancel: {
            token.cancelRunningStatement()
        }
    }

    /// Runs SQL without parameters through the simple protocol: several statements may be given.
    /// For migrations and transaction control, never for values.
    public func execute(simple sql: String) async throws {
        try executeSimple(sql)
    }

    /// Streams rows into `COPY table (columns) FROM STDIN` in text format. Each row's values are
    /// escaped here; nil is NULL. Returns the number of rows copied.
    @discardableResult
    public func copy(into copyStatement: String, rows: some Sequence<[String?]>) async throws -> Int {
        defer { recordState() }
        let handle = try liveHandle()
        guard let start = PQexec(handle, copyStatement) else { throw connectionError() }
        let startResult = PostgresResult(handle: start)
        guard PQresultStatus(start) == PGRES_COPY_IN else {
            _ = try check(startResult)
            throw PostgresError(.usage, "The statement did not start a COPY FROM STDIN.")
        }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 16)
        var count = 0
        func flush() throws {
            let sent = buffer.withUnsafeBufferPointer { pointer in
                pointer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: pointer.count) {
                    PQputCopyData(handle, $0, Int32(pointer.count))
                }
            }
            guard sent == 1 else { throw connectionError() }
            buffer.removeAll(keepingCapacity: true)
        }
        for row in rows {
            PostgresCopyEncoder.append(row, to: &buffer)
            count += 1
            if buffer.count >= 1 << 16 { try flush() }
        }
        if !buffer.isEmpty { try flush() }
        guard PQputCopyEnd(handle, nil) == 1 else { throw connectionError() }
        while let result = PQgetResult(handle) {
            _ = try check(PostgresResult(handle: result))
        }
        return count
    }

    /// Closes the connection; later calls fail with a connection error.
    public func close() {
        cancelToken.invalidate()
        session.connection = nil
        recordState()
    }

    // MARK: - Internals

    /// Runs `body` on this connection's thread, isolated to it, without a task: the pool uses it to
    /// run queued statements one after another.
    nonisolated func runOnOwnThread(_ body: @escaping @Sendable (isolated PostgresConnection) -> Void) {
        executor.run { self.assumeIsolated(body) }
    }

    /// Whether the connection still reaches the server (an empty statement's round trip).
    func passesCheck() -> Bool {
        (try? executeSimple("")) != nil && leaseState != .broken
    }

    func rollBack() {
        try? executeSimple("ROLLBACK")
    }

    private func executeSimple(_ sql: String) throws {
        defer { recordState() }
        let handle = try liveHandle()
        guard let result = PQexec(handle, sql) else { throw connectionError() }
        _ = try check(PostgresResult(handle: result))
    }

    func perform(_ sql: String, _ parameters: [any PostgresEncodable]) throws -> PostgresRows {
        try perform(sql, encoded: parameters.map(\.postgresParameter))
    }

    func perform(_ sql: String, encoded: [PostgresParameter]) throws -> PostgresRows {
        defer { recordState() }
        let handle = try liveHandle()
        if sendsUnnamedStatements || sql.hasPrefix(Self.planEachExecution) {
            let result = try ParameterBuffers.with(encoded) { values, lengths, formats in
                guard let result = PQexecParams(handle, sql, Int32(encoded.count), nil, values, lengths, formats, 0) else {
                    throw connectionError()
                }
                return PostgresResult(handle: result)
            }
            return PostgresRows(result: try check(result))
        }
        let name = try preparedStatementName(for: sql, parameterCount: encoded.count, handle: handle)
        let result = try ParameterBuffers.with(encoded) { values, lengths, formats in
            guard let result = PQexecPrepared(handle, name, Int32(encoded.count), values, lengths, formats, 0) else {
                throw connectionError()
            }
            return PostgresResult(handle: result)
        }
        do {
            return PostgresRows(result: try check(result))
        } catch let error as PostgresError where error.isStalePlan {
            // The statement's plan went stale (e.g. after a migration): prepare again, once.
            session.preparedStatements[PreparedStatementKey(sql)] = nil
            _ = PQexec(handle, "DEALLOCATE \(name)").map(PQclear)
            let retryName = try preparedStatementName(for: sql, parameterCount: encoded.count, handle: handle)
            let retry = try ParameterBuffers.with(encoded) { values, lengths, formats in
                guard let result = PQexecPrepared(handle, retryName, Int32(encoded.count), values, lengths, formats, 0) else {
                    throw connectionError()
                }
                return PostgresResult(handle: result)
            }
            return PostgresRows(result: try check(retry))
        }
    }

    /// Runs statements in one round trip (libpq's pipeline mode), each with its own sync point, so
    /// each is its own implicit transaction and one's failure does not touch the others. Those
    /// that could not be sent this way (not yet prepared and failing to prepare, a stale plan, a
    /// pipeline that broke off) run alone afterwards, which also gives them their own errors.
    func performInOneRoundTrip(_ statements: [PendingStatement]) -> [Result<PostgresRows, any Error>] {
        var results = [Result<PostgresRows, any Error>?](repeating: nil, count: statements.count)
        if let handle = try? liveHandle() {
            // Preparing is synchronous, so it happens before the pipeline starts.
            let names = statements.map {
                $0.sql.hasPrefix(Self.planEachExecution)
                    ? nil : try? preparedStatementName(for: $0.sql, parameterCount: $0.parameters.count, handle: handle)
            }
            if PQenterPipelineMode(handle) == 1 {
                var sent: [Int] = []
                for (index, statement) in statements.enumerated() {
                    guard let name = names[index] else { continue }
                    guard Self.queue(statement, as: name, on: handle), PQpipelineSync(handle) == 1 else { break }
                    sent.append(index)
                }
                for index in sent {
                    var last: PostgresResult?
                    while let result = PQgetResult(handle) { last = PostgresResult(handle: result) }
                    guard let sync = PQgetResult(handle) else { break }
                    let synced = PQresultStatus(sync) == PGRES_PIPELINE_SYNC
                    PQclear(sync)
                    guard synced, let last else { break }
                    do {
                        results[index] = .success(PostgresRows(result: try check(last)))
                    } catch let error as PostgresError where error.isStalePlan {
                        continue
                    } catch {
                        results[index] = .failure(error)
                    }
                }
                if PQexitPipelineMode(handle) != 1 {
                    // Results left unread: the connection cannot be trusted with another statement.
                    close()
                }
            }
        }
        recordState()
        return statements.indices.map { index in
            results[index] ?? Result { try perform(statements[index].sql, encoded: statements[index].parameters) }
        }
    }

    /// Queues `statement` in libpq's output: as the prepared statement `name`, or planned for this
    /// execution alone when it has none. False when libpq refused it.
    static func queue(_ statement: PendingStatement, as name: String?, on handle: OpaquePointer) -> Bool {
        let count = Int32(statement.parameters.count)
        return ParameterBuffers.with(statement.parameters) { values, lengths, formats in
            if let name {
                PQsendQueryPrepared(handle, name, count, values, lengths, formats, 0)
            } else {
                PQsendQueryParams(handle, statement.sql, count, nil, values, lengths, formats, 0)
            }
        } == 1
    }

    private func preparedStatementName(for sql: String, parameterCount: Int, handle: OpaquePointer) throws -> String {
        if let name = session.preparedStatements[PreparedStatementKey(sql)] { return name }
        if session.preparedStatements.count >= Self.maximumPreparedStatements {
            _ = PQexec(handle, "DEALLOCATE ALL").map(PQclear)
            session.preparedStatements.removeAll()
        }
        session.nextStatementNumber += 1
        let name = "fg\(session.nextStatementNumber)"
        guard let result = PQprepare(handle, name, sql, Int32(parameterCount), nil) else { throw connectionError() }
        _ = try check(PostgresResult(handle: result))
        session.preparedStatements[PreparedStatementKey(sql)] = name
        return name
    }

    private func liveHandle() throws -> OpaquePointer {
        guard let handle, PQstatus(handle) == CONNECTION_OK else {
            throw PostgresError(.connection, "The database connection is closed or broken.")
        }
        return handle
    }

    nonisolated func check(_ result: PostgresResult) throws -> PostgresResult {
        switch PQresultStatus(result.handle) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY, PGRES_COPY_IN:
            return result
        default:
            if let handle, PQstatus(handle) != CONNECTION_OK { throw connectionError() }
            throw PostgresError(result: result.handle)
        }
    }

    nonisolated func connectionError() -> PostgresError {
        let message = handle.map { String(cString: PQerrorMessage($0)) } ?? "The connection is closed."
        return PostgresError(.connection, message.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// Opens the libpq connection on the connection's own executor, then hands it to the actor.
private actor Connector {
    private let executor: QueueExecutor
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    init(executor: QueueExecutor) {
        self.executor = executor
    }

    func connect(
        _ conninfo: String, sessionSettings: [String: String], notices: NoticeReceiver, pooler: PostgresPooler
    ) async throws -> PostgresConnection {
        guard let handle = PQconnectdb(conninfo) else {
            throw PostgresError(.connection, "Out of memory while connecting to PostgreSQL.")
        }
        // `notices` outlives PQfinish: the caller holds it during this call, then the connection does.
        notices.install(on: handle)
        guard PQstatus(handle) == CONNECTION_OK else {
            let message = String(cString: PQerrorMessage(handle)).trimmingCharacters(in: .whitespacesAndNewlines)
            PQfinish(handle)
            throw PostgresError(.connection, message)
        }
        guard pooler.keepsSessionState else {
            try Self.checkServerDefaults(on: handle)
            return PostgresConnection(handle: handle, notices: notices, executor: executor, pooler: pooler)
        }
        // Fixed session settings make text output predictable for the decoders.
        var settings = ["TimeZone": "UTC", "DateStyle": "ISO, YMD", "IntervalStyle": "iso_8601", "extra_float_digits": "3"]
        settings.merge(sessionSettings) { _, new in new }
        for (name, value) in settings.sorted(by: { $0.key < $1.key }) {
            let result = ParameterBuffers.with([.text(name), .text(value)]) { values, lengths, formats in
                PQexecParams(handle, "SELECT set_config($1, $2, false)", 2, nil, values, lengths, formats, 0)
            }
            let status = result.map(PQresultStatus)
            result.map(PQclear)
            guard status == PGRES_TUPLES_OK else {
                PQfinish(handle)
                throw PostgresError(.connection, "Could not set \(name) on a new connection.")
            }
        }
        return PostgresConnection(handle: handle, notices: notices, executor: executor)
    }
}

extension Connector {
    /// Behind a transaction pooler the decoders' settings cannot be set per session: they must
    /// already be the server's defaults, or the connection is refused with the way to fix it.
    private nonisolated static func checkServerDefaults(on handle: OpaquePointer) throws {
        let names = PostgresPooler.requiredSettings.map(\.name)
        let sql = "SELECT " + names.indices.map { "current_setting($\($0 + 1))" }.joined(separator: ", ")
        let result = ParameterBuffers.with(names.map { .text($0) }) { values, lengths, formats in
            PQexecParams(handle, sql, Int32(names.count), nil, values, lengths, formats, 0)
        }
        defer { result.map(PQclear) }
        guard let result, PQresultStatus(result) == PGRES_TUPLES_OK, PQntuples(result) == 1 else {
            PQfinish(handle)
            throw PostgresError(.connection, "Could not read the server's settings through the pooler.")
        }
        for (index, setting) in PostgresPooler.requiredSettings.enumerated() {
            let actual = String(cString: PQgetvalue(result, 0, Int32(index)))
            guard actual == setting.value else {
                PQfinish(handle)
                throw PostgresError(
                    .connection,
                    "Behind a transaction pooler, \(setting.name) must be the server's default \"\(setting.value)\", not \"\(actual)\": "
                        + "set it with ALTER ROLE … SET \(setting.name) = '\(setting.value)', or in PgBouncer's connect_query (docs/scaling.md).")
            }
        }
    }
}

/// The libpq connection and what was prepared on it. One party uses it at a time, as the pool hands
/// the connection over: the actor on its own thread for blocking calls, or, for a statement sent
/// without blocking, the thread that sends it and then the reactor's thread that reads its answer.
final class LibPQSession: @unchecked Sendable {
    var connection: ConnectionHandle?
    var preparedStatements: [PreparedStatementKey: String] = [:]
    var nextStatementNumber = 0
    /// Unique in the process, unlike the socket's number, which a later connection may get: how
    /// `SocketReactor` knows a socket it has registered.
    let serial: UInt64

    private static let sessionsOpened = Atomic<UInt64>(0)

    var handle: OpaquePointer? { connection?.pointer }

    init(_ connection: ConnectionHandle) {
        self.connection = connection
        serial = Self.sessionsOpened.add(1, ordering: .relaxed).newValue
    }
}

/// Owns a `PGconn`; closing happens when the owning connection lets go of it. The notice
/// receiver libpq calls is released only after `PQfinish`.
final class ConnectionHandle {
    let pointer: OpaquePointer
    let notices: NoticeReceiver

    init(_ pointer: OpaquePointer, notices: NoticeReceiver) {
        self.pointer = pointer
        self.notices = notices
    }

    deinit { PQfinish(pointer) }
}

extension PostgresError {
    init(result: OpaquePointer) {
        func field(_ code: Character) -> String? {
            guard let pointer = PQresultErrorField(result, Int32(code.asciiValue!)) else { return nil }
            return String(cString: pointer)
        }
        self.init(
            .server, field("M") ?? String(cString: PQresultErrorMessage(result)),
            sqlState: field("C"), detail: field("D"), constraint: field("n"))
    }
}
