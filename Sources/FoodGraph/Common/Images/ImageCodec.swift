import CImageCodecs
import Foundation

/// Decodes uploaded images in full with Debian's codecs (libpng's simplified API, libjpeg-turbo's
/// TurboJPEG, libwebp) and encodes their pixels again, so that what is stored and served is an
/// image the server made: a file that only starts like a PNG (a PNG header followed by HTML), a
/// truncated or corrupt image, bytes after the image's end, an animated or CMYK image are refused,
/// and metadata (EXIF, a phone's GPS position) is not kept.
///
/// Why a real decoder rather than checking the structure by hand: only decoding proves every
/// byte is image data, and the same libraries are what browsers and phones will run on it.
/// Dimensions are read from the header and bounded before any pixel buffer is allocated.
enum ImageCodec {
    /// A decoded image: 8-bit RGBA pixels, row after row.
    struct Decoded: Sendable {
        var format: ImageInfo.Format
        var width: Int
        var height: Int
        var rgba: [UInt8]
        /// For WebP: whether the original was lossless (VP8L), so it is encoded again losslessly.
        var lossless = false
    }

    /// Why an image was refused.
    enum Refusal: Error, Equatable, Sendable {
        /// Not a PNG, JPEG or WebP image by its signature.
        case unsupportedType
        /// It starts like one, but does not decode in full, or has bytes after its end.
        case corrupt(ImageInfo.Format, String)
        /// Larger than `maximumPixels`.
        case tooManyPixels(width: Int, height: Int)
    }

    /// The largest image decoded (a 12-megapixel phone photo is 4032×3024).
    static let defaultMaximumPixels = 40_000_000

    /// Decodes `bytes` in full.
    static func decode(_ bytes: [UInt8], maximumPixels: Int = defaultMaximumPixels) -> Result<Decoded, Refusal> {
        guard let header = ImageInfo(bytes) else { return .failure(.unsupportedType) }
        guard header.width * header.height <= maximumPixels else {
            return .failure(.tooManyPixels(width: header.width, height: header.height))
        }
        switch header.format {
        case .png: return decodePNG(bytes)
        case .jpeg: return decodeJPEG(bytes)
        case .webp: return decodeWebP(bytes)
        }
    }

    /// The image encoded again in its own format, from its pixels alone.
    static func encode(_ image: Decoded) -> [UInt8]? {
        switch image.format {
        case .png: encodePNG(image)
        case .jpeg: encodeJPEG(image)
        case .webp: encodeWebP(image)
        }
    }

    // MARK: - PNG

    private static let pngFormatRGBA: UInt32 = 0x03  // PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA

    private static func decodePNG(_ bytes: [UInt8]) -> Result<Decoded, Refusal> {
        guard let end = PNGStructure.end(of: bytes) else {
            return .failure(.corrupt(.png, "The PNG's chunks are damaged or incomplete."))
        }
        guard end == bytes.count else { return .failure(.corrupt(.png, "Bytes follow the PNG's end.")) }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let begun = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else { return .failure(.corrupt(.png, message(of: &image))) }
        image.format = pngFormatRGBA
        let width = Int(image.width)
        let height = Int(image.height)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let finished = pixels.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
        guard finished != 0 else {
            let reason = message(of: &image)
            png_image_free(&image)
            return .failure(.corrupt(.png, reason))
        }
        return .success(Decoded(format: .png, width: width, height: height, rgba: pixels))
    }

    private static func message(of image: inout png_image) -> String {
        let text = withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "The PNG does not decode." : "The PNG does not decode: \(text)."
    }

    private static func encodePNG(_ decoded: Decoded) -> [UInt8]? {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(decoded.width)
        image.height = UInt32(decoded.height)
        image.format = pngFormatRGBA
        var size = 0
        let pixels = decoded.rgba
        let measured = pixels.withUnsafeBytes { png_image_write_to_memory(&image, nil, &size, 0, $0.baseAddress, 0, nil) }
        guard measured != 0, size > 0 else { return nil }
        var output = [UInt8](repeating: 0, count: size)
        let written = output.withUnsafeMutableBytes { memory in
            pixels.withUnsafeBytes { png_image_write_to_memory(&image, memory.baseAddress, &size, 0, $0.baseAddress, 0, nil) }
        }
        return written != 0 ? Array(output.prefix(size)) : nil
    }

    // MARK: - JPEG

    /// Warnings (a truncated scan, corrupt data) stop decoding rather than filling with grey; a
    /// progressive image may have at most 500 scans.
    private static let jpegFlags = Int32(TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS)

    private static func decodeJPEG(_ bytes: [UInt8]) -> Result<Decoded, Refusal> {
        guard let end = JPEGStructure.end(of: bytes) else {
            return .failure(.corrupt(.jpeg, "The JPEG's markers are damaged or it has no end."))
        }
        guard bytes[end...].allSatisfy({ $0 == 0 }) else { return .failure(.corrupt(.jpeg, "Bytes follow the JPEG's end.")) }
        guard let handle = tjInitDecompress() else { return .failure(.corrupt(.jpeg, "The JPEG decoder is not available.")) }
        defer { tjDestroy(handle) }
        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        let header = bytes.withUnsafeBufferPointer {
            tjDecompressHeader3(handle, $0.baseAddress, UInt($0.count), &width, &height, &subsampling, &colorspace)
        }
        guard header == 0, width > 0, height > 0 else { return .failure(.corrupt(.jpeg, jpegMessage(handle))) }
        var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
        let status = pixels.withUnsafeMutableBufferPointer { output in
            bytes.withUnsafeBufferPointer {
                tjDecompress2(
                    handle, $0.baseAddress, UInt($0.count), output.baseAddress, width, 0, height, Int32(TJPF_RGBA.rawValue), jpegFlags)
            }
        }
        guard status == 0 else { return .failure(.corrupt(.jpeg, jpegMessage(handle))) }
        return .success(Decoded(format: .jpeg, width: Int(width), height: Int(height), rgba: pixels))
    }

