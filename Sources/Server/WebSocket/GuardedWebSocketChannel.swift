import GraphQLEngine
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTPTypes

/// HTTP/1.1 that may upgrade to WebSocket, with the same `RequestGuard` as `GuardedHTTP1Channel` on
/// the HTTP requests. The guard joins the pipeline only once the first request head is read (NIO's
/// upgrade handler decides first whether it is an upgrade), so until then
/// `GuardFindingBytesObserver` applies its deadlines to the first head.
struct GuardedWebSocketChannel: ServerChildChannel {
    typealias Value = HTTP1WebSocketUpgradeChannel.Value

    private let base: HTTP1WebSocketUpgradeChannel
    private let limits: RequestGuard.Limits

    init(
        responder: @escaping HTTPChannelHandler.Responder, limits: RequestGuard.Limits, direct: DirectGraphQL?, maxFrameSize: Int,
        shouldUpgrade: @escaping @Sendable (HTTPRequest, any Channel, Logger) throws -> ShouldUpgradeResult<
            WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>
        >
    ) {
        base = HTTP1WebSocketUpgradeChannel(
            responder: responder,
            configuration: .init(
                http1: .init(additionalChannelHandlers: GuardedHTTP1Channel.handlers(limits: limits, direct: direct)),
                // The protocol has its own keep-alive (`ping` messages), which clients answer.
                ws: .init(maxFrameSize: maxFrameSize, autoPing: .disabled)),
            shouldUpgrade: shouldUpgrade)
        self.limits = limits
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            try channel.pipeline.syncOperations.addHandler(GuardFindingBytesObserver(limits: limits), position: .first)
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

/// `InboundBytesObserver` for a pipeline whose `RequestGuard` arrives late: it tells the guard of
/// new bytes once the guard is there, and until the first head is whole (its blank line seen) it
/// applies the guard's first two deadlines itself: a connection that sends nothing is closed after
/// `idleTimeout`, a head not whole `headerTimeout` after its first byte is answered 408.
final class GuardFindingBytesObserver: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private enum FirstHead {
        case awaited, begun, whole
    }

    private let limits: RequestGuard.Limits
    private var requestGuard: RequestGuard?
    private var firstHead = FirstHead.awaited
    private var deadline: Scheduled<Void>?
    /// The last four bytes of the first head so far, to find its end across reads.
    private var recent: UInt32 = 0

    init(limits: RequestGuard.Limits) {
        self.limits = limits
    }

    func handlerAdded(context: ChannelHandlerContext) {
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(limits.idleTimeout)) {
            context.close(promise: nil)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
    }

    /// Graceful shutdown: a connection whose first head is not whole yet has no request to finish.
    /// Hummingbird's connection handling starts only after that head, so nothing else would close
    /// it before the idle timeout, and the server's drain would wait that long.
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent, firstHead != .whole {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if firstHead != .whole { watchFirstHead(unwrapInboundIn(data), context) }
        if requestGuard == nil { requestGuard = try? context.pipeline.syncOperations.handler(type: RequestGuard.self) }
        requestGuard?.bytesArrived()
        context.fireChannelRead(data)
    }

    private func watchFirstHead(_ buffer: ByteBuffer, _ context: ChannelHandlerContext) {
        if firstHead == .awaited {
            firstHead = .begun
            deadline?.cancel()
            let timeout = limits.headerTimeout
            deadline = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(timeout)) { [weak self] in
                self?.refuseSlowHead(context, timeout: timeout)
            }
        }
        for byte in buffer.readableBytesView {
            recent = recent << 8 | UInt32(byte)
            if recent == 0x0D0A_0D0A {
                firstHead = .whole
                deadline?.cancel()
                deadline = nil
                return
            }
        }
    }

    /// The answer `RequestGuard` gives a head that takes too long, written as bytes: the HTTP
    /// encoder is not in the pipeline yet.
    private func refuseSlowHead(_ context: ChannelHandlerContext, timeout: Duration) {
        let requestID = GraphQLHTTPHandler.requestID(from: nil)
        let error = GraphQLError(
            "The request headers did not arrive within \(timeout).",
            extensions: GraphQLObject([("code", .string("REQUEST_TIMEOUT")), ("requestId", .string(requestID))]))
        let body = ExecutionResult.failure([error]).jsonBytes()
        var response = context.channel.allocator.buffer(capacity: 256 + body.count)
        response.writeString(
            "HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: \(body.count)\r\n"
                + "Connection: close\r\nX-Request-Id: \(requestID)\r\n\r\n")
        response.writeBytes(body)
        context.writeAndFlush(wrapOutboundOut(response)).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }
}

extension HTTPServerBuilder {
    /// HTTP/1.1 with the limits of `RequestGuard`, upgrading to WebSocket when `shouldUpgrade` says.
    static func guardedHTTP1WebSocket(
        limits: RequestGuard.Limits, direct: DirectGraphQL?, maxFrameSize: Int,
        shouldUpgrade: @escaping @Sendable (HTTPRequest, any Channel, Logger) throws -> ShouldUpgradeResult<
            WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>
        >
    ) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            GuardedWebSocketChannel(
                responder: responder, limits: limits, direct: direct, maxFrameSize: maxFrameSize, shouldUpgrade: shouldUpgrade)
        }
    }
}
