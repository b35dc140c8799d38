/// Who is making a request: nobody, or a signed-in account with its roles.
public struct Viewer: Hashable, Sendable {
    public let userID: Int64
    public let sessionID: Int64
    public let roles: Set<Role>
    /// The chain a representative manages.
    public let representedChainID: Int64?

    public init(userID: Int64, sessionID: Int64, roles: Set<Role>, representedChainID: Int64? = nil) {
        self.userID = userID
        self.sessionID = sessionID
        self.roles = roles.union([.user])
        self.representedChainID = representedChainID
    }

    public var isAdministrator: Bool { roles.contains(.administrator) }

    /// Administrators hold every role.
    public func holds(_ role: Role) -> Bool { isAdministrator || roles.contains(role) }

    public func holdsAny(of roles: some Collection<Role>) -> Bool {
        roles.isEmpty || roles.contains { holds($0) }
    }

    /// Whether the viewer may manage the given chain's stores and goods.
    public func mayManageChain(_ chainID: Int64) -> Bool {
        isAdministrator || (roles.contains(.chainRepresentative) && representedChainID == chainID)
    }
}
