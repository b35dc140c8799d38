extension ScansArea {
    static let schema = #"""
extend type User {
  """
  Your last 20 recognised scans (barcodes, receipts, food photos), newest first; the owner's only.
  Scans are kept one week. `first` or `last`: 1–100 (20 when both are left out; not both).
  """
  recentScans(first: Int, after: String, last: Int, before: String): ScanConnection!
}

extend type Mutation {
  """
  Read a barcode (EAN-13, UPC-A, EAN-8, QR) in a photo, answered at once: the scan is `RECOGNISED`
  with the catalog's `product`, or with `barcode` and no product when the catalog does not have it
  yet (submit it with `submitProduct`), or `FAILED` when no barcode is in the photo. The same photo
  sent again returns the first scan.
  """
  scanBarcode(input: ScanBarcodeInput!): ScanPayload! @auth
  """
  Read a receipt: the scan is stored `PENDING` and read in the background (Tesseract); poll it with
  `node(id:)` until `RECOGNISED` (then `parsedReceipt` is the draft to check) or `FAILED`.
  """
  scanReceipt(input: ScanReceiptInput!): ScanPayload! @auth
  """
  Recognise food in a photo, in the background as `scanReceipt`: `candidates` with confidence and
  portion, which you confirm or edit with `confirmFoodScan`. Nothing reaches the diary before that.
  """
  scanFood(input: ScanFoodInput!): ScanPayload! @auth
  "Log the food of a recognised food scan to your diary: the candidates you chose, with your portions."
  confirmFoodScan(input: ConfirmFoodScanInput!): ConfirmFoodScanPayload! @auth
  "Delete one of your scans with its image now, rather than after its week."
  deleteScan(input: DeleteScanInput!): DeleteScanPayload! @auth
  """
  Begin a chunked upload of a large photo (for flaky networks): then `uploadChunk` from offset 0,
  and name the finished upload's `id` as `uploadId` of a scan mutation. Unfinished uploads expire
  after 24 hours.
  """
  startUpload(input: StartUploadInput!): ScanUploadPayload! @auth
  """
  Send the next part of an upload. `offset` must be the upload's `receivedBytes` (after a dropped
  connection, resume from the `receivedBytes` last acknowledged; a chunk sent twice is accepted
  once); another offset is `UPLOAD_OFFSET_MISMATCH`, saying where the upload stands.
  """
  uploadChunk(input: UploadChunkInput!): ScanUploadPayload! @auth
}

"What a scan's photo shows."
enum ScanKind {
  "A product's barcode."
  BARCODE
  "A shop's receipt."
  RECEIPT
  "Food or a meal."
  FOOD
}

"Where a scan's recognition stands."
enum ScanStatus {
  "Stored, waiting for a worker."
  PENDING
  "Being read now."
  PROCESSING
  "Read: see the kind's result."
  RECOGNISED
  "Could not be read; `failureReason` says why."
  FAILED
}

"Where a food candidate came from."
enum FoodCandidateSource {
  "A barcode in the photo, found in the catalog."
  BARCODE
  "The packaging's printed text, matched to the catalog."
  PACKAGING_TEXT
  "One of your recent diary foods (the offline recogniser's guess, low confidence)."
  RECENT_FOOD
  "The configured external recogniser."
  EXTERNAL
}

"""
A photo you sent to be recognised: a barcode, a receipt or food. Visible to you alone; deleted with
its image one week after `createdAt` (`expiresAt`).
"""
type Scan implements Node {
  id: ID!
  kind: ScanKind!
  status: ScanStatus!
  createdAt: DateTime!
  "When the scan and its image are deleted: a week after `createdAt`."
  expiresAt: DateTime!
  "When recognition finished; null until then."
  recognisedAt: DateTime
  "Barcode scans: the code read, normalised as the catalog does (GTINs to 8 or 13 digits; a QR code's text as is)."
  barcode: String
  "Barcode scans: `EAN-13`, `UPC-A`, `EAN-8` or `QR`."
  barcodeFormat: String
  "Barcode scans: the catalog's product with that barcode; null when it is not in the catalog yet (see `productMissing`)."
  product: Product
  "Barcode scans: true when a product barcode was read that the catalog lacks; submit it with `submitProduct`."
  productMissing: Boolean!
  "Receipt scans: the receipt as read, a draft for you to check (store, date, lines with prices, total)."
  parsedReceipt: ScannedReceipt
  "Receipt scans: the receipt you entered from the draft (`createReceipt` with this scan's `scanId`); null until then."
  receipt: Receipt
  "Food scans: what the photo may show, most likely first."
  candidates: [FoodCandidate!]!
  "Who recognised it: `zbar` (barcodes), `tesseract` (receipts), `offline` or `external` (food)."
  recogniser: String
  "Food scans: when you confirmed them to the diary."
  confirmedAt: DateTime
  "Why recognition failed; null unless `status` is `FAILED`."
  failureReason: String
}

type ScanConnection {
  edges: [ScanEdge!]!
  pageInfo: PageInfo!
}

type ScanEdge {
  cursor: String!
  node: Scan!
}

"A receipt as read from its photo."
type ScannedReceipt {
  "The store, from the receipt's first line of words."
  storeName: String
  "The purchase date, when one is printed."
  date: Date
  lines: [ScannedReceiptLine!]!
  "The printed total, when read."
  total: Decimal
  "The sum of the lines read: compare it with `total` to see whether a line was missed."
  linesTotal: Decimal!
  "The text the receipt was read as (OCR)."
  text: String!
}

"A bought line of a receipt."
type ScannedReceiptLine {
  "The line's text as printed (abbreviated as shops do)."
  text: String!
  "The count printed before the text (`2 x MILK`), 1 otherwise."
  quantity: Int!
  "The line's amount, in the receipt's currency."
  price: Decimal!
}

"Something a food photo may show."
type FoodCandidate {
  label: String!
  "0–1."
  confidence: Float!
  "The portion the photo suggests, in grams; null when unknown."
  portionGrams: Float
  "The catalog product it is, when matched."
  product: Product
  source: FoodCandidateSource!
}

"An upload in progress."
type ScanUpload {
  "Name it as `uploadId` in `uploadChunk` and the scan mutation."
  id: ID!
  totalBytes: Int!
  "Bytes received so far: the offset of the next chunk."
  receivedBytes: Int!
  "Whether every byte is here (the upload can be scanned)."
  complete: Boolean!
  expiresAt: DateTime!
}

"""
The photo of a scan: `image` (base64, standard or URL-safe, padding optional, a `data:` prefix
allowed; at most 17 000 000 characters) or `uploadId` of a finished chunked upload, not both. PNG,
JPEG or WebP by the image's own bytes (a `data:` prefix's type must agree); at most 12 MiB, 24
megapixels, each side 16–8192 pixels. The EXIF orientation is applied and all metadata (GPS) is
dropped before it is stored.
"""
input ScanBarcodeInput {
  image: Base64
  uploadId: ID
}

"As `ScanBarcodeInput`."
input ScanReceiptInput {
  image: Base64
  uploadId: ID
}

"As `ScanBarcodeInput`."
input ScanFoodInput {
  image: Base64
  uploadId: ID
}

type ScanPayload {
  scan: Scan
  userErrors: [UserError!]!
}

input ConfirmFoodScanInput {
  "A recognised food scan of yours."
  scanId: ID!
  "The diary date (today in your time zone when left out; within the diary's window)."
  date: Date
  meal: Meal!
  "1–10 foods: a candidate of the scan (by index) or any catalog product, with the grams eaten."
  items: [ConfirmedFoodInput!]!
}

input ConfirmedFoodInput {
  "The index of one of the scan's `candidates` (0-based); give it or `productId`."
  candidateIndex: Int
  "A catalog product, to correct the recognition."
  productId: ID
  "Grams eaten, 1–5000; the candidate's `portionGrams` when left out."
  grams: Float
}

type ConfirmFoodScanPayload {
  scan: Scan
  "The diary entries made, one per item."
  entries: [DiaryEntry!]!
  userErrors: [UserError!]!
}

input DeleteScanInput {
  scanId: ID!
}

type DeleteScanPayload {
  "The deleted scan's ID."
  deletedScanId: ID
  userErrors: [UserError!]!
}

input StartUploadInput {
  "The image's size in bytes (decoded), 1 to 12 582 912 (12 MiB)."
  totalBytes: Int!
}

input UploadChunkInput {
  uploadId: ID!
  "Where the chunk goes: the upload's `receivedBytes`."
  offset: Int!
  "1 byte to 2 MiB (decoded) of the image."
  chunk: Base64!
}

type ScanUploadPayload {
  upload: ScanUpload
  userErrors: [UserError!]!
}
"""#
}
