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
///
/// A socket stays registered, edge-triggered, from its first statement on: watching it for the
/// next answer is then a store under a lock, not an `epoll_ctl` call (one system call a statement
/// less). An edge says only that bytes arrived, so what may have been missed is looked at again:
/// - An event that comes while nobody waits is kept: the next watch of the socket then tells its
///   caller to read at once. On two busy cores the database often answers before the sender has
///   registered its waiter (PostgreSQL's process takes the core from the sender): the sender then
///   reads the answer itself, without the reactor.
/// - A second one in a row (the connection's own thread is reading the socket) quiets the socket
///   until the next watch registers it again, which makes epoll look at what it holds.
/// - A waiter whose read may have left bytes behind registers it again too (`recheck`).
final class SocketReactor: Sendable {
    /// The process's reactor, started on first use; nil where epoll cannot be had.
    static let shared: SocketReactor? = SocketReactor()

    private struct Watch {
        var waiter: (any SocketWaiter)?
        /// The connection registered under this socket number: a number closed and given to
        /// another connection is no longer registered with epoll.
        var owner: UInt64
        var events: UInt32
        var missedEvent = false
        /// Registered for no event until the next watch registers it again.
        var quiet = false
    }

    private let epoll: Int32
    private let watches = Mutex<[Int32: Watch]>([:])

    private init?() {
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epoll >= 0 else { return nil }
        let thread = Thread { [self] in run() }
        thread.name = "postgres.reactor"
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Calls `waiter` once, on the reactor's thread, when `socket` (of the connection `owner`) may
    /// be read (or has failed), or, with `writing`, also written. `recheck`: the caller has read
    /// the socket and may have left bytes in it, which no new edge would announce. The waiter may
    /// be called for bytes it has already read: it must then watch again.
    func watch(_ socket: Int32, of owner: UInt64, writing: Bool, recheck: Bool, for waiter: any SocketWaiter) -> Watching {
        let events = EPOLLIN.rawValue | EPOLLET.rawValue | (writing ? EPOLLOUT.rawValue : 0)
        let registered: Watching? = watches.withLock { watches in
            if !recheck, let current = watches[socket], current.owner == owner, current.events == events, !current.quiet {
                if current.missedEvent {
                    watches[socket]?.missedEvent = false
                    return .mayBeReady
                }
                watches[socket]?.waiter = waiter
                return .watching
            }
            watches[socket] = Watch(waiter: waiter, owner: owner, events: events)
            return nil
        }
        if let registered { return registered }
        var event = epoll_event()
        event.events = events
        event.data.fd = socket
        if epoll_ctl(epoll, EPOLL_CTL_MOD, socket, &event) == 0 { return .watching }
        if errno == ENOENT, epoll_ctl(epoll, EPOLL_CTL_ADD, socket, &event) == 0 { return .watching }
        watches.withLock { _ = $0.removeValue(forKey: socket) }
        return .failed
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
                let waiter = watches.withLock { watches -> (any SocketWaiter)? in
                    guard let watch = watches[socket] else { return nil }
                    if let waiter = watch.waiter {
                        watches[socket]?.waiter = nil
                        return waiter
                    }
                    if !watch.missedEvent {
                        watches[socket]?.missedEvent = true
                    } else if !watch.quiet {
                        // Under the lock, so that the next watch's registration comes after it.
                        watches[socket]?.quiet = true
                        var quiet = epoll_event()
                        quiet.events = EPOLLET.rawValue
                        quiet.data.fd = socket
                        _ = epoll_ctl(epoll, EPOLL_CTL_MOD, socket, &quiet)
                    }
                    return nil
                }
                waiter?.socketIsReady(readable: flags & (EPOLLIN.rawValue | EPOLLERR.rawValue | EPOLLHUP.rawValue) != 0)
            }
        }
    }
}
#else
/// Without epoll there is no reactor: every statement runs on its connection's thread.
final class SocketReactor: Sendable {
    static let shared: SocketReactor? = nil

    func watch(_ socket: Int32, of owner: UInt64, writing: Bool, recheck: Bool, for waiter: any SocketWaiter) -> Watching {
        .failed
    }
}
#endif

extension SocketReactor {
    enum Watching {
        case watching
        /// An event came for the socket while nobody waited: read it now, then watch again (with
        /// `recheck`) if the answer is not whole.
        case mayBeReady
        case failed
    }
}
