import CScanLibraries
import Foundation

/// Barcodes read by zbar (Debian's `libzbar`): EAN-13, UPC-A, EAN-8 and QR codes in a grey image.
/// A photo taken at an angle is tried again turned by leptonica (30°, 45°, 60°, −30°), since
/// zbar's scan lines are horizontal and vertical.
enum BarcodeReader {
    struct Symbol: Hashable, Sendable {
        enum Kind: String, Sendable { case ean13 = "EAN-13", upcA = "UPC-A", ean8 = "EAN-8", qr = "QR" }
        var kind: Kind
        var data: String
    }

    static func read(_ image: GreyImage, tryRotations: Bool = true) -> [Symbol] {
        let found = scan(image)
        if !found.isEmpty || !tryRotations { return found }
        for degrees in [30.0, 45.0, 60.0, -30.0, -15.0, 15.0] {
            guard let turned = Leptonica.rotated(image, degrees: degrees) else { continue }
            let found = scan(turned)
            if !found.isEmpty { return found }
        }
        return []
    }

    private static func scan(_ image: GreyImage) -> [Symbol] {
        guard let scanner = zbar_image_scanner_create() else { return [] }
        defer { zbar_image_scanner_destroy(scanner) }
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
        for type in [ZBAR_EAN13, ZBAR_UPCA, ZBAR_EAN8, ZBAR_QRCODE] { zbar_image_scanner_set_config(scanner, type, ZBAR_CFG_ENABLE, 1) }
        guard let zimage = zbar_image_create() else { return [] }
        defer { zbar_image_destroy(zimage) }
        let y800: UInt = 0x3030_3859  // fourcc('Y','8','0','0')
        zbar_image_set_format(zimage, UInt(y800))
        zbar_image_set_size(zimage, UInt32(image.width), UInt32(image.height))
        var symbols: [Symbol] = []
        image.pixels.withUnsafeBufferPointer { pixels in
            zbar_image_set_data(zimage, pixels.baseAddress, UInt(pixels.count), nil)
            guard zbar_scan_image(scanner, zimage) > 0 else { return }
            var symbol = zbar_image_first_symbol(zimage)
            while let current = symbol {
                let kind: Symbol.Kind? =
                    switch zbar_symbol_get_type(current) {
                    case ZBAR_EAN13: .ean13
                    case ZBAR_UPCA: .upcA
                    case ZBAR_EAN8: .ean8
                    case ZBAR_QRCODE: .qr
                    default: nil
                    }
                if let kind, let data = zbar_symbol_get_data(current) {
                    symbols.append(Symbol(kind: kind, data: String(cString: data)))
                }
                symbol = zbar_symbol_next(current)
            }
            // The buffer is ours: make zbar forget it before it goes.
            zbar_image_set_data(zimage, nil, 0, nil)
        }
        var seen = Set<Symbol>()
        return symbols.filter { seen.insert($0).inserted }
    }
}

