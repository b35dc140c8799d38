/// The fields of a selection set grouped by response key, in the order the keys first appear.
///
/// Most selection sets have a handful of keys: those are found by comparing keys, and a
/// dictionary is built only when a selection set is wide enough for hashing to pay off.
struct FieldGroups {
    private(set) var keys: [String] = []
    private(set) var nodes: [[FieldNode]] = []
    private var indexByKey: [String: Int] = [:]

    private static let linearLimit = 12

    /// `capacity`: the number of keys expected (the selections, before fragments are expanded).
    init(capacity: Int) {
        keys.reserveCapacity(capacity)
        nodes.reserveCapacity(capacity)
    }

    mutating func add(_ field: FieldNode) {
        let key = field.responseKey
        if keys.count >= Self.linearLimit {
            // One hash for a new key, the usual case in a selection set this wide.
            if indexByKey.isEmpty {
                indexByKey.reserveCapacity(keys.capacity)
                for (index, key) in keys.enumerated() { indexByKey[key] = index }
            }
            if let index = indexByKey.updateValue(keys.count, forKey: key) {
                indexByKey[key] = index
                nodes[index].append(field)
                return
            }
        } else if let index = keys.firstIndex(of: key) {
            nodes[index].append(field)
            return
        }
        keys.append(key)
        nodes.append([field])
    }

    func nodes(for key: String) -> [FieldNode] {
        index(of: key).map { nodes[$0] } ?? []
    }

    private func index(of key: String) -> Int? {
        indexByKey.isEmpty ? keys.firstIndex(of: key) : indexByKey[key]
    }
}
