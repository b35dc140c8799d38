import Hummingbird
import NIOCore

/// Hummingbird's basic context plus the connected peer's address, which sign-in throttling keys on.
public struct ServerRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?
    /// The request runs in a task of its own (`DirectGraphQLHandler`), which its deadline may
    /// cancel as a whole; on Hummingbird's loop the connection's task serves every request.
    var hasTaskOfItsOwn = false
    /// The whole body, when it was read before the request was handed on (`DirectGraphQLHandler`):
    /// taken as it is rather than through the request's body stream.
    var receivedBody: ByteBuffer?

    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress
    }
}
