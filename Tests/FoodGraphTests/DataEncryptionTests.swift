import Foundation
import GraphQLEngine
import Postgres
import TestSupport
import Testing

@testable import FoodGraph

/// Issue 23: the most sensitive data encrypted in the application (AES-256-GCM, keys from
/// configuration), and keys rotated. The suite's tests install keys for the whole test process;
/// they only ever add keys, so values other tests sealed meanwhile still open.
@Suite(.serialized) struct DataEncryptionTests {
    static func key(_ id: String) -> DataEncryption.Key { DataEncryption.Key(id: id, bytes: Crypto.randomBytes(32)) }

    /// Makes `key` the current one, keeping every key in force.
    static func rotate(to key: DataEncryption.Key) throws {
        DataEncryption.install(DataEncryption.Keyring([key] + (try DataEncryption.keyring).keys.filter { $0.id != key.id }))
    }

    @Test func valuesSealedWithAESGCMOpenOnlyWithTheirKeyAndPlace() throws {
        let keyring = DataEncryption.Keyring([Self.key("one")])
        let secret = Array("a photo's bytes".utf8)
        let sealed = try DataEncryption.seal(secret, context: "image:abc", keyring: keyring)
        #expect(sealed.keyID == "one")
        #expect(sealed.bytes.count == secret.count + 28)
        #expect(try DataEncryption.open(sealed.bytes, keyID: "one", context: "image:abc", keyring: keyring) == secret)
        // Another place, a flipped bit, another key: nothing opens.
        #expect(throws: DataEncryption.Problem.damaged) { try DataEncryption.open(sealed.bytes, keyID: "one", context: "image:abd", keyring: keyring) }
        var flipped = sealed.bytes
        flipped[14] ^= 1
        #expect(throws: DataEncryption.Problem.damaged) { try DataEncryption.open(flipped, keyID: "one", context: "image:abc", keyring: keyring) }
        let other = DataEncryption.Keyring([DataEncryption.Key(id: "one", bytes: Crypto.randomBytes(32))])
        #expect(throws: DataEncryption.Problem.damaged) { try DataEncryption.open(sealed.bytes, keyID: "one", context: "image:abc", keyring: other) }
        #expect(throws: DataEncryption.Problem.unknownKey("two")) { try DataEncryption.open(sealed.bytes, keyID: "two", context: "image:abc", keyring: keyring) }
        // Two seals of one value differ (a fresh nonce each time).
        #expect(try DataEncryption.seal(secret, context: "image:abc", keyring: keyring).bytes != sealed.bytes)
        // Without a key, values are kept as they are.
        let none = DataEncryption.Keyring([])
        #expect(try DataEncryption.seal(secret, context: "x", keyring: none).keyID == nil)
    }

    @Test func theKeyListIsReadFromConfigurationAndRefusedWhenMalformed() throws {
        let a = Data(Crypto.randomBytes(32)).base64EncodedString()
        let b = Data(Crypto.randomBytes(32)).base64EncodedString()
        let keyring = try DataEncryption.Keyring(configuration: "2026-11:\(a), 2026-01:\(b)")
        #expect(keyring.keys.map(\.id) == ["2026-11", "2026-01"])
        #expect(keyring.current?.id == "2026-11")
        #expect(try DataEncryption.Keyring(configuration: nil).keys.isEmpty)
        for malformed in ["nocolon", "id:\(Data([1, 2, 3]).base64EncodedString())", "bad id:\(a)", "x:\(a),x:\(b)", "x:not base64!"] {
            #expect(throws: DataEncryption.Problem.self, "\(malformed)") { try DataEncryption.Keyring(configuration: malformed) }
        }
    }

