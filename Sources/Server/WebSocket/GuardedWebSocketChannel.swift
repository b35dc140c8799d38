import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTPTypes

/// HTTP/1.1 that may upgrade to WebSocket, with the same `RequestGuard` as `GuardedHTTP1Channel` on
/// the HTTP requests. The guard joins the pipeline only once the first request head is read (NIO's
/// upgrade handler decides first whether it is an upgrade), so until then a deadline of its own
/// bounds the first head: a connection that sends no complete head within `headerTimeout` (or
/// `idleTimeout`, if shorter) of opening is closed.
struct GuardedWebSocketChannel: ServerChildChannel {
    typealias Value = HTTP1WebSocketUpgradeChannel.Value

    private let base: HTTP1WebSocketUpgradeChannel
    private let firstHeadTimeout: Duration

    init(
        responder: @escaping HTTPChannelHandler.Responder, limits: RequestGuard.Limits, maxFrameSize: Int,
        shouldUpgrade: @escaping @Sendable (HTTPRequest, any Channel, Logger) throws -> ShouldUpgradeResult<
            WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>
        >
    ) {
        base = HTTP1WebSocketUpgradeChannel(
            responder: responder,
            configuration: .init(
                http1: .init(additionalChannelHandlers: [RequestGuard(limits: limits)]),
                // The protocol has its own keep-alive (`ping` messages), which clients answer.
                ws: .init(maxFrameSize: maxFrameSize, autoPing: .disabled)),
            shouldUpgrade: shouldUpgrade)
        firstHeadTimeout = min(limits.headerTimeout, limits.idleTimeout)
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let deadline = channel.eventLoop.scheduleTask(in: TimeAmount(firstHeadTimeout)) { channel.close(promise: nil) }
            try channel.pipeline.syncOperations.addHandler(GuardFindingBytesObserver(firstHeadDeadline: deadline), position: .first)
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

/// `InboundBytesObserver` for a pipeline whose `RequestGuard` arrives late: it tells the guard of
/// new bytes once the guard is there, and until the first head is whole (its blank line seen) it
/// keeps the deadline of that head.
final class GuardFindingBytesObserver: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private var requestGuard: RequestGuard?
    private var firstHeadDeadline: Scheduled<Void>?
    /// The last bytes seen of the first head, to find its end across reads.
    private var recent: UInt32 = 0

    init(firstHeadDeadline: Scheduled<Void>) {
        self.firstHeadDeadline = firstHeadDeadline
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if let deadline = firstHeadDeadline {
            for byte in unwrapInboundIn(data).readableBytesView {
                recent = recent << 8 | UInt32(byte)
                if recent == 0x0D0A_0D0A {
                    deadline.cancel()
                    firstHeadDeadline = nil
                    break
                }
            }
        }
        if requestGuard == nil { requestGuard = try? context.pipeline.syncOperations.handler(type: RequestGuard.self) }
        requestGuard?.bytesArrived()
        context.fireChannelRead(data)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        firstHeadDeadline?.cancel()
    }
}

extension HTTPServerBuilder {
    /// HTTP/1.1 with the limits of `RequestGuard`, upgrading to WebSocket when `shouldUpgrade` says.
    static func guardedHTTP1WebSocket(
        limits: RequestGuard.Limits, maxFrameSize: Int,
        shouldUpgrade: @escaping @Sendable (HTTPRequest, any Channel, Logger) throws -> ShouldUpgradeResult<
            WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>
        >
    ) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            GuardedWebSocketChannel(responder: responder, limits: limits, maxFrameSize: maxFrameSize, shouldUpgrade: shouldUpgrade)
        }
    }
}
