import Foundation
import GraphQLEngine

/// The photo of a scan mutation: base64 `image`, or the `uploadId` of a finished chunked upload.
/// The encoded length and the base64 itself are checked here; the image's own checks (type, caps,
/// decoding) run on the scan workers (`ScanImage.make`).
struct ScanPhotoInput: Decodable, Sendable {
    enum Source: Sendable {
        case image(bytes: [UInt8], declared: String?)
        case upload(token: String)
    }

    var source: Source

    private enum Keys: String, CodingKey { case image, uploadId }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let text = try container.decodeIfPresent(String.self, forKey: .image)
        let upload = try container.decodeIfPresent(String.self, forKey: .uploadId)
        if decoder.isBindingCheck {
            source = .upload(token: "")
            return
        }
        switch (text, upload) {
        case (let text?, nil):
            guard text.utf8.count <= ScanImage.Limits.encodedCharacters else {
                throw InputError(
                    decoder, "The image's base64 is \(text.utf8.count) characters; at most 17 000 000 (send a large photo in chunks).",
                    code: .imageEncodingTooLong, field: "image")
            }
            guard let bytes = Base64.decode(text), !bytes.isEmpty else {
                throw InputError(decoder, "The image is not base64.", code: .invalidFormat, field: "image")
            }
            source = .image(bytes: bytes, declared: Base64.declaredMediaType(of: text))
        case (nil, let token?):
            source = .upload(token: token)
        case (nil, nil):
            throw InputError(decoder, "Send the photo as `image` or name a finished upload as `uploadId`.", code: .required)
        case (_?, _?):
            throw InputError(decoder, "Send `image` or `uploadId`, not both.", code: .invalidFormat)
        }
    }
}

struct ConfirmFoodScanInput: Decodable, Sendable {
    struct Item: Decodable, Sendable {
        var candidateIndex: Int?
        var productID: Int64?
        var grams: Double?

        private enum Keys: String, CodingKey { case candidateIndex, productId, grams }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            candidateIndex = try container.decodeIfPresent(Int.self, forKey: .candidateIndex)
            productID = try container.decodeIfPresent(NodeID<ProductRecord>.self, forKey: .productId)?.key
            grams = try container.decodeIfPresent(Double.self, forKey: .grams)
            guard !decoder.isBindingCheck else { return }
            if (candidateIndex == nil) == (productID == nil) {
                throw InputError(decoder, "Give `candidateIndex` or `productId`, one of them.", code: .invalidFormat)
            }
            if let grams, !(1...5000).contains(grams) {
                throw InputError(decoder, "Give 1 to 5000 grams.", code: .outOfRange, field: "grams")
            }
        }
    }

    var scanID: Int64
    var date: LocalDate?
    var meal: Meal
    var items: [Item]

    private enum Keys: String, CodingKey { case scanId, date, meal, items }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        scanID = try container.decode(NodeID<ScanRecord>.self, forKey: .scanId).key
        date = try container.decodeIfPresent(LocalDate.self, forKey: .date)
        meal = try container.decode(Meal.self, forKey: .meal)
        items = try container.decode([Item].self, forKey: .items)
        if !decoder.isBindingCheck, !(1...10).contains(items.count) {
            throw InputError(decoder, "Confirm 1 to 10 foods.", code: .outOfRange, field: "items")
        }
    }
}

struct DeleteScanInput: Decodable, Sendable {
    var scanID: Int64

    private enum Keys: String, CodingKey { case scanId }

    init(from decoder: any Decoder) throws {
        scanID = try decoder.container(keyedBy: Keys.self).decode(NodeID<ScanRecord>.self, forKey: .scanId).key
    }
}

struct StartUploadInput: Decodable, Sendable {
    var totalBytes: Int

    private enum Keys: String, CodingKey { case totalBytes }

    init(from decoder: any Decoder) throws {
        totalBytes = try decoder.container(keyedBy: Keys.self).decode(Int.self, forKey: .totalBytes)
        if !decoder.isBindingCheck, !(1...ScanImage.Limits.bytes).contains(totalBytes) {
            throw InputError(decoder, "An upload is 1 byte to 12 MiB (12 582 912 bytes).", code: .imageTooLarge, field: "totalBytes")
        }
    }
}

struct UploadChunkInput: Decodable, Sendable {
    var uploadID: String
    var offset: Int
    var chunk: [UInt8]

    private enum Keys: String, CodingKey { case uploadId, offset, chunk }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        uploadID = try container.decode(String.self, forKey: .uploadId)
        offset = try container.decode(Int.self, forKey: .offset)
        let text = try container.decode(String.self, forKey: .chunk)
        if decoder.isBindingCheck {
            chunk = []
            return
        }
        guard offset >= 0 else { throw InputError(decoder, "The offset is 0 or more.", code: .outOfRange, field: "offset") }
        guard let bytes = Base64.decode(text) else { throw InputError(decoder, "The chunk is not base64.", code: .invalidFormat, field: "chunk") }
        guard ScanUploads.chunkBytes.contains(bytes.count) else {
            throw InputError(decoder, "A chunk is 1 byte to 2 MiB.", code: .tooLong, field: "chunk")
        }
        chunk = bytes
    }
}

struct ScanPayload: MutationPayload {
    static let graphQLTypeName = "ScanPayload"
    var scan: ScanRecord?
    var userErrors: [UserError] = []

    init(scan: ScanRecord) { self.scan = scan }
    init(failing errors: [UserError]) { userErrors = errors }
}

struct ConfirmFoodScanPayload: MutationPayload {
    static let graphQLTypeName = "ConfirmFoodScanPayload"
    var scan: ScanRecord?
    var entries: [DiaryEntryRecord] = []
    var userErrors: [UserError] = []

    init(scan: ScanRecord, entries: [DiaryEntryRecord]) {
        self.scan = scan
        self.entries = entries
    }
    init(failing errors: [UserError]) { userErrors = errors }
}

struct DeleteScanPayload: MutationPayload {
    static let graphQLTypeName = "DeleteScanPayload"
    var deletedScanID: GlobalID?
    var userErrors: [UserError] = []

    init(deleted id: Int64) { deletedScanID = GlobalID(typeName: ScanRecord.graphQLTypeName, key: id) }
    init(failing errors: [UserError]) { userErrors = errors }
}

struct ScanUploadPayload: MutationPayload {
    static let graphQLTypeName = "ScanUploadPayload"
    var upload: ScanUpload?
    var userErrors: [UserError] = []

    init(upload: ScanUpload) { self.upload = upload }
    init(failing errors: [UserError]) { userErrors = errors }
}

extension InputError {
    /// A refusal of one field of the input being decoded (the decoder is the input object's).
    init(_ decoder: any Decoder, _ message: String, code: UserErrorCode, field: String) {
        self.init(decoder, message, code: code)
        path.append(field)
    }
}
