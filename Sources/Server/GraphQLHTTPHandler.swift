import Foundation
import GraphQLEngine
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// GraphQL over HTTP (the GraphQL-over-HTTP draft and graphql-http's audit): parameters from GET or
/// POST, media type negotiation, document cache, persisted queries, limits, execution with a
/// deadline, and the response with the status code the negotiated media type calls for.
struct GraphQLHTTPHandler: Sendable {
    let application: any GraphQLApplication
    let configuration: ServerConfiguration
    let documents: DocumentCache
    let persistedQueries: PersistedQueryStore
    let metrics: ServerMetrics
    let logger: Logger
    let deadlines: RequestDeadlines

    init(
        application: any GraphQLApplication, configuration: ServerConfiguration, documents: DocumentCache,
        persistedQueries: PersistedQueryStore, metrics: ServerMetrics, logger: Logger
    ) {
        self.application = application
        self.configuration = configuration
        self.documents = documents
        self.persistedQueries = persistedQueries
        self.metrics = metrics
        self.logger = logger
        self.deadlines = RequestDeadlines(timeout: configuration.requestTimeout)
    }

    enum MediaType: String {
        case graphQLResponse = "application/graphql-response+json"
        case json = "application/json"

        var contentType: String {
            switch self {
            case .graphQLResponse: "application/graphql-response+json; charset=utf-8"
            case .json: "application/json; charset=utf-8"
            }
        }
    }

    static let requestIDField = HTTPField.Name("X-Request-Id")!

    /// A refusal before GraphQL starts: an HTTP status with one error.
    struct Refusal: Error {
        var status: HTTPResponse.Status
        var message: String
        var code: String
        var headers: HTTPFields = [:]
    }

    /// Answers a GraphQL request. `inTaskOfItsOwn`: nothing else runs in the calling task, so
    /// the request's deadline may cancel it rather than a child task made for the request.
    /// `receivedBody`: the whole body, already read (else it is read from the request).
    func respond(
        to request: Request, context: some RequestContext, inTaskOfItsOwn: Bool = false, receivedBody: ByteBuffer? = nil
    ) async -> Response {
        let started = ContinuousClock.now
        let requestID = Self.requestID(from: request.headers.value(of: Self.requestIDField))
        var operationType = "unknown"
        var operationName: String?
        var errorCodes: [String] = []
        var sqlStatements = 0
        var sqlMilliseconds = 0.0
        var batches = 0
        let mediaType: MediaType
        var response: Response
        do {
            mediaType = try Self.negotiate(accept: request.headers.value(of: .accept))
            do {
                let parameters = try await parameters(of: request, receivedBody: receivedBody)
                operationName = parameters.operationName
                let client = RequestInfo(
                    requestID: requestID, bearerToken: Self.bearerToken(request.headers.value(of: .authorization)), operationType: .query,
                    clientAddress: clientAddress(of: request, peer: (context as? any RemoteAddressRequestContext)?.remoteAddress),
                    userAgent: request.headers.value(of: .userAgent).map { String($0.prefix(256)) })
                let outcome = try await run(
                    parameters, isGET: request.method == .get, mediaType: mediaType, client: client, inTaskOfItsOwn: inTaskOfItsOwn)
                operationType = outcome.operationType ?? "unknown"
                errorCodes = outcome.result.errors.map { $0.code ?? "GRAPHQL_ERROR" }
                sqlStatements = outcome.sqlStatements
                sqlMilliseconds = outcome.sqlMilliseconds
                batches = outcome.loaderBatches
                response = Self.response(outcome.result, status: outcome.status, mediaType: mediaType, requestID: requestID)
            } catch let refusal as Refusal {
                errorCodes = [refusal.code]
                response = Self.refusalResponse(refusal, mediaType: mediaType, requestID: requestID)
            }
        } catch let refusal as Refusal {
            errorCodes = [refusal.code]
            response = Self.refusalResponse(refusal, mediaType: .json, requestID: requestID)
        } catch {
            errorCodes = ["INTERNAL_SERVER_ERROR"]
            logger.error("request failed", metadata: ["request_id": "\(requestID)", "error": "\(String(describing: type(of: error)))"])
            response = Self.refusalResponse(
                Refusal(status: .internalServerError, message: "Internal server error.", code: "INTERNAL_SERVER_ERROR"),
                mediaType: .json, requestID: requestID)
        }
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let outcome = response.status.code < 400 && errorCodes.isEmpty ? "success" : (response.status.code < 400 ? "partial" : "refused")
        metrics.record(
            operationType: operationType, operationName: operationName, outcome: outcome, seconds: seconds, errorCodes: errorCodes,
            sqlStatements: sqlStatements, loaderBatches: batches, logger: logger, requestID: requestID)
        // One line per request; never variables, tokens or passwords.
        logger.info(
            "graphql request",
            metadata: [
                "request_id": "\(requestID)", "operation": "\(operationName ?? "-")", "type": "\(operationType)",
                "status": "\(response.status.code)", "duration_ms": "\(String(format: "%.2f", seconds * 1000))",
                "sql_statements": "\(sqlStatements)", "sql_ms": "\(String(format: "%.2f", sqlMilliseconds))",
                "errors": "\(errorCodes.joined(separator: ","))",
            ])
        return response
    }

