import Foundation
import GraphQLEngine
import Postgres

/// Scans (issue #28): photos of barcodes, receipts and food sent as base64 (or in chunks),
/// checked and cleaned (`ScanImage`), recognised with zbar, leptonica and Tesseract
/// (`ScanLibraries`), barcodes at once and the rest in the background (`ScanRecognition`), and kept
/// one week (`ScanRetention`).
enum ScansArea: Area {
    /// `User.recentScans` shows this many.
    static let recentLimit = 20

    static var jobs: [PeriodicJob] { [ScanRecognition.job, ScanRetention.job] }

    static func bind(_ binder: inout SchemaBinder) {
        binder.enumeration(ScanKind.self)
        binder.enumeration(ScanStatus.self)
        binder.enumeration(FoodCandidateSource.self)
        bindScan(&binder)
        binder.connection(of: ScanRecord.self)
        binder.object(UserRecord.self) { user in
            user.field(.recentScans, arguments: PageArguments.self) { user, arguments, context in
                let page = try Page(arguments)
                return Resolved<Connection<ScanRecord>>.run { try await ScanStore.recent(of: user.id, page: page, in: context.database) }
            }
        }
        binder.node(ScanRecord.self) { key, context in
            let scans = context.loader("scans.scans") { try await ScanStore.load($0, from: context.database) }
            return Resolved<ScanRecord?>(unchecked: scans.load(key)).map { scan in
                guard let scan, scan.isVisible(to: context.viewer) else { return nil }
                return scan
            }
        }
        bindPayloads(&binder)
        bindMutations(&binder)
    }

    private static func bindScan(_ binder: inout SchemaBinder) {
        binder.object(ScanRecord.self) { scan in
            scan.field("id") { $0.globalID }
            scan.field("kind") { $0.kind }
            scan.field("status") { $0.status }
            scan.field("createdAt") { $0.createdAt }
            scan.field("expiresAt") { $0.expiresAt }
            scan.field("recognisedAt") { $0.recognisedAt }
            scan.field("barcode") { $0.barcode }
            scan.field("barcodeFormat") { $0.barcodeFormat }
            scan.field("receipt", resolve: { scan, context -> Resolved<ReceiptRecord?> in
                guard let id = scan.receiptID else { return .null }
                return Resolved(unchecked: context.spending.receipts.load(id))
            })
            scan.field("product", resolve: { scan, context in
                guard let id = scan.productID else { return Resolved<ProductRecord?>.value(nil) }
                return Resolved<ProductRecord?>(unchecked: context.catalog.products.load(id)).map { product in
                    guard let product, product.isVisible(to: context.viewer) else { return nil }
                    return product
                }
            })
            scan.field("productMissing") { $0.kind == .barcode && $0.status == .recognised && $0.productID == nil && $0.barcodeFormat != "QR" }
            scan.field("parsedReceipt") { $0.parsedReceipt.map(ScannedReceipt.init(parsed:)) }
            scan.field("candidates") { $0.candidates }
            scan.field("recogniser") { $0.recogniser }
            scan.field("confirmedAt") { $0.confirmedAt }
            scan.field("failureReason") { $0.failureReason }
        }
        binder.object(ScannedReceipt.self) { receipt in
            receipt.field("storeName") { $0.parsed.storeName }
            receipt.field("date") { $0.parsed.date.flatMap(LocalDate.init(iso8601:)) }
            receipt.field("lines") { $0.parsed.lines.map(ScannedReceiptLine.init(line:)) }
            receipt.field("total") { $0.parsed.totalCents?.centsText }
            receipt.field("linesTotal") { $0.parsed.linesTotalCents.centsText }
            receipt.field("text") { $0.parsed.text }
        }
        binder.object(ScannedReceiptLine.self) { line in
            line.field("text") { $0.line.text }
            line.field("quantity") { $0.line.quantity }
            line.field("price") { $0.line.priceCents.centsText }
        }
        binder.object(FoodCandidate.self) { candidate in
            candidate.field("label") { $0.label }
            candidate.field("confidence") { $0.confidence }
            candidate.field("portionGrams") { $0.portionGrams }
            candidate.field("product", resolve: { candidate, context in
                guard let id = candidate.productID else { return Resolved<ProductRecord?>.value(nil) }
                return Resolved<ProductRecord?>(unchecked: context.catalog.products.load(id)).map { product in
                    guard let product, product.isVisible(to: context.viewer) else { return nil }
                    return product
                }
            })
            candidate.field("source") { $0.source }
        }
        binder.object(ScanUpload.self) { upload in
            upload.field("id") { UploadID(token: $0.token) }
            upload.field("totalBytes") { $0.totalBytes }
            upload.field("receivedBytes") { $0.receivedBytes }
            upload.field("complete") { $0.receivedBytes == $0.totalBytes }
            upload.field("expiresAt") { $0.expiresAt }
        }
    }

