import Foundation
import GraphQLEngine
import Postgres
import Testing

@testable import FoodGraph

/// The scans' corpus and images, made by `tools/scan-corpus.py` (zint, Pillow) into a temporary
/// directory.
enum ScanCorpus {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func make(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [root.appendingPathComponent("tools/scan-corpus.py").path] + arguments
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "tools/scan-corpus.py \(arguments.joined(separator: " ")) failed")
    }

    static func directory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("scan-corpus-\(UUID().uuidString)")
    }

    static func manifest(_ directory: URL) throws -> [[String: Any]] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("manifest.json"))) as? [[String: Any]] ?? []
    }

    /// A photo of `width`×`height` with one EAN-13 (13 digits, check digit included) in it.
    static func photo(code: String, width: Int = 1600, height: Int = 1200) throws -> [UInt8] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scan-photo-\(UUID().uuidString).jpg")
        defer { try? FileManager.default.removeItem(at: file) }
        try make(["photo", file.path, String(width), String(height), code])
        return [UInt8](try Data(contentsOf: file))
    }

    static func file(_ command: String, _ extra: [String] = []) throws -> [UInt8] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scan-\(command)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try make([command, file.path] + extra)
        return [UInt8](try Data(contentsOf: file))
    }
}

@Suite(.serialized) struct ScanTests {
    static let scanFields = "id kind status barcode barcodeFormat productMissing failureReason recogniser product { id name } createdAt expiresAt"

    static func scan(_ mutation: String, _ image: String, _ api: TestAPI, token: String?, expecting: Set<String> = []) async throws -> Response {
        try await api.run(
            "mutation($image: Base64) { \(mutation)(input: {image: $image}) { scan { \(scanFields) } userErrors { field code message } } }",
            token: token, variables: GraphQLObject([("image", .string(image))]), expecting: expecting)
    }

    static func count(_ table: String, _ api: TestAPI) async throws -> Int {
        try await api.database.database.query("SELECT count(*)::int FROM \(table)", [])[0].decode(Int.self, at: 0)
    }

    // MARK: - Scan&Cook: scan groceries for their composition

