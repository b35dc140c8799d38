import NIOCore
import NIOHTTPTypesHTTP1

/// Puts handlers that work on NIO's own HTTP/1 parts (`RequestGuard`, `DirectGraphQLHandler`)
/// right before Hummingbird's `HTTP1ToHTTPServerCodec`, then leaves the pipeline.
///
/// Hummingbird only offers a place after that codec, whose conversion of each request to
/// `HTTPTypes` (Foundation's `URLComponents` parses every path) and of each response back was a
/// fifth of a `{ __typename }`'s CPU (docs/performance.md). Requests the direct path answers skip
/// it both ways. The codec joins the pipeline when the connection is set up, or, on a connection
/// that may upgrade to WebSocket, once its first request is known not to be an upgrade; this
/// handler is added with it either way.
final class HandlersBeforeConversion: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = Never

    private var handlers: [any ChannelHandler]

    init(_ handlers: [any ChannelHandler]) {
        self.handlers = handlers
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let pipeline = context.pipeline.syncOperations
        do {
            let codec = try pipeline.handler(type: HTTP1ToHTTPServerCodec.self)
            try pipeline.addHandlers(handlers, position: .before(codec))
        } catch {
            context.fireErrorCaught(error)
        }
        handlers = []
        pipeline.removeHandler(context: context, promise: nil)
    }
}