    // MARK: - Parameters

    private func parameters(of request: Request, receivedBody: ByteBuffer?) async throws -> GraphQLRequestParameters {
        switch request.method {
        case .get:
            let query = request.uri.query ?? ""
            guard query.utf8.count <= configuration.maxQueryStringBytes else {
                throw Refusal(
                    status: .uriTooLong, message: "The URL is longer than \(configuration.maxQueryStringBytes) bytes; use POST.",
                    code: "REQUEST_TOO_LARGE")
            }
            do {
                return try GraphQLRequestParameters(queryString: query)
            } catch {
                throw Refusal(status: .badRequest, message: error.message, code: "BAD_REQUEST")
            }
        case .post:
            let contentType = request.headers.value(of: .contentType) ?? ""
            // What nearly every client sends skips the parsing (and its allocations) below.
            if contentType != "application/json" { try Self.checkMediaType(contentType.lowercased()) }
            let buffer: ByteBuffer
            do {
                // A body read whole before (the usual case) is taken as it is: reading it again
                // through the request's stream cost nine executor hops a request (docs/performance.md).
                if let receivedBody, receivedBody.readableBytes <= configuration.maxBodyBytes {
                    buffer = receivedBody
                } else {
                    buffer = try await request.body.collect(upTo: configuration.maxBodyBytes)
                }
            } catch {
                throw Refusal(
                    status: .contentTooLarge, message: "The request body is larger than \(configuration.maxBodyBytes) bytes.",
                    code: "REQUEST_TOO_LARGE")
            }
            let json: GraphQLValue
            do {
                json = try JSONBody.parse(Array(buffer.readableBytesView))
            } catch {
                throw Refusal(status: .badRequest, message: error.message, code: "BAD_REQUEST")
            }
            do {
                return try GraphQLRequestParameters(json: json)
            } catch {
                throw Refusal(status: .badRequest, message: error.message, code: "BAD_REQUEST")
            }
        default:
            throw Refusal(
                status: .methodNotAllowed, message: "Use GET or POST.", code: "METHOD_NOT_ALLOWED",
                headers: [.allow: "GET, POST"])
        }
    }

    private static func checkMediaType(_ contentType: String) throws {
        let mediaType = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard mediaType == "application/json" || mediaType == "application/graphql-response+json" else {
            throw Refusal(
                status: .unsupportedMediaType, message: "Send the request as application/json.",
                code: "UNSUPPORTED_MEDIA_TYPE")
        }
        if let charset = contentType.split(separator: ";").dropFirst().first(where: { $0.contains("charset") }),
            !charset.replacingOccurrences(of: " ", with: "").hasSuffix("=utf-8")
        {
            throw Refusal(status: .unsupportedMediaType, message: "Only UTF-8 is accepted.", code: "UNSUPPORTED_MEDIA_TYPE")
        }
    }

    // MARK: - GraphQL

