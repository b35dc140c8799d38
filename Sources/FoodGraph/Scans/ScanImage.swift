import Foundation

/// A scan's photo, checked from its own bytes before anything is stored: the type by its magic
/// bytes (PNG, JPEG, WebP; anything else — SVG, GIF, HEIC — refused), each cap with its own code
/// (`ScanImage.Limits`), decoded in full by the uploads' codecs (`ImageCodec`), the EXIF
/// orientation applied to the pixels, and the pixels encoded again, so nothing of the original
/// file's metadata (a phone's GPS position, its serial number) survives. Its SHA-256 (of the bytes
/// received) finds the same photo sent again by the same user.
struct ScanImage: Sendable {
    /// The caps, in the order they are checked; each refusal has its own `UserErrorCode`.
    enum Limits {
        /// Base64 characters in one mutation (`IMAGE_ENCODING_TOO_LONG`): 17 000 000, room for a
        /// 12 MiB photo and a `data:` prefix.
        static let encodedCharacters = 17_000_000
        /// Bytes of the image itself (`IMAGE_TOO_LARGE`), sent at once or in chunks: 12 MiB.
        static let bytes = 12 * 1024 * 1024
        /// Pixels (`IMAGE_TOO_MANY_PIXELS`), read from the header before any pixel is decoded: 24 MP
        /// (a 12 MP phone photo is 4032×3024).
        static let pixels = 24_000_000
        /// Each side (`INVALID_IMAGE_DIMENSIONS`): 16–8192 pixels.
        static let sides = 16...8192
    }

    /// The stored image: no metadata, orientation applied.
    var stored: StoredImage
    /// The upright pixels in grey (one byte a pixel, row after row), for the recognisers.
    var grey: GreyImage
    /// SHA-256 of the bytes as received.
    var sha256: [UInt8]

    /// The checks that need no decoding: the type and the caps read from the header. `declared` is
    /// the media type a `data:` prefix named, if any.
    static func precheck(_ bytes: [UInt8], declared: String?, field: [String] = ["image"]) -> UserError? {
        guard bytes.count <= Limits.bytes else {
            return UserError(field: field, message: "The image is more than 12 MiB.", code: .imageTooLarge)
        }
        guard let info = ImageInfo(bytes) else {
            return UserError(
                field: field, message: "Send a PNG, JPEG or WebP photo (its bytes are \(sniffedName(bytes))).", code: .unsupportedImageType)
        }
        if let declared, declared != info.format.rawValue, !(declared == "image/jpg" && info.format == .jpeg) {
            return UserError(
                field: field, message: "The image was declared \(declared) but its bytes are a \(info.format.name).", code: .imageTypeMismatch)
        }
        guard info.width * info.height <= Limits.pixels else {
            return UserError(
                field: field, message: "The image is \(info.width)×\(info.height) pixels; at most 24 megapixels are accepted.",
                code: .imageTooManyPixels)
        }
        guard Limits.sides.contains(info.width), Limits.sides.contains(info.height) else {
            return UserError(
                field: field, message: "The image is \(info.width)×\(info.height) pixels; each side must be 16 to 8192 pixels.",
                code: .invalidImageDimensions)
        }
        return nil
    }

    /// Decodes and cleans the image (CPU work: run it on the scan workers, not on an event loop).
    static func make(_ bytes: [UInt8], declared: String?, field: [String] = ["image"]) -> Result<ScanImage, UserError> {
        if let problem = precheck(bytes, declared: declared, field: field) { return .failure(problem) }
        let decoded: ImageCodec.Decoded
        switch ImageCodec.decode(bytes, maximumPixels: Limits.pixels) {
        case .success(let image): decoded = image
        case .failure(.unsupportedType):
            return .failure(UserError(field: field, message: "Send a PNG, JPEG or WebP photo.", code: .unsupportedImageType))
        case .failure(.tooManyPixels(let width, let height)):
            return .failure(UserError(field: field, message: "The image is \(width)×\(height) pixels; at most 24 megapixels.", code: .imageTooManyPixels))
        case .failure(.corrupt(_, let reason)):
            return .failure(UserError(field: field, message: reason, code: .imageCorrupt))
        }
        let orientation = decoded.format == .jpeg ? ExifOrientation.read(jpeg: bytes) : 1
        let upright = ExifOrientation.apply(orientation, to: decoded)
        guard let encoded = ImageCodec.encode(upright) else {
            return .failure(UserError(field: field, message: "The image could not be encoded again.", code: .imageCorrupt))
        }
        return .success(
            ScanImage(
                stored: StoredImage(format: upright.format, width: upright.width, height: upright.height, bytes: encoded),
                grey: GreyImage(rgba: upright.rgba, width: upright.width, height: upright.height),
                sha256: Crypto.sha256(bytes)))
    }

