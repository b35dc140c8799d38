import Foundation
import GraphQLEngine
import Testing

@testable import FoodGraph

/// The figures of docs/performance.md's scans section. They measure time, so they run only when
/// asked: `FOODGRAPH_SCAN_BENCH=1 tools/test --filter ScanBenchmarkTests` (a release build gives
/// the figures to quote: `FOODGRAPH_SCAN_BENCH=1 swift test -c release --filter ScanBenchmarkTests`).
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["FOODGRAPH_SCAN_BENCH"] == "1"))
struct ScanBenchmarkTests {
    static func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }

    @Test func barcodeScanOfA12MegapixelJPEG() async throws {
        let photo = try ScanCorpus.photo(code: "5901234123457", width: 4032, height: 3024)
        var times: [Double] = []
        for _ in 0..<10 {
            let start = ContinuousClock.now
            let codes = await ScanWorkers.interactive.run { _ -> [String] in
                guard case .success(let image) = ScanImage.make(photo, declared: nil) else { return [] }
                return BarcodeReader.read(image.grey).map(\.data)
            }
            times.append(Double((ContinuousClock.now - start).components.attoseconds) / 1e15 + Double((ContinuousClock.now - start).components.seconds) * 1000)
            #expect(codes.contains("5901234123457"))
        }
        print("SCANBENCH barcode 12MP JPEG (\(photo.count) bytes): p50 \(Self.percentile(times, 0.5)) ms, max \(times.max()!) ms")
    }

    @Test func receiptOCRAndAPlainQueryWhileFourRun() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let token = try await api.signUp("bench@example.com")
        let directory = ScanCorpus.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try ScanCorpus.make(["receipts", directory.path, "8", "5"])
        let files = try ScanCorpus.manifest(directory).map { directory.appendingPathComponent($0["file"] as? String ?? "") }
        let greys = try files.map { file -> GreyImage in
            guard case .success(let image) = ScanImage.make([UInt8](try Data(contentsOf: file)), declared: nil) else { throw CancellationError() }
            return image.grey
        }
        var ocr: [Double] = []
        for grey in greys {
            let start = ContinuousClock.now
            _ = await ScanWorkers.background.run { worker in worker.textReader?.read(grey, layout: .column) ?? "" }
            let elapsed = ContinuousClock.now - start
            ocr.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
        }
        print("SCANBENCH receipt OCR (640 px wide, leptonica + Tesseract): p50 \(Self.percentile(ocr, 0.5)) ms, max \(ocr.max()!) ms")

        func queryTimes(_ count: Int) async throws -> [Double] {
            var times: [Double] = []
            for _ in 0..<count {
                let start = ContinuousClock.now
                _ = try await api.run("{ me { id email } }", token: token)
                let elapsed = ContinuousClock.now - start
                times.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
            }
            return times
        }
        _ = try await queryTimes(50)
        let idle = try await queryTimes(300)
        let busy = try await withThrowingTaskGroup(of: [Double]?.self) { group in
            for index in 0..<4 {
                group.addTask {
                    for round in 0..<3 {
                        let grey = greys[(index + round) % greys.count]
                        _ = await ScanWorkers.background.run { worker in worker.textReader?.read(grey, layout: .column) ?? "" }
                    }
                    return nil
                }
            }
            group.addTask {
                try await Task.sleep(for: .milliseconds(200))
                return try await queryTimes(300)
            }
            var result: [Double] = []
            for try await times in group { if let times { result = times } }
            return result
        }
        let idleP99 = Self.percentile(idle, 0.99)
        let busyP99 = Self.percentile(busy, 0.99)
        print("SCANBENCH plain query p99: idle \(idleP99) ms, while four OCR jobs run \(busyP99) ms (\(busyP99 / idleP99)×)")
    }
}
