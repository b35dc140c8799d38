/// What an account may do beyond managing its own data (schema enum `Role`).
public enum Role: String, Hashable, Sendable, CaseIterable {
    case user
    case support
    case orderHandler = "order_handler"
    case administrator
    case chainRepresentative = "chain_representative"

    /// The schema's enum value name, e.g. `ORDER_HANDLER`.
    public var graphQLName: String {
        switch self {
        case .user: "USER"
        case .support: "SUPPORT"
        case .orderHandler: "ORDER_HANDLER"
        case .administrator: "ADMINISTRATOR"
        case .chainRepresentative: "CHAIN_REPRESENTATIVE"
        }
    }

    public init?(graphQLName: String) {
        guard let role = Role.allCases.first(where: { $0.graphQLName == graphQLName }) else { return nil }
        self = role
    }
}
