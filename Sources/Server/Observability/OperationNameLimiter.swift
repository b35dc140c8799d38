import Synchronization

/// Operation names as metric labels, with bounded cardinality: the first `limit` distinct valid
/// names keep their own series, later ones share `other`; anonymous operations are `anonymous`,
/// requests refused before an operation was chosen `unknown`.
final class OperationNameLimiter: Sendable {
    private let limit: Int
    private let seen = Mutex<Set<String>>([])

    init(limit: Int) {
        self.limit = limit
    }

    func label(for name: String?, known: Bool) -> String {
        guard known else { return "unknown" }
        guard let name, !name.isEmpty else { return "anonymous" }
        guard Self.isValid(name) else { return "other" }
        return seen.withLock { seen in
            if seen.contains(name) { return name }
            guard seen.count < limit else { return "other" }
            seen.insert(name)
            return name
        }
    }

    /// A GraphQL name of at most 64 characters: anything else came from outside a parsed document.
    static func isValid(_ name: String) -> Bool {
        let bytes = name.utf8
        guard (1...64).contains(bytes.count), let first = bytes.first, !(0x30...0x39).contains(first) else { return false }
        return bytes.allSatisfy { $0 == 0x5F || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
    }
}
