import Foundation

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

    /// `hash` for a request: on Swift's shared pool, never on the event loop the request may run
    /// on (`DirectGraphQLHandler`), where a few hundred milliseconds would stall every connection
    /// of that loop.
    func hashAside(_ password: String) async -> String {
        await withTaskExecutorPreference(globalConcurrentExecutor) { hash(password) }
    }

    /// `verify` for a request, as `hashAside`.
    func verifyAside(_ password: String, against stored: String) async -> Bool {
        await withTaskExecutorPreference(globalConcurrentExecutor) { verify(password, against: stored) }
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
