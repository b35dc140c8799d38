/// The selection sets of a field on one object type, compared by their text.
///
/// Plans depend on nothing else within a request, so fields written the same way share them: the
/// 500 aliases of `pN: product(id: N) { id name price }` plan `{ id name price }` once. Comparing
/// text rather than nodes costs a hash and a comparison of a few dozen bytes, and walks no tree.
/// The one thing shared plans get wrong is locations: `ExecutionShared.fieldNodes(of:under:)`
/// finds them again where they are needed.
struct SelectionShape: Hashable {
    let typeName: String
    /// The nodes of the field whose sub-selections these are (kept rather than their selection
    /// sets, which would be a new array for every field).
    let fieldNodes: [FieldNode]
    private let source: String
    private let hash: Int

    /// Nil when the document has no source text to compare.
    init?(typeName: String, fieldNodes: [FieldNode], source: String?) {
        guard let source else { return nil }
        // FNV-1a: a few dozen bytes, hashed again by the dictionary as one integer; the type name
        // is left to equality, as a field's sub-selection rarely meets more than one type.
        let hash = source.utf8.withContiguousStorageIfAvailable { text in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for node in fieldNodes {
                guard let location = node.selectionSet?.location else { continue }
                for offset in Int(location.start)..<Int(location.end) {
                    hash = (hash ^ UInt64(text[offset])) &* 0x100_0000_01b3
                }
            }
            return Int(truncatingIfNeeded: hash)
        }
        guard let hash else { return nil }
        self.typeName = typeName
        self.fieldNodes = fieldNodes
        self.source = source
        self.hash = hash
    }

    static func == (left: SelectionShape, right: SelectionShape) -> Bool {
        guard left.hash == right.hash, left.typeName == right.typeName, left.fieldNodes.count == right.fieldNodes.count
        else { return false }
        return left.source.utf8.withContiguousStorageIfAvailable { leftText in
            right.source.utf8.withContiguousStorageIfAvailable { rightText in
                for index in left.fieldNodes.indices {
                    let leftLocation = left.fieldNodes[index].selectionSet?.location
                    let rightLocation = right.fieldNodes[index].selectionSet?.location
                    guard let leftLocation, let rightLocation else {
                        if leftLocation != nil || rightLocation != nil { return false }
                        continue
                    }
                    let length = Int(leftLocation.end - leftLocation.start)
                    guard length == Int(rightLocation.end - rightLocation.start) else { return false }
                    let leftStart = Int(leftLocation.start)
                    let rightStart = Int(rightLocation.start)
                    for offset in 0..<length where leftText[leftStart + offset] != rightText[rightStart + offset] {
                        return false
                    }
                }
                return true
            } ?? false
        } ?? false
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}
