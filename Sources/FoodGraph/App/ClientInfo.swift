/// What the transport knows of the caller, for throttling and the sessions list.
public struct ClientInfo: Sendable {
    public var address: String?
    public var userAgent: String?

    public init(address: String? = nil, userAgent: String? = nil) {
        self.address = address
        self.userAgent = userAgent
    }
}
