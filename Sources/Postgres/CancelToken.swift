import CLibPQ
import Synchronization

/// Asks the server to cancel whatever a connection is running. Safe to call from any thread:
/// `PQcancel` is libpq's thread-safe cancellation entry point.
final class CancelToken: Sendable {
    /// The `PGcancel` object's address: an integer, so the token stays Sendable without unsafe
    /// annotations; only `PQcancel` and `PQfreeCancel` ever see it as a pointer.
    private let address: Mutex<UInt?>

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

    func invalidate() {
        address.withLock { address in
            if let value = address, let pointer = OpaquePointer(bitPattern: value) { PQfreeCancel(pointer) }
            address = nil
        }
    }

    deinit { invalidate() }
}
