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

    static let poundsPerKilogram = 2.20462262
    static let poundsPerStone = 14

    /// `70.2 kg`, `155 lb`, or `11 st 1 lb` (14 pounds to the stone, as NutriBud's users weigh in).
    static func display(weightKg: Double, unit: WeightUnit) -> String {
        switch unit {
        case .kilograms:
            return "\((weightKg * 10).rounded() / 10) kg"
        case .pounds:
            return "\(Int((weightKg * poundsPerKilogram).rounded())) lb"
        case .stonesPounds:
            let pounds = Int((weightKg * poundsPerKilogram).rounded())
            return "\(pounds / poundsPerStone) st \(pounds % poundsPerStone) lb"
        }
    }

    /// Scan&Cook's phone format, `AAA-EEE-NNNN XXXXX` (at most 18 characters): a North American
    /// number (area code and exchange not starting with 0 or 1) and an extension of up to 5
    /// digits. Typed forms are accepted — `(905) 555-0100`, `+1 905.555.0100`, `905 555 0100 ext 12`
    /// — and written in that format; nil when it is not such a number.
    static func phone(_ text: String) -> String? {
        guard text.utf8.count <= 40, !InputText.hasForbiddenCharacters(text) else { return nil }
        let pattern =
            #"^\s*(?:\+?1[\s.-]?)?\(?([2-9][0-9]{2})\)?[\s.-]?([2-9][0-9]{2})[\s.-]?([0-9]{4})(?:\s*(?:x|ext\.?|extension|#)?\s*([0-9]{1,5}))?\s*$"#
        guard let regex = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]),
            let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
        else { return nil }
        func group(_ index: Int) -> String? { Range(match.range(at: index), in: text).map { String(text[$0]) } }
        guard let area = group(1), let exchange = group(2), let number = group(3) else { return nil }
        return "\(area)-\(exchange)-\(number)" + (group(4).map { " " + $0 } ?? "")
    }
}
