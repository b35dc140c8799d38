import Foundation
import Postgres

/// The profile's pure rules: what an avatar must be, and heights and weights in a unit system.
enum ProfilePreferences {
    static let maximumAvatarBytes = 2 * 1024 * 1024
    static let avatarSide = 200

    enum AvatarCheck {
        case valid(StoredImage)
        case invalid(UserError)
    }

    /// An avatar: a 200×200 PNG, JPEG or WebP of at most 2 MB that decodes in full; what is
    /// stored is its pixels encoded again (`ImageCodec`), in its own format.
    static func avatar(_ bytes: [UInt8]) -> AvatarCheck {
        guard bytes.count <= maximumAvatarBytes else {
            return .invalid(UserError("image", "The image is larger than 2 MB.", code: .tooLong))
        }
        guard let info = ImageInfo(bytes) else {
            return .invalid(UserError("image", "Upload a PNG, JPEG or WebP image.", code: .unsupportedImageType))
        }
        // Checked on the header, before any pixel is decoded.
        guard info.width == avatarSide, info.height == avatarSide else {
            return .invalid(
                UserError("image", "The image is \(info.width)×\(info.height) pixels; an avatar is 200×200.", code: .invalidImageDimensions))
        }
        switch ImageCodec.decode(bytes, maximumPixels: avatarSide * avatarSide) {
        case .failure(.corrupt(let format, let reason)):
            return .invalid(
                UserError("image", "This is not a complete \(format.name) image (\(reason)) Upload the image file itself.", code: .unsupportedImageType))
        case .failure:
            return .invalid(UserError("image", "Upload a PNG, JPEG or WebP image.", code: .unsupportedImageType))
        case .success(let decoded):
            guard decoded.width == avatarSide, decoded.height == avatarSide else {
                return .invalid(
                    UserError("image", "The image is \(decoded.width)×\(decoded.height) pixels; an avatar is 200×200.", code: .invalidImageDimensions))
            }
            guard let encoded = ImageCodec.encode(decoded) else {
                return .invalid(UserError("image", "This image could not be processed; try another.", code: .unsupportedImageType))
            }
            return .valid(StoredImage(format: decoded.format, width: decoded.width, height: decoded.height, bytes: encoded))
        }
    }

    /// An image for `GET /images/<name>`: an uploaded one by its unguessable token, or a gallery
    /// avatar (`gallery-<name>`).
    static func image(_ name: String, in database: PostgresDatabase) async throws -> (contentType: String, bytes: [UInt8])? {
        if name.hasPrefix("gallery-") {
            return AvatarGallery.image(named: String(name.dropFirst("gallery-".count))).map { ("image/png", $0) }
        }
        guard ImageToken.isWellFormed(name) else { return nil }
        return try await ProfileStore.image(token: name, in: database)
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
