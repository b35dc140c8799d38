import COpenSSL
import Foundation

/// Hashing and randomness through OpenSSL.
enum Crypto {
    static func randomBytes(_ count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        guard RAND_bytes(&bytes, Int32(count)) == 1 else {
            // OpenSSL's generator failing means the process cannot make secrets safely.
            preconditionFailure("OpenSSL RAND_bytes failed")
        }
        return bytes
    }

    static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        _ = bytes.withUnsafeBytes { EVP_Digest($0.baseAddress, $0.count, &digest, &length, EVP_sha256(), nil) }
        return Array(digest.prefix(Int(length)))
    }

    /// scrypt (RFC 7914); nil when OpenSSL refuses the parameters.
    static func scrypt(password: [UInt8], salt: [UInt8], cost: UInt64, blockSize: UInt64, parallelism: UInt64, length: Int) -> [UInt8]? {
        var key = [UInt8](repeating: 0, count: length)
        let status = password.withUnsafeBufferPointer { passwordBytes in
            passwordBytes.withMemoryRebound(to: CChar.self) { passwordChars in
                EVP_PBE_scrypt(
                    passwordChars.baseAddress, passwordChars.count, salt, salt.count, cost, blockSize, parallelism,
                    // Room for 128 * N * r bytes plus slack.
                    max(128 * cost * blockSize * 2, 32 << 20), &key, length)
            }
        }
        return status == 1 ? key : nil
    }

    /// Compares secrets in time independent of where they differ.
    static func constantTimeEquals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { x in b.withUnsafeBytes { y in CRYPTO_memcmp(x.baseAddress, y.baseAddress, a.count) == 0 } }
    }
}
