/// A field's eventual value of a known Swift type: at once, from a loader, or from async work.
public struct Resolved<Value: OutputValue>: Sendable {
    /// Carries values of type `Value` (or nil), unconverted; the binding converts them at the end.
    public let resolution: Resolution

    /// A resolution known to produce values of type `Value` (a typed loader's, say).
    public init(unchecked resolution: Resolution) {
        self.resolution = resolution
    }

    public init(_ value: Value) {
        resolution = .value(value.flattened)
    }

    public static func value(_ value: Value) -> Resolved { Resolved(value) }

    /// Async work: a query that cannot batch, a mutation.
    public static func run(_ body: @escaping @Sendable () async throws -> Value) -> Resolved {
        Resolved(unchecked: .async { .value(try await body().flattened) })
    }

    public func map<Other: OutputValue>(_ transform: @escaping @Sendable (Value) throws -> Other) -> Resolved<Other> {
        flatMap { Resolved<Other>(try transform($0)) }
    }

    public func flatMap<Other: OutputValue>(
        _ transform: @escaping @Sendable (Value) throws -> Resolved<Other>
    ) -> Resolved<Other> {
        Resolved<Other>(unchecked: resolution.map { value in
            guard let typed = Value.fromResolved(value) else {
                throw GraphQLError("Expected a value of Swift type \(Value.self), got \(value.map { "\(type(of: $0))" } ?? "nil").")
            }
            return try transform(typed).resolution
        })
    }

    /// The resolution the executor completes: values converted to what it knows.
    var completable: Resolution {
        guard Value.needsConversion else { return resolution }
        return resolution.map { value in .value(Value.fromResolved(value)?.outputResult) }
    }
}

extension Resolved where Value: ExpressibleByNilLiteral {
    public static var null: Resolved { Resolved(unchecked: .null) }
}
