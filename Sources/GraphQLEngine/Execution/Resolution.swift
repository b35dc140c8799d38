/// What a resolver hands back to the executor.
///
/// Resolvers are synchronous: a value that needs I/O is returned as a DataLoader load (`pending`)
/// or, for work that cannot batch such as a mutation, as an `async` thunk. The executor calls every
/// resolver of a level first, then dispatches every loader at once, so that all loads issued on a
/// level land in one batch per loader, with no timers and no task per field.
public enum Resolution: Sendable {
    case value((any Sendable)?)
    case pending(PendingValue)
    /// A pending value whose result is transformed once it arrives (may load again).
    case mapped(PendingValue, @Sendable ((any Sendable)?) throws -> Resolution)
    case async(@Sendable () async throws -> Resolution)

    public static let null = Resolution.value(nil)

    /// Transforms the eventual value.
    public func map(_ transform: @escaping @Sendable ((any Sendable)?) throws -> Resolution) -> Resolution {
        switch self {
        case .value(let value):
            do { return try transform(value) } catch { return .async { throw error } }
        case .pending(let pending):
            return .mapped(pending, transform)
        case .mapped(let pending, let first):
            return .mapped(pending) { value in try first(value).map(transform) }
        case .async(let body):
            return .async { try await body().map(transform) }
        }
    }
}

extension Resolution {
    /// Runs an async body (a mutation, a query that cannot batch) as one concurrent unit.
    public static func run(_ body: @escaping @Sendable () async throws -> (any Sendable)?) -> Resolution {
        .async { .value(try await body()) }
    }
}
