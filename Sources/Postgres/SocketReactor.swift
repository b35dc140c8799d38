/// Something waiting for a connection's socket: called once, on the reactor's thread.
protocol SocketWaiter: AnyObject, Sendable {
    func socketIsReady(readable: Bool)
}

#if os(Linux)
import Foundation
import CEpoll
import Glibc
import Synchronization

/// One thread that waits, with epoll, on the sockets of every connection whose statement was sent
/// without blocking (`PostgresConnection.sendWithoutBlocking`), and hands each answer on as it
/// arrives. Before it, every statement woke its connection's own thread to send and wait in
/// libpq, then woke the caller: two thread wake-ups a statement, which were a quarter of a small
/// request's samples. Now the caller sends, and under load one `epoll_wait` returns the answers of
/// several connections.
final class SocketReactor: Sendable {
    /// The process's reactor, started on first use; nil where epoll cannot be had.
    static let shared: SocketReactor? = SocketReactor()

    private let epoll: Int32
    private let waiters = Mutex<[Int32: any SocketWaiter]>([:])

    private init?() {
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epoll >= 0 else { return nil }
        let thread = Thread { [self] in run() }
        thread.name = "postgres.reactor"
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Calls `waiter` once, on the reactor's thread, when `socket` can be read (or has failed), or,
    /// with `writing`, when it can also be written. False when the socket cannot be watched.
    func watch(_ socket: Int32, writing: Bool, for waiter: any SocketWaiter) -> Bool {
        waiters.withLock { $0[socket] = waiter }
        var event = epoll_event()
        event.events = EPOLLIN.rawValue | EPOLLONESHOT.rawValue | (writing ? EPOLLOUT.rawValue : 0)
        event.data.fd = socket
        // A socket stays registered, disarmed, after its one-shot event; a socket closed since
        // (its connection ended) left the set, and its number may come back with a new one.
        if epoll_ctl(epoll, EPOLL_CTL_MOD, socket, &event) == 0 { return true }
        if errno == ENOENT, epoll_ctl(epoll, EPOLL_CTL_ADD, socket, &event) == 0 { return true }
        waiters.withLock { _ = $0.removeValue(forKey: socket) }
        return false
    }

    private func run() {
        let capacity = 64
        let events = UnsafeMutablePointer<epoll_event>.allocate(capacity: capacity)
        while true {
            let count = epoll_wait(epoll, events, Int32(capacity), -1)
            guard count > 0 else { continue }  // EINTR
            for index in 0..<Int(count) {
                let socket = events[index].data.fd
                let flags = events[index].events
                guard let waiter = waiters.withLock({ $0.removeValue(forKey: socket) }) else { continue }
                waiter.socketIsReady(readable: flags & (EPOLLIN.rawValue | EPOLLERR.rawValue | EPOLLHUP.rawValue) != 0)
            }
        }
    }
}
#else
/// Without epoll there is no reactor: every statement runs on its connection's thread.
final class SocketReactor: Sendable {
    static let shared: SocketReactor? = nil

    func watch(_ socket: Int32, writing: Bool, for waiter: any SocketWaiter) -> Bool { false }
}
#endif
