import Foundation
import GraphQLEngine
import HummingbirdWebSocket
import Logging
import NIOCore
import Synchronization

/// One `graphql-transport-ws` connection: `connection_init` (the session checked as over HTTP),
/// `subscribe`/`next`/`error`/`complete`, ping/pong, and the protocol's close codes. Everything
/// sent goes through one bounded queue (`WebSocketOutbox`), so a client that stops reading is closed
/// (4500) instead of making the server hold its messages.
final class GraphQLWebSocketConnection: Sendable {
    struct Environment: Sendable {
        let application: any GraphQLApplication
        let configuration: ServerConfiguration
        let subscriptions: SubscriptionConfiguration
        let documents: DocumentCache
        let persistedQueries: PersistedQueryStore
        let logger: Logger
    }

    private struct State {
        var initReceived = false
        var bearerToken: String?
        var acknowledged = false
        var operations: [String: Task<Void, Never>] = [:]
    }

    private let environment: Environment
    private let channel: any Channel
    private let clientAddress: String?
    private let userAgent: String?
    private let outbox: WebSocketOutbox
    private let state = Mutex(State())

    init(environment: Environment, channel: any Channel, clientAddress: String?, userAgent: String?) {
        self.environment = environment
        self.channel = channel
        self.clientAddress = clientAddress
        self.userAgent = userAgent
        outbox = WebSocketOutbox(capacity: environment.subscriptions.maxQueuedMessages, channel: channel)
    }

