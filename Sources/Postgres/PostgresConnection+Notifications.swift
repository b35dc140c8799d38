import CLibPQ
import Foundation

/// A `NOTIFY` received on a listening connection.
public struct PostgresNotification: Hashable, Sendable {
    public var channel: String
    public var payload: String
    public var senderPID: Int32
}

extension PostgresConnection {
    /// Waits up to `timeout` for the server to send something, then returns the notifications that
    /// arrived (possibly none). Runs on the connection's own queue, so the wait blocks no shared thread.
    /// Throws a connection error when the connection is lost.
    public func notifications(waitingUpTo timeout: Duration) throws -> [PostgresNotification] {
        guard let handle = rawHandle, PQstatus(handle) == CONNECTION_OK else {
            throw PostgresError(.connection, "The listening connection is closed.")
        }
        let socket = PQsocket(handle)
        guard socket >= 0 else { throw PostgresError(.connection, "The listening connection has no socket.") }
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        _ = poll(&descriptor, 1, milliseconds)
        guard PQconsumeInput(handle) == 1, PQstatus(handle) == CONNECTION_OK else {
            throw PostgresError(.connection, "The listening connection was lost: \(String(cString: PQerrorMessage(handle)))")
        }
        var received: [PostgresNotification] = []
        while let notification = PQnotifies(handle) {
            received.append(
                PostgresNotification(
                    channel: String(cString: notification.pointee.relname), payload: String(cString: notification.pointee.extra),
                    senderPID: notification.pointee.be_pid))
            PQfreemem(notification)
        }
        return received
    }

    /// Sends `sql` and waits up to `timeout` for its answer: the only proof an idle listening
    /// connection can get that its server is still there. A server that stopped, or a network cut
    /// that neither end saw, sends nothing, not even an error. Notifications that arrive meanwhile
    /// wait for the next `notifications(waitingUpTo:)`. Throws a connection error when no answer
    /// comes in time or the connection is lost.
    public func checkAnswered(_ sql: String, within timeout: Duration) throws {
        guard let handle = rawHandle, PQstatus(handle) == CONNECTION_OK else {
            throw PostgresError(.connection, "The listening connection is closed.")
        }
        guard PQsendQuery(handle, sql) == 1 else {
            throw PostgresError(.connection, "The listening connection was lost: \(String(cString: PQerrorMessage(handle)))")
        }
        let deadline = ContinuousClock.now + timeout
        var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
        while PQisBusy(handle) == 1 {
            let left = deadline - ContinuousClock.now
            guard left > .zero else {
                throw PostgresError(.connection, "The listening connection's server did not answer within \(timeout).")
            }
            _ = poll(&descriptor, 1, Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000) + 1)
            guard PQconsumeInput(handle) == 1 else {
                throw PostgresError(.connection, "The listening connection was lost: \(String(cString: PQerrorMessage(handle)))")
            }
        }
        while let result = PQgetResult(handle) { PQclear(result) }
    }
}
