import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Which process an embedded cluster belongs to: the one holding an exclusive `flock` on
/// `foodgraph.lock` in its folder. The kernel releases the lock when the process ends, however it
/// ends, so a cluster found running while the lock is free was left behind by a process killed
/// before it could stop it (SIGKILL, a crash, the OOM killer).
enum ClusterOwnership {
    /// The lock files this process holds, by path, with their descriptors.
    private static let held = Mutex<[String: Int32]>([:])

    static func lockPath(in root: URL) -> String { root.appendingPathComponent("foodgraph.lock").path }

    /// Takes the cluster in `root` for this process; false when another process holds it, or
    /// another start in this one.
    static func acquire(_ root: URL) throws -> Bool {
        let path = lockPath(in: root)
        return try held.withLock { held in
            guard held[path] == nil else { return false }
            // Close-on-exec: the PostgreSQL server started next must not inherit the lock, or the
            // lock would live on with it after this process is gone.
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else {
                throw EmbeddedClusterError("The lock file \(path) cannot be opened: \(String(cString: strerror(errno))).")
            }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                close(descriptor)
                return false
            }
            held[path] = descriptor
            return true
        }
    }

    /// Whether this process holds the cluster in `root`.
    static func holds(_ root: URL) -> Bool {
        held.withLock { $0[lockPath(in: root)] != nil }
    }

    /// Lets the cluster in `root` go, as the end of this process would.
    static func release(_ root: URL) {
        guard let descriptor = held.withLock({ $0.removeValue(forKey: lockPath(in: root)) }) else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
