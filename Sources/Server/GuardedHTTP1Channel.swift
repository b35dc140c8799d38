import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes

/// Hummingbird's HTTP/1.1 connection with a `RequestGuard` after the decoder and its
/// `InboundBytesObserver` before it, and `DirectGraphQLHandler` after the guard when `direct` is given.
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    private let base: HTTP1Channel

    init(responder: @escaping HTTPChannelHandler.Responder, limits: RequestGuard.Limits, direct: DirectGraphQL?) {
        base = HTTP1Channel(
            responder: responder, configuration: .init(additionalChannelHandlers: Self.handlers(limits: limits, direct: direct)))
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            // Set up on the channel's event loop, where the pipeline may be changed synchronously.
            let requestGuard = try channel.pipeline.syncOperations.handler(type: RequestGuard.self)
            try channel.pipeline.syncOperations.addHandler(InboundBytesObserver(requestGuard), position: .first)
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }

    /// What a connection adds to Hummingbird's pipeline, fresh for each connection.
    static func handlers(limits: RequestGuard.Limits, direct: DirectGraphQL?) -> [any RemovableChannelHandler] {
        var handlers: [any ChannelHandler] = [RequestGuard(limits: limits)]
        if let direct { handlers.append(DirectGraphQLHandler(answer: direct.answer, logger: direct.logger)) }
        return [HandlersBeforeConversion(handlers)]
    }
}

extension HTTPServerBuilder {
    /// HTTP/1.1 with the limits of `RequestGuard`.
    static func guardedHTTP1(limits: RequestGuard.Limits, direct: DirectGraphQL?) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in GuardedHTTP1Channel(responder: responder, limits: limits, direct: direct) }
    }
}

/// What a connection needs to answer `POST /graphql` itself (`DirectGraphQLHandler`).
struct DirectGraphQL: Sendable {
    var answer: DirectGraphQLHandler.Answer
    var logger: Logger
}
