import Foundation
import GraphQLEngine
import Postgres
import TestSupport
import Testing

@testable import FoodGraph

/// Real images for tests: a gradient of the given size, encoded by the server's own codecs.
enum TestImages {
    static func pixels(width: Int, height: Int) -> [UInt8] {
        var rgba = [UInt8](repeating: 0xFF, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 4
                rgba[offset] = UInt8(x * 255 / max(1, width - 1))
                rgba[offset + 1] = UInt8(y * 255 / max(1, height - 1))
                rgba[offset + 2] = 0x80
            }
        }
        return rgba
    }

    static func encoded(_ format: ImageInfo.Format, width: Int = 200, height: Int = 200) -> [UInt8] {
        ImageCodec.encode(ImageCodec.Decoded(format: format, width: width, height: height, rgba: pixels(width: width, height: height)))!
    }

    static func base64(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }

    /// A PNG chunk with its CRC.
    static func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        crc ^= 0xFFFF_FFFF
        return withUnsafeBytes(of: UInt32(data.count).bigEndian, Array.init) + body + withUnsafeBytes(of: crc.bigEndian, Array.init)
    }
}

/// Scan&Cook US-108 and issue 21 (9 and 27): avatars uploaded, decoded in full, served at
/// unguessable addresses; picked from a gallery; deleted back to the default.
@Suite struct AvatarTests {
    func upload(_ bytes: [UInt8], _ api: TestAPI, token: String) async throws -> Response {
        try await api.run(
            #"mutation { uploadAvatar(input: {image: "\#(TestImages.base64(bytes))"}) { user { profile { avatarUrl galleryAvatar { name } } } userErrors { field message code } } }"#,
            token: token)
    }

