import GraphQLEngine
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// Bounds, per connection, how long a client may take to send a request and how much it may
/// send, where the bytes arrive rather than in the handler, so that no route (nor a request no
/// route matches) can be held open or fed without end:
///
/// - an idle connection (no request begun) closes after `idleTimeout`;
/// - a request head must be complete `headerTimeout` after its first byte (a head trickled one
///   line a second is answered 408 and closed);
/// - a body may pause at most `bodyTimeout` between two pieces while the server waits for it
///   (408, closed);
/// - a declared `Content-Length` above `maxBodyBytes` is answered 413 at once, without reading
///   the body; a body streamed past it is cut off once the handler has seen it too large;
/// - a response that ends before its request's body was read closes the connection. Reading the
///   rest just to find the next request would read whatever a client chooses to send: a
///   refused 10 GB body, or one that never ends.
///
/// It sits right after NIO's HTTP/1 decoder, on NIO's own request parts (before Hummingbird's
/// conversion to `HTTPTypes`, see `HandlersBeforeConversion`); `InboundBytesObserver`, before the
/// decoder, tells it when the first bytes of a head arrive (the decoder says nothing until the head
/// is whole). Both run on the connection's event loop.
final class RequestGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    struct Limits: Sendable {
        var idleTimeout: Duration
        var headerTimeout: Duration
        var bodyTimeout: Duration
        var maxBodyBytes: Int
    }

    /// How far the request being read has come.
    private enum Reading {
        /// Nothing of the next request yet.
        case nothing
        /// Bytes of a head, not yet the whole head.
        case head
        /// The head was passed on; so many bytes of its body have arrived.
        case body(bytes: Int)
        /// A request this guard answers itself: whatever else arrives is dropped, and the
        /// connection closes once the answer is written.
        case refused(Refusal)
    }

    struct Refusal {
        var status: HTTPResponse.Status
        var code: String
        var message: String
        var requestID: String?
    }

    private let limits: Limits
    private var reading = Reading.nothing
    /// Requests passed on whose response has not ended yet (more than one when pipelined).
    private var responsesPending = 0
    /// Whether the oldest pending response has begun.
    private var responseStarted = false
    /// This guard wrote its own answer and is closing the connection.
    private var refusalSent = false
    /// When the current stage ends, and which it is; nil when no stage is timed. The stage, not
    /// a closure of what happens then: a closure would be made two or three times a request.
    private var deadline: (at: NIODeadline, stage: TimedStage)?

    private enum TimedStage {
        case idle, head, body
    }
    /// The one timer of the connection. It fires no later than `deadline`, often earlier, and
    /// then sets itself again; moving from stage to stage only changes `deadline`, since
    /// scheduling and cancelling a timer two or three times a request was a tenth of a cheap
    /// request's time (docs/performance.md, "End to end").
    private var timer: Scheduled<Void>?
    /// Every stage's timeout is at least this: a timer set this far ahead fires before any
    /// deadline set after it, so a new stage never needs the timer moved earlier.
    private let timerStep: TimeAmount
    /// Whether the handler wants more of the request: a read asked for and not yet done. A body
    /// is timed only then; when the handler is slow to take it, the client is not to blame.
    private var readRequested = false
    private var context: ChannelHandlerContext?

    init(limits: Limits) {
        self.limits = limits
        timerStep = TimeAmount(min(limits.idleTimeout, limits.headerTimeout, limits.bodyTimeout))
    }

    // MARK: - Connection

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { scheduleDeadline() }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelDeadline()
        timer?.cancel()
        timer = nil
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        scheduleDeadline()
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelDeadline()
        timer?.cancel()
        timer = nil
        context.fireChannelInactive()
    }

    func read(context: ChannelHandlerContext) {
        readRequested = true
        if case .body = reading, deadline == nil { scheduleDeadline() }
        context.read()
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        readRequested = false
        if case .body = reading { cancelDeadline() }
        context.fireChannelReadComplete()
    }

    /// From `InboundBytesObserver`: bytes arrived, before the decoder reads them.
    func bytesArrived() {
        guard case .nothing = reading else { return }
        reading = .head
        scheduleDeadline()
    }

    // MARK: - Requests

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        if case .refused = reading { return }
        switch part {
        case .head(let head):
            if let declared = head.headers.first(name: "Content-Length").flatMap({ Int($0) }), declared > limits.maxBodyBytes {
                refuse(
                    Refusal(
                        status: .contentTooLarge, code: "REQUEST_TOO_LARGE",
                        message: "The request body is larger than \(limits.maxBodyBytes) bytes.",
                        requestID: head.headers.first(name: "X-Request-Id")))
                return
            }
            if responsesPending == 0 { responseStarted = false }
            responsesPending += 1
            reading = .body(bytes: 0)
            scheduleDeadline()
            context.fireChannelRead(data)
        case .body(let buffer):
            guard case .body(let bytes) = reading else { return }
            reading = .body(bytes: bytes + buffer.readableBytes)
            scheduleDeadline()
            // Past the limit, the handler (reading at most the limit) has had what it needs to
            // refuse the request; the rest is not passed on, and the connection closes after
            // the refusal (see `write`).
            if bytes <= limits.maxBodyBytes { context.fireChannelRead(data) }
        case .end:
            reading = .nothing
            scheduleDeadline()
            context.fireChannelRead(data)
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // This guard answered the request itself; the handler's late answer has nowhere to go.
        if refusalSent {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        switch unwrapOutboundIn(data) {
        case .head:
            responseStarted = true
            context.write(data, promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            // (A response to no request passed on: Hummingbird's 400 to a head it could not parse.)
            responsesPending = max(0, responsesPending - 1)
            responseStarted = false
            guard responsesPending == 0 else { return context.write(data, promise: promise) }
            switch reading {
            case .body:
                // The response ended before its request's body did: close rather than read on.
                writeAndClose(data, promise: promise, context)
            case .refused(let refusal):
                context.write(data, promise: promise)
                send(refusal, context)
            case .nothing, .head:
                context.write(data, promise: promise)
                scheduleDeadline()
            }
        }
    }

    // MARK: - Deadlines

    /// Schedules the deadline of the current stage, replacing the previous one.
    private func scheduleDeadline() {
        cancelDeadline()
        guard let context else { return }
        let stage: TimedStage
        let timeout: Duration
        switch reading {
        case .nothing:
            // Between requests; while a response is being made, the request's own deadline runs.
            guard responsesPending == 0 else { return }
            (stage, timeout) = (.idle, limits.idleTimeout)
        case .head:
            guard responsesPending == 0 else { return }
            (stage, timeout) = (.head, limits.headerTimeout)
        case .body:
            guard readRequested else { return }
            (stage, timeout) = (.body, limits.bodyTimeout)
        case .refused:
            return
        }
        let now = NIODeadline.now()
        deadline = (now + TimeAmount(timeout), stage)
        if timer == nil { setTimer(now + timerStep, context) }
    }

    private func expire(_ stage: TimedStage, _ context: ChannelHandlerContext) {
        switch stage {
        case .idle:
            context.close(promise: nil)
        case .head:
            refuse(
                Refusal(
                    status: .requestTimeout, code: "REQUEST_TIMEOUT",
                    message: "The request headers did not arrive within \(limits.headerTimeout).", requestID: nil))
        case .body:
            // A response under way cannot be replaced: just close.
            guard !responseStarted else { return context.close(promise: nil) }
            refuse(
                Refusal(
                    status: .requestTimeout, code: "REQUEST_TIMEOUT",
                    message: "The request body stalled for more than \(limits.bodyTimeout).", requestID: nil))
        }
    }

    private func cancelDeadline() {
        deadline = nil
    }

    /// Sets the connection's timer to fire at `time`, where it expires the stage whose deadline
    /// has passed, or sets itself again for the deadline to come.
    private func setTimer(_ time: NIODeadline, _ context: ChannelHandlerContext) {
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: time) { [weak self] in
            guard let self, let context = self.context else { return }
            self.timer = nil
            guard let deadline = self.deadline else { return }
            let now = NIODeadline.now()
            if deadline.at <= now {
                self.deadline = nil
                self.expire(deadline.stage, context)
            } else {
                self.setTimer(min(deadline.at, now + self.timerStep), context)
            }
        }
    }

    // MARK: - Refusals

    /// Answers the request being read with `refusal` and closes the connection; when earlier
    /// requests still wait for their responses, after those.
    private func refuse(_ refusal: Refusal) {
        cancelDeadline()
        let passedOn = if case .body = reading { true } else { false }
        reading = .refused(refusal)
        guard let context else { return }
        let earlier = responsesPending - (passedOn ? 1 : 0)
        if earlier == 0 {
            send(refusal, context)
        } else if passedOn {
            // The handler has this request queued behind earlier ones: an answer of ours would
            // land among theirs. Only closing is left.
            context.close(promise: nil)
        }
        // Otherwise the last earlier response sends it (see `write`).
    }

    private func send(_ refusal: Refusal, _ context: ChannelHandlerContext) {
        let requestID = GraphQLHTTPHandler.requestID(from: refusal.requestID)
        let error = GraphQLError(
            refusal.message,
            extensions: GraphQLObject([("code", .string(refusal.code)), ("requestId", .string(requestID))]))
        let body = ByteBuffer(bytes: ExecutionResult.failure([error]).jsonBytes())
        let head = HTTPResponseHead(
            HTTPResponse(
                status: refusal.status,
                headerFields: [
                    .contentType: GraphQLHTTPHandler.MediaType.json.rawValue + "; charset=utf-8",
                    .contentLength: String(body.readableBytes), .connection: "close", GraphQLHTTPHandler.requestIDField: requestID,
                ]))
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        writeAndClose(wrapOutboundOut(.end(nil)), promise: nil, context)
        refusalSent = true
    }

    /// Writes the last part of a response, then closes the connection once it is sent (closing
    /// at once would drop the writes still queued).
    private func writeAndClose(_ data: NIOAny, promise: EventLoopPromise<Void>?, _ context: ChannelHandlerContext) {
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(data, promise: written)
        written.futureResult.assumeIsolated().whenComplete { result in
            switch result {
            case .success: promise?.succeed()
            case .failure(let error): promise?.fail(error)
            }
            context.close(promise: nil)
        }
    }
}