    private static func jpegMessage(_ handle: tjhandle) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "The JPEG does not decode." }
        return "The JPEG does not decode: \(String(cString: text))."
    }

    private static func encodeJPEG(_ image: Decoded) -> [UInt8]? {
        guard let handle = tjInitCompress() else { return nil }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = image.rgba.withUnsafeBufferPointer {
            tjCompress2(
                handle, $0.baseAddress, Int32(image.width), 0, Int32(image.height), Int32(TJPF_RGBA.rawValue), &output, &size,
                Int32(TJSAMP_420.rawValue), 90, 0)
        }
        defer { tjFree(output) }
        guard status == 0, let output else { return nil }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    // MARK: - WebP

    private static func decodeWebP(_ bytes: [UInt8]) -> Result<Decoded, Refusal> {
        guard WebPStructure.isWhole(bytes) else {
            return .failure(.corrupt(.webp, "The WebP's chunks do not fill its RIFF container exactly."))
        }
        var features = WebPBitstreamFeatures()
        let status = bytes.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &features) }
        guard status == VP8_STATUS_OK else { return .failure(.corrupt(.webp, "The WebP does not decode.")) }
        guard features.has_animation == 0 else { return .failure(.corrupt(.webp, "Animated WebP images are not accepted.")) }
        var width: Int32 = 0
        var height: Int32 = 0
        guard let pixels = bytes.withUnsafeBufferPointer({ WebPDecodeRGBA($0.baseAddress, $0.count, &width, &height) }) else {
            return .failure(.corrupt(.webp, "The WebP does not decode."))
        }
        defer { WebPFree(pixels) }
        let rgba = Array(UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height) * 4))
        return .success(Decoded(format: .webp, width: Int(width), height: Int(height), rgba: rgba, lossless: features.format == 2))
    }

    private static func encodeWebP(_ image: Decoded) -> [UInt8]? {
        var output: UnsafeMutablePointer<UInt8>?
        let size = image.rgba.withUnsafeBufferPointer { pixels in
            image.lossless
                ? WebPEncodeLosslessRGBA(pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width * 4), &output)
                : WebPEncodeRGBA(pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width * 4), 90, &output)
        }
        defer { WebPFree(output) }
        guard size > 0, let output else { return nil }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }
}

/// A PNG's chunk structure: signature, then chunks (length, type, data, CRC) up to `IEND`.
enum PNGStructure {
    /// The offset just past `IEND`'s CRC; nil when a chunk's length runs past the end, a chunk
    /// type is not four letters, or there is no `IEND`. (libpng checks the CRCs while decoding.)
    static func end(of bytes: [UInt8]) -> Int? {
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let type = bytes[(offset + 4)..<(offset + 8)]
            guard length <= 0x7FFF_FFFF, type.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else { return nil }
            let next = offset + 12 + length
            guard next <= bytes.count else { return nil }
            if Array(type) == Array("IEND".utf8) { return next }
            offset = next
        }
        return nil
    }
}

/// A JPEG's marker structure: segments with lengths, entropy-coded data after each start of scan
/// (where `FF` is always followed by `00` or a restart marker), up to the end-of-image marker.
enum JPEGStructure {
    /// The offset just past `FF D9`; nil when a segment runs past the end or there is none.
    static func end(of bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var offset = 2
        while offset + 1 < bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            switch marker {
            case 0xFF:
                offset += 1  // fill byte
            case 0xD9:
                return offset + 2
            case 0x01, 0xD0...0xD7:
                offset += 2
            default:
                guard offset + 3 < bytes.count else { return nil }
                let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
                guard length >= 2, offset + 2 + length <= bytes.count else { return nil }
                offset += 2 + length
                if marker == 0xDA {
                    // Entropy-coded data: up to the next marker that is not a stuffed byte or a restart.
                    while offset + 1 < bytes.count {
                        if bytes[offset] == 0xFF, bytes[offset + 1] != 0x00, !(0xD0...0xD7).contains(bytes[offset + 1]) { break }
                        offset += 1
                    }
                    guard offset + 1 < bytes.count else { return nil }
                }
            }
        }
        return nil
    }
}

/// A WebP's RIFF structure: `RIFF`, its size, `WEBP`, then chunks (a four-character code, a
/// little-endian size, the data padded to even) that fill the container exactly. A simple file
/// (`VP8 `, `VP8L`) has that one chunk; an extended one (`VP8X`) may have more.
enum WebPStructure {
    static func isWhole(_ bytes: [UInt8]) -> Bool {
        func size(at offset: Int) -> Int {
            Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
        }
        guard bytes.count >= 20, size(at: 4) + 8 == bytes.count else { return false }
        var offset = 12
        var chunks: [[UInt8]] = []
        while offset < bytes.count {
            guard offset + 8 <= bytes.count else { return false }
            let code = Array(bytes[offset..<(offset + 4)])
            guard code.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || $0 == 0x20 }) else { return false }
            let length = size(at: offset + 4)
            let next = offset + 8 + length + (length & 1)
            guard next <= bytes.count else { return false }
            chunks.append(code)
            offset = next
        }
        guard let first = chunks.first else { return false }
        return first == Array("VP8X".utf8) || chunks.count == 1
    }
}