    @Test func uploadedImagesAndExportDocumentsAreEncryptedAtRest() async throws {
        try Self.rotate(to: Self.key("at-rest"))
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let database = api.database.database
        let token = try await api.signUp("sealed@example.com")
        let png = TestImages.encoded(.png)
        let uploaded = try await api.run(
            #"mutation { uploadAvatar(input: {image: "\#(TestImages.base64(png))"}) { user { profile { avatarUrl } } userErrors { code } } }"#,
            token: token)
        let url = try #require(uploaded["data.uploadAvatar.user.profile.avatarUrl"] as? String)
        let row = try await database.query("SELECT bytes, key_id FROM images")[0]
        #expect(try row.decode(String?.self, at: 1) == "at-rest")
        let stored = try row.decode([UInt8].self, at: 0)
        #expect(ImageInfo(stored) == nil, "the stored bytes are an image in clear")
        // Served decrypted.
        let served = try #require(try await api.application.image(id: String(url.dropFirst("/images/".count))))
        #expect(ImageInfo(served.bytes)?.format == .png)

        let requested = try await api.run("mutation { exportMyData { dataExport { id } } }", token: token)
        let exportID = try #require(requested["data.exportMyData.dataExport.id"] as? String)
        try await DataExportStore.buildPending(in: database)
        let document = try await database.query("SELECT document, key_id FROM data_exports")[0]
        #expect(try document.decode(String?.self, at: 1) == "at-rest")
        #expect(!String(decoding: try document.decode([UInt8].self, at: 0), as: UTF8.self).contains("sealed@example.com"))
        let downloaded = try await api.run(
            "mutation($id: ID!) { downloadDataExport(input: {exportId: $id}) { document } }", token: token,
            variables: GraphQLObject([("id", .string(exportID))]))
        #expect((downloaded["data.downloadDataExport.document"] as? String)?.contains("sealed@example.com") == true)
    }

    @Test func rotatingTheKeyReencryptsEveryStoredValueUnderTheNewOne() async throws {
        try Self.rotate(to: Self.key("old"))
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let database = api.database.database
        let first = try await api.signUp("rotate1@example.com")
        let second = try await api.signUp("rotate2@example.com")
        for token in [first, second] {
            _ = try await api.run(#"mutation { uploadAvatar(input: {image: "\#(TestImages.base64(TestImages.encoded(.jpeg)))"}) { userErrors { code } } }"#, token: token)
            _ = try await api.run("mutation { exportMyData { dataExport { id } } }", token: token)
        }
        try await DataExportStore.buildPending(in: database)
        // An image stored in clear before any key was configured.
        _ = try await database.query("UPDATE images SET bytes = $1, key_id = NULL WHERE owner_id = (SELECT min(owner_id) FROM images)", [TestImages.encoded(.webp)])

        let new = Self.key("new")
        try Self.rotate(to: new)
        #expect(try await KeyRotation.reencryptAll(in: database, batch: 1) == 4)
        #expect(try await KeyRotation.reencryptAll(in: database) == 0)
        let keys = try await database.query("SELECT key_id FROM images UNION ALL SELECT key_id FROM data_exports").map { try $0.decode(String?.self, at: 0) }
        #expect(keys == ["new", "new", "new", "new"])
        // Everything opens with the new key alone: the old one can go.
        let onlyNew = DataEncryption.Keyring([new])
        for row in try await database.query("SELECT token, bytes, key_id FROM images") {
            let bytes = try DataEncryption.open(
                try row.decode([UInt8].self, at: 1), keyID: try row.decode(String?.self, at: 2),
                context: "image:" + (try row.decode(String.self, at: 0)), keyring: onlyNew)
            #expect(ImageInfo(bytes) != nil)
        }
        for row in try await database.query("SELECT id, document, key_id FROM data_exports") {
            let text = try DataEncryption.open(
                try row.decode([UInt8].self, at: 1), keyID: try row.decode(String?.self, at: 2), context: "export:\(try row.decode(Int64.self, at: 0))",
                keyring: onlyNew)
            #expect(String(decoding: text, as: UTF8.self).hasPrefix("{"))
        }
    }
}
