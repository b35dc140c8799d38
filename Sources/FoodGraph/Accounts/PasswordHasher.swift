import Foundation
import Metrics
import NIOPosix

/// Password storage with scrypt: `scrypt$N$r$p$salt$hash` (salt and hash base64), so the cost can
/// rise later without breaking stored hashes.
struct PasswordHasher: Sendable {
    /// scrypt's N. OWASP's recommendation, 2^17 with r = 8, uses 128 MiB and a few hundred
    /// milliseconds per hash; `FOODGRAPH_SCRYPT_COST` lowers it for tests.
    var cost: UInt64
    var blockSize: UInt64 = 8
    var parallelism: UInt64 = 1

    static let standard = PasswordHasher(
        cost: ProcessInfo.processInfo.environment["FOODGRAPH_SCRYPT_COST"].flatMap(UInt64.init) ?? (1 << 17))

    /// The threads `hashAside` and `verifyAside` run on. A hash takes a few hundred milliseconds
    /// at the standard cost: on an event loop it would stall every connection of that loop, and on
    /// Swift's cooperative pool (one thread a core) it would hold up every other task of the
    /// process, and wait behind them. Their number bounds the memory hashes take at once
    /// (128 MiB each at the standard cost).
    private static let threads: NIOThreadPool = {
        let threads = NIOThreadPool(numberOfThreads: min(4, ProcessInfo.processInfo.activeProcessorCount))
        threads.start()
        return threads
    }()

    /// How long hashes waited for one of the threads: sign-ins queue there when they come faster
    /// than the threads hash (a few a second a thread at the standard cost).
    static let waitMetric = "foodgraph_password_hash_wait_seconds"

    /// `hash` for a request, on the hashing threads. Throws `CancellationError` when the request
    /// ends (its deadline) before a thread took the hash.
    func hashAside(_ password: String) async throws -> String {
        try await Self.aside { hash(password) }
    }

    /// `verify` for a request, as `hashAside`.
    func verifyAside(_ password: String, against stored: String) async throws -> Bool {
        try await Self.aside { verify(password, against: stored) }
    }

    private static func aside<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async throws -> Value {
        let submitted = ContinuousClock.now
        return try await threads.runIfActive {
            Metrics.Timer(label: waitMetric).record(duration: submitted.duration(to: .now))
            return work()
        }
    }

    func hash(_ password: String) -> String {
        let salt = Crypto.randomBytes(16)
        let key = Crypto.scrypt(
            password: Array(password.utf8), salt: salt, cost: cost, blockSize: blockSize, parallelism: parallelism, length: 32
        ) ?? []
        return "scrypt$\(cost)$\(blockSize)$\(parallelism)$\(Data(salt).base64EncodedString())$\(Data(key).base64EncodedString())"
    }

    func verify(_ password: String, against stored: String) -> Bool {
        let parts = stored.split(separator: "$")
        guard parts.count == 6, parts[0] == "scrypt", let cost = UInt64(parts[1]), let blockSize = UInt64(parts[2]),
            let parallelism = UInt64(parts[3]), let salt = Data(base64Encoded: String(parts[4])),
            let expected = Data(base64Encoded: String(parts[5])),
            let key = Crypto.scrypt(
                password: Array(password.utf8), salt: Array(salt), cost: cost, blockSize: blockSize, parallelism: parallelism,
                length: expected.count)
        else { return false }
        return Crypto.constantTimeEquals(key, Array(expected))
    }
}
