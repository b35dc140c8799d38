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
}
