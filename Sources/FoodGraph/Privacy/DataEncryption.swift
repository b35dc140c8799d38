import COpenSSL
import Foundation
import Postgres
import Synchronization

/// Application-level encryption of the most sensitive data at rest (uploaded images, personal-data
/// export documents; payment references and OAuth subjects when those areas land): AES-256-GCM
/// through OpenSSL's EVP, with keys from configuration.
///
/// `FOODGRAPH_DATA_KEYS` holds one or more keys, `id:base64` separated by commas, each 32 random
/// bytes (`openssl rand -base64 32`); ids are 1–32 letters, digits, `-` or `_`. The first key
/// encrypts; every key listed decrypts. A stored value is the 12-byte random nonce, the
/// ciphertext and the 16-byte tag, with its key's id beside it (a `key_id` column; null: stored
/// before a key was configured, in clear). The associated data binds a value to its place
/// (`image:<token>`, `export:<id>`), so a ciphertext copied to another row does not open.
///
/// Rotation (docs/security.md): put the new key first and keep the old after it; the
/// `privacy.reencrypt` job re-encrypts every value under the new key, in batches, on every server;
/// when it logs that nothing is left under the old key, remove the old key.
enum DataEncryption {
    struct Key: Sendable, Equatable {
        var id: String
        var bytes: [UInt8]
    }

    /// The keys in force: the first encrypts, all decrypt.
    struct Keyring: Sendable, Equatable {
        var keys: [Key]

        var current: Key? { keys.first }

        func key(_ id: String) -> Key? { keys.first { $0.id == id } }

        /// From `FOODGRAPH_DATA_KEYS`' form; nil for no keys; throws on a malformed list.
        init(configuration text: String?) throws {
            keys = []
            guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return }
            for entry in text.split(separator: ",") {
                let parts = entry.trimmingCharacters(in: .whitespaces).split(separator: ":", maxSplits: 1)
                guard parts.count == 2, let id = parts.first.map(String.init),
                    (1...32).contains(id.count), id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
                else { throw Problem.malformedKeyList("each key is id:base64, the id 1–32 letters, digits, - or _") }
                guard let bytes = Data(base64Encoded: String(parts[1])), bytes.count == 32 else {
                    throw Problem.malformedKeyList("the key \(id) is not 32 bytes in base64 (make one with `openssl rand -base64 32`)")
                }
                guard !keys.contains(where: { $0.id == id }) else { throw Problem.malformedKeyList("the id \(id) appears twice") }
                keys.append(Key(id: id, bytes: Array(bytes)))
            }
        }

