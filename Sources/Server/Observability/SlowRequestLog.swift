import Foundation
import Logging

/// The slow-request log: one warning per request above the threshold, with what an operator needs
/// to see where its time went (operation, cost, every statement's duration, the transactions' wait
/// for a connection). Never variables, tokens or parameter values: the statements are logged as
/// written, with their placeholders.
enum SlowRequestLog {
    /// Statements listed per request; a request that ran more says how many were left out.
    static let statementLimit = 50
    /// Characters kept of a statement's text.
    static let statementLength = 300

    static func write(
        operationType: String, operationName: String?, seconds: Double, requestID: String,
        observation: RequestObservation?, logger: Logger
    ) {
        var metadata: Logger.Metadata = [
            "request_id": "\(requestID)", "operation": "\(observation?.operationName ?? operationName.flatMap { OperationNameLimiter.isValid($0) ? $0 : nil } ?? "-")",
            "type": "\(operationType)", "duration_ms": "\(String(format: "%.2f", seconds * 1000))",
        ]
        if let cost = observation?.selected?.cost {
            metadata["cost"] = "\(cost.cost)"
            metadata["depth"] = "\(cost.depth)"
        }
        let report = observation?.sqlReport?() ?? SQLReport()
        let timings = report.statements
        metadata["sql_statements"] = "\(timings.count)"
        metadata["sql_ms"] = "\(String(format: "%.2f", timings.reduce(0) { $0 + $1.milliseconds }))"
        metadata["pool_wait_ms"] = "\(String(format: "%.2f", report.connectionWaitMilliseconds))"
        metadata["sql"] = .array(
            timings.prefix(statementLimit).map { timing in
                .string(String(format: "%.2f ms ", timing.milliseconds) + compact(timing.statement))
            })
        if timings.count > statementLimit { metadata["sql_omitted"] = "\(timings.count - statementLimit)" }
        logger.warning("slow graphql request", metadata: metadata)
    }

    /// The statement on one line, shortened: enough to recognise it.
    static func compact(_ statement: String) -> String {
        let words = statement.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
        let line = words.joined(separator: " ")
        return line.count > statementLength ? String(line.prefix(statementLength)) + "…" : line
    }
}