    struct Outcome {
        var result: ExecutionResult
        var status: HTTPResponse.Status
        var operationType: String?
        var sqlStatements = 0
        var sqlMilliseconds = 0.0
        var loaderBatches = 0
        /// The executor stopped at the deadline: answered as a request past its deadline.
        var timedOut = false
    }

    /// Runs a request within `requestTimeout`: preparing the document, checking its limits,
    /// making its context and executing it. Past the deadline the work is cancelled (the executor
    /// stops at its next check, the SQL under way is cancelled on the server) and the request is
    /// answered `TIMEOUT`.
    private func run(
        _ parameters: GraphQLRequestParameters, isGET: Bool, mediaType: MediaType, client: RequestInfo, inTaskOfItsOwn: Bool
    ) async throws -> Outcome {
        let timeout = configuration.requestTimeout
        let deadline = ContinuousClock.now + timeout
        let progress = RequestProgress()
        @Sendable func watched() async -> (value: Result<Outcome, any Error>, expired: Bool) {
            await deadlines.run {
                do {
                    return .success(
                        try await runWithoutDeadline(
                            parameters, isGET: isGET, mediaType: mediaType, client: client, deadline: deadline, progress: progress))
                } catch {
                    return .failure(error)
                }
            }
        }
        let finished: (value: Result<Outcome, any Error>, expired: Bool)
        if inTaskOfItsOwn {
            finished = await watched()
        } else {
            // A child task, so that the deadline cancels this request's work only: the
            // connection's task goes on to its next request.
            async let child = watched()
            finished = await child
        }
        // The executor stops at the deadline by itself, and may answer before the watch does.
        if !finished.expired {
            let outcome = try finished.value.get()
            if !outcome.timedOut { return outcome }
        }
        let error = GraphQLError(
            "The request took longer than \(timeout) and was cancelled.",
            extensions: GraphQLObject([("code", .string("TIMEOUT")), ("requestId", .string(client.requestID))]))
        let counted = progress.sql()
        return Outcome(
            result: .failure([error]), status: mediaType == .graphQLResponse ? .gatewayTimeout : .ok,
            operationType: progress.operationType, sqlStatements: counted.statements, sqlMilliseconds: counted.milliseconds)
    }

