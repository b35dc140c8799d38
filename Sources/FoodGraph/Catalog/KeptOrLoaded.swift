import GraphQLEngine

/// How a field reads a store or a chain, worked out once per field of an execution: from the
/// application's copy (`StoreCache`) at once, without waiting for its level's batch; otherwise
/// through the request's loader.
struct KeptOrLoaded<Value: OutputValue>: Sendable {
    /// Values of type `Value`, boxed once when kept.
    let kept: [Int64: any Sendable]
    let loader: DataLoader<Int64, Value>

    func load(_ id: Int64) -> Resolved<Value> {
        Resolved(unchecked: kept[id].map { Resolution.value($0) } ?? loader.load(id))
    }

    /// Null without an id.
    func load(_ id: Int64?) -> Resolved<Value?> {
        guard let id else { return .null }
        return Resolved<Value?>(unchecked: kept[id].map { Resolution.value($0) } ?? loader.load(id))
    }
}
