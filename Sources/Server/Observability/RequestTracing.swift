import HTTPTypes
import Hummingbird
import Instrumentation
import Tracing

extension Observability {
    /// Runs a GraphQL request with its observation and, when tracing, inside a server span that
    /// continues the caller's trace (W3C `traceparent`). Spans of loader batches and SQL round
    /// trips started below it become its children.
    func observe(_ request: Request, _ body: () async -> Response) async -> Response {
        let observation = RequestObservation()
        guard Self.isTracing else {
            return await RequestObservation.$current.withValue(observation) { await body() }
        }
        var context = ServiceContext.topLevel
        InstrumentationSystem.instrument.extract(request.headers, into: &context, using: HTTPFieldsExtractor())
        let span = startSpan("GraphQL", context: context, ofKind: .server)
        span.attributes["http.request.method"] = request.method.rawValue
        span.attributes["url.path"] = request.uri.path
        let response = await ServiceContext.withValue(span.context) {
            await RequestObservation.$current.withValue(observation) { await body() }
        }
        if let selected = observation.selected {
            let type = selected.operation.operation.rawValue
            span.attributes["graphql.operation.type"] = type
            if let name = observation.operationName {
                span.attributes["graphql.operation.name"] = name
                span.operationName = "\(type) \(name)"
            } else {
                span.operationName = type
            }
        }
        span.attributes["http.response.status_code"] = Int(response.status.code)
        if response.status.code >= 500 { span.setStatus(SpanStatus(code: .error)) }
        span.end()
        return response
    }
}

/// Reads propagation headers (`traceparent`, `tracestate`, `baggage`) from a request.
struct HTTPFieldsExtractor: Extractor {
    func extract(key: String, from carrier: HTTPFields) -> String? {
        guard let name = HTTPField.Name(key) else { return nil }
        return carrier[name]
    }
}
