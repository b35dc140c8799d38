import Foundation
import Testing

@testable import FoodGraph

/// Must show (issue #28): the recognisers on a corpus the project makes itself
/// (`tools/scan-corpus.py`: barcodes drawn by zint, receipts rendered from text with DejaVu Sans
/// Mono, in clean, rotated, blurred and noisy variants).
@Suite struct ScanCorpusTests {
    static func grey(_ file: URL) throws -> GreyImage? {
        guard case .success(let image) = ScanImage.make([UInt8](try Data(contentsOf: file)), declared: nil) else { return nil }
        return image.grey
    }

    @Test func barcodesAreReadOnAtLeast98PercentOfTheCleanAndRotatedSets() async throws {
        let directory = ScanCorpus.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try ScanCorpus.make(["barcodes", directory.path, "50", "28"])
        var read: [String: (hits: Int, total: Int)] = [:]
        for item in try ScanCorpus.manifest(directory) {
            let set = item["set"] as? String ?? ""
            let file = directory.appendingPathComponent(item["file"] as? String ?? "")
            let codes = await ScanWorkers.interactive.run { _ in
                (try? Self.grey(file)).flatMap { $0 }.map { BarcodeReader.read($0).compactMap { Barcode.normalized($0.data) } } ?? []
            }
            let hit = codes.contains(item["code"] as? String ?? "-")
            read[set, default: (0, 0)].hits += hit ? 1 : 0
            read[set, default: (0, 0)].total += 1
        }
        for (set, result) in read {
            let rate = Double(result.hits) / Double(result.total)
            print("barcode read rate, \(set): \(result.hits)/\(result.total)")
            #expect(rate >= 0.98, "\(set): \(result.hits) of \(result.total)")
        }
        #expect(read.keys.sorted() == ["clean", "rotated"])
    }

    @Test func receiptLinesAndTotalAreRecoveredOnAtLeast90PercentOfTheRenderedReceipts() async throws {
        let directory = ScanCorpus.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try ScanCorpus.make(["receipts", directory.path, "20", "28"])
        var recovered = 0
        let items = try ScanCorpus.manifest(directory)
        for item in items {
            let file = directory.appendingPathComponent(item["file"] as? String ?? "")
            let text = await ScanWorkers.background.run { worker in
                (try? Self.grey(file)).flatMap { $0 }.map { worker.textReader?.read($0, layout: .column) ?? "" } ?? ""
            }
            let parsed = ReceiptParser.parse(text)
            let expected = (item["lines"] as? [[String: Any]]) ?? []
            let prices = expected.compactMap { $0["cents"] as? Int }
            let names = expected.compactMap { $0["text"] as? String }
            let ok = parsed.totalCents == item["total"] as? Int && parsed.lines.map(\.priceCents) == prices
                && zip(parsed.lines.map(\.text), names).allSatisfy { Self.similar($0, $1) }
            if ok { recovered += 1 } else { print("receipt not recovered: \(item["file"] ?? "")\n\(text)") }
        }
        print("receipts recovered: \(recovered)/\(items.count)")
        #expect(Double(recovered) / Double(items.count) >= 0.9, "\(recovered) of \(items.count)")
    }

    /// Whether OCR'd text is the printed line but for a character or two.
    static func similar(_ read: String, _ printed: String) -> Bool {
        let a = Array(read.uppercased())
        let b = Array(printed.uppercased())
        var previous = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...max(1, b.count) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count] <= max(1, b.count / 10)
    }
}
