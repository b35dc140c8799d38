import COpenSSL
import Foundation
import Postgres

/// Product images: uploaded as base64 with a product (create, change), checked from their own
/// bytes, one per product, served at `/images/<token>` where the token is 32 random bytes
/// (base64url, 43 characters), never a sequential id: an address cannot be guessed or walked,
/// and a replaced image gets a new one.
enum ProductImages {
    /// At most 2 MB decoded, as avatars.
    static let maximumBytes = 2 * 1024 * 1024
    /// Each side 200–4096 pixels.
    static let sides = 200...4096

    enum Check {
        case valid(ImageInfo)
        case invalid(UserError)
    }

    /// The image's format and size, read from its bytes by the uploads' decoder (`ImageInfo`): a
    /// PNG, JPEG or WebP of at most 2 MB, each side 200–4096 pixels. `field` names the input field.
    static func check(_ bytes: [UInt8], field: String = "image") -> Check {
        guard bytes.count <= maximumBytes else {
            return .invalid(UserError(field, "The image is larger than 2 MB.", code: .tooLong))
        }
        guard let info = ImageInfo(bytes) else {
            return .invalid(UserError(field, "Upload a PNG, JPEG or WebP image.", code: .unsupportedImageType))
        }
        guard sides.contains(info.width), sides.contains(info.height) else {
            return .invalid(
                UserError(
                    field, "The image is \(info.width)×\(info.height) pixels; each side must be 200 to 4096 pixels.",
                    code: .invalidImageDimensions))
        }
        return .valid(info)
    }

    /// Where an image with `token` is served.
    static func url(token: String) -> String { "/images/" + token }

    /// A new random token.
    static func newToken() -> String {
        var bytes = [UInt8](repeating: 0, count: 32)
        guard RAND_bytes(&bytes, Int32(bytes.count)) == 1 else { preconditionFailure("OpenSSL RAND_bytes failed") }
        return Base64URL.encode(bytes)
    }

    static func isToken(_ text: String) -> Bool {
        text.utf8.count == 43
            && text.utf8.allSatisfy { byte in
                (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            }
    }

    /// Makes `bytes` the product's image (the previous one goes, and its address with it).
    static func set(
        _ bytes: [UInt8], _ info: ImageInfo, of productID: Int64, uploadedBy userID: Int64, in transaction: PostgresTransaction
    ) async throws {
        _ = try await transaction.query("DELETE FROM product_images WHERE product_id = $1", [productID])
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        _ = bytes.withUnsafeBufferPointer { SHA256($0.baseAddress, $0.count, &digest) }
        _ = try await transaction.query(
            """
            INSERT INTO product_images (token, product_id, content_type, width, height, bytes, sha256, uploaded_by)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
            """, [newToken(), productID, info.format.rawValue, info.width, info.height, bytes, digest, userID])
    }

    /// Removes the product's image.
    static func remove(of productID: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query("DELETE FROM product_images WHERE product_id = $1", [productID])
    }

    /// Copies a product's image to another product (a revision starts as a copy), under a new token.
    static func copy(from productID: Int64, to otherID: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query(
            """
            INSERT INTO product_images (token, product_id, content_type, width, height, bytes, sha256, uploaded_by)
            SELECT $3, $2, content_type, width, height, bytes, sha256, uploaded_by FROM product_images WHERE product_id = $1
            """, [productID, otherID, newToken()])
    }

    /// Gives a revision's image to the product it revises (the product's own goes).
    static func move(from revisionID: Int64, to productID: Int64, in transaction: PostgresTransaction) async throws {
        _ = try await transaction.query("DELETE FROM product_images WHERE product_id = $1", [productID])
        _ = try await transaction.query("UPDATE product_images SET product_id = $2 WHERE product_id = $1", [revisionID, productID])
    }

    /// The image addresses of products that have one.
    static func urls(of productIDs: [Int64], in database: some PostgresQuerying) async throws -> [Int64: String] {
        var urls: [Int64: String] = [:]
        for row in try await database.query(
            "SELECT product_id, token FROM product_images WHERE product_id = ANY($1)", [PostgresArray(productIDs)])
        {
            urls[try row.decode(Int64.self, at: 0)] = url(token: try row.decode(String.self, at: 1))
        }
        return urls
    }

    /// An image's type (as the decoder found it at upload) and bytes, by its token; nil for
    /// anything else.
    static func image(token: String, in database: some PostgresQuerying) async throws -> (contentType: String, bytes: [UInt8])? {
        guard isToken(token),
            let row = try await database.query("SELECT content_type, bytes FROM product_images WHERE token = $1", [token]).first
        else { return nil }
        return (try row.decode(String.self, at: 0), try row.decode([UInt8].self, at: 1))
    }
}
