import Foundation
import Logging
import Postgres

/// The slow recognitions (receipt OCR, food photos) run after the mutation answers: the scan is
/// stored `PENDING`; a server's job claims pending scans (`FOR UPDATE SKIP LOCKED`, so several
/// servers share the queue), marks them `PROCESSING`, reads them on the scan workers (one per core,
/// off the event loops) and stores `RECOGNISED` with the result, or `FAILED` with the reason. The
/// client polls `node(id:)`; a `scanReady` notification tells of the result.
///
/// (The kitchen issue's general job runner was not on main when this was written; this queue is
/// the scans table itself and can move onto it later.)
enum ScanRecognition {
    /// How often a server looks for pending scans.
    static let pollInterval: Duration = .milliseconds(500)

    /// Recognises pending scans until none is left; returns how many it handled.
    @discardableResult
    static func runPending(
        in database: PostgresDatabase, recogniser: any FoodRecogniser = FoodRecognisers.configured(), logger: Logger? = nil
    ) async throws -> Int {
        var handled = 0
        while true {
            let claimed = try await ScanStore.claim(limit: ScanWorkers.background.count, in: database)
            if claimed.isEmpty { return handled }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for scan in claimed {
                    group.addTask { try await process(scan, recogniser: recogniser, in: database, logger: logger) }
                }
                try await group.waitForAll()
            }
            handled += claimed.count
        }
    }

    static func process(_ scan: ScanStore.Claimed, recogniser: any FoodRecogniser, in database: PostgresDatabase, logger: Logger?) async throws {
        let stored = scan.image
        let decoded = await ScanWorkers.background.run { _ -> Result<ScanImage, UserError> in ScanImage.make(stored, declared: nil) }
        guard case .success(let image) = decoded else {
            try await ScanStore.failed(scan.id, reason: "The stored image does not decode.", in: database)
            return
        }
        var receipt: ParsedReceipt?
        var candidates: [FoodCandidate]?
        var recogniserName: String?
        do {
            switch scan.kind {
            case .receipt:
                let grey = image.grey
                guard let text = await ScanWorkers.background.run({ worker in worker.textReader?.read(grey, layout: .column) }) else {
                    try await ScanStore.failed(scan.id, reason: "Text recognition (Tesseract) is not available on this server.", in: database)
                    return
                }
                let parsed = ReceiptParser.parse(text)
                guard !parsed.lines.isEmpty || parsed.totalCents != nil else {
                    try await ScanStore.failed(
                        scan.id, reason: "No prices could be read on the receipt; photograph it flat, whole and in good light.", in: database)
                    return
                }
                receipt = parsed
                recogniserName = "tesseract"
            case .food:
                candidates = try await recogniser.recognise(image, userID: scan.userID, in: database)
                recogniserName = recogniser.name
            case .barcode:
                // Barcodes are read in their mutation; one here was stored by an older server.
                try await ScanStore.failed(scan.id, reason: "Barcode scans are read when they are sent.", in: database)
                return
            }
        } catch {
            logger?.warning("scan recognition failed", metadata: ["scan": "\(scan.id)", "error": "\(error)"])
            try await ScanStore.failed(scan.id, reason: "Recognition failed: \(error)", in: database)
            return
        }
        try await database.withTransaction { transaction in
            guard
                try await ScanStore.recognised(
                    scan.id, receipt: receipt, candidates: candidates, recogniser: recogniserName, in: transaction)
            else { return }
            let what = scan.kind == .receipt ? "receipt" : "food photo"
            let found =
                scan.kind == .receipt
                ? "\(receipt?.lines.count ?? 0) lines read; check them before you keep the receipt."
                : "\(candidates?.count ?? 0) suggestions; confirm what you ate."
            try await Notifications.post(
                NewNotification(
                    kind: .scanReady, userID: scan.userID, title: "Your \(what) is recognised", body: found,
                    subjectID: GlobalID(typeName: ScanRecord.graphQLTypeName, key: scan.id), dedupeKey: "scan:\(scan.id)"),
                in: transaction)
        }
    }

    static let job = PeriodicJob("scans.recognise", every: pollInterval) { database, logger in
        try await runPending(in: database, recogniser: jobRecogniser, logger: logger)
    }

    /// Read from the environment once: the job polls twice a second, and reading the environment
    /// copies all of it.
    private static let jobRecogniser = FoodRecognisers.configured()
}

/// A scan's image and recognition are kept one week (Scan&Cook: "recognition kept one week"),
/// then deleted by a job, with the unfinished uploads of the day before. `now` is a parameter so
/// tests move the clock.
enum ScanRetention {
    static let keptFor: TimeInterval = 7 * 24 * 3600

    @discardableResult
    static func purge(now: Date = Date(), in database: PostgresDatabase) async throws -> (scans: Int, uploads: Int) {
        (try await ScanStore.purge(expiredAt: now, in: database), try await ScanUploads.purge(expiredAt: now, in: database))
    }

    static let job = PeriodicJob("scans.retention", every: .seconds(3600)) { database, logger in
        let purged = try await purge(in: database)
        if purged.scans + purged.uploads > 0 {
            logger.info("purged expired scans", metadata: ["scans": "\(purged.scans)", "uploads": "\(purged.uploads)"])
        }
    }
}