    /// Serves the connection until either side closes it.
    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async {
        let subscriptions = environment.subscriptions
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                try? await Task.sleep(for: subscriptions.initTimeout)
                guard !Task.isCancelled, !self.state.withLock({ $0.initReceived }) else { return }
                self.outbox.close(.initTimeout, "Connection initialisation timeout")
            }
            if let interval = subscriptions.pingInterval {
                group.addTask {
                    while !Task.isCancelled {
                        try? await Task.sleep(for: interval)
                        if !Task.isCancelled, self.state.withLock({ $0.acknowledged }) { self.outbox.send(GraphQLWebSocketOutbound.ping) }
                    }
                }
            }
            group.addTask {
                await self.read(inbound)
                self.outbox.finish()
            }
            // The writer ends once the connection is closing (by either side, its close frame
            // written): then the rest stops.
            await outbox.drain(into: outbound)
            group.cancelAll()
        }
        for operation in state.withLock({ $0.operations.values }) { operation.cancel() }
    }

    private func read(_ inbound: WebSocketInboundStream) async {
        do {
            for try await message in inbound.messages(maxSize: environment.subscriptions.maxMessageBytes) {
                guard !outbox.isClosing else { return }
                guard case .text(let text) = message else {
                    return outbox.close(.badRequest, "Messages are JSON text, not binary.")
                }
                let parsed: GraphQLWebSocketInbound
                do {
                    parsed = try GraphQLWebSocketInbound(json: try JSONBody.parse(Array(text.utf8)))
                } catch let invalid as GraphQLWebSocketInbound.Invalid {
                    return outbox.close(.badRequest, invalid.reason)
                } catch {
                    return outbox.close(.badRequest, "Messages are JSON objects.")
                }
                await handle(parsed)
            }
        } catch {
            // A frame too large, a protocol error or a lost connection: the library closes it.
        }
    }

    private func handle(_ message: GraphQLWebSocketInbound) async {
        switch message {
        case .connectionInit(let payload):
            let first = state.withLock { state in
                defer { state.initReceived = true }
                return !state.initReceived
            }
            guard first else { return outbox.close(.tooManyInitialisations, "Too many initialisation requests") }
            // Checked as the HTTP path checks a bearer token; every subscription field needs a
            // signed-in viewer, so an anonymous connection has nothing to follow.
            guard let token = GraphQLWebSocketInbound.bearerToken(in: payload) else {
                return outbox.close(.forbidden, "Forbidden: send the session token in connection_init's payload")
            }
            do {
                _ = try await environment.application.makeContext(for: requestInfo(token: token, operationType: .subscription))
            } catch {
                return outbox.close(.forbidden, "Forbidden: the session token is invalid or has expired")
            }
            state.withLock { state in
                state.bearerToken = token
                state.acknowledged = true
            }
            outbox.send(GraphQLWebSocketOutbound.connectionAck)
        case .ping:
            outbox.send(GraphQLWebSocketOutbound.pong)
        case .pong:
            break
        case .subscribe(let id, let payload):
            enum Admission { case unauthorized, duplicate, tooMany, admitted }
            let limit = environment.subscriptions.maxOperationsPerConnection
            let admission = state.withLock { state -> Admission in
                guard state.acknowledged else { return .unauthorized }
                guard state.operations[id] == nil else { return .duplicate }
                guard state.operations.count < limit else { return .tooMany }
                state.operations[id] = Task { await self.operate(id, payload) }
                return .admitted
            }
            switch admission {
            case .unauthorized: outbox.close(.unauthorized, "Unauthorized")
            case .duplicate: outbox.close(.duplicateSubscriber, "Subscriber for \(id) already exists")
            case .tooMany:
                outbox.send(
                    GraphQLWebSocketOutbound.error(
                        id, [Self.error("At most \(limit) operations may run at once on one connection.", code: "TOO_MANY_OPERATIONS")]))
            case .admitted: break
            }
        case .complete(let id):
            state.withLock { $0.operations.removeValue(forKey: id) }?.cancel()
        }
    }

    // MARK: - Operations

    /// How an operation ended, for the message that ends it.
    private enum Ending {
        /// Refused before it ran (validation, limits, permissions): one `error` message.
        case refused([GraphQLError])
        /// A query or mutation: one `next`, then `complete`.
        case result(ExecutionResult)
        /// A subscription whose events ended: `complete`.
        case finished
        /// Nothing more to send (the connection was closed).
        case abandoned
    }

    /// Runs one operation, then sends what ends it, unless the client completed it first (after
    /// the client's `complete`, nothing more is sent for that ID).
    private func operate(_ id: String, _ payload: GraphQLValue) async {
        let requestID = UUID().uuidString.lowercased()
        let ending = await run(id, payload, requestID: requestID)
        guard state.withLock({ $0.operations.removeValue(forKey: id) != nil }), !Task.isCancelled else { return }
        switch ending {
        case .refused(let errors):
            outbox.send(GraphQLWebSocketOutbound.error(id, errors.map { Self.identified($0, requestID) }))
        case .result(var result):
            result.errors = result.errors.map { Self.identified($0, requestID) }
            outbox.send(GraphQLWebSocketOutbound.next(id, result))
            outbox.send(GraphQLWebSocketOutbound.complete(id))
        case .finished:
            outbox.send(GraphQLWebSocketOutbound.complete(id))
        case .abandoned:
            break
        }
    }

    /// A subscription sends `next` per event here until its stream ends; anything else returns its
    /// one result.
    private func run(_ id: String, _ payload: GraphQLValue, requestID: String) async -> Ending {
        let parameters: GraphQLRequestParameters
        do {
            parameters = try GraphQLRequestParameters(json: payload)
        } catch {
            outbox.close(.badRequest, "Invalid subscribe payload: \(error.message)")
            return .abandoned
        }
        guard let query = parameters.query else { return .refused([Self.error("`query` is missing.", code: "BAD_REQUEST")]) }
        let configuration = environment.configuration
        if configuration.onlyPersistedQueries && environment.persistedQueries.document(forHash: Digest.sha256Hex(query.utf8)) == nil {
            return .refused([Self.error("Only persisted queries are accepted.", code: "PERSISTED_QUERY_REQUIRED")])
        }
        let executable = environment.application.executable
        let prepared = environment.documents.prepared(query)
        if !prepared.errors.isEmpty { return .refused(prepared.errors) }
        let operation: OperationDefinitionNode
        do {
            operation = try selectOperation(in: prepared.document, named: parameters.operationName)
        } catch {
            return .refused([error])
        }
        if let limitError = prepared.limitError(
            of: operation, limits: configuration.limits, schema: executable.schema, variables: parameters.variables)
        {
            return .refused([limitError])
        }
        let info = requestInfo(token: state.withLock { $0.bearerToken }, operationType: operation.operation)
        let application = environment.application
        let context: PreparedContext
        do {
            context = try await application.makeContext(for: info)
        } catch let error as any ClientFacingError {
            return .refused([error.graphQLError])
        } catch {
            return .refused([Self.error("Internal server error.", code: "INTERNAL_SERVER_ERROR")])
        }
        let logger = environment.logger
        let timeout = configuration.requestTimeout
        let request = ExecutionRequest(
            document: prepared.document, operationName: parameters.operationName, variables: parameters.variables,
            context: context.context, scheduler: context.scheduler,
            onInternalError: { error, path in
                // An operation ended by its client (or the connection's end) is no failure.
                guard !(error is CancellationError) else { return }
                logger.error(
                    "resolver failed",
                    metadata: ["request_id": "\(requestID)", "path": "\(path.map(\.description).joined(separator: "."))", "error": "\(error)"])
            }, deadline: .now + timeout)
        // One line per operation, as over HTTP; never variables or tokens.
        logger.info(
            "graphql websocket operation",
            metadata: ["request_id": "\(requestID)", "operation": "\(parameters.operationName ?? "-")", "type": "\(operation.operation.rawValue)"])
        guard operation.operation == .subscription else { return .result(await execute(executable, request)) }
        // Every event is a request of its own: a fresh context (the session checked again, fresh
        // loaders) and the request deadline.
        let subscription = await subscribe(executable, request) { subscribed in
            let eventContext = try await application.makeContext(for: info)
            var event = subscribed
            event.context = eventContext.context
            event.scheduler = eventContext.scheduler
            event.deadline = .now + timeout
            return event
        }
        switch subscription {
        case .failure(let failure):
            return .refused(failure.errors)
        case .success(let results):
            for await var result in results {
                guard !Task.isCancelled else { return .abandoned }
                result.errors = result.errors.map { Self.identified($0, requestID) }
                outbox.send(GraphQLWebSocketOutbound.next(id, result))
            }
            return .finished
        }
    }

    private func requestInfo(token: String?, operationType: OperationType) -> RequestInfo {
        RequestInfo(
            requestID: UUID().uuidString.lowercased(), bearerToken: token, operationType: operationType, clientAddress: clientAddress,
            userAgent: userAgent)
    }

    static func error(_ message: String, code: String) -> GraphQLError {
        GraphQLError(message, extensions: GraphQLObject([("code", .string(code))]))
    }

    /// As over HTTP: every error has a code and the operation's request ID.
    static func identified(_ error: GraphQLError, _ requestID: String) -> GraphQLError {
        var error = error
        var extensions = error.extensions ?? GraphQLObject()
        if extensions["code"] == nil { extensions["code"] = .string("GRAPHQL_ERROR") }
        extensions["requestId"] = .string(requestID)
        error.extensions = extensions
        return error
    }
}
