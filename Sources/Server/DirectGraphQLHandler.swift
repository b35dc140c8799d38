import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// Answers the common `POST /graphql` from the connection's pipeline: its whole request goes to
/// `answer` (the same function the router calls) in a task that runs on the connection's event
/// loop, which also writes the response; every other request goes on to Hummingbird's router.
///
/// Hummingbird hands each request to an async connection loop through `NIOAsyncChannel`, whose
/// bridge was about a fifth of the CPU of a small request, and the request then crosses from the
/// event loop to Swift's cooperative pool and back (docs/performance.md). This path skips the
/// bridge, the router and the middleware, and, working on NIO's own HTTP/1 parts before
/// Hummingbird converts them (`HandlersBeforeConversion`), most of that conversion: a request
/// without SQL never leaves its loop's thread, and one with SQL is woken there by the database's
/// reactor, as Node's workers are. Work that takes long on the CPU runs elsewhere (scans on their
/// workers, scrypt on the shared pool), so that it does not stall the loop's other connections.
///
/// It takes only what the router would answer the same way: `POST` to exactly `/graphql`, a
/// declared `Content-Length` (which `RequestGuard`, before this handler, has already bounded), no
/// `Origin` (CORS stays with its middleware), no `Expect` and no `Upgrade`.
///
/// One request is in hand at a time, as on Hummingbird's loop: the parts of a pipelined request
/// wait here until the response before it has ended, and reading pauses while they wait. The
/// graceful-shutdown event waits too while a request of this path runs (Hummingbird's connection
/// state handler, after this one, sees only the router's requests); the connection then closes.
final class DirectGraphQLHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    typealias Answer = @Sendable (Request, ServerRequestContext) async -> Response

    private enum State {
        case idle
        /// A request of this path whose body is arriving.
        case reading(HTTPRequestHead)
        /// A request of this path being answered.
        case answering(Task<Void, Never>, closeAfterwards: Bool)
        /// A request passed on to the router, until both its end and its response's end are seen.
        case passedOn(requestEnded: Bool, responseEnded: Bool)
    }

    private let answer: Answer
    private let logger: Logger
    private var state = State.idle
    private var body: ByteBuffer?
    /// Parts of requests that arrived while another was in hand, in order.
    private var waiting = CircularBuffer<HTTPServerRequestPart>()
    private var readPaused = false
    private var shutdownPending = false
    /// The client half-closed while a request of this path was in hand: told to Hummingbird's
    /// loop, which then closes its side, only once that request is answered.
    private var inputClosedPending = false
    private var loopExecutor: EventLoopTaskExecutor?
    /// The connection's own: a date shared by all connections took a lock that both event loops
    /// waited for.
    private var date = HTTPDate()

    init(answer: @escaping Answer, logger: Logger) {
        self.answer = answer
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        loopExecutor = EventLoopTaskExecutor(eventLoop: context.eventLoop)
    }

    /// Whether this path answers `head`.
    static func takes(_ head: HTTPRequestHead) -> Bool {
        guard head.method == .POST, head.uri == "/graphql" else { return false }
        let headers = head.headers
        return headers.contains(name: "Content-Length") && !headers.contains(name: "Transfer-Encoding")
            && !headers.contains(name: "Origin") && !headers.contains(name: "Expect") && !headers.contains(name: "Upgrade")
    }

    // MARK: - Requests

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        receive(unwrapInboundIn(data), context)
    }

    private func receive(_ part: HTTPServerRequestPart, _ context: ChannelHandlerContext) {
        guard waiting.isEmpty else { return waiting.append(part) }
        switch (state, part) {
        case (.idle, .head(let head)):
            if Self.takes(head) {
                state = .reading(head)
                body = nil
            } else {
                state = .passedOn(requestEnded: false, responseEnded: false)
                context.fireChannelRead(wrapInboundOut(part))
            }
        case (.reading, .body(let piece)):
            if body == nil { body = piece } else { body!.writeImmutableBuffer(piece) }
        case (.reading(let head), .end):
            start(head, context)
        case (.passedOn(false, let responseEnded), .body), (.passedOn(false, let responseEnded), .end):
            if case .end = part { finishPassedOn(requestEnded: true, responseEnded: responseEnded, context) }
            context.fireChannelRead(wrapInboundOut(part))
        default:
            // The next request, while this one is still in hand.
            waiting.append(part)
        }
    }

    private func start(_ head: HTTPRequestHead, _ context: ChannelHandlerContext) {
        // As `HTTP1ToHTTPServerCodec` converts it, but for the path: it is exactly "/graphql",
        // which needs no parsing.
        let converted = HTTPRequest(
            method: .post, scheme: "http", authority: head.headers.first(name: "Host"), path: "/graphql",
            headerFields: HTTPFields(head.headers, splitCookie: false))
        let received = body ?? ByteBuffer()
        let request = Request(head: converted, body: RequestBody(buffer: received))
        body = nil
        var requestContext = ServerRequestContext(source: .init(channel: context.channel, logger: logger))
        requestContext.hasTaskOfItsOwn = true
        requestContext.receivedBody = received
        let answer = self.answer
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        let task = Task(executorPreference: loopExecutor) {
            let response = await answer(request, requestContext)
            let collector = BodyCollector()
            try? await response.body.write(collector)
            let body = collector.buffers
            let head = HTTPResponseHead(response.head)
            // On the loop unless the request ended on another executor.
            if bound.eventLoop.inEventLoop {
                bound.value.handler.respond(head, body, bound.value.context)
            } else {
                bound.eventLoop.execute { bound.value.handler.respond(head, body, bound.value.context) }
            }
        }
        state = .answering(task, closeAfterwards: !head.isKeepAlive)
    }

    private func respond(_ head: HTTPResponseHead, _ body: [ByteBuffer], _ context: ChannelHandlerContext) {
        // The connection closed while the request ran.
        guard case .answering(_, let closeAfterwards) = state else { return }
        state = .idle
        var head = head
        // As Hummingbird writes them.
        head.headers.add(name: "Date", value: date.current())
        head.headers.add(name: "Server", value: "FoodGraph")
        if !head.headers.contains(name: "Content-Length") {
            head.headers.add(name: "Content-Length", value: String(body.reduce(0) { $0 + $1.readableBytes }))
        }
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        for piece in body { context.write(wrapOutboundOut(.body(.byteBuffer(piece))), promise: nil) }
        if closeAfterwards || shutdownPending {
            context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
            return
        }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        takeWaiting(context)
        passOnInputClosedWhenIdle(context)
    }

    // MARK: - The router's responses

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        context.write(data, promise: promise)
        if case .end = unwrapOutboundIn(data), case .passedOn(let requestEnded, false) = state {
            finishPassedOn(requestEnded: requestEnded, responseEnded: true, context)
        }
    }

    private func finishPassedOn(requestEnded: Bool, responseEnded: Bool, _ context: ChannelHandlerContext) {
        guard requestEnded, responseEnded else {
            state = .passedOn(requestEnded: requestEnded, responseEnded: responseEnded)
            return
        }
        state = .idle
        // Passed on with the part being handled now; what waits goes after it.
        context.eventLoop.assumeIsolated().execute { [self] in
            if case .idle = state {
                takeWaiting(context)
                passOnInputClosedWhenIdle(context)
            }
        }
    }

    /// Handles the parts that waited, until one starts a request that must wait in turn; then
    /// reads on if reading was paused for them.
    private func takeWaiting(_ context: ChannelHandlerContext) {
        guard !waiting.isEmpty else { return }
        var parts = waiting
        waiting.removeAll()
        while let part = parts.popFirst() { receive(part, context) }
        // What was passed on reaches Hummingbird's loop only at the end of a read.
        context.fireChannelReadComplete()
        if waiting.isEmpty, readPaused {
            readPaused = false
            context.read()
        }
    }

    func read(context: ChannelHandlerContext) {
        guard waiting.isEmpty else {
            readPaused = true
            return
        }
        context.read()
    }

    // MARK: - The connection's end

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case is ChannelShouldQuiesceEvent:
            switch state {
            case .reading, .answering: shutdownPending = true
            case .idle, .passedOn: context.fireUserInboundEventTriggered(event)
            }
        case ChannelEvent.inputClosed:
            // After the shutdown event, Hummingbird's way of cancelling a connection's work once
            // the drain time is over; otherwise a client that half-closed, which is still answered.
            if shutdownPending {
                cancelAnswering()
            } else if !isIdle {
                inputClosedPending = true
                return
            }
            context.fireUserInboundEventTriggered(event)
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    private var isIdle: Bool {
        switch state {
        case .idle, .passedOn: waiting.isEmpty
        case .reading, .answering: false
        }
    }

    private func passOnInputClosedWhenIdle(_ context: ChannelHandlerContext) {
        guard inputClosedPending, isIdle else { return }
        inputClosedPending = false
        context.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelAnswering()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        loopExecutor = nil
        cancelAnswering()
    }

    private func cancelAnswering() {
        if case .answering(let task, _) = state { task.cancel() }
        state = .idle
        waiting.removeAll()
    }
}

/// Keeps what a response body writes, to write it from the event loop.
private final class BodyCollector: ResponseBodyWriter {
    var buffers: [ByteBuffer] = []

    func write(_ buffer: ByteBuffer) async throws {
        buffers.append(buffer)
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