        init(_ keys: [Key]) {
            self.keys = keys
        }
    }

    enum Problem: Error, Equatable, CustomStringConvertible {
        case malformedKeyList(String)
        case unknownKey(String)
        case damaged

        var description: String {
            switch self {
            case .malformedKeyList(let reason): "FOODGRAPH_DATA_KEYS is malformed: \(reason)."
            case .unknownKey(let id): "A value is encrypted with the key \(id), which FOODGRAPH_DATA_KEYS no longer lists."
            case .damaged: "An encrypted value does not open: it was altered, or moved from its place."
            }
        }
    }

    private static let installed = Mutex<Keyring?>(nil)

    /// The keys of `FOODGRAPH_DATA_KEYS`, read once (tests may install others).
    static var keyring: Keyring {
        get throws {
            if let keyring = installed.withLock({ $0 }) { return keyring }
            let keyring = try Keyring(configuration: ProcessInfo.processInfo.environment["FOODGRAPH_DATA_KEYS"])
            installed.withLock { if $0 == nil { $0 = keyring } }
            return keyring
        }
    }

    /// Replaces the keys in force (tests, and a server that reads its keys elsewhere).
    static func install(_ keyring: Keyring) {
        installed.withLock { $0 = keyring }
    }

    /// A value to store, and the id of the key that sealed it (nil: no key configured, stored in clear).
    static func seal(_ plaintext: [UInt8], context: String, keyring: Keyring? = nil) throws -> (bytes: [UInt8], keyID: String?) {
        guard let key = try (keyring ?? self.keyring).current else { return (plaintext, nil) }
        let nonce = Crypto.randomBytes(12)
        let (ciphertext, tag) = try aesGCM(encrypting: plaintext, key: key.bytes, nonce: nonce, aad: aad(context))
        return (nonce + ciphertext + tag, key.id)
    }

    /// A stored value opened: in clear when `keyID` is nil.
    static func open(_ stored: [UInt8], keyID: String?, context: String, keyring: Keyring? = nil) throws -> [UInt8] {
        guard let keyID else { return stored }
        guard let key = try (keyring ?? self.keyring).key(keyID) else { throw Problem.unknownKey(keyID) }
        guard stored.count >= 28 else { throw Problem.damaged }
        return try aesGCM(
            decrypting: Array(stored[12..<(stored.count - 16)]), tag: Array(stored.suffix(16)), key: key.bytes,
            nonce: Array(stored.prefix(12)), aad: aad(context))
    }

    private static func aad(_ context: String) -> [UInt8] { Array("foodgraph:v1:\(context)".utf8) }

    // EVP_CTRL_AEAD_SET_IVLEN, _GET_TAG, _SET_TAG (macros of macros, which Swift does not import).
    private static let setIVLength: Int32 = 0x9
    private static let getTag: Int32 = 0x10
    private static let setTag: Int32 = 0x11

    private static func aesGCM(encrypting plaintext: [UInt8], key: [UInt8], nonce: [UInt8], aad: [UInt8]) throws -> ([UInt8], [UInt8]) {
        guard let context = EVP_CIPHER_CTX_new() else { throw Problem.damaged }
        defer { EVP_CIPHER_CTX_free(context) }
        var ciphertext = [UInt8](repeating: 0, count: plaintext.count + 16)
        var tag = [UInt8](repeating: 0, count: 16)
        var length: Int32 = 0
        var final: Int32 = 0
        guard EVP_EncryptInit_ex(context, EVP_aes_256_gcm(), nil, nil, nil) == 1,
            EVP_CIPHER_CTX_ctrl(context, setIVLength, 12, nil) == 1,
            EVP_EncryptInit_ex(context, nil, nil, key, nonce) == 1,
            EVP_EncryptUpdate(context, nil, &length, aad, Int32(aad.count)) == 1,
            EVP_EncryptUpdate(context, &ciphertext, &length, plaintext, Int32(plaintext.count)) == 1,
            ciphertext.withUnsafeMutableBufferPointer({ EVP_EncryptFinal_ex(context, $0.baseAddress! + Int(length), &final) }) == 1,
            EVP_CIPHER_CTX_ctrl(context, getTag, 16, &tag) == 1
        else { throw Problem.damaged }
        return (Array(ciphertext.prefix(Int(length + final))), tag)
    }

    private static func aesGCM(decrypting ciphertext: [UInt8], tag: [UInt8], key: [UInt8], nonce: [UInt8], aad: [UInt8]) throws -> [UInt8] {
        guard let context = EVP_CIPHER_CTX_new() else { throw Problem.damaged }
        defer { EVP_CIPHER_CTX_free(context) }
        var plaintext = [UInt8](repeating: 0, count: ciphertext.count + 16)
        var tag = tag
        var length: Int32 = 0
        var final: Int32 = 0
        guard EVP_DecryptInit_ex(context, EVP_aes_256_gcm(), nil, nil, nil) == 1,
            EVP_CIPHER_CTX_ctrl(context, setIVLength, 12, nil) == 1,
            EVP_DecryptInit_ex(context, nil, nil, key, nonce) == 1,
            EVP_DecryptUpdate(context, nil, &length, aad, Int32(aad.count)) == 1,
            EVP_DecryptUpdate(context, &plaintext, &length, ciphertext, Int32(ciphertext.count)) == 1,
            EVP_CIPHER_CTX_ctrl(context, setTag, 16, &tag) == 1,
            plaintext.withUnsafeMutableBufferPointer({ EVP_DecryptFinal_ex(context, $0.baseAddress! + Int(length), &final) }) == 1
        else { throw Problem.damaged }
        return Array(plaintext.prefix(Int(length + final)))
    }
}

/// Key rotation: every value sealed with another key than the current one (or stored in clear
/// before a key was configured) is sealed again with the current key, a batch at a time.
enum KeyRotation {
    /// Re-encrypts until nothing is left under another key; returns how many values it sealed.
    @discardableResult
    static func reencryptAll(in database: PostgresDatabase, batch: Int = 100) async throws -> Int {
        var total = 0
        while true {
            let sealed = try await ProfileStore.reencryptImages(limit: batch, in: database) + DataExportStore.reencrypt(limit: batch, in: database)
            total += sealed
            if sealed == 0 { return total }
        }
    }

    /// Every server runs it; rows are locked with `SKIP LOCKED`, so servers share the work.
    static let job = PeriodicJob("privacy.reencrypt", every: .seconds(300)) { database, logger in
        let sealed = try await reencryptAll(in: database)
        if sealed > 0, let current = try DataEncryption.keyring.current {
            logger.info(
                "re-encrypted stored values under the current data key; none is left under another",
                metadata: ["count": "\(sealed)", "key": "\(current.id)"])
        }
    }
}