    private func runWithoutDeadline(
        _ parameters: GraphQLRequestParameters, isGET: Bool, mediaType: MediaType, client: RequestInfo,
        deadline: ContinuousClock.Instant, progress: RequestProgress
    ) async throws -> Outcome {
        let requestID = client.requestID
        let requestErrorStatus: HTTPResponse.Status = mediaType == .graphQLResponse ? .badRequest : .ok
        let query = try await resolveDocumentText(parameters)
        let prepared = documents.prepared(query)
        if !prepared.errors.isEmpty {
            return Outcome(result: .failure(prepared.errors.map { withRequestID($0, requestID) }), status: requestErrorStatus)
        }
        let operation: OperationDefinitionNode
        do {
            operation = try selectOperation(in: prepared.document, named: parameters.operationName)
        } catch {
            return Outcome(result: .failure([withRequestID(error, requestID)]), status: requestErrorStatus)
        }
        progress.operationType = operation.operation.rawValue
        RequestObservation.current?.select(
            operation, in: prepared.document, variables: parameters.variables, limits: configuration.limits,
            schema: application.executable.schema)
        if isGET && operation.operation != .query {
            throw Refusal(
                status: .methodNotAllowed, message: "Only queries may be sent with GET; send mutations with POST.",
                code: "METHOD_NOT_ALLOWED", headers: [.allow: "POST"])
        }
        if operation.operation == .subscription {
            let error = GraphQLError(
                "Subscriptions are not served over plain HTTP; use the WebSocket transport.",
                locations: [operation.location.sourceLocation],
                extensions: GraphQLObject([("code", .string("SUBSCRIPTION_NOT_SUPPORTED_OVER_HTTP"))]))
            return Outcome(
                result: .failure([withRequestID(error, requestID)]), status: requestErrorStatus,
                operationType: operation.operation.rawValue)
        }
        if let limitError = prepared.limitError(
            of: operation, limits: configuration.limits, schema: application.executable.schema, variables: parameters.variables)
        {
            return Outcome(
                result: .failure([withRequestID(limitError, requestID)]), status: requestErrorStatus,
                operationType: operation.operation.rawValue)
        }
        let preparedContext: PreparedContext
        do {
            var info = client
            info.operationType = operation.operation
            preparedContext = try await application.makeContext(for: info)
        } catch let error as any ClientFacingError {
            let graphQLError = error.graphQLError
            let status: HTTPResponse.Status = graphQLError.code == "UNAUTHENTICATED" ? .unauthorized : requestErrorStatus
            return Outcome(result: .failure([withRequestID(graphQLError, requestID)]), status: status, operationType: operation.operation.rawValue)
        }
        progress.sqlStatistics = preparedContext.sqlStatistics
        RequestObservation.current?.sqlReport = preparedContext.sqlReport
        let request = ExecutionRequest(
            document: prepared.document, operationName: parameters.operationName, variables: parameters.variables,
            context: preparedContext.context, scheduler: preparedContext.scheduler,
            onInternalError: { [logger] error, path in
                logger.error(
                    "resolver failed",
                    metadata: ["request_id": "\(requestID)", "path": "\(path.map(\.description).joined(separator: "."))", "error": "\(error)"])
            }, deadline: deadline)
        var result = await execute(application.executable, request)
        if !result.hasData, result.errors.first?.code == "TIMEOUT" {
            return Outcome(result: result, status: .ok, timedOut: true)
        }
        let counted = progress.sql()
        var status: HTTPResponse.Status = result.hasData ? .ok : requestErrorStatus
        // Cancelled by the server's shutdown: not the request's fault.
        if !result.hasData, result.errors.first?.code == "CANCELLED", mediaType == .graphQLResponse {
            status = .serviceUnavailable
        }
        result.errors = result.errors.map { withRequestID($0, requestID) }
        return Outcome(
            result: result, status: status, operationType: operation.operation.rawValue,
            sqlStatements: counted.statements, sqlMilliseconds: counted.milliseconds,
            loaderBatches: preparedContext.scheduler.batchesDispatched)
    }

    /// The document text: sent, or looked up by its persisted-query hash (Apollo's protocol).
    private func resolveDocumentText(_ parameters: GraphQLRequestParameters) async throws -> String {
        var persistedHash: String?
        if case .object(let persisted)? = parameters.extensions["persistedQuery"] {
            guard case .int(1)? = persisted["version"] else {
                throw Refusal(status: .badRequest, message: "Unsupported persisted query version.", code: "PERSISTED_QUERY_NOT_SUPPORTED")
            }
            guard case .string(let hash)? = persisted["sha256Hash"] else {
                throw Refusal(status: .badRequest, message: "`sha256Hash` is missing.", code: "BAD_REQUEST")
            }
            persistedHash = hash.lowercased()
        }
        if let query = parameters.query {
            if let persistedHash {
                guard Digest.sha256Hex(query.utf8) == persistedHash else {
                    throw Refusal(status: .badRequest, message: "provided sha does not match query", code: "PERSISTED_QUERY_HASH_MISMATCH")
                }
                if !configuration.onlyPersistedQueries, persistedQueries.document(forHash: persistedHash) == nil {
                    persistedQueries.register(query, hash: persistedHash)
                    // Shared with the other server instances: the client's next request may reach one of them.
                    await application.registerPersistedDocument(query, hash: persistedHash)
                }
            }
            if configuration.onlyPersistedQueries && persistedQueries.document(forHash: Digest.sha256Hex(query.utf8)) == nil {
                throw Refusal(status: .badRequest, message: "Only persisted queries are accepted.", code: "PERSISTED_QUERY_REQUIRED")
            }
            return query
        }
        guard let persistedHash else {
            throw Refusal(status: .badRequest, message: "`query` is missing.", code: "BAD_REQUEST")
        }
        var known = persistedQueries.document(forHash: persistedHash)
        if known == nil, !configuration.onlyPersistedQueries, let shared = await application.persistedDocument(forHash: persistedHash),
            Digest.sha256Hex(shared.utf8) == persistedHash
        {
            persistedQueries.register(shared, hash: persistedHash)
            known = shared
        }
        guard let document = known else {
            // Apollo clients expect this exact message and a 200, then resend with the query.
            throw Refusal(status: .ok, message: "PersistedQueryNotFound", code: "PERSISTED_QUERY_NOT_FOUND")
        }
        return document
    }