/// Leptonica's picture clean-up: grey images in and out of its `Pix`, rotation, deskew and
/// binarisation before OCR.
enum Leptonica {
    /// An 8-bit `Pix` of the grey pixels (the caller destroys it).
    static func pix(_ image: GreyImage) -> UnsafeMutablePointer<PIX>? {
        guard let pix = pixCreate(Int32(image.width), Int32(image.height), 8) else { return nil }
        let words = Int(pixGetWpl(pix))
        guard let data = pixGetData(pix) else { return pix }
        let raw = UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt8.self)
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<image.height {
                let line = raw + y * words * 4
                let row = y * image.width
                // Leptonica keeps each 32-bit word's bytes in big-endian order in memory.
                for x in 0..<image.width { line[x ^ 3] = pixels[row + x] }
            }
        }
        return pix
    }

    static func grey(_ pix: UnsafeMutablePointer<PIX>) -> GreyImage? {
        guard pixGetDepth(pix) == 8, let data = pixGetData(pix) else { return nil }
        let width = Int(pixGetWidth(pix))
        let height = Int(pixGetHeight(pix))
        let words = Int(pixGetWpl(pix))
        let raw = UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt8.self)
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            let line = raw + y * words * 4
            for x in 0..<width { pixels[y * width + x] = line[x ^ 3] }
        }
        return GreyImage(width: width, height: height, pixels: pixels)
    }

    static func destroy(_ pix: UnsafeMutablePointer<PIX>?) {
        var pix = pix
        pixDestroy(&pix)
    }

    /// The image turned by `degrees` (clockwise), white filling the corners, on a canvas large
    /// enough to keep it whole.
    static func rotated(_ image: GreyImage, degrees: Double) -> GreyImage? {
        guard let source = pix(image) else { return nil }
        defer { destroy(source) }
        let radians = Float(degrees * .pi / 180)
        guard let turned = pixRotate(source, radians, Int32(L_ROTATE_AREA_MAP), Int32(L_BRING_IN_WHITE), 0, 0) else { return nil }
        defer { destroy(turned) }
        return grey(turned)
    }

    /// A receipt's picture made ready for OCR: small pictures scaled up (Tesseract reads text of
    /// 20–30 pixel capitals best), the skew found and removed, the background flattened, and the
    /// result binarised (Otsu). The caller destroys the result.
    static func cleanedForOCR(_ image: GreyImage) -> UnsafeMutablePointer<PIX>? {
        guard var current = pix(image) else { return nil }
        if image.width < 1000, let scaled = pixScaleGrayLI(current, 2, 2) {
            destroy(current)
            current = scaled
        }
        var angle: Float = 0
        var confidence: Float = 0
        if let deskewed = pixFindSkewAndDeskew(current, 2, &angle, &confidence) {
            destroy(current)
            current = deskewed
        }
        if let flattened = pixBackgroundNormSimple(current, nil, nil) {
            destroy(current)
            current = flattened
        }
        var binary: UnsafeMutablePointer<PIX>?
        let tile = max(pixGetWidth(current), pixGetHeight(current))
        if pixOtsuAdaptiveThreshold(current, tile, tile, 0, 0, 0.1, nil, &binary) == 0, let binary {
            destroy(current)
            return binary
        }
        return current
    }
}

/// One Tesseract engine (English), used by one worker thread at a time and kept for the next job
/// (loading the model takes longer than reading a receipt).
final class TextReader: @unchecked Sendable {
    private let handle: OpaquePointer

    /// Nil when Tesseract or its English data is missing.
    init?() {
        setenv("OMP_THREAD_LIMIT", "1", 0)
        guard let handle = TessBaseAPICreate() else { return nil }
        guard TessBaseAPIInit3(handle, nil, "eng") == 0 else {
            TessBaseAPIDelete(handle)
            return nil
        }
        _ = TessBaseAPISetVariable(handle, "preserve_interword_spaces", "1")
        _ = TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
        self.handle = handle
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    enum Layout {
        /// A receipt: one block of lines, label and price on one line (Tesseract's page segmentation 6).
        case column
        /// Packaging: text anywhere, in any size (segmentation 11, sparse text).
        case sparse
    }

    /// The text of a receipt's picture after leptonica's clean-up, or of a photo as it is.
    func read(_ image: GreyImage, layout: Layout) -> String {
        let pix: UnsafeMutablePointer<PIX>? =
            switch layout {
            case .column: Leptonica.cleanedForOCR(image)
            case .sparse: Leptonica.pix(image)
            }
        guard let pix else { return "" }
        defer { Leptonica.destroy(pix) }
        TessBaseAPISetPageSegMode(handle, layout == .column ? PSM_SINGLE_BLOCK : PSM_SPARSE_TEXT)
        TessBaseAPISetImage2(handle, pix)
        TessBaseAPISetSourceResolution(handle, 300)
        guard let text = TessBaseAPIGetUTF8Text(handle) else {
            TessBaseAPIClear(handle)
            return ""
        }
        defer { TessDeleteText(text) }
        let result = String(cString: text)
        TessBaseAPIClear(handle)
        return result
    }
}