    private static func bindPayloads(_ binder: inout SchemaBinder) {
        binder.object(ScanPayload.self) { payload in
            payload.field("scan") { $0.scan }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(ConfirmFoodScanPayload.self) { payload in
            payload.field("scan") { $0.scan }
            payload.field("entries") { $0.entries }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(DeleteScanPayload.self) { payload in
            payload.field("deletedScanId") { $0.deletedScanID }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(ScanUploadPayload.self) { payload in
            payload.field("upload") { $0.upload }
            payload.field("userErrors") { $0.userErrors }
        }
    }

    // MARK: - Mutations

    /// What a scan mutation's preparation checked, before its transaction.
    struct Checked: Sendable {
        var image: ScanImage
        var symbols: [BarcodeReader.Symbol]
        var uploadToken: String?
    }

    private static func bindMutations(_ binder: inout SchemaBinder) {
        binder.mutation(
            "scanBarcode", input: ScanPhotoInput.self, access: .signedIn,
            prepare: { input, context in try await prepare(input, kind: .barcode, context) },
            { checked, scope in try await store(checked, kind: .barcode, scope) })
        binder.mutation(
            "scanReceipt", input: ScanPhotoInput.self, access: .signedIn,
            prepare: { input, context in try await prepare(input, kind: .receipt, context) },
            { checked, scope in try await store(checked, kind: .receipt, scope) })
        binder.mutation(
            "scanFood", input: ScanPhotoInput.self, access: .signedIn,
            prepare: { input, context in try await prepare(input, kind: .food, context) },
            { checked, scope in try await store(checked, kind: .food, scope) })
        binder.mutation("confirmFoodScan", input: ConfirmFoodScanInput.self, access: .signedIn) { input, scope in
            try await confirm(input, scope)
        }
        binder.mutation("deleteScan", input: DeleteScanInput.self, access: .signedIn) { input, scope in
            let viewer = try scope.requireViewer()
            guard try await ScanStore.delete(input.scanID, of: viewer.userID, in: scope.transaction) else {
                return DeleteScanPayload(failing: [UserError("scanId", "You have no such scan.", code: .notFound)])
            }
            return DeleteScanPayload(deleted: input.scanID)
        }
        binder.mutation("startUpload", input: StartUploadInput.self, access: .signedIn) { input, scope in
            let viewer = try scope.requireViewer()
            return ScanUploadPayload(
                upload: try await ScanUploads.start(totalBytes: input.totalBytes, userID: viewer.userID, now: Date(), in: scope.transaction))
        }
        binder.mutation("uploadChunk", input: UploadChunkInput.self, access: .signedIn) { input, scope in
            let viewer = try scope.requireViewer()
            switch try await ScanUploads.append(
                token: input.uploadID, offset: input.offset, bytes: input.chunk, userID: viewer.userID, in: scope.transaction)
            {
            case .accepted(let upload): return ScanUploadPayload(upload: upload)
            case .refused(let error): return ScanUploadPayload(failing: [error])
            }
        }
    }

    /// Before the transaction: the photo's bytes (sent, or assembled from an upload), the same
    /// photo sent before, then the checks and decoding on the scan workers (and, for barcodes,
    /// zbar). A refusal answers at once: nothing is stored.
    static func prepare(_ input: ScanPhotoInput, kind: ScanKind, _ context: RequestContext) async throws -> Preparation<Checked, ScanPayload> {
        let viewer = try context.requireViewer()
        let bytes: [UInt8]
        var declared: String?
        var token: String?
        switch input.source {
        case .image(let sent, let type):
            bytes = sent
            declared = type
        case .upload(let uploadToken):
            switch try await ScanUploads.assemble(token: uploadToken, userID: viewer.userID, in: context.database) {
            case .bytes(let assembled): bytes = assembled
            case .missing:
                return .answer(ScanPayload(failing: [UserError("uploadId", "You have no such upload, or it expired.", code: .notFound)]))
            case .incomplete(let upload):
                return .answer(
                    ScanPayload(failing: [
                        UserError(
                            "uploadId", "The upload has \(upload.receivedBytes) of \(upload.totalBytes) bytes; send the rest first.",
                            code: .invalidState)
                    ]))
            }
            token = uploadToken
        }
        if let error = ScanImage.precheck(bytes, declared: declared) { return .answer(ScanPayload(failing: [error])) }
        if let existing = try await ScanStore.same(userID: viewer.userID, kind: kind, sha256: Crypto.sha256(bytes), in: context.database) {
            return .answer(ScanPayload(scan: existing))
        }
        let (declaredType, uploadToken) = (declared, token)
        let outcome = await ScanWorkers.interactive.run { _ -> Result<Checked, UserError> in
            ScanImage.make(bytes, declared: declaredType).map { image in
                Checked(image: image, symbols: kind == .barcode ? BarcodeReader.read(image.grey) : [], uploadToken: uploadToken)
            }
        }
        switch outcome {
        case .success(let checked): return .proceed(checked)
        case .failure(let error): return .answer(ScanPayload(failing: [error]))
        }
    }

    /// In the transaction: the scan stored, `RECOGNISED`/`FAILED` for a barcode, `PENDING` for the
    /// rest (the workers take it from there).
    static func store(_ checked: Checked, kind: ScanKind, _ scope: MutationScope) async throws -> ScanPayload {
        let viewer = try scope.requireViewer()
        var scan = ScanStore.NewScan(userID: viewer.userID, kind: kind, status: .pending, image: checked.image, now: Date())
        if kind == .barcode {
            let products = checked.symbols.filter { $0.kind != .qr }
            if let symbol = products.first, let code = Barcode.normalized(symbol.data) {
                scan.status = .recognised
                scan.barcode = code
                scan.barcodeFormat = symbol.kind.rawValue
                scan.productID = try await ProductStore.active(barcode: code, in: scope.transaction)?.id
            } else if let symbol = checked.symbols.first {
                scan.status = .recognised
                scan.barcode = String(symbol.data.prefix(2000))
                scan.barcodeFormat = symbol.kind.rawValue
            } else {
                scan.status = .failed
                scan.failureReason = "No barcode could be read in the photo; fill the frame with the barcode, in focus."
            }
        }
        let record = try await ScanStore.insert(scan, in: scope.transaction)
        if let token = checked.uploadToken { try await ScanUploads.finish(token: token, userID: viewer.userID, in: scope.transaction) }
        return ScanPayload(scan: record)
    }

    /// `confirmFoodScan`: one diary entry per item, through the diary's own store and date rules.
    static func confirm(_ input: ConfirmFoodScanInput, _ scope: MutationScope) async throws -> ConfirmFoodScanPayload {
        let viewer = try scope.requireViewer()
        let database = scope.transaction
        guard let scan = try await ScanStore.lock(input.scanID, of: viewer.userID, in: database), scan.kind == .food else {
            return ConfirmFoodScanPayload(failing: [UserError("scanId", "You have no such food scan.", code: .notFound)])
        }
        guard scan.status == .recognised else {
            return ConfirmFoodScanPayload(failing: [UserError("scanId", "The scan is not recognised yet.", code: .invalidState)])
        }
        let window = try await DiaryCalendar.window(for: viewer.userID, in: database)
        if let date = input.date, let problem = window.problem(with: date, field: ["date"]) {
            return ConfirmFoodScanPayload(failing: [problem])
        }
        var errors: [UserError] = []
        var chosen: [(index: Int, productID: Int64, grams: Double?)] = []
        for (index, item) in input.items.enumerated() {
            if let candidateIndex = item.candidateIndex {
                guard scan.candidates.indices.contains(candidateIndex) else {
                    errors.append(UserError(field: ["items", String(index), "candidateIndex"], message: "The scan has no such candidate.", code: .outOfRange))
                    continue
                }
                let candidate = scan.candidates[candidateIndex]
                guard let productID = candidate.productID else {
                    errors.append(
                        UserError(
                            field: ["items", String(index), "candidateIndex"], message: "This candidate is not a catalog product; give `productId`.",
                            code: .notFound))
                    continue
                }
                chosen.append((index, productID, item.grams ?? candidate.portionGrams))
            } else if let productID = item.productID {
                chosen.append((index, productID, item.grams))
            }
        }
        let products = try await ProductStore.load(chosen.map(\.productID), from: database)
        let date = input.date ?? window.today
        var entries: [DiaryEntryRecord] = []
        for item in chosen {
            guard let product = products[item.productID], product.isActive else {
                errors.append(UserError(field: ["items", String(item.index), "productId"], message: "No such product.", code: .notFound))
                continue
            }
            let grams = item.grams ?? product.servingGrams ?? 100
            entries.append(
                try await DiaryEntryStore.insert(
                    DiaryEntryStore.NewEntry(
                        userID: viewer.userID, date: date, meal: input.meal, productID: product.id, foodName: product.name, quantity: grams,
                        unit: .gram, grams: grams, source: .photo, nutrition: EntryNutrition(per100: product.nutrition, grams: grams)),
                    in: database))
        }
        if !errors.isEmpty { return ConfirmFoodScanPayload(failing: errors) }
        try await ScanStore.markConfirmed(scan.id, in: database)
        guard let confirmed = try await ScanStore.load([scan.id], from: database)[scan.id] else {
            return ConfirmFoodScanPayload(failing: [UserError("scanId", "You have no such food scan.", code: .notFound)])
        }
        return ConfirmFoodScanPayload(scan: confirmed, entries: entries)
    }
}