    private func withRequestID(_ error: GraphQLError, _ requestID: String) -> GraphQLError {
        var error = error
        var extensions = error.extensions ?? GraphQLObject()
        if extensions["code"] == nil { extensions["code"] = .string("GRAPHQL_ERROR") }
        extensions["requestId"] = .string(requestID)
        error.extensions = extensions
        return error
    }

    // MARK: - Responses

    static func negotiate(accept: String?) throws -> MediaType {
        guard let accept, !accept.trimmingCharacters(in: .whitespaces).isEmpty else { return .json }
        var best: (MediaType, Double)?
        for item in accept.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let range = parts.first else { continue }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            guard quality > 0 else { continue }
            let type: MediaType? =
                switch range {
                case "application/graphql-response+json": .graphQLResponse
                case "application/json", "application/*", "*/*": range == "application/graphql-response+json" ? .graphQLResponse : .json
                default: nil
                }
            guard let type else { continue }
            if best == nil || quality > best!.1 || (quality == best!.1 && type == .graphQLResponse && best!.0 != .graphQLResponse) {
                best = (type, quality)
            }
        }
        guard let best else {
            throw Refusal(
                status: .notAcceptable, message: "Accept application/graphql-response+json or application/json.",
                code: "NOT_ACCEPTABLE")
        }
        return best.0
    }

    static func response(_ result: ExecutionResult, status: HTTPResponse.Status, mediaType: MediaType, requestID: String) -> Response {
        Response(
            status: status,
            headers: [.contentType: mediaType.contentType, Self.requestIDField: requestID],
            // The result is not read again: its tree is taken apart as it is written.
            body: ResponseBody(byteBuffer: result.withJSONBytes(takingData: true) { ByteBuffer(bytes: $0) }))
    }

    static func refusalResponse(_ refusal: Refusal, mediaType: MediaType, requestID: String) -> Response {
        let error = GraphQLError(
            refusal.message, extensions: GraphQLObject([("code", .string(refusal.code)), ("requestId", .string(requestID))]))
        var response = Self.response(.failure([error]), status: refusal.status, mediaType: mediaType, requestID: requestID)
        for field in refusal.headers { response.headers.append(field) }
        return response
    }

    static func requestID(from header: String?) -> String {
        if let header, (1...128).contains(header.utf8.count),
            header.utf8.allSatisfy({ $0 == 0x2D || $0 == 0x5F || $0 == 0x2E || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) })
        {
            return header
        }
        return RequestIDs.next()
    }

    /// The peer's IP address; behind a trusted proxy, the last address of `X-Forwarded-For` (the one
    /// the proxy itself appended, which a client cannot forge).
    func clientAddress(of request: Request, peer: SocketAddress?) -> String? {
        if configuration.trustForwardedFor, let forwarded = request.headers[.init("X-Forwarded-For")!],
            let last = forwarded.split(separator: ",").last?.trimmingCharacters(in: .whitespaces), !last.isEmpty, last.utf8.count <= 64
        {
            return last
        }
        return peer?.ipAddress
    }

    static func bearerToken(_ header: String?) -> String? {
        guard let header, let space = header.utf8.firstIndex(of: 0x20) else { return nil }
        // The scheme is case-insensitive; compared byte by byte, as Foundation's trimming and
        // lowercasing were 1 % of a signed-in request.
        let scheme = header.utf8[..<space]
        guard scheme.count == 6, zip(scheme, "bearer".utf8).allSatisfy({ $0 | 0x20 == $1 }) else { return nil }
        let isSpace = { (scalar: Unicode.Scalar) in scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator }
        var token = header.unicodeScalars[header.utf8.index(after: space)...]
        while let first = token.first, isSpace(first) { token.removeFirst() }
        while let last = token.last, isSpace(last) { token.removeLast() }
        return token.isEmpty ? nil : String(token)
    }
}
