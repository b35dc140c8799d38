import COpenSSL

/// SHA-256 through OpenSSL, as lowercase hex (the persisted-query and cache key format).
enum Digest {
    static func sha256Hex(_ bytes: some Collection<UInt8>) -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let contiguous = Array(bytes)
        _ = contiguous.withUnsafeBytes { input in
            EVP_Digest(input.baseAddress, input.count, &digest, &length, EVP_sha256(), nil)
        }
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(Int(length) * 2)
        for byte in digest.prefix(Int(length)) {
            text.append(hex[Int(byte >> 4)])
            text.append(hex[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

/// The persisted-query hash of a document: SHA-256 of its UTF-8 text, lowercase hex.
public enum PersistedQueryHash {
    public static func sha256Hex(_ document: String) -> String { Digest.sha256Hex(document.utf8) }
}