    /// What the bytes look like, for the message of a refused type.
    static func sniffedName(_ bytes: [UInt8]) -> String {
        let head = bytes.prefix(64)
        if head.starts(with: Array("GIF8".utf8)) { return "a GIF" }
        if let text = String(bytes: head, encoding: .utf8)?.lowercased(), text.contains("<svg") || text.contains("<?xml") { return "SVG or XML text" }
        if head.count >= 12, Array(head[4..<8]) == Array("ftyp".utf8) { return "a HEIF/HEIC or MP4 file" }
        if head.starts(with: [0x42, 0x4D]) { return "a BMP" }
        if head.starts(with: [0x25, 0x50, 0x44, 0x46]) { return "a PDF" }
        return "not a known image"
    }
}

/// A refusal carried in a `Result` (scan checks run on the workers and answer with one).
extension UserError: Error {}

/// Grey pixels, one byte each, row after row: what zbar and leptonica read.
struct GreyImage: Sendable {
    var width: Int
    var height: Int
    var pixels: [UInt8]

    init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Luma (BT.601) of RGBA pixels composited on white.
    init(rgba: [UInt8], width: Int, height: Int) {
        self.width = width
        self.height = height
        var grey = [UInt8](repeating: 0, count: width * height)
        rgba.withUnsafeBufferPointer { source in
            grey.withUnsafeMutableBufferPointer { target in
                for index in 0..<(width * height) {
                    let base = index * 4
                    let alpha = Int(source[base + 3])
                    let luma = (299 * Int(source[base]) + 587 * Int(source[base + 1]) + 114 * Int(source[base + 2])) / 1000
                    target[index] = UInt8((luma * alpha + 255 * (255 - alpha)) / 255)
                }
            }
        }
        pixels = grey
    }
}

/// The EXIF orientation of a JPEG (tag 0x0112 of IFD0 in its APP1 `Exif` segment), and its
/// application to decoded pixels. Only that one tag is read; the rest of the metadata is dropped
/// with the original file.
enum ExifOrientation {
    /// 1 (upright) to 8; 1 when the JPEG has no EXIF or no orientation.
    static func read(jpeg bytes: [UInt8]) -> Int {
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            if marker == 0xDA || marker == 0xD9 { return 1 }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { return 1 }
            let start = offset + 4
            if marker == 0xE1, length >= 16, Array(bytes[start..<(start + 6)]) == [0x45, 0x78, 0x69, 0x66, 0, 0] {
                return orientation(inTIFF: Array(bytes[(start + 6)..<(offset + 2 + length)]))
            }
            offset += 2 + length
        }
        return 1
    }

    private static func orientation(inTIFF tiff: [UInt8]) -> Int {
        guard tiff.count >= 8 else { return 1 }
        let little = tiff[0] == 0x49
        func value(_ at: Int, _ count: Int) -> Int? {
            guard at >= 0, at + count <= tiff.count else { return nil }
            let slice = tiff[at..<(at + count)]
            return (little ? slice.reversed() : Array(slice)).reduce(0) { $0 << 8 | Int($1) }
        }
        guard let ifd = value(4, 4), let entries = value(ifd, 2) else { return 1 }
        for index in 0..<min(entries, 512) {
            let entry = ifd + 2 + index * 12
            guard let tag = value(entry, 2) else { return 1 }
            if tag == 0x0112, let orientation = value(entry + 8, 2), (1...8).contains(orientation) { return orientation }
        }
        return 1
    }

    /// The pixels turned upright: orientation 2–8 mirror and/or rotate (3 = 180°, 6 = 90° clockwise,
    /// 8 = 90° anticlockwise; 2, 4, 5, 7 their mirrors).
    static func apply(_ orientation: Int, to image: ImageCodec.Decoded) -> ImageCodec.Decoded {
        guard (2...8).contains(orientation) else { return image }
        let width = image.width
        let height = image.height
        let swaps = orientation >= 5
        let outWidth = swaps ? height : width
        let outHeight = swaps ? width : height
        var output = [UInt8](repeating: 0, count: image.rgba.count)
        image.rgba.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    for x in 0..<width {
                        let (nx, ny): (Int, Int)
                        switch orientation {
                        case 2: (nx, ny) = (width - 1 - x, y)
                        case 3: (nx, ny) = (width - 1 - x, height - 1 - y)
                        case 4: (nx, ny) = (x, height - 1 - y)
                        case 5: (nx, ny) = (y, x)
                        case 6: (nx, ny) = (height - 1 - y, x)
                        case 7: (nx, ny) = (height - 1 - y, width - 1 - x)
                        default: (nx, ny) = (y, width - 1 - x)
                        }
                        let from = (y * width + x) * 4
                        let to = (ny * outWidth + nx) * 4
                        target[to] = source[from]
                        target[to + 1] = source[from + 1]
                        target[to + 2] = source[from + 2]
                        target[to + 3] = source[from + 3]
                    }
                }
            }
        }
        var upright = image
        upright.width = outWidth
        upright.height = outHeight
        upright.rgba = output
        return upright
    }
}
