import Synchronization

/// Request metrics in Prometheus text exposition format.
final class ServerMetrics: Sendable {
    static let latencyBuckets: [Double] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    private struct State {
        var requests: [String: Int] = [:]
        var errorsByCode: [String: Int] = [:]
        var latencyCounts = [Int](repeating: 0, count: ServerMetrics.latencyBuckets.count)
        var latencySum = 0.0
        var latencyCount = 0
        var sqlStatements = 0
        var loaderBatches = 0
    }

    private let state = Mutex(State())

    func record(operationType: String, outcome: String, seconds: Double, errorCodes: [String], sqlStatements: Int, loaderBatches: Int) {
        state.withLock { state in
            state.requests["operation_type=\"\(operationType)\",outcome=\"\(outcome)\"", default: 0] += 1
            for code in errorCodes { state.errorsByCode[code, default: 0] += 1 }
            for (index, bound) in Self.latencyBuckets.enumerated() where seconds <= bound { state.latencyCounts[index] += 1 }
            state.latencySum += seconds
            state.latencyCount += 1
            state.sqlStatements += sqlStatements
            state.loaderBatches += loaderBatches
        }
    }

    func exposition() -> String {
        state.withLock { state in
            var lines: [String] = []
            lines.append("# HELP foodgraph_requests_total GraphQL requests by operation type and outcome.")
            lines.append("# TYPE foodgraph_requests_total counter")
            for (labels, count) in state.requests.sorted(by: { $0.key < $1.key }) {
                lines.append("foodgraph_requests_total{\(labels)} \(count)")
            }
            lines.append("# HELP foodgraph_errors_total GraphQL errors by code.")
            lines.append("# TYPE foodgraph_errors_total counter")
            for (code, count) in state.errorsByCode.sorted(by: { $0.key < $1.key }) {
                lines.append("foodgraph_errors_total{code=\"\(code)\"} \(count)")
            }
            lines.append("# HELP foodgraph_request_duration_seconds Time to answer a GraphQL request.")
            lines.append("# TYPE foodgraph_request_duration_seconds histogram")
            for (index, bound) in Self.latencyBuckets.enumerated() {
                lines.append("foodgraph_request_duration_seconds_bucket{le=\"\(bound)\"} \(state.latencyCounts[index])")
            }
            lines.append("foodgraph_request_duration_seconds_bucket{le=\"+Inf\"} \(state.latencyCount)")
            lines.append("foodgraph_request_duration_seconds_sum \(state.latencySum)")
            lines.append("foodgraph_request_duration_seconds_count \(state.latencyCount)")
            lines.append("# HELP foodgraph_sql_statements_total SQL statements run for GraphQL requests.")
            lines.append("# TYPE foodgraph_sql_statements_total counter")
            lines.append("foodgraph_sql_statements_total \(state.sqlStatements)")
            lines.append("# HELP foodgraph_dataloader_batches_total DataLoader batches dispatched.")
            lines.append("# TYPE foodgraph_dataloader_batches_total counter")
            lines.append("foodgraph_dataloader_batches_total \(state.loaderBatches)")
            return lines.joined(separator: "\n") + "\n"
        }
    }
}
