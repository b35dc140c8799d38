/// A first-in, first-out queue on a ring buffer: taking the head is O(1), unlike
/// `Array.removeFirst`, which matters when the pool's queue is long and its lock is contended.
struct FIFOQueue<Element> {
    private var storage: [Element?] = []
    private var head = 0
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    var first: Element? { isEmpty ? nil : storage[head] }

    mutating func append(_ element: Element) {
        if count == storage.count { grow() }
        storage[(head + count) % storage.count] = element
        count += 1
    }

    mutating func prepend(_ element: Element) {
        if count == storage.count { grow() }
        head = (head + storage.count - 1) % storage.count
        storage[head] = element
        count += 1
    }

    mutating func popFirst() -> Element? {
        guard !isEmpty else { return nil }
        defer {
            storage[head] = nil
            head = (head + 1) % storage.count
            count -= 1
        }
        return storage[head]
    }

    /// Removes and returns the first element that matches.
    mutating func remove(where matches: (Element) -> Bool) -> Element? {
        guard let offset = (0..<count).first(where: { matches(storage[(head + $0) % storage.count]!) }) else { return nil }
        let removed = storage[(head + offset) % storage.count]
        for index in offset..<(count - 1) {
            storage[(head + index) % storage.count] = storage[(head + index + 1) % storage.count]
        }
        storage[(head + count - 1) % storage.count] = nil
        count -= 1
        return removed
    }

    /// Removes every element, oldest first.
    mutating func removeAll() -> [Element] {
        var elements: [Element] = []
        elements.reserveCapacity(count)
        while let element = popFirst() { elements.append(element) }
        return elements
    }

    private mutating func grow() {
        var larger = [Element?](repeating: nil, count: max(16, storage.count * 2))
        for offset in 0..<count { larger[offset] = storage[(head + offset) % storage.count] }
        storage = larger
        head = 0
    }
}