    @Test func aShopperScansAGroceryBarcodeAndSeesTheProductsComposition() async throws {
        let staff = try await CatalogStaff.make()
        let api = staff.api
        defer { Task { await api.close() } }
        _ = try await staff.ownChainProduct("Scanned Oat Crunch", barcode: "5901234123457")
        let photo = Base64.encode(try ScanCorpus.photo(code: "5901234123457"))
        let token = try #require(staff.token(.user))
        let first = try await Self.scan("scanBarcode", photo, api, token: token)
        #expect(first["data.scanBarcode.scan.status"] as? String == "RECOGNISED", "\(first.json)")
        #expect(first["data.scanBarcode.scan.barcode"] as? String == "5901234123457")
        #expect(first["data.scanBarcode.scan.barcodeFormat"] as? String == "EAN-13")
        #expect(first["data.scanBarcode.scan.product.name"] as? String == "Scanned Oat Crunch")
        #expect(first["data.scanBarcode.scan.productMissing"] as? Bool == false)
        let id = try #require(first["data.scanBarcode.scan.id"] as? String)

        // The same photo again is the same scan: recognised once.
        let again = try await Self.scan("scanBarcode", photo, api, token: token)
        #expect(again["data.scanBarcode.scan.id"] as? String == id)
        #expect(try await Self.count("scans", api) == 1)

        // Its owner polls it; anyone else finds nothing.
        let polled = try await api.run(#"{ node(id: "\#(id)") { ... on Scan { status product { name } } } }"#, token: token)
        #expect(polled["data.node.status"] as? String == "RECOGNISED")
        let stranger = try await api.signUp("stranger@example.com")
        let hidden = try await api.run(#"{ node(id: "\#(id)") { id } }"#, token: stranger)
        #expect(hidden["data.node"] is NSNull)
        let denied = try await api.run(
            #"mutation { deleteScan(input: {scanId: "\#(id)"}) { deletedScanId userErrors { code } } }"#, token: stranger)
        #expect((denied["data.deleteScan.userErrors"] as? [[String: Any]])?.first?["code"] as? String == "NOT_FOUND")
    }

    @Test func aBarcodeScanAnswersWhileReceiptsAreBeingRead() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let token = try await api.signUp("quick-scanner@example.com")
        let photo = Base64.encode(try ScanCorpus.photo(code: "5901234123457"))
        // Every background worker busy, as with receipts being read.
        let busy = (0..<ScanWorkers.background.count).map { _ in
            Task {
                await ScanWorkers.background.run { _ in Thread.sleep(forTimeInterval: 5) }
                return ContinuousClock.now
            }
        }
        try await Task.sleep(for: .milliseconds(100))
        let response = try await Self.scan("scanBarcode", photo, api, token: token)
        let answered = ContinuousClock.now
        #expect(response["data.scanBarcode.scan.barcode"] as? String == "5901234123457", "\(response.json)")
        // Answered before the background work ended: the barcode did not wait for a worker.
        for task in busy { #expect(answered < (await task.value)) }
    }

    @Test func aBarcodeNotInTheCatalogYetSaysSoWithAWayToSubmitIt() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let token = try await api.signUp("scanner@example.com")
        let photo = Base64.encode(try ScanCorpus.photo(code: "4006381333931"))
        let response = try await Self.scan("scanBarcode", photo, api, token: token)
        #expect(response["data.scanBarcode.scan.status"] as? String == "RECOGNISED")
        #expect(response["data.scanBarcode.scan.barcode"] as? String == "4006381333931")
        #expect(response["data.scanBarcode.scan.product"] is NSNull)
        #expect(response["data.scanBarcode.scan.productMissing"] as? Bool == true)
    }

    @Test func aPhotoWithoutABarcodeFailsWithAReason() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let token = try await api.signUp("scanner@example.com")
        let response = try await Self.scan("scanBarcode", TestPNG.base64(width: 300, height: 200), api, token: token)
        #expect(response["data.scanBarcode.scan.status"] as? String == "FAILED")
        #expect((response["data.scanBarcode.scan.failureReason"] as? String)?.contains("No barcode") == true)
    }

    @Test func theLastTwentyRecognisedGroceriesAreListedNewestFirst() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let token = try await api.signUp("collector@example.com")
        let directory = ScanCorpus.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try ScanCorpus.make(["barcodes", directory.path, "22", "7"])
        let clean = try ScanCorpus.manifest(directory).filter { $0["set"] as? String == "clean" }
        var codes: [String] = []
        for item in clean {
            let bytes = [UInt8](try Data(contentsOf: directory.appendingPathComponent(item["file"] as? String ?? "")))
            let response = try await Self.scan("scanBarcode", Base64.encode(bytes), api, token: token)
            if response["data.scanBarcode.scan.status"] as? String == "RECOGNISED" { codes.append(item["code"] as? String ?? "") }
        }
        #expect(codes.count == 22)
        let recent = try await api.run("{ me { recentScans(first: 100) { edges { node { barcode kind } } pageInfo { hasNextPage } } } }", token: token)
        let listed = ((recent["data.me.recentScans.edges"] as? [[String: Any]]) ?? []).compactMap { ($0["node"] as? [String: Any])?["barcode"] as? String }
        #expect(listed == Array(codes.reversed().prefix(20)))
    }

    // MARK: - Grocery Spending Tracker: receipt scanning

    @Test func aShopperScansAReceiptAndGetsADraftToCheck() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let token = try await api.signUp("spender@example.com")
        let directory = ScanCorpus.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try ScanCorpus.make(["receipts", directory.path, "1", "11"])
        let item = try #require(try ScanCorpus.manifest(directory).first)
        let bytes = [UInt8](try Data(contentsOf: directory.appendingPathComponent(item["file"] as? String ?? "")))
        let sent = try await Self.scan("scanReceipt", "data:image/png;base64," + Base64.encode(bytes), api, token: token)
        #expect(sent["data.scanReceipt.scan.status"] as? String == "PENDING", "\(sent.json)")
        let id = try #require(sent["data.scanReceipt.scan.id"] as? String)

