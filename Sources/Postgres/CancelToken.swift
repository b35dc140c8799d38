import CLibPQ
import Synchronization

/// Asks the server to cancel whatever a connection is running. Safe to call from any thread:
/// `PQcancel` is libpq's thread-safe cancellation entry point.
final class CancelToken: Sendable {
    /// The `PGcancel` object's address: an integer, so the token stays Sendable without unsafe
    /// annotations; only `PQcancel` and `PQfreeCancel` ever see it as a pointer.
    private let address: Mutex<UInt?>
    /// The last pooled statement whose cancellation was asked for: a request can arrive before the
    /// statement reaches the server, where `PQcancel` finds nothing to cancel.
    private let cancelledStatement = Atomic<UInt64>(0)

    init(connection: OpaquePointer) {
        address = Mutex(PQgetCancel(connection).map { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer($0))) })
    }

    func cancelRunningStatement() {
        address.withLock { address in
            guard let address, let pointer = OpaquePointer(bitPattern: address) else { return }
            var buffer = [CChar](repeating: 0, count: 256)
            _ = PQcancel(pointer, &buffer, Int32(buffer.count))
        }
    }

    /// Cancels the pool's statement `id` on this connection, whether it runs already or is about to.
    func cancel(statement id: UInt64) {
        cancelledStatement.store(id, ordering: .releasing)
        cancelRunningStatement()
    }

    func wasCancelled(statement id: UInt64) -> Bool {
        cancelledStatement.load(ordering: .acquiring) == id
    }

    func invalidate() {
        address.withLock { address in
            if let value = address, let pointer = OpaquePointer(bitPattern: value) { PQfreeCancel(pointer) }
            address = nil
        }
    }

    deinit { invalidate() }
}
