import Foundation
import GraphQLEngine
import Postgres

/// Avatar uploads and store preferences.
enum ProfilePreferences {
    static let maximumAvatarBytes = 2 * 1024 * 1024
    static let avatarSide = 200

    /// The image's format and size are read from its bytes; it must be a 200×200 PNG, JPEG or WebP.
    static func uploadAvatar(_ input: GraphQLObject, _ context: RequestContext) async throws -> Payload {
        let viewer = try context.requireViewer()
        guard let text = input.string("image"), let bytes = Base64.decode(text) else {
            return .userErrors([UserError("image", "The image is not valid base64.", code: .invalidFormat)])
        }
        guard bytes.count <= maximumAvatarBytes else {
            return .userErrors([UserError("image", "The image is larger than 2 MB.", code: .tooLong)])
        }
        guard let info = ImageInfo(bytes) else {
            return .userErrors([UserError("image", "Upload a PNG, JPEG or WebP image.", code: .unsupportedImageType)])
        }
        guard info.width == avatarSide, info.height == avatarSide else {
            return .userErrors(
                [UserError("image", "The image is \(info.width)×\(info.height) pixels; an avatar is 200×200.", code: .invalidImageDimensions)])
        }
        try await context.database.withTransaction { transaction in
            let rows = try await transaction.query(
                """
                INSERT INTO images (owner_id, content_type, width, height, bytes, sha256) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id
                """, [viewer.userID, info.format.rawValue, info.width, info.height, bytes, Crypto.sha256(bytes)])
            let imageID = try rows[0].decode(Int64.self, at: 0)
            // The previous avatar goes with the new one's arrival.
            _ = try await transaction.query(
                """
                WITH old AS (SELECT avatar_image_id AS id FROM profiles WHERE user_id = $1)
                UPDATE profiles SET avatar_image_id = $2, updated_at = now() WHERE user_id = $1
                """, [viewer.userID, imageID])
            _ = try await transaction.query(
                "DELETE FROM images WHERE owner_id = $1 AND id <> $2 AND id NOT IN (SELECT avatar_image_id FROM profiles WHERE avatar_image_id IS NOT NULL)",
                [viewer.userID, imageID])
        }
        var user = try await UserRecord.load([viewer.userID], from: context.database)[viewer.userID]
        user?.isRequesterThemself = true
        return .userErrors([], ["user": user])
    }

    static func setStorePreference(_ input: GraphQLObject, _ context: RequestContext) async throws -> Payload {
        let viewer = try context.requireViewer()
        guard let text = input.string("storeId"), let id = GlobalID(parsing: text), id.typeName == "Store" else {
            return .userErrors([UserError("storeId", "This is not a store ID.", code: .invalidFormat)])
        }
        if let preference = input.enumName("preference")?.lowercased() {
            do {
                _ = try await context.database.query(
                    """
                    INSERT INTO profile_stores (user_id, store_id, preference) VALUES ($1, $2, $3)
                    ON CONFLICT (user_id, store_id) DO UPDATE SET preference = excluded.preference
                    """, [viewer.userID, id.key, preference])
            } catch let error as PostgresError where error.isForeignKeyViolation {
                return .userErrors([UserError("storeId", "No such store.", code: .notFound)])
            }
        } else {
            _ = try await context.database.query("DELETE FROM profile_stores WHERE user_id = $1 AND store_id = $2", [viewer.userID, id.key])
        }
        var user = try await UserRecord.load([viewer.userID], from: context.database)[viewer.userID]
        user?.isRequesterThemself = true
        return .userErrors([], ["user": user])
    }

    static func stores(of userID: Int64, preference: String, in database: PostgresDatabase) async throws -> [StoreRecord] {
        try await database.query(
            """
            SELECT \(StoreRecord.columns) FROM profile_stores ps JOIN stores s ON s.id = ps.store_id
            WHERE ps.user_id = $1 AND ps.preference = $2 ORDER BY s.name, s.id
            """, [userID, preference]
        ).map(StoreRecord.init)
    }

    /// An image by its global ID, for `GET /images/<id>`.
    static func image(_ id: String, in database: PostgresDatabase) async throws -> (contentType: String, bytes: [UInt8])? {
        guard let globalID = GlobalID(parsing: id), globalID.typeName == "Image" else { return nil }
        let rows = try await database.query("SELECT content_type, bytes FROM images WHERE id = $1", [globalID.key])
        guard let row = rows.first else { return nil }
        return (try row.decode(String.self, at: 0), try row.decode([UInt8].self, at: 1))
    }

    /// Height and weight as the user's unit system writes them: metric, imperial (feet and inches,
    /// pounds), or the Canadian mix (feet and inches, pounds; food stays metric).
    static func display(heightCm: Double?, unitSystem: String) -> String? {
        guard let heightCm else { return nil }
        if unitSystem == "metric" { return "\(Int(heightCm.rounded())) cm" }
        let inches = Int((heightCm / 2.54).rounded())
        return "\(inches / 12) ft \(inches % 12) in"
    }

    static func display(weightKg: Double?, unitSystem: String) -> String? {
        guard let weightKg else { return nil }
        if unitSystem == "metric" { return "\((weightKg * 10).rounded() / 10) kg" }
        return "\(Int((weightKg * 2.20462).rounded())) lb"
    }
}
