import Logging
import Synchronization

/// Keeps what is logged, for tests that check what the log says (and does not say).
public final class LogRecorder: Sendable {
    public struct Entry: Sendable {
        public let level: Logger.Level
        public let message: String
        public let metadata: [String: String]
    }

    private let stored = Mutex<[Entry]>([])
    private let level: Logger.Level
    public var entries: [Entry] { stored.withLock { $0 } }

    public init(level: Logger.Level = .trace) {
        self.level = level
    }

    public var logger: Logger {
        var logger = Logger(label: "test") { _ in Handler(recorder: self) }
        logger.logLevel = level
        return logger
    }

    fileprivate func append(_ entry: Entry) { stored.withLock { $0.append(entry) } }

    struct Handler: LogHandler {
        let recorder: LogRecorder
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { $1 }
            recorder.append(Entry(level: event.level, message: event.message.description, metadata: merged.mapValues { "\($0)" }))
        }
    }
}
