import Foundation
import Postgres

/// The profile's pure rules: what an avatar must be, and heights and weights in a unit system.
enum ProfilePreferences {
    static let maximumAvatarBytes = 2 * 1024 * 1024
    static let avatarSide = 200

    enum AvatarCheck {
        case valid(ImageInfo)
        case invalid(UserError)
    }

    /// The image's format and size, read from its bytes; it must be a 200×200 PNG, JPEG or WebP.
    static func avatar(_ bytes: [UInt8]) -> AvatarCheck {
        guard bytes.count <= maximumAvatarBytes else {
            return .invalid(UserError("image", "The image is larger than 2 MB.", code: .tooLong))
        }
        guard let info = ImageInfo(bytes) else {
            return .invalid(UserError("image", "Upload a PNG, JPEG or WebP image.", code: .unsupportedImageType))
        }
        guard info.width == avatarSide, info.height == avatarSide else {
            return .invalid(
                UserError("image", "The image is \(info.width)×\(info.height) pixels; an avatar is 200×200.", code: .invalidImageDimensions))
        }
        return .valid(info)
    }

    /// An image by its global ID, for `GET /images/<id>`.
    static func image(_ id: String, in database: PostgresDatabase) async throws -> (contentType: String, bytes: [UInt8])? {
        guard let globalID = GlobalID(parsing: id), globalID.typeName == "Image" else { return nil }
        return try await ProfileStore.image(globalID.key, in: database)
    }

    /// Height and weight as the user's unit system writes them: metric, imperial (feet and inches,
    /// pounds), or the Canadian mix (feet and inches, pounds; food stays metric).
    static func display(heightCm: Double?, unitSystem: UnitSystem) -> String? {
        guard let heightCm else { return nil }
        if unitSystem == .metric { return "\(Int(heightCm.rounded())) cm" }
        let inches = Int((heightCm / 2.54).rounded())
        return "\(inches / 12) ft \(inches % 12) in"
    }

    static func display(weightKg: Double?, unitSystem: UnitSystem) -> String? {
        guard let weightKg else { return nil }
        if unitSystem == .metric { return "\((weightKg * 10).rounded() / 10) kg" }
        return "\(Int((weightKg * 2.20462).rounded())) lb"
    }
}
