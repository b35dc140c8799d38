/// An object kept as the executor holds every value, in an `any Sendable`, for a field that returns
/// the same object on each read: returning the box retains it once, where returning the object
/// would copy it into a new box, allocating it and retaining every reference it holds (eight for
/// a product). A connection's edge keeps its node so.
public struct Boxed<Value: ObjectValue>: OutputValue {
    private let box: any Sendable

    public init(_ value: Value) {
        box = value
    }

    public var value: Value { exactCast(box, to: Value.self)! }

    public static var outputShape: TypeShape { Value.outputShape }
    public static var needsConversion: Bool { true }
    public var outputResult: (any Sendable)? { box }

    public static func fromResolved(_ value: (any Sendable)?) -> Self? {
        Value.fromResolved(value).map(Self.init)
    }
}
