import GraphQLEngine

/// How a field reads a store or a chain, worked out once per field of an execution: from the
/// application's copy (`StoreCache`) at once, without waiting for its level's batch; otherwise
/// through the request's loader.
struct KeptOrLoaded<Value: OutputValue>: Sendable {
    let kept: [Int64: Value]
    let loader: DataLoader<Int64, Value>

    func load(_ id: Int64) -> Resolved<Value> {
        if let value = kept[id] { return .value(value) }
        return Resolved(unchecked: loader.load(id))
    }

    /// Null without an id.
    func load(_ id: Int64?) -> Resolved<Value?> {
        guard let id else { return .null }
        if let value = kept[id] { return .value(value) }
        return Resolved<Value?>(unchecked: loader.load(id))
    }
}