    @Test func aUserUploadsAPNGJPEGOrWebPAvatarAndItIsEncodedAgain() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let token = try await api.signUp("avatar@example.com")
        for format in [ImageInfo.Format.png, .jpeg, .webp] {
            let original = TestImages.encoded(format)
            let uploaded = try await upload(original, api, token: token)
            let url = try #require(uploaded["data.uploadAvatar.user.profile.avatarUrl"] as? String, "\(format)")
            let served = try #require(try await api.application.image(id: String(url.dropFirst("/images/".count))))
            #expect(served.contentType == format.rawValue)
            guard case .success(let decoded) = ImageCodec.decode(served.bytes) else {
                Issue.record("the stored \(format) does not decode")
                continue
            }
            #expect(decoded.width == 200 && decoded.height == 200 && decoded.format == format)
        }
        // Metadata is not kept: a text chunk (as a phone's location would be) is gone after encoding.
        let png = TestImages.encoded(.png)
        let withText = Array(png[..<33]) + TestImages.pngChunk("tEXt", Array("GPS\u{0}43.25,-79.87".utf8)) + Array(png[33...])
        let uploaded = try await upload(withText, api, token: token)
        let url = try #require(uploaded["data.uploadAvatar.user.profile.avatarUrl"] as? String)
        let served = try #require(try await api.application.image(id: String(url.dropFirst("/images/".count))))
        #expect(!String(decoding: served.bytes, as: UTF8.self).contains("43.25"))
        // Only the current avatar is kept.
        #expect(try await AccountsTestSupport.count("images", in: api.database.database) == 1)
    }

    /// Issue 21.27: the bytes are decoded in full; a header is not enough.
    @Test func aPNGHeaderFollowedByHTMLAndOtherImpostorsAreRefused() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let token = try await api.signUp("impostor@example.com")
        let html = Array("<html><body><script>alert(document.cookie)</script></body></html>".utf8)
        var header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        header += TestImages.pngChunk("IHDR", [0, 0, 0, 200, 0, 0, 0, 200, 8, 6, 0, 0, 0])
        let png = TestImages.encoded(.png)
        var badCRC = png
        badCRC[29] ^= 0xFF  // IHDR's CRC
        let jpeg = TestImages.encoded(.jpeg)
        let webp = TestImages.encoded(.webp)
        var webpTooLong = webp + html
        webpTooLong[4...7] = ArraySlice(withUnsafeBytes(of: UInt32(webpTooLong.count - 8).littleEndian, Array.init))
        let impostors: [(String, [UInt8])] = [
            ("a PNG header followed by HTML", header + html),
            ("a complete PNG followed by HTML", png + html),
            ("a PNG with a wrong CRC", badCRC),
            ("a PNG cut short", Array(png.prefix(png.count - 20))),
            ("a JPEG cut short", Array(jpeg.prefix(jpeg.count / 2))),
            ("a JPEG followed by HTML", jpeg + html),
            ("a WebP followed by HTML", webp + html),
            ("a WebP whose RIFF holds HTML", webpTooLong),
            ("HTML alone", html),
            ("a GIF", Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 40)),
        ]
        for (name, bytes) in impostors {
            let response = try await upload(bytes, api, token: token)
            #expect(response["data.uploadAvatar.userErrors.0.code"] as? String == "UNSUPPORTED_IMAGE_TYPE", "\(name)")
            #expect((response["data.uploadAvatar.userErrors.0.field"] as? [String]) == ["image"], "\(name)")
        }
        #expect(try await AccountsTestSupport.count("images", in: api.database.database) == 0)
        let wrongSize = try await upload(TestImages.encoded(.png, width: 300, height: 200), api, token: token)
        #expect(wrongSize["data.uploadAvatar.userErrors.0.code"] as? String == "INVALID_IMAGE_DIMENSIONS")
    }

    /// Issue 21.9: avatars were served at sequential IDs, so anyone could walk every user's photo.
    @Test func avatarsAreServedAtUnguessableAddressesNewWithEachUpload() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        var urls: [String] = []
        for index in 0..<3 {
            let token = try await api.signUp("walk\(index)@example.com")
            let uploaded = try await upload(TestImages.encoded(.png), api, token: token)
            urls.append(try #require(uploaded["data.uploadAvatar.user.profile.avatarUrl"] as? String))
        }
        #expect(Set(urls).count == 3)
        for url in urls {
            let name = String(url.dropFirst("/images/".count))
            #expect(name.count == 32 && GlobalID(parsing: name) == nil, "\(url) looks guessable")
        }
        // The old addresses (the global ID of each sequential image id) serve nothing.
        for key in 1...5 {
            #expect(try await api.application.image(id: GlobalID(typeName: "Image", key: Int64(key)).description) == nil)
            #expect(try await api.application.image(id: String(key)) == nil)
        }
        // A new upload is at a new address; the old one is gone.
        let token = try await api.signUp("again@example.com")
        let first = try #require(try await upload(TestImages.encoded(.png), api, token: token)["data.uploadAvatar.user.profile.avatarUrl"] as? String)
        let second = try #require(try await upload(TestImages.encoded(.jpeg), api, token: token)["data.uploadAvatar.user.profile.avatarUrl"] as? String)
        #expect(first != second)
        #expect(try await api.application.image(id: String(first.dropFirst(8))) == nil)
        #expect(try await api.application.image(id: String(second.dropFirst(8)))?.contentType == "image/jpeg")
    }

    /// Scan&Cook US-108: "Pick avatar" from the gallery, "Delete avatar" back to the default.
    @Test func aUserPicksAGalleryAvatarThenDeletesItBackToTheDefault() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let token = try await api.signUp("gallery@example.com")
        let gallery = try await api.run("{ avatarGallery { name url } }")
        let avatars = try #require(gallery["data.avatarGallery"] as? [[String: Any]])
        #expect(avatars.count >= 6)
        let apple = try #require(avatars.first { $0["name"] as? String == "apple" })
        #expect(apple["url"] as? String == "/images/gallery-apple")
        let image = try #require(try await api.application.image(id: "gallery-apple"))
        #expect(image.contentType == "image/png")
        guard case .success(let decoded) = ImageCodec.decode(image.bytes) else { throw ImageCodec.Refusal.unsupportedType }
        #expect(decoded.width == 200 && decoded.height == 200)

        // An uploaded avatar is replaced by the pick, and deleted.
        _ = try await upload(TestImages.encoded(.png), api, token: token)
        let picked = try await api.run(
            #"mutation { chooseGalleryAvatar(input: {name: "apple"}) { user { profile { avatarUrl galleryAvatar { name url } } } userErrors { code } } }"#,
            token: token)
        #expect(picked["data.chooseGalleryAvatar.user.profile.avatarUrl"] as? String == "/images/gallery-apple")
        #expect(picked["data.chooseGalleryAvatar.user.profile.galleryAvatar.name"] as? String == "apple")
        #expect(try await AccountsTestSupport.count("images", in: api.database.database) == 0)
        let unknown = try await api.run(
            #"mutation { chooseGalleryAvatar(input: {name: "durian"}) { user { id } userErrors { field code } } }"#, token: token)
        #expect(unknown["data.chooseGalleryAvatar.userErrors.0.code"] as? String == "NOT_FOUND")
        #expect(unknown["data.chooseGalleryAvatar.userErrors.0.field"] as? [String] == ["name"])

        let deleted = try await api.run(
            "mutation { deleteAvatar { user { profile { avatarUrl galleryAvatar { name } } } userErrors { code } } }", token: token)
        #expect(deleted["data.deleteAvatar.user.profile.avatarUrl"] is NSNull)
        #expect(deleted["data.deleteAvatar.user.profile.galleryAvatar"] is NSNull)
        // An uploaded one is deleted from storage too.
        _ = try await upload(TestImages.encoded(.webp), api, token: token)
        #expect(try await AccountsTestSupport.count("images", in: api.database.database) == 1)
        _ = try await api.run("mutation { deleteAvatar { userErrors { code } } }", token: token)
        #expect(try await AccountsTestSupport.count("images", in: api.database.database) == 0)
        let anonymous = try await api.run("mutation { deleteAvatar { userErrors { code } } }", expecting: ["UNAUTHENTICATED"])
        #expect(anonymous.errorCodes == ["UNAUTHENTICATED"])
    }
}
