import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A client on a bare TCP socket, for what no HTTP client does: trickling headers, stalling
/// mid-body, declaring a length it never sends, going away. Its blocking calls run on threads of
/// their own, never on the tasks the server under test needs.
public final class RawConnection: @unchecked Sendable {
    // @unchecked: one test drives each connection, one call at a time.
    private let descriptor: Int32
    private var isClosed = false

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            Glibc.close(descriptor)
            throw Failure(description: "connect: \(errno)")
        }
    }

    deinit { close() }

    public func close() {
        guard !isClosed else { return }
        isClosed = true
        Glibc.close(descriptor)
    }

    /// Sends every byte; false once the server has closed the connection.
    @discardableResult
    public func send(_ bytes: some Collection<UInt8>) -> Bool {
        let bytes = Array(bytes)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    @discardableResult
    public func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// Sends on a thread of its own (a large body blocks until the server reads it).
    public func sendInBackground(_ bytes: [UInt8]) async -> Bool {
        await OwnThread.run { self.send(bytes) }
    }

    /// What the server sends until it closes the connection or `timeout` passes.
    public func receive(for timeout: Duration) async -> (text: String, closed: Bool) {
        await OwnThread.run {
            var timeval = timeval(tv_sec: 0, tv_usec: 50_000)
            setsockopt(self.descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeval, socklen_t(MemoryLayout<timeval>.size))
            let deadline = ContinuousClock.now + timeout
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while ContinuousClock.now < deadline {
                let count = buffer.withUnsafeMutableBytes { recv(self.descriptor, $0.baseAddress, $0.count, 0) }
                if count > 0 {
                    received += buffer[0..<count]
                } else if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                    return (String(decoding: received, as: UTF8.self), true)
                }
            }
            return (String(decoding: received, as: UTF8.self), false)
        }
    }

    /// Says it will send nothing more (a half-close), still reading what the server sends.
    public func finishSending() {
        shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Goes away without a word: a reset rather than an orderly close.
    public func reset() {
        var linger = linger(l_onoff: 1, l_linger: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
        close()
    }
}
