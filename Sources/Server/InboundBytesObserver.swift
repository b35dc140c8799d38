import NIOCore

/// Tells a connection's `RequestGuard` when bytes arrive, before the HTTP decoder takes them: the
/// decoder reports a request head only once it is whole, and a head's deadline starts at its
/// first byte.
final class InboundBytesObserver: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let requestGuard: RequestGuard

    init(_ requestGuard: RequestGuard) {
        self.requestGuard = requestGuard
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        requestGuard.bytesArrived()
        context.fireChannelRead(data)
    }
}
