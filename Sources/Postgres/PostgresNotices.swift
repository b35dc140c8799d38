import CLibPQ
import Logging

/// Receives what the server says outside results on one connection: notices and warnings
/// ("database … does not exist, skipping" after `DROP DATABASE IF EXISTS`), and the `FATAL` an idle
/// connection gets when its backend is terminated or the server shuts down. libpq's default prints
/// them to standard error, where they drown the messages that matter; here they go to the logger
/// at debug level (`LOG_LEVEL=debug` shows them). Errors that matter reach the caller anyway: a
/// failed statement throws, and a connection that died is noticed and replaced by the pool.
final class NoticeReceiver: Sendable {
    let logger: Logger

    init(logger: Logger) {
        self.logger = logger
    }

    /// Makes `handle` deliver its notices here. The receiver must outlive the connection:
    /// `ConnectionHandle` keeps it until after `PQfinish`.
    func install(on handle: OpaquePointer) {
        PQsetNoticeReceiver(
            handle,
            { context, result in
                guard let context, let result else { return }
                Unmanaged<NoticeReceiver>.fromOpaque(context).takeUnretainedValue().receive(result)
            },
            Unmanaged.passUnretained(self).toOpaque())
    }

    private func receive(_ result: OpaquePointer) {
        func field(_ code: Character) -> String? {
            guard let pointer = PQresultErrorField(result, Int32(code.asciiValue!)) else { return nil }
            return String(cString: pointer)
        }
        guard logger.logLevel <= .debug else { return }
        let severity = field("V") ?? field("S") ?? "NOTICE"
        var metadata: Logger.Metadata = ["severity": "\(severity)"]
        if let code = field("C") { metadata["sqlstate"] = "\(code)" }
        if let detail = field("D") { metadata["detail"] = "\(detail)" }
        if let hint = field("H") { metadata["hint"] = "\(hint)" }
        logger.debug("postgres: \(field("M") ?? "notice")", metadata: metadata)
    }
}
