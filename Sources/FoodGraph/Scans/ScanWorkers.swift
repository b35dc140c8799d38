import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A bounded pool where scans' CPU work runs (decoding a photo, zbar, leptonica, Tesseract), never
/// on an event loop's thread nor one of Swift's cooperative threads. Two of them, so that a request
/// never waits behind a receipt: `interactive` does what a mutation answers with (an image's checks
/// and decoding, a barcode read), `background` the recognitions the job runs after the answer
/// (receipt OCR, food photos), at the lowest priority (nice 19). Each has one thread fewer than
/// the cores (at least one), so a core stays free to answer requests. Each worker keeps its own
/// Tesseract engine for the next job (`OMP_THREAD_LIMIT=1`: one thread each).
final class ScanWorkers: Sendable {
    static let interactive = ScanWorkers(count: max(1, ProcessInfo.processInfo.activeProcessorCount - 1), lowPriority: false)
    static let background = ScanWorkers(count: max(1, ProcessInfo.processInfo.activeProcessorCount - 1), lowPriority: true)

    /// A worker's thread-confined state: only the worker's queue touches it.
    final class Worker: @unchecked Sendable {
        let queue: DispatchQueue
        private var reader: TextReader?
        private var loadedReader = false
        private var lowered = false

        init(index: Int, lowPriority: Bool) {
            queue = DispatchQueue(label: "foodgraph.scan-worker.\(lowPriority ? "background" : "interactive").\(index)")
            lowered = !lowPriority
        }

        /// The worker's Tesseract engine, made on first use; nil when Tesseract is unavailable.
        var textReader: TextReader? {
            if !loadedReader {
                loadedReader = true
                reader = TextReader()
            }
            return reader
        }

        fileprivate func lowerPriority() {
            guard !lowered else { return }
            lowered = true
            #if os(Linux)
                // On Linux a nice value is per thread: 0 names the calling one.
                _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
            #endif
        }
    }

    let count: Int
    private let state: Mutex<(idle: [Worker], waiting: [CheckedContinuation<Worker, Never>])>

    init(count: Int, lowPriority: Bool) {
        setenv("OMP_THREAD_LIMIT", "1", 0)
        self.count = count
        state = Mutex((idle: (0..<count).map { Worker(index: $0, lowPriority: lowPriority) }, waiting: []))
    }

    /// Runs `body` on a free worker (waiting for one when all are busy) and returns its result.
    func run<Value: Sendable>(_ body: @escaping @Sendable (Worker) -> Value) async -> Value {
        let worker = await acquire()
        let value = await withCheckedContinuation { continuation in
            worker.queue.async {
                worker.lowerPriority()
                continuation.resume(returning: body(worker))
            }
        }
        release(worker)
        return value
    }

    private func acquire() async -> Worker {
        await withCheckedContinuation { continuation in
            let worker = state.withLock { state -> Worker? in
                if let worker = state.idle.popLast() { return worker }
                state.waiting.append(continuation)
                return nil
            }
            if let worker { continuation.resume(returning: worker) }
        }
    }

    private func release(_ worker: Worker) {
        let waiter = state.withLock { state -> CheckedContinuation<Worker, Never>? in
            if state.waiting.isEmpty {
                state.idle.append(worker)
                return nil
            }
            return state.waiting.removeFirst()
        }
        waiter?.resume(returning: worker)
    }
}
