import Metrics
import Postgres
import Tracing

/// Loader batches as operators see them: their sizes in `foodgraph_dataloader_batch_size` (through
/// the process's swift-metrics backend) and, when tracing, a span per batch, the unit of work a
/// level of a query waits for.
enum LoaderObservation {
    static let batchSizeMetric = "foodgraph_dataloader_batch_size"

    static func observed<Value: Sendable>(
        _ key: String, _ batch: @escaping @Sendable ([Int64]) async throws -> [Int64: Value]
    ) -> @Sendable ([Int64]) async throws -> [Int64: Value] {
        let name = metricName(key)
        return { ids in
            Recorder(label: batchSizeMetric, dimensions: [("loader", name)]).record(ids.count)
            guard StatementTracing.isEnabled else { return try await batch(ids) }
            return try await withSpan("loader \(name)") { span in
                span.attributes["foodgraph.loader.keys"] = ids.count
                return try await batch(ids)
            }
        }
    }

    /// The loader's name without the arguments some keys carry (`catalog.prices(first: 3)`), so
    /// that the label has one value per loader, not per argument.
    static func metricName(_ key: String) -> String {
        // Bytes, not Characters: loaders are made for every request, and keys are ASCII.
        let nameEnd = key.utf8.firstIndex { byte in
            !((byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2E || byte == 0x5F)
        } ?? key.endIndex
        return String(key[..<nameEnd].prefix(64))
    }
}