        #expect(try await ScanRecognition.runPending(in: api.application.database) == 1)
        let polled = try await api.run(
            #"""
            { node(id: "\#(id)") { ... on Scan { status recogniser failureReason
                parsedReceipt { storeName date total linesTotal text lines { text quantity price } } } } }
            """#, token: token)
        #expect(polled["data.node.status"] as? String == "RECOGNISED", "\(polled.json)")
        #expect(polled["data.node.recogniser"] as? String == "tesseract")
        #expect(polled["data.node.parsedReceipt.storeName"] as? String == item["store"] as? String)
        #expect(polled["data.node.parsedReceipt.date"] as? String == item["date"] as? String)
        let total = try #require(item["total"] as? Int)
        #expect(polled["data.node.parsedReceipt.total"] as? String == total.centsText.text)
        let lines = (polled["data.node.parsedReceipt.lines"] as? [[String: Any]]) ?? []
        let expected = (item["lines"] as? [[String: Any]]) ?? []
        #expect(lines.map { $0["price"] as? String } == expected.map { ($0["cents"] as? Int)?.centsText.text })

        // The owner hears of it.
        let notified = try await api.run("{ me { notifications(first: 5) { edges { node { kind subjectId } } } } }", token: token)
        let first = ((notified["data.me.notifications.edges"] as? [[String: Any]])?.first?["node"] as? [String: Any]) ?? [:]
        #expect(first["kind"] as? String == "SCAN_READY")
        #expect(first["subjectId"] as? String == id)
    }

    /// The draft becomes a receipt (Grocery Spending Tracker): `createReceipt(scanId:)` enters the
    /// checked lines with the source SCAN, and the scan points at the receipt, once.
    @Test func aShopperConfirmsTheReceiptDraftAndTheScanPointsAtTheReceipt() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        _ = try await DemoData.loadIfEmpty(into: api.database.database)
        let token = try await api.signUp("spender@example.com")
        let other = try await api.signUp("other@example.com")
        let database = api.database.database
        let owner = try await database.query("SELECT id FROM users WHERE email = 'spender@example.com'", [])[0].decode(Int64.self, at: 0)
        // A recognised receipt scan (the OCR itself is the story above).
        let scanKey = try await database.query(
            """
            INSERT INTO scans (user_id, kind, status, sha256, content_type, width, height, image, expires_at, recognised_at, parsed_receipt)
            VALUES ($1, 'receipt', 'recognised', '\\x00', 'image/png', 16, 16, '\\x00', now() + interval '7 days', now(),
                    '{"storeName": "FreshCo", "lines": [], "text": ""}')
            RETURNING id
            """, [owner])[0].decode(Int64.self, at: 0)
        let scanID = GlobalID(typeName: "Scan", key: scanKey).description
        let store = try #require(try await api.run("{ stores(first: 1) { edges { node { id } } } }")["data.stores.edges.0.node.id"] as? String)
        let create = """
            mutation($store: ID!, $scan: ID!) { createReceipt(input: {storeId: $store, purchasedAt: "2026-11-20T15:00:00Z", total: "3.98",
              lines: [{text: "BANANAS", quantity: 2, unitPrice: "1.99"}], scanId: $scan}) { receipt { id source } userErrors { field code } } }
            """
        let variables = GraphQLObject([("store", .string(store)), ("scan", .string(scanID))])

        // Not another user's scan.
        let stranger = try await api.run(create, token: other, variables: variables)
        #expect(stranger["data.createReceipt.userErrors.0.code"] as? String == "NOT_FOUND")
        #expect(stranger["data.createReceipt.receipt"] is NSNull)

        let created = try await api.run(create, token: token, variables: variables)
        let receipt = try #require(created["data.createReceipt.receipt.id"] as? String, "\(created.json)")
        #expect(created["data.createReceipt.receipt.source"] as? String == "SCAN")
        let scan = try await api.run(#"{ node(id: "\#(scanID)") { ... on Scan { receipt { id } } } }"#, token: token)
        #expect(scan["data.node.receipt.id"] as? String == receipt)

        // Once: a second receipt from the same scan is refused and nothing is written.
        let again = try await api.run(create, token: token, variables: variables)
        #expect(again["data.createReceipt.userErrors.0.field"] as? [String] == ["scanId"])
        let receipts = try await api.run("{ me { receipts(first: 5) { edges { node { id } } } } }", token: token)
        #expect((receipts["data.me.receipts.edges"] as? [Any])?.count == 1)
    }

    // MARK: - NutriBud: log food by photo

    @Test func aUserPhotographsFoodChecksTheCandidatesAndLogsThemToTheDiary() async throws {
        let staff = try await CatalogStaff.make()
        let api = staff.api
        defer { Task { await api.close() } }
        let productID = try await staff.ownChainProduct("Photo Granola Bar", barcode: "9780201379624")
        let token = try #require(staff.token(.user))
        let photo = Base64.encode(try ScanCorpus.photo(code: "9780201379624"))
        let sent = try await Self.scan("scanFood", photo, api, token: token)
        #expect(sent["data.scanFood.scan.status"] as? String == "PENDING")
        let id = try #require(sent["data.scanFood.scan.id"] as? String)
        // Nothing reaches the diary before the user confirms.
        #expect(try await Self.count("diary_entries", api) == 0)
        try await ScanRecognition.runPending(in: api.application.database, recogniser: OfflineFoodRecogniser())
        let polled = try await api.run(
            #"{ node(id: "\#(id)") { ... on Scan { status recogniser candidates { label confidence portionGrams source product { id } } } } }"#,
            token: token)
        #expect(polled["data.node.status"] as? String == "RECOGNISED")
        #expect(polled["data.node.recogniser"] as? String == "offline")
        let candidates = (polled["data.node.candidates"] as? [[String: Any]]) ?? []
        let first = try #require(candidates.first)
        #expect(first["source"] as? String == "BARCODE")
        #expect((first["product"] as? [String: Any])?["id"] as? String == productID)

        let confirmed = try await api.run(
            #"""
            mutation { confirmFoodScan(input: {scanId: "\#(id)", meal: SNACK, items: [{candidateIndex: 0, grams: 45}]}) {
              scan { confirmedAt } entries { foodName grams source } userErrors { field code } } }
            """#, token: token)
        let entries = (confirmed["data.confirmFoodScan.entries"] as? [[String: Any]]) ?? []
        #expect(entries.count == 1, "\(confirmed.json)")
        #expect(entries.first?["foodName"] as? String == "Photo Granola Bar")
        #expect(entries.first?["grams"] as? Double == 45)
        #expect(entries.first?["source"] as? String == "PHOTO")
        #expect(!(confirmed["data.confirmFoodScan.scan.confirmedAt"] is NSNull))
        // A candidate that is not there is refused, and nothing is written.
        let refused = try await api.run(
            #"mutation { confirmFoodScan(input: {scanId: "\#(id)", meal: SNACK, items: [{candidateIndex: 7}]}) { userErrors { field code } } }"#,
            token: token)
        #expect((refused["data.confirmFoodScan.userErrors"] as? [[String: Any]])?.first?["code"] as? String == "OUT_OF_RANGE")
        #expect(try await Self.count("diary_entries", api) == 1)
    }

    @Test func anExternalRecogniserIsCalledWithItsDocumentedJSONContract() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let token = try await api.signUp("foodie@example.com")
        let server = try RecogniserServer.start()
        defer { server.stop() }
        let sent = try await Self.scan("scanFood", TestPNG.base64(width: 320, height: 240, rgb: (240, 200, 40)), api, token: token)
        let id = try #require(sent["data.scanFood.scan.id"] as? String)
        try await ScanRecognition.runPending(
            in: api.application.database, recogniser: ExternalFoodRecogniser(url: URL(string: "http://127.0.0.1:\(server.port)/recognise")!))
        let polled = try await api.run(
            #"{ node(id: "\#(id)") { ... on Scan { status recogniser candidates { label confidence portionGrams source } } } }"#, token: token)
        #expect(polled["data.node.status"] as? String == "RECOGNISED", "\(polled.json)")
        #expect(polled["data.node.recogniser"] as? String == "external")
        let candidates = (polled["data.node.candidates"] as? [[String: Any]]) ?? []
        #expect(candidates.first?["label"] as? String == "banana")
        #expect(candidates.first?["confidence"] as? Double == 0.91)
        #expect(candidates.first?["portionGrams"] as? Double == 118)
        #expect(candidates.first?["source"] as? String == "EXTERNAL")
        // The server saw a PNG in base64 with its size.
        let request = try server.lastRequest()
        #expect(request["contentType"] as? String == "image/png")
        #expect(request["width"] as? Int == 320)
    }

    // MARK: - Scan&Cook ROB-1: flaky networks

    @Test func aLargePhotoIsSentInChunksAndResumedAfterADroppedConnection() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let token = try await api.signUp("traveller@example.com")
        let bytes = try ScanCorpus.photo(code: "5901234123457", width: 2400, height: 1800)
        let started = try await api.run(
            "mutation($n: Int!) { startUpload(input: {totalBytes: $n}) { upload { id receivedBytes complete } userErrors { code } } }",
            token: token, variables: GraphQLObject([("n", .int(bytes.count))]))
        let upload = try #require(started["data.startUpload.upload.id"] as? String)
        let chunk = "mutation($id: ID!, $o: Int!, $c: Base64!) { uploadChunk(input: {uploadId: $id, offset: $o, chunk: $c}) { upload { receivedBytes complete } userErrors { field code message } } }"
        func send(_ offset: Int, _ count: Int) async throws -> Response {
            let part = Array(bytes[offset..<min(bytes.count, offset + count)])
            return try await api.run(
                chunk, token: token,
                variables: GraphQLObject([("id", .string(upload)), ("o", .int(offset)), ("c", .string(Base64.encode(part)))]))
        }
        let size = bytes.count / 3 + 1
        var response = try await send(0, size)
        #expect(response["data.uploadChunk.upload.receivedBytes"] as? Int == size)
        // The answer was lost: the client sends the same chunk again, then skips ahead by mistake.
        response = try await send(0, size)
        #expect(response["data.uploadChunk.upload.receivedBytes"] as? Int == size)
        response = try await send(2 * size, size)
        #expect((response["data.uploadChunk.userErrors"] as? [[String: Any]])?.first?["code"] as? String == "UPLOAD_OFFSET_MISMATCH")
        // Scanning before the end is refused.
        let early = try await api.run(
            #"mutation { scanBarcode(input: {uploadId: "\#(upload)"}) { scan { id } userErrors { code } } }"#, token: token)
        #expect((early["data.scanBarcode.userErrors"] as? [[String: Any]])?.first?["code"] as? String == "INVALID_STATE")
        // Resumed from the acknowledged offset.
        _ = try await send(size, size)
        response = try await send(2 * size, size)
        #expect(response["data.uploadChunk.upload.complete"] as? Bool == true)
        let scanned = try await api.run(
            #"mutation { scanBarcode(input: {uploadId: "\#(upload)"}) { scan { status barcode } userErrors { code } } }"#, token: token)
        #expect(scanned["data.scanBarcode.scan.barcode"] as? String == "5901234123457", "\(scanned.json)")
        #expect(try await Self.count("scan_uploads", api) == 0)
        // Someone else cannot use or see an upload.
        let other = try await api.signUp("other@example.com")
        let stranger = try await api.run(
            #"mutation { scanBarcode(input: {uploadId: "\#(upload)"}) { scan { id } userErrors { code } } }"#, token: other)
        #expect((stranger["data.scanBarcode.userErrors"] as? [[String: Any]])?.first?["code"] as? String == "NOT_FOUND")
    }

    // MARK: - Keeping: one week

    @Test func scansAndTheirImagesAreDeletedAWeekAfterTheScan() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let token = try await api.signUp("keeper@example.com")
        let sent = try await Self.scan("scanBarcode", Base64.encode(try ScanCorpus.photo(code: "5901234123457")), api, token: token)
        let id = try #require(sent["data.scanBarcode.scan.id"] as? String)
        _ = try await api.run("mutation { startUpload(input: {totalBytes: 1000}) { upload { id } } }", token: token)
        let now = Date()
        // Six days on, everything is still there.
        #expect(try await ScanRetention.purge(now: now.addingTimeInterval(6 * 86_400), in: api.application.database) == (0, 1))
        var polled = try await api.run(#"{ node(id: "\#(id)") { id } }"#, token: token)
        #expect(polled["data.node.id"] as? String == id)
        // Eight days on, the scan and its image are gone.
        #expect(try await ScanRetention.purge(now: now.addingTimeInterval(8 * 86_400), in: api.application.database) == (1, 0))
        polled = try await api.run(#"{ node(id: "\#(id)") { id } }"#, token: token)
        #expect(polled["data.node"] is NSNull)
        #expect(try await Self.count("scans", api) == 0)
    }

    // MARK: - Must show: bad input

    @Test func badImagesAreRefusedWithTheirOwnCodeAndNothingIsStored() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let token = try await api.signUp("prankster@example.com")
        let png = TestPNG.make(width: 64, height: 64)
        let cases: [(String, String, String)] = [
            ("truncated", Base64.encode(Array(png.prefix(png.count - 20))), "IMAGE_CORRUPT"),
            ("PNG claimed as JPEG", "data:image/jpeg;base64," + Base64.encode(png), "IMAGE_TYPE_MISMATCH"),
            ("1×100000", Base64.encode(TestPNG.make(width: 1, height: 100_000)), "INVALID_IMAGE_DIMENSIONS"),
            ("decompression bomb", Base64.encode(try ScanCorpus.file("bomb", ["6000", "6000"])), "IMAGE_TOO_MANY_PIXELS"),
            ("30 MB string", String(repeating: "A", count: 30_000_000), "IMAGE_ENCODING_TOO_LONG"),
            ("SVG", Base64.encode(Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>"#.utf8)), "UNSUPPORTED_IMAGE_TYPE"),
            ("GIF", Base64.encode(try ScanCorpus.file("gif")), "UNSUPPORTED_IMAGE_TYPE"),
            ("too large", Base64.encode([0xFF, 0xD8] + [UInt8](repeating: 0, count: 12 * 1024 * 1024)), "IMAGE_TOO_LARGE"),
        ]
        for (name, image, code) in cases {
            // The large ones once (a debug build copies 30 MB strings slowly); the rest through all three.
            for mutation in image.utf8.count > 1_000_000 ? ["scanBarcode"] : ["scanBarcode", "scanReceipt", "scanFood"] {
                let response = try await Self.scan(mutation, image, api, token: token)
                let error = (response["data.\(mutation).userErrors"] as? [[String: Any]])?.first
                #expect(error?["code"] as? String == code, "\(name) in \(mutation): \(String(describing: error))")
                #expect(error?["field"] as? [String] == ["image"], "\(name)")
                #expect(response["data.\(mutation).scan"] is NSNull)
            }
        }
        // Not base64 at all: the Base64 scalar refuses it before the mutation runs.
        // (Over HTTP that is GRAPHQL_VALIDATION_FAILED for a literal, as AccountFlowTests shows for avatars.)
        #expect(throws: ScalarCoercionError.self) { try Base64Scalar().parseValue(.string("not base64 at all!")) }
        #expect(try await Self.count("scans", api) == 0)
        // Signed out: refused.
        _ = try await Self.scan("scanBarcode", Base64.encode(png), api, token: nil, expecting: ["UNAUTHENTICATED"])
    }

    @Test func theExifOrientationIsAppliedAndNothingOfTheOriginalFileIsKept() throws {
        // A JPEG whose APP1 says "rotate 90° clockwise" (orientation 6) and carries a GPS-like tag.
        var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00, 0x01, 0x00]
        tiff += [0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, 0x06, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]
        let decoded = ImageCodec.Decoded(format: .jpeg, width: 40, height: 20, rgba: [UInt8](repeating: 200, count: 40 * 20 * 4))
        let plain = try #require(ImageCodec.encode(decoded))
        let exif: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff + Array("GPS 45.5N 73.6W".utf8)
        let segment: [UInt8] = [0xFF, 0xE1, UInt8((exif.count + 2) >> 8), UInt8((exif.count + 2) & 0xFF)] + exif
        let tagged = Array(plain.prefix(2)) + segment + Array(plain.dropFirst(2))
        #expect(ExifOrientation.read(jpeg: tagged) == 6)
        guard case .success(let image) = ScanImage.make(tagged, declared: "image/jpeg") else {
            Issue.record("the tagged JPEG was refused")
            return
        }
        #expect(image.stored.width == 20 && image.stored.height == 40)
        #expect(ExifOrientation.read(jpeg: image.stored.bytes) == 1)
        #expect(!String(decoding: image.stored.bytes, as: UTF8.self).contains("GPS"))
        #expect(image.sha256 == Crypto.sha256(tagged))
    }

    @Test func base64ComesInEitherAlphabetWithOrWithoutPaddingOrADataPrefix() {
        let bytes: [UInt8] = [0xFB, 0xFF, 0xBF, 0x00, 0x01]
        let standard = Base64.encode(bytes)  // "+/+/AAE="
        let urlSafe = standard.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        for text in [standard, String(standard.dropLast()), urlSafe, String(urlSafe.dropLast()), "data:image/png;base64," + standard] {
            #expect(Base64.decode(text) == bytes, "\(text)")
        }
        #expect(Base64.decode("+/_-AAE=") == nil)  // mixed alphabets
        #expect(Base64.decode("data:text/plain,hello") == nil)
        #expect(Base64.declaredMediaType(of: "data:image/PNG;base64,AAAA") == "image/png")
    }

    @Test func receiptTextIsParsedIntoStoreDateLinesAndTotal() {
        let parsed = ReceiptParser.parse(
            """
            FRESHMART
            123 MAIN STREET
            DATE 14/03/2026
            MILK 2% 1L              2.49
            2 x BANANAS             1,5O
            SUBTOTAL                3.99
            TAX                     0.00
            TOTAL                  $3.99
            VISA                    3.99
            """)
        #expect(parsed.storeName == "FRESHMART")
        #expect(parsed.date == "2026-03-14")
        #expect(parsed.lines == [.init(text: "MILK 2% 1L", quantity: 1, priceCents: 249), .init(text: "BANANAS", quantity: 2, priceCents: 150)])
        #expect(parsed.totalCents == 399)
    }
}

/// A real HTTP server the tests start (Python's `http.server`) playing the external food
/// recogniser: it answers the documented JSON and keeps the last request.
struct RecogniserServer {
    let process: Process
    let port: Int
    let requestFile: URL

    static func start() throws -> RecogniserServer {
        let requestFile = FileManager.default.temporaryDirectory.appendingPathComponent("recogniser-\(UUID().uuidString).json")
        let portFile = FileManager.default.temporaryDirectory.appendingPathComponent("recogniser-port-\(UUID().uuidString)")
        let script = """
            import http.server, json, sys
            class Handler(http.server.BaseHTTPRequestHandler):
                def do_POST(self):
                    body = self.rfile.read(int(self.headers["Content-Length"]))
                    open(sys.argv[1], "wb").write(body)
                    answer = json.dumps({"candidates": [{"label": "banana", "confidence": 0.91, "portionGrams": 118},
                                                        {"label": "apple", "confidence": 0.4}]}).encode()
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(answer)))
                    self.end_headers()
                    self.wfile.write(answer)
                def log_message(self, *args):
                    pass
            server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
            open(sys.argv[2], "w").write(str(server.server_address[1]))
            server.serve_forever()
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, requestFile.path, portFile.path]
        try process.run()
        // Up to a minute: a loaded two-core machine starts Python slowly.
        for _ in 0..<1200 {
            if let text = try? String(contentsOf: portFile, encoding: .utf8), let port = Int(text) {
                return RecogniserServer(process: process, port: port, requestFile: requestFile)
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        RecogniserServer(process: process, port: 0, requestFile: requestFile).stop()
        throw CancellationError()
    }

    func lastRequest() throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: requestFile)) as? [String: Any] ?? [:]
    }

    /// SIGKILL, by the child's own pid: the test process may block SIGTERM, and the child inherits
    /// that mask (a server left running would hold the test's output open).
    func stop() {
        let pid = process.processIdentifier
        if pid > 0 { kill(pid, SIGKILL) }
        process.waitUntilExit()
    }
}
