/// What an uploaded image is, read from its own bytes: never trust a file name or a declared type.
public struct ImageInfo: Hashable, Sendable {
    public enum Format: String, Hashable, Sendable {
        case png = "image/png"
        case jpeg = "image/jpeg"
        case webp = "image/webp"
    }

    public var format: Format
    public var width: Int
    public var height: Int

    /// Reads the format and pixel size from the header; nil when the bytes are not a PNG, JPEG or
    /// WebP image whose header can be read.
    public init?(_ bytes: [UInt8]) {
        if let info = ImageInfo.png(bytes) ?? ImageInfo.jpeg(bytes) ?? ImageInfo.webp(bytes) {
            self = info
        } else {
            return nil
        }
    }

    init(format: Format, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    private static func png(_ bytes: [UInt8]) -> ImageInfo? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8)
        else { return nil }
        let width = bigEndian(bytes, at: 16, count: 4)
        let height = bigEndian(bytes, at: 20, count: 4)
        guard width > 0, height > 0 else { return nil }
        return ImageInfo(format: .png, width: width, height: height)
    }

    private static func jpeg(_ bytes: [UInt8]) -> ImageInfo? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var index = 2
        while index + 3 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF {  // fill byte
                index += 1
                continue
            }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {  // markers without a length
                index += 2
                continue
            }
            if marker == 0xD9 || marker == 0xDA { return nil }  // end of image or scan before a frame header
            let length = bigEndian(bytes, at: index + 2, count: 2)
            guard length >= 2 else { return nil }
            let isStartOfFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isStartOfFrame {
                guard index + 9 <= bytes.count else { return nil }
                let height = bigEndian(bytes, at: index + 5, count: 2)
                let width = bigEndian(bytes, at: index + 7, count: 2)
                guard width > 0, height > 0 else { return nil }
                return ImageInfo(format: .jpeg, width: width, height: height)
            }
            index += 2 + length
        }
        return nil
    }

    private static func webp(_ bytes: [UInt8]) -> ImageInfo? {
        guard bytes.count >= 30, Array(bytes[0..<4]) == Array("RIFF".utf8), Array(bytes[8..<12]) == Array("WEBP".utf8)
        else { return nil }
        let chunk = Array(bytes[12..<16])
        var width = 0
        var height = 0
        if chunk == Array("VP8 ".utf8) {
            // Lossy: a 3-byte frame tag, the start code 9D 01 2A, then 14-bit width and height.
            guard bytes[23] == 0x9D, bytes[24] == 0x01, bytes[25] == 0x2A else { return nil }
            width = littleEndian(bytes, at: 26, count: 2) & 0x3FFF
            height = littleEndian(bytes, at: 28, count: 2) & 0x3FFF
        } else if chunk == Array("VP8L".utf8) {
            // Lossless: the signature 0x2F, then width − 1 and height − 1 in 14 bits each.
            guard bytes[20] == 0x2F else { return nil }
            let bits = littleEndian(bytes, at: 21, count: 4)
            width = (bits & 0x3FFF) + 1
            height = (bits >> 14 & 0x3FFF) + 1
        } else if chunk == Array("VP8X".utf8) {
            // Extended: canvas width − 1 and height − 1 in 24 bits each.
            width = littleEndian(bytes, at: 24, count: 3) + 1
            height = littleEndian(bytes, at: 27, count: 3) + 1
        } else {
            return nil
        }
        guard width > 0, height > 0 else { return nil }
        return ImageInfo(format: .webp, width: width, height: height)
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> Int {
        bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func littleEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> Int {
        bytes[offset..<(offset + count)].reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}

extension ImageInfo.Format {
    /// The format's everyday name, for messages.
    var name: String {
        switch self {
        case .png: "PNG"
        case .jpeg: "JPEG"
        case .webp: "WebP"
        }
    }
}

/// An image as stored: what the decoder found, and its bytes encoded again.
struct StoredImage: Sendable, Equatable {
    var format: ImageInfo.Format
    var width: Int
    var height: Int
    var bytes: [UInt8]
}

/// The unguessable name an uploaded image is served at (`/images/<token>`): 24 random bytes in
/// base64url (192 bits), new for every upload; never the image's sequential id.
enum ImageToken {
    static func make() -> String { Base64URL.encode(Crypto.randomBytes(24)) }

    /// 32 base64url characters (new images) or 64 hexadecimal digits (images stored before).
    static func isWellFormed(_ token: String) -> Bool {
        (token.utf8.count == 32 || token.utf8.count == 64)
            && token.utf8.allSatisfy { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) }
    }
}
